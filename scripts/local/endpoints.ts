import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Persona } from './personas';

/**
 * `<dataDir>/endpoints.json`: where everything of a running local cloud is (docs/development.md).
 * It is written last and atomically, so its presence means "ready"; it is removed on stop.
 */
export interface LocalEndpoints {
  stage: 'local';
  region: string;
  web: string;
  api: string;
  ws: string;
  wsCallback: string;
  dynamodb: string;
  s3: string;
  sfn: string;
  cognito: string;
  outbox: string;
  tableName: string;
  filesBucket: string;
  userPoolId: string;
  userPoolClientId: string;
  tokenIssuer: string;
  jwksUrl: string;
  stateMachineArn: string;
  personas: Persona[];
  /** Absolute data directory of this local cloud (outbox, logs, emulator data). */
  dataDir: string;
  /** Process id of the start script, for tools that want to stop it. */
  pid: number;
  /**
   * The demo newcomer's registration code and e-mail (scripts/local/demo/registration.ts), valid for
   * a week; absent once the newcomer has registered.
   */
  demo?: { registrationEmail: string; registrationCode: string };
}

export const DEFAULT_DATA_DIR = '.local';
export const TEST_DATA_DIR = join('.local', 'test');

export function endpointsFile(dataDir: string): string {
  return join(dataDir, 'endpoints.json');
}

export function writeEndpoints(dataDir: string, endpoints: LocalEndpoints): void {
  writeJsonAtomically(endpointsFile(dataDir), endpoints);
}

/** Removes the file only if it belongs to `pid`: another local cloud on the same folder keeps its own. */
export function removeEndpoints(dataDir: string, pid = process.pid): void {
  const file = endpointsFile(dataDir);
  if (ownerOf(file) === pid) rmSync(file, { force: true });
}

/** The pid of a live local cloud that announced itself in this folder, if any. */
export function liveOwner(dataDir: string): number | undefined {
  const file = endpointsFile(dataDir);
  const pid = ownerOf(file);
  if (pid === undefined) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    rmSync(file, { force: true });
    return undefined;
  }
}

function ownerOf(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const pid = (JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid;
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the endpoints of a running local cloud: MR_ENDPOINTS_FILE, else `<MR_LOCAL_DIR or .local>/endpoints.json`. */
export function readEndpoints(
  file = process.env.MR_ENDPOINTS_FILE || endpointsFile(process.env.MR_LOCAL_DIR || DEFAULT_DATA_DIR),
): LocalEndpoints {
  const path = resolve(file);
  if (!existsSync(path)) {
    throw new Error(
      `${path} does not exist: is the local cloud running? Start it with 'npm start' (or 'npx tsx scripts/local/start.ts --test').`,
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as LocalEndpoints;
}

export function writeJsonAtomically(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, file);
}
