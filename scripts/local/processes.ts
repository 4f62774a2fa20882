import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Child processes of the local cloud. They stay in the start script's process group, so whoever stops
 * the local cloud as a group (Ctrl-C in a terminal, a test harness killing the group) stops them too.
 * On a normal stop each child gets SIGTERM then SIGKILL; if the start script dies unexpectedly, its
 * 'exit' hook still SIGKILLs every child that is alive.
 */
export interface ManagedChild {
  readonly name: string;
  readonly child: ChildProcess;
  stop(graceMs?: number): Promise<void>;
  /** Resolves with the exit code (or signal) when the child ends. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
}

const alive = new Set<ChildProcess>();

process.on('exit', () => {
  for (const child of alive) kill(child, 'SIGKILL');
});

function kill(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(child.pid, signal);
  } catch {
    // Already gone.
  }
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** File receiving stdout and stderr (appended). */
  logFile: string;
}

export function spawnManaged(options: SpawnOptions): ManagedChild {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const out = openSync(options.logFile, 'a');
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', out, out],
  });
  alive.add(child);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => {
      alive.delete(child);
      resolve(code ?? signal);
    });
    child.once('error', () => {
      alive.delete(child);
      resolve(null);
    });
  });
  return {
    name: options.name,
    child,
    exited,
    async stop(graceMs = 3000) {
      if (!alive.has(child)) return;
      kill(child, 'SIGTERM');
      const timer = setTimeout(() => kill(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `probe` until it resolves true, or fails with a message pointing at the log. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; logFile?: string; exited?: Promise<unknown> },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let dead = false;
  void options.exited?.then(() => {
    dead = true;
  });
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    if (dead) break;
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
  const hint = options.logFile ? ` See ${options.logFile}.` : '';
  throw new Error(
    dead
      ? `${what} exited during start-up.${hint}`
      : `${what} was not ready within ${options.timeoutMs} ms.${hint}`,
  );
}
