import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as z from 'zod/mini';

/**
 * The part of the local cloud's `endpoints.json` (docs/development.md) that the browser tests and the
 * benchmarks read. `MR_ENDPOINTS_FILE` points at it; scripts/test/run-all.sh sets it to the test
 * cloud's file, and the default is the same file for a cloud started with `start.ts --test`.
 */
export const PersonaSchema = z.object({
  key: z.string(),
  username: z.string(),
  password: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: z.enum(['SUPERUSER', 'INTERNALUSER', 'EXTERNALUSER']),
  externalUserType: z.optional(z.string()),
  active: z.boolean(),
  description: z.optional(z.string()),
});
export type Persona = z.infer<typeof PersonaSchema>;

export const EndpointsSchema = z.object({
  region: z.string(),
  web: z.string(),
  api: z.string(),
  ws: z.optional(z.string()),
  dynamodb: z.string(),
  cognito: z.string(),
  outbox: z.string(),
  tableName: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  personas: z.array(PersonaSchema),
});
export type Endpoints = z.infer<typeof EndpointsSchema>;

export const DEFAULT_ENDPOINTS_FILE = '.local/test/endpoints.json';

export function endpointsFile(): string {
  return resolve(process.env.MR_ENDPOINTS_FILE || DEFAULT_ENDPOINTS_FILE);
}

export function readEndpoints(file: string = endpointsFile()): Endpoints {
  if (!existsSync(file)) {
    throw new Error(
      `${file} does not exist. Start the local cloud first (npx tsx scripts/local/start.ts --test), ` +
        'or run the whole pipeline with npm test; MR_ENDPOINTS_FILE may point at another endpoints.json.',
    );
  }
  return EndpointsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export function personaOf(endpoints: Endpoints, key: string): Persona {
  const persona = endpoints.personas.find((p) => p.key === key);
  if (!persona)
    throw new Error(
      `No persona '${key}' in endpoints.json (have: ${endpoints.personas.map((p) => p.key).join(', ')})`,
    );
  return persona;
}
