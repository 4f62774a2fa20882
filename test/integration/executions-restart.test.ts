import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointsFile } from '../../scripts/local/endpoints';
import { waitFor } from '../support/local-cloud';

/**
 * A local cloud restarted while a model runs (issue 11 §6): the run must not stay INPROCESS. This
 * file runs its own cloud in its own data folder and ports (MR_PORT_OFFSET=1250, or
 * MR_EXECUTIONS_RESTART_PORT_OFFSET), stops it during a run and starts it again.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'mr-exec-restart-'));
let current: ChildProcess | undefined;

async function startCloud(): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/local/start.ts', '--no-web', '--no-demo', '--data-dir', dataDir],
    {
      env: {
        ...process.env,
        MR_PORT_OFFSET: process.env.MR_EXECUTIONS_RESTART_PORT_OFFSET || '1250',
        MR_ENDPOINTS_FILE: '',
        MR_SKIP_WEB_CONFIG: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  current = child;
  await waitFor(
    'the restartable local cloud',
    async () => {
      if (child.exitCode !== null) throw new Error(`start.ts exited with ${child.exitCode}`);
      return existsSync(endpointsFile(dataDir)) ? true : undefined;
    },
    120_000,
  );
  // Everything below talks to this cloud (the helpers read MR_ENDPOINTS_FILE on first use).
  process.env.MR_ENDPOINTS_FILE = endpointsFile(dataDir);
}

/**
 * The helpers keep the endpoints they read first and the personas' tokens in module state, and the
 * integration files share one module graph (vitest.config.mts): this file imports them afresh for its
 * own cloud, and the files after it import them afresh for theirs (file-setup.ts restores the
 * environment).
 */
async function helpersOfThisCloud() {
  vi.resetModules();
  return import('./executions-helpers');
}

async function stopCloud(): Promise<void> {
  const child = current;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  current = undefined;
}

beforeAll(async () => {
  await startCloud();
}, 180_000);

afterAll(async () => {
  await stopCloud().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  vi.resetModules();
}, 60_000);

describe('a restart of the local cloud during a run', () => {
  it('ends the interrupted run FAILED instead of leaving it in process', async () => {
    const { addInstance, addRunSubModel, call, createRunEntry, execute, waitForEnd, waitForStatus } =
      await helpersOfThisCloud();
    const entry = await createRunEntry({ 'sleeper.R': 'cat("sleeping\\n")\nSys.sleep(300)\n' });
    const subModel = await addRunSubModel(entry, 'sleeper.R');
    const instance = await addInstance(entry, subModel);
    await execute(entry, [instance.id]);
    await waitForStatus(entry, instance.id, 'INPROCESS');

    await stopCloud();
    await startCloud();

    expect(await waitForEnd(entry, instance.id, 120_000)).toBe('FAILED');
    const result = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${instance.id}/result`);
    expect(result.body.error.code).toBe('INTERRUPTED');
    expect(result.body.error.message).toContain('The local cloud was stopped.');
    // It can run again.
    const again = await call('owner', 'POST', `/v2/models/${entry.uuid}/executions`, {
      instanceIds: [instance.id],
    });
    expect(again.status).toBe(201);
  }, 400_000);
});
