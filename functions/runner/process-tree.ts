import { readdirSync, readFileSync } from 'node:fs';

/**
 * Finding and ending every process a model started. Under bubblewrap (sandbox.ts) the model's PID
 * namespace already ends everything in it when its init dies; this tree is what stops a model in
 * container mode, and stops the sandbox itself. The model runs as the leader of its own process
 * group (spawned `detached`), so one signal to the group reaches its children. A child that left the
 * group (`setsid`, a daemon) is caught by the process tree under /proc, which the runner samples while
 * the model runs: descendants are remembered even after their parent exited and they were re-parented.
 * A process is identified by pid and start time, so a recycled pid is never signalled.
 */

interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  /** 'Z' for a zombie: dead, waiting for its parent to collect it. */
  state: string;
  /** Clock ticks since boot; with the pid it names one process for good. */
  start: string;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      state: fields[0] ?? '',
      ppid: Number(fields[1]),
      pgrp: Number(fields[2]),
      start: fields[19] ?? '',
    };
  } catch {
    return undefined;
  }
}

function allProcesses(): ProcStat[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return []; // Not Linux: the process group alone has to do.
  }
  const stats: ProcStat[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.push(stat);
  }
  return stats;
}

export class ProcessTree {
  /** pid → start time of every process seen in the tree or the group. */
  private readonly known = new Map<number, string>();

  constructor(readonly rootPid: number) {}

  /** Records the current members: descendants of the root and members of its process group. */
  sample(): void {
    const stats = allProcesses();
    const children = new Map<number, ProcStat[]>();
    for (const stat of stats) {
      const list = children.get(stat.ppid) ?? [];
      list.push(stat);
      children.set(stat.ppid, list);
      if (stat.pgrp === this.rootPid) this.known.set(stat.pid, stat.start);
    }
    const queue = [this.rootPid, ...this.known.keys()];
    const visited = new Set<number>();
    while (queue.length > 0) {
      const pid = queue.pop() as number;
      if (visited.has(pid)) continue;
      visited.add(pid);
      for (const child of children.get(pid) ?? []) {
        this.known.set(child.pid, child.start);
        queue.push(child.pid);
      }
    }
  }

  /** Members still alive (same pid and start time as when seen). */
  alive(): number[] {
    const pids: number[] = [];
    for (const [pid, start] of this.known) {
      const stat = readStat(pid);
      if (stat && stat.start === start && stat.state !== 'Z' && stat.state !== 'X') pids.push(pid);
      else this.known.delete(pid);
    }
    return pids;
  }

  /** Sends `signal` to the group and to every known member still alive. */
  signal(signal: NodeJS.Signals): void {
    this.sample();
    try {
      process.kill(-this.rootPid, signal);
    } catch {
      // The group is empty.
    }
    for (const pid of this.alive()) {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone in between.
      }
    }
  }

  /**
   * SIGTERM to everything, then SIGKILL after `graceMs` to what is left. Resolves when nothing of the
   * tree is alive (or after a last SIGKILL round).
   */
  async kill(graceMs: number): Promise<void> {
    this.signal('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && this.anyAlive()) await delay(50);
    for (let round = 0; round < 20 && this.anyAlive(); round++) {
      this.signal('SIGKILL');
      await delay(50);
    }
  }

  /** Whether a member is alive; zombies do not count (they are dead, only not yet collected). */
  anyAlive(): boolean {
    const stats = allProcesses();
    if (stats.length === 0) {
      try {
        process.kill(-this.rootPid, 0);
        return true;
      } catch {
        return false;
      }
    }
    const live = (s: ProcStat) => s.state !== 'Z' && s.state !== 'X';
    if (stats.some((s) => s.pgrp === this.rootPid && live(s))) return true;
    return stats.some((s) => this.known.get(s.pid) === s.start && live(s));
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
