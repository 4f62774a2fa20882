import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEndpoints } from './support/endpoints';
import { SIGNED_IN_DIR_VARIABLE } from './support/signed-in-states';

/**
 * Fails fast, naming the fix, when the local cloud is not up instead of timing out in every test.
 * Makes the run's folder of signed-in browser storage (support/signed-in-states.ts), which the
 * returned teardown removes: the workers inherit its path.
 */
export default async function globalSetup(): Promise<() => void> {
  const endpoints = readEndpoints();
  const response = await fetch(endpoints.web).catch((error: unknown) => {
    throw new Error(
      `The web app at ${endpoints.web} does not answer (${String(error)}). Is the local cloud running?`,
    );
  });
  if (!response.ok) throw new Error(`The web app at ${endpoints.web} answered ${response.status}`);
  const dir = mkdtempSync(join(tmpdir(), 'mr-e2e-signed-in-'));
  process.env[SIGNED_IN_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
