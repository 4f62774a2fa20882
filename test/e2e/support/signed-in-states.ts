import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';

/**
 * The browser storage of each persona signed in through the UI during this run, shared by all
 * workers: the first worker to need a persona signs in, the others start from its storage, as a
 * returning user's browser would (each persona's UI sign-in took about 10 s, once per worker).
 * global-setup.ts makes the folder for the run and removes it at the end, so no run starts from
 * another run's tokens (the test cloud's user pool is new on every start).
 */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Set by global-setup.ts; the workers inherit it. */
export const SIGNED_IN_DIR_VARIABLE = 'MR_E2E_SIGNED_IN_DIR';

function fileOf(key: string): string | undefined {
  const dir = process.env[SIGNED_IN_DIR_VARIABLE];
  return dir ? join(dir, `${key}.json`) : undefined;
}

export function readSignedInState(key: string): StorageState | undefined {
  const file = fileOf(key);
  if (!file || !existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as StorageState;
}

/** Written whole, then renamed: another worker never reads half a file. */
export function writeSignedInState(key: string, state: StorageState): void {
  const file = fileOf(key);
  if (!file) return;
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(state));
  renameSync(partial, file);
}
