import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { User } from '@shared/schemas/user';
import { seedMetadataOptions } from '../../functions/core/options/seed-metadata-options';
import { getUser, putUser } from '../../functions/data/users';
import { cognitoClient } from './cognito-local';
import { readEndpoints } from './endpoints';
import { applyHandlerEnv, handlerEnv } from './env';
import { PERSONAS, type Persona } from './personas';

/**
 * Seeds the local cloud: every persona in cognito-local (user name = ISID, permanent password,
 * group = user type) and in DynamoDB (the authoritative user record), then the default application
 * settings. Idempotent: existing users keep their DynamoDB record (an administrator may have changed
 * it), passwords and groups are re-applied. Expects the handler environment in process.env.
 */
export async function seed(options: {
  cognitoPort: number;
  userPoolId: string;
  log?: (line: string) => void;
}): Promise<void> {
  const log = options.log ?? (() => undefined);
  const cognito = cognitoClient(options.cognitoPort);
  // cognito-local saves its whole JSON file on every write: one user at a time. DynamoDB in parallel.
  const cognitoDone = (async () => {
    for (const persona of PERSONAS) await seedCognitoUser(cognito, options.userPoolId, persona);
  })().finally(() => cognito.destroy());
  await Promise.all([
    cognitoDone,
    ...PERSONAS.map(async (persona) => {
      if (!(await getUser(persona.username))) await putUser(userRecord(persona));
    }),
    seedSettings(log),
    seedMetadataOptions(),
  ]);
  log(`seeded ${PERSONAS.length} personas`);
}

async function seedCognitoUser(
  cognito: ReturnType<typeof cognitoClient>,
  userPoolId: string,
  persona: Persona,
): Promise<void> {
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: persona.username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: persona.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: persona.firstName },
          { Name: 'family_name', Value: persona.lastName },
          { Name: 'custom:isid', Value: persona.username },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: persona.username,
      Password: persona.password,
      Permanent: true,
    }),
  );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: persona.username,
      GroupName: persona.userType,
    }),
  );
}

export function userRecord(persona: Persona): User {
  return {
    id: persona.username,
    firstName: persona.firstName,
    lastName: persona.lastName,
    email: persona.email,
    active: persona.active,
    userType: persona.userType,
    ...(persona.userType === 'EXTERNALUSER'
      ? { status: 'ACTIVE' as const, externalUserType: persona.externalUserType }
      : {}),
    country: 'United States',
    department: persona.userType === 'EXTERNALUSER' ? 'External' : 'Health Economics',
    createdOn: new Date().toISOString(),
    createdBy: 'seed',
  };
}

/** The settings use case belongs to the functions slice; seeding skips it until it exists. */
async function seedSettings(log: (line: string) => void): Promise<void> {
  const file = join(process.cwd(), 'functions', 'core', 'settings', 'seed-default-settings.ts');
  if (!existsSync(file)) {
    log('functions/core/settings/seed-default-settings.ts not found: default settings not seeded');
    return;
  }
  const mod = (await import(pathToFileURL(file).href)) as { seedDefaultSettings?: () => Promise<unknown> };
  if (typeof mod.seedDefaultSettings !== 'function')
    throw new Error(`${file} does not export seedDefaultSettings()`);
  await mod.seedDefaultSettings();
}

// `npm run seed`: seeds a running local cloud found through its endpoints.json.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const endpoints = readEndpoints();
  applyHandlerEnv(handlerEnv(endpoints));
  seed({
    cognitoPort: Number(new URL(endpoints.cognito).port),
    userPoolId: endpoints.userPoolId,
    log: console.log,
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
