import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runModel } from '../../functions/runner/run-model';
import { MODEL_LIMITS, MODEL_UIDS, removeStaleSandboxes } from '../../functions/runner/sandbox';
import { killLeftovers, prepareRun, processesWithArgument, uniqueSleep } from './support';

/**
 * Issue 16 §1: a model is code uploaded by any internal user. The hostile model
 * (models/test/hostile/hostile.py) tries what such a user would, run by the real runner with the
 * sandbox of this machine (bubblewrap, scripts/local/install-runner-deps.sh), and must reach nothing:
 * no other process's environment (the runner's AWS keys and RUN_JOB_KEY), no file of the repository,
 * of .local/ or of another run, no port of the host, no file outside its work directory; its fork bomb
 * is capped and the daemon it leaves behind dies with the run.
 */

const REPO = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const HOSTILE = join(REPO, 'models', 'test', 'hostile');

const written: string[] = [];
afterEach(async () => {
  killLeftovers();
  for (const path of written.splice(0)) await rm(path, { force: true });
});

interface Report {
  uid: number;
  environ: { pid: number; variables: string[] }[];
  read: { path: string }[];
  write: string[];
  ports: string[];
  processesStarted: number;
  processLimit: number | null;
  errors: string[];
}

/** A port of the host standing in for DynamoDB Local: it counts who connects. */
async function listening(): Promise<{ server: Server; port: number; connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port, connections: () => count };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the model sandbox', () => {
  beforeAll(() => {
    expect(existsSync('/usr/bin/bwrap'), 'bubblewrap (scripts/local/install-runner-deps.sh)').toBe(true);
  });

  it('a hostile model reaches nothing of the runner, the machine or other runs', async () => {
    // Arrange: the runner holds credentials, another run's files sit beside this one's, a port listens.
    const secret = `hostile-test-secret-${process.pid}-${Date.now()}`;
    const saved = { key: process.env.AWS_SECRET_ACCESS_KEY, job: process.env.RUN_JOB_KEY };
    process.env.AWS_SECRET_ACCESS_KEY = secret;
    process.env.RUN_JOB_KEY = `runs/${secret}/job.json`;
    const victim = await prepareRun({
      language: 'Python',
      files: { 'model.py': `# ${secret}\n` },
      inputs: { secret },
    });
    const port = await listening();
    const sleep = uniqueSleep(3);
    const escaped = {
      hostTmp: join(tmpdir(), `escaped-${sleep}`),
      repo: join(REPO, `.escaped-${sleep}`),
      victim: join(victim.spec.workDir, 'escaped.txt'),
    };
    const run = await prepareRun({ language: 'Python', modelDir: HOSTILE, outputDir: 'output' });
    const markers = [join(run.spec.workDir, 'late-marker'), join(tmpdir(), `late-marker-${sleep}`)];
    written.push(...Object.values(escaped), ...markers, join(run.base, 'escaped.txt'));
    const targets = {
      read: [
        REPO,
        join(REPO, '.local'),
        join(REPO, 'functions', 'runner', 'run-model.ts'),
        join(REPO, 'package.json'),
        victim.spec.inputFile,
        join(victim.spec.workDir, 'model.py'),
        victim.base,
        // Other runs' private folders; the model's own /tmp and HOME are private and not listed here.
        join(tmpdir(), 'mr-sandbox'),
        '/root',
        '/work',
        '/etc/shadow',
      ],
      write: Object.values(escaped),
      ports: [['127.0.0.1', port.port]],
      runnerPid: process.pid,
      secrets: [secret],
      processes: 150,
      sleep,
      marker: markers,
    };
    await writeFile(run.spec.inputFile, JSON.stringify({ targets }));

    // Act
    let outcome: Awaited<ReturnType<typeof runModel>>;
    try {
      outcome = await runModel(run.spec);
    } finally {
      process.env.AWS_SECRET_ACCESS_KEY = saved.key;
      process.env.RUN_JOB_KEY = saved.job;
      if (saved.key === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
      if (saved.job === undefined) delete process.env.RUN_JOB_KEY;
    }

    // Assert: the run completed with its report, and the report shows nothing reached.
    expect(outcome.status, outcome.stderr.text).toBe('COMPLETED');
    const report = JSON.parse(
      await readFile(join(run.spec.workDir, 'output', 'report.json'), 'utf8'),
    ) as Report;
    expect(report.environ).toEqual([]);
    expect(report.read).toEqual([]);
    expect(report.ports).toEqual([]);
    expect(port.connections()).toBe(0);
    port.server.close();
    // Its own uid: neither root nor the runner's.
    expect(report.uid).not.toBe(0);
    expect(report.uid).not.toBe(process.getuid?.());
    // The fork bomb met the process cap.
    expect(report.processesStarted).toBeLessThan(150);
    expect(report.processLimit).toBe(MODEL_LIMITS.processes);
    // Writes outside the work directory landed nowhere the host sees (a private /tmp took some).
    for (const path of [...Object.values(escaped), join(run.base, 'escaped.txt')])
      expect(existsSync(path), path).toBe(false);
    // The daemon died with the run. Its shell, the only writer of the markers, holds the sleep
    // argument in its own command line until it has written them: with no such process left, no
    // marker can appear later, so there is nothing to wait for.
    expect(processesWithArgument(sleep)).toEqual([]);
    for (const marker of markers) expect(existsSync(marker), marker).toBe(false);
  });

  it('a killed runner takes its model with it, and the next run removes what it left', async () => {
    const sleep = uniqueSleep(600);
    const run = await prepareRun({
      language: 'Python',
      files: {
        'model.py': `import os, subprocess, time
subprocess.Popen(["/bin/sleep", "${sleep}"], start_new_session=True)
print("started", flush=True)
time.sleep(600)
`,
      },
    });
    // The CLI is a runner process of its own: it copies the model into a run folder of its own, which
    // the test finds through the sleeping process's working directory.
    const cli = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(REPO, 'functions', 'runner', 'cli.ts'),
        '--language',
        'Python',
        '--model',
        run.spec.workDir,
      ],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    for (let i = 0; i < 600 && !output.includes('started'); i++) await wait(100);
    expect(output).toContain('started');
    const [pid] = processesWithArgument(sleep);
    expect(pid).toBeDefined();
    const workDir = await readlink(`/proc/${pid}/cwd`);
    const runFolder = dirname(workDir);
    expect(existsSync(runFolder)).toBe(true);

    cli.kill('SIGKILL');
    for (let i = 0; i < 50 && processesWithArgument(sleep).length > 0; i++) await wait(100);
    expect(processesWithArgument(sleep)).toEqual([]);

    await removeStaleSandboxes();
    expect(existsSync(runFolder), runFolder).toBe(false);
  });

  it('in container mode (Fargate) the model runs as another uid and cannot read the runner’s environment', async () => {
    const secret = `container-test-secret-${process.pid}-${Date.now()}`;
    const saved = process.env.AWS_SECRET_ACCESS_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = secret;
    const run = await prepareRun({ language: 'Python', modelDir: HOSTILE });
    const targets = { runnerPid: process.pid, secrets: [secret], processes: 150, sleep: uniqueSleep(3) };
    await writeFile(run.spec.inputFile, JSON.stringify({ targets }));
    try {
      const outcome = await runModel(run.spec, {
        sandbox: { mode: 'container', unsafeWithoutSandbox: false },
      });
      expect(outcome.status, outcome.stderr.text).toBe('COMPLETED');
    } finally {
      if (saved === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
      else process.env.AWS_SECRET_ACCESS_KEY = saved;
    }
    const report = JSON.parse(
      await readFile(join(run.spec.workDir, 'output', 'report.json'), 'utf8'),
    ) as Report;
    // No other process's environment, the runner's /proc entries included (the network and the
    // machine's world-readable files are the container's boundary there, not this one's).
    expect(report.environ).toEqual([]);
    expect(report.read.filter((r) => r.path.startsWith(`/proc/${process.pid}/`))).toEqual([]);
    expect(report.uid).not.toBe(0);
    expect(report.processesStarted).toBeLessThan(150);
    expect(processesWithArgument(targets.sleep)).toEqual([]);
  });

  it('refuses to start a model where bubblewrap cannot run, and says how to install it', async () => {
    const run = await prepareRun({ language: 'Python', files: { 'model.py': 'print("ran")\n' } });
    const outcome = await runModel(run.spec, {
      sandbox: { mode: 'bwrap', unsafeWithoutSandbox: false, bwrap: '/nonexistent/bwrap' },
    });
    expect(outcome.status).toBe('FAILED');
    expect(outcome.fault?.code).toBe('RUNTIME_MISSING');
    expect(outcome.fault?.message).toMatch(/^This runner cannot start models: .*bubblewrap \(bwrap\)/);
    expect(outcome.fault?.message).toContain('sudo apt-get install bubblewrap');
    expect(outcome.fault?.message).toContain('MR_UNSAFE_RUN_MODELS_WITHOUT_SANDBOX=1');
    expect(outcome.stdout.text).toBe('');
  });

  it('runs the model without bubblewrap only when the developer opts out, still as a uid of its own', async () => {
    const run = await prepareRun({
      language: 'Python',
      files: {
        'model.py': `import json, os
json.dump({"uid": os.getuid()}, open(os.path.join(os.environ["MR_OUTPUT_DIR"], "seen.json"), "w"))
`,
      },
    });
    const outcome = await runModel(run.spec, {
      sandbox: { mode: 'bwrap', unsafeWithoutSandbox: true, bwrap: '/nonexistent/bwrap' },
    });
    expect(outcome.status, outcome.stderr.text).toBe('COMPLETED');
    const seen = JSON.parse(await readFile(join(run.spec.workDir, 'output', 'seen.json'), 'utf8'));
    // A runner that is not root cannot change uid (the tests run as root, as in CI).
    if (process.getuid?.() === 0) expect(seen.uid).toBeGreaterThanOrEqual(MODEL_UIDS.first);
  });
});
