import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A local cloud a benchmark started for itself, and the endpoints file it wrote. */
export interface BenchCloud {
  endpointsFile: string;
  child: ChildProcess;
}

/**
 * Starts a local cloud in test mode for one benchmark (`--data-dir .local/<dataDirName>`, no web app,
 * port offset MR_PORT_OFFSET or the benchmark's own default so two benchmarks can run side by side)
 * and waits up to 3 minutes for its endpoints file.
 */
export async function startBenchCloud(dataDirName: string, defaultPortOffset: number): Promise<BenchCloud> {
  const dataDir = resolve('.local', dataDirName);
  const endpointsFile = join(dataDir, 'endpoints.json');
  rmSync(endpointsFile, { force: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/local/start.ts', '--test', '--no-web', '--data-dir', dataDir],
    {
      env: {
        ...process.env,
        MR_PORT_OFFSET: process.env.MR_PORT_OFFSET ?? String(defaultPortOffset),
        MR_SKIP_WEB_CONFIG: '1',
      },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 180_000;
  while (!existsSync(endpointsFile)) {
    if (child.exitCode !== null) throw new Error(`The local cloud exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The local cloud did not start within 3 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { endpointsFile, child };
}

/** Stops it (SIGTERM: start.ts stops its children), waiting up to 20 s. */
export async function stopBenchCloud(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
}
