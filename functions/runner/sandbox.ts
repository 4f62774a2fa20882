import { execFile, type SpawnOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import {
  access,
  chmod,
  chown,
  constants,
  lchown,
  lstat,
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { constants as osConstants, tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { RUNNER_LIMITS } from '@shared/schemas/run-result';
import { type ModelSandboxEnv, modelSandboxEnv } from '../lib/env';

/**
 * The model sandbox (docs/running-models.md, "The sandbox"). A model is code uploaded by any internal
 * user, so it runs with nothing of the runner's:
 * - under a user of its own (a uid per run from MODEL_UIDS, which maps to no account, or the images'
 *   `model` user): it cannot read the runner's /proc/<pid>/environ or files, and the per-uid process
 *   cap (RLIMIT_NPROC) is its own;
 * - locally (mode `bwrap`) inside bubblewrap: no network, its own PID namespace (the whole tree dies
 *   with the namespace's init, and with the runner: --die-with-parent), a read-only view of only the
 *   system directories the runtimes need, its work directory writable, the input file and parameter
 *   files read-only, a private HOME and /tmp;
 * - on Fargate (mode `container`, set by the images) bubblewrap cannot create namespaces: the model
 *   runs as the image's `model` user, and the container, its VPC and its task role are the boundary;
 * - with resource limits (MODEL_LIMITS, by prlimit from util-linux) in every mode.
 * Where bubblewrap cannot run, models are refused unless the developer sets
 * MR_UNSAFE_RUN_MODELS_WITHOUT_SANDBOX=1.
 */

/** Per-run uids: 65,536 ids above every account a Debian system creates (and above 'nobody'). */
export const MODEL_UIDS = { first: 200_000, count: 65_536 } as const;
/** The uid of the start-up probe: outside the range, so it never shares a run's process budget. */
const PROBE_UID = MODEL_UIDS.first - 1;

export const MODEL_LIMITS = {
  /** Processes and threads of the run's uid (RLIMIT_NPROC): enough for LibreOffice and BLAS threads. */
  processes: 128,
  openFiles: 1024,
  /**
   * Largest single file (RLIMIT_FSIZE). Above the output limit, so a model that writes too much ends
   * with OUTPUT_TOO_LARGE naming that limit rather than a write error, yet no file fills the disk.
   */
  fileBytes: 2 * RUNNER_LIMITS.outputBytes,
  /** Address space (RLIMIT_AS): LibreOffice reserves ~1.5 GB, numpy/R a few hundred MB. */
  addressSpaceBytes: 16 * 1024 ** 3,
} as const;

export const UNSAFE_OPT_OUT = 'MR_UNSAFE_RUN_MODELS_WITHOUT_SANDBOX';

const BWRAP = '/usr/bin/bwrap';
const PRLIMIT = '/usr/bin/prlimit';

/** Where the sandbox shows the model its private folders and the runner's files for it. */
const INSIDE = {
  home: '/home/model',
  tmp: '/tmp',
  runner: '/run/runner',
  excelDriver: '/opt/runner/recalculate.py',
};

/** /etc entries the runtimes read: the loader, Debian's alternatives (BLAS), fonts, R, LibreOffice, time zone. */
const ETC_ENTRIES = [
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'alternatives',
  'fonts',
  'R',
  'libreoffice',
  'localtime',
  'timezone',
  'papersize',
  'mime.types',
  'nsswitch.conf',
];

export type SandboxKind = 'bwrap' | 'container' | 'unsafe';

export interface SandboxSettings extends ModelSandboxEnv {
  /** The bubblewrap binary (default /usr/bin/bwrap); tests name one that cannot run. */
  bwrap?: string;
}

export interface SandboxedPaths {
  workDir: string;
  inputFile: string;
  parameterDir: string;
  /** The Excel driver, shown read-only to ExcelNative runs. */
  excelDriver?: string | undefined;
  /** A folder holding this run's files, removed by the next run if this runner is killed. */
  runFolder?: string | undefined;
}

export interface Sandbox {
  kind: SandboxKind;
  /** The model's uid, or undefined when the runner is not root and the model runs as the runner's. */
  uid: number | undefined;
  /** Host paths of the run's private folders (HOME, TMPDIR, the runner's files for the model). */
  host: { home: string; tmp: string; runner: string };
  /** The same folders and the Excel driver as the model sees them. */
  inside: { home: string; tmp: string; runner: string; excelDriver: string | undefined };
  /** The command that starts `command` in the sandbox, and the options to spawn it with. */
  wrap(
    command: string,
    args: readonly string[],
    env: Record<string, string>,
    cwd: string,
  ): { command: string; args: string[]; options: SpawnOptions };
  /**
   * bwrap passes a child killed by signal N on as exit code 128 + N: the signal again, so an
   * out-of-memory kill still reads as one.
   */
  exitStatus(code: number | null, signal: string | null): { exitCode: number | null; signal: string | null };
  /** Removes the private folders and the uid's claim (the caller removes the run's own folders). */
  release(): Promise<void>;
}

export function defaultSandboxSettings(): SandboxSettings {
  return modelSandboxEnv();
}

const isRoot = () => process.getuid?.() === 0;

// ---------- the start-up probe ----------

const probed = new Map<string, Promise<string | undefined>>();

/**
 * Whether bubblewrap can start a sandbox here: once per process and binary, a tiny sandbox like a
 * run's. Resolves undefined when it can, else why not (bwrap's own message).
 */
export function probeBwrap(bwrap = BWRAP): Promise<string | undefined> {
  const known = probed.get(bwrap);
  if (known) return known;
  const probe = (async () => {
    for (const binary of [bwrap, PRLIMIT])
      if (
        !(await access(binary, constants.X_OK).then(
          () => true,
          () => false,
        ))
      )
        return `${binary} is not installed`;
    return new Promise<string | undefined>((done) => {
      const uid = isRoot() ? PROBE_UID : undefined;
      execFile(
        PRLIMIT,
        [...limitArgs(uid), '--', bwrap, ...systemArgs(), '--dir', '/tmp', '--chdir', '/', '--', '/bin/true'],
        { env: {}, timeout: 10_000, ...(uid === undefined ? {} : { uid, gid: uid }) },
        (error, _out, err) => done(error ? (err.trim() || error.message).split('\n')[0] : undefined),
      );
    });
  })();
  probed.set(bwrap, probe);
  return probe;
}

export function bwrapMissingMessage(reason: string): string {
  return `This runner cannot start models: they run inside the bubblewrap sandbox, and bubblewrap (bwrap) cannot run here (${reason}). Install it with 'sudo apt-get install bubblewrap' (scripts/local/install-runner-deps.sh does) on a machine that allows unprivileged user namespaces; on a development machine only, ${UNSAFE_OPT_OUT}=1 runs models without it (docs/running-models.md, "The sandbox").`;
}

// ---------- arguments ----------

function limitArgs(uid: number | undefined): string[] {
  return [
    // RLIMIT_NPROC counts every process of the real uid: with the runner's own uid (not root) it
    // would count the developer's whole session, so it is set only for a uid of the run's own.
    ...(uid === undefined ? [] : [`--nproc=${MODEL_LIMITS.processes}`]),
    `--nofile=${MODEL_LIMITS.openFiles}`,
    `--fsize=${MODEL_LIMITS.fileBytes}`,
    `--as=${MODEL_LIMITS.addressSpaceBytes}`,
    '--core=0',
  ];
}

/** The namespaces, the read-only system directories and a fresh /proc and /dev; no host path beyond. */
function systemArgs(): string[] {
  const args = [
    '--unshare-all',
    '--unshare-pid',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--clearenv',
    '--hostname',
    'model',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  // Debian 12 has merged /usr: /bin, /lib... are links into it; an older layout binds the folders.
  for (const dir of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    const info = lstatSync(dir, { throwIfNoEntry: false });
    if (info?.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (info?.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  const etc = [...ETC_ENTRIES, ...safeReaddir('/etc').filter((name) => /^python3(\.\d+)?$/.test(name))];
  for (const name of etc) args.push('--ro-bind-try', `/etc/${name}`, `/etc/${name}`);
  // LibreOffice's and R's font lookups rebuild fontconfig's cache without it (seconds per run).
  args.push('--ro-bind-try', '/var/cache/fontconfig', '/var/cache/fontconfig');
  args.push('--proc', '/proc', '--dev', '/dev');
  return args;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// ---------- per-run uids and private folders ----------

/** Root's runners share one folder; a developer's runner (not root) has one of its own. */
export function sandboxRoot(): string {
  return join(tmpdir(), isRoot() ? 'mr-sandbox' : `mr-sandbox-${process.getuid?.() ?? 'user'}`);
}

interface SlotRecord {
  runnerPid: number;
  runnerStart: string;
  runFolder?: string;
}

/**
 * When a live process started (clock ticks since boot), or undefined when it is gone. A zombie counts
 * as gone: a killed runner stays one until its parent collects it, and its pid cannot be reused
 * before then.
 */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? undefined : fields[19];
  } catch {
    return undefined;
  }
}

/** Host pids of the processes whose real uid is `uid`. */
export function processesOf(uid: number): number[] {
  const pids: number[] = [];
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const real = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      const state = /^State:\s+(\S)/m.exec(status)?.[1];
      if (Number(real) === uid && state !== 'Z' && state !== 'X') pids.push(Number(entry));
    } catch {
      // Gone in between.
    }
  }
  return pids;
}

async function readSlot(slot: string): Promise<SlotRecord | undefined> {
  try {
    return JSON.parse(await readFile(join(slot, 'run.json'), 'utf8')) as SlotRecord;
  } catch {
    return undefined;
  }
}

/** A slot whose runner is gone (killed, or the machine restarted): nothing will release it. */
async function isStale(slot: string): Promise<boolean> {
  const record = await readSlot(slot);
  if (!record) {
    // Claimed a moment ago and not yet written, or left half-made: only the latter is old.
    const info = await stat(slot).catch(() => undefined);
    return !info || Date.now() - info.mtimeMs > 60_000;
  }
  return processStart(record.runnerPid) !== record.runnerStart;
}

/**
 * Removes what a killed runner left: its model's processes (--die-with-parent should have ended
 * them), its private folders and the run folder it was given.
 */
async function removeSlot(slot: string, uid: number): Promise<void> {
  const record = await readSlot(slot);
  if (isRoot())
    for (const pid of processesOf(uid))
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone.
      }
  const folder = record?.runFolder;
  // Only a folder under the temporary directory: the record is ours, but a path is never trusted blindly.
  if (folder && isInside(tmpdir(), folder)) await rm(folder, { recursive: true, force: true });
  await rm(slot, { recursive: true, force: true });
}

/**
 * The leftovers of runners that were killed (docs: "The sandbox"), removed before each run: a few
 * small reads per run in progress on this machine.
 */
export async function removeStaleSandboxes(): Promise<void> {
  const root = sandboxRoot();
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const slot = join(root, name);
    if (await isStale(slot)) await removeSlot(slot, Number(name));
  }
}

function isInside(parent: string, path: string): boolean {
  const rel = relative(resolve(parent), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}

/**
 * Claims a uid for this run: the folder `<sandboxRoot>/<uid>` is created exclusively, so two runners
 * (the local cloud starts several) never share one. The first candidate comes from the work
 * directory's path, so runs spread over the range.
 */
async function claimSlot(
  workDir: string,
  runFolder: string | undefined,
): Promise<{ uid: number; slot: string }> {
  const root = sandboxRoot();
  await mkdir(root, { recursive: true, mode: 0o711 });
  await chmod(root, 0o711);
  const seed = createHash('sha256').update(workDir).digest().readUInt32BE(0);
  for (let attempt = 0; attempt < 256; attempt++) {
    const uid = MODEL_UIDS.first + ((seed + attempt) % MODEL_UIDS.count);
    const slot = join(root, String(uid));
    try {
      await mkdir(slot, { mode: 0o711 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!(await isStale(slot))) continue;
      await removeSlot(slot, uid);
      try {
        await mkdir(slot, { mode: 0o711 });
      } catch {
        continue; // Another runner took it in between.
      }
    }
    const record: SlotRecord = {
      runnerPid: process.pid,
      runnerStart: processStart(process.pid) ?? '',
      ...(runFolder ? { runFolder: resolve(runFolder) } : {}),
    };
    await writeFile(join(slot, 'run.json'), JSON.stringify(record), { mode: 0o600 });
    return { uid, slot };
  }
  throw new Error(`No free model uid in ${root}: 256 candidates are all in use.`);
}

/** Gives `uid` every file under `path` (links themselves, never their targets). */
async function chownTree(path: string, uid: number): Promise<void> {
  const info = await lstat(path).catch(() => undefined);
  if (!info) return;
  await lchown(path, uid, uid);
  if (info.isDirectory()) for (const name of await readdir(path)) await chownTree(join(path, name), uid);
}

/**
 * The model must reach its folders, which the runner made in private (mkdtemp: 0700) folders of its
 * own. Folders of the runner's under the temporary directory get the search bit for others (never
 * the read bit: nothing can be listed); bwrap resolves its mount sources as the model's uid too.
 */
async function grantSearch(path: string): Promise<void> {
  const base = resolve(tmpdir());
  const own = process.getuid?.();
  for (let dir = dirname(resolve(path)); isInside(base, dir); dir = dirname(dir)) {
    const info = await stat(dir);
    if (info.uid === own && (info.mode & 0o001) === 0) await chmod(dir, (info.mode & 0o7777) | 0o001);
  }
}

/**
 * Prepares the sandbox of one run: a uid, private folders owned by it, the run's folders given to it.
 * Resolves a refusal (the fault message) when bubblewrap is needed and cannot run.
 */
export async function openSandbox(
  paths: SandboxedPaths,
  settings: SandboxSettings = defaultSandboxSettings(),
): Promise<Sandbox | { refusal: string }> {
  let kind: SandboxKind = settings.mode;
  if (kind === 'bwrap') {
    const problem = await probeBwrap(settings.bwrap);
    if (problem) {
      if (!settings.unsafeWithoutSandbox) return { refusal: bwrapMissingMessage(problem) };
      kind = 'unsafe';
    }
  }
  await removeStaleSandboxes();

  const root = isRoot();
  const workDir = resolve(paths.workDir);
  const { uid: slotUid, slot } = await claimSlot(workDir, paths.runFolder);
  // In the images the `model` user; locally a uid of the run's own. Without root: the runner's uid.
  const uid = !root ? undefined : kind === 'container' ? (modelUser() ?? slotUid) : slotUid;
  const host = { home: join(slot, 'home'), tmp: join(slot, 'tmp'), runner: join(slot, 'runner') };
  for (const dir of Object.values(host)) await mkdir(dir, { mode: 0o700 });
  if (uid !== undefined) {
    for (const dir of Object.values(host)) await chown(dir, uid, uid);
    for (const path of [workDir, paths.inputFile, paths.parameterDir]) {
      await chownTree(path, uid);
      await grantSearch(path);
    }
  }
  const bwrap = kind === 'bwrap';
  if (bwrap) {
    // The model's own /etc/passwd and /etc/hosts: the host's list of accounts is none of its business.
    const passwd = `root:x:0:0:root:/root:/usr/sbin/nologin\nmodel:x:${uid ?? process.getuid?.() ?? 0}:${uid ?? process.getgid?.() ?? 0}:model:${INSIDE.home}:/usr/sbin/nologin\n`;
    const group = `root:x:0:\nmodel:x:${uid ?? process.getgid?.() ?? 0}:\n`;
    await writeFile(join(slot, 'passwd'), passwd, { mode: 0o644 });
    await writeFile(join(slot, 'group'), group, { mode: 0o644 });
    await writeFile(join(slot, 'hosts'), '127.0.0.1 localhost\n::1 localhost\n', { mode: 0o644 });
  }
  const inside = bwrap
    ? { ...INSIDE, excelDriver: paths.excelDriver ? INSIDE.excelDriver : undefined }
    : { ...host, excelDriver: paths.excelDriver };

  return {
    kind,
    uid,
    host,
    inside,
    wrap(command, args, env, cwd) {
      const ids = uid === undefined ? {} : { uid, gid: uid };
      const limits = existsSync(PRLIMIT) ? [PRLIMIT, ...limitArgs(uid), '--'] : [];
      if (!bwrap) {
        const [first, ...rest] = [...limits, command, ...args];
        return { command: first as string, args: rest, options: { cwd, env, ...ids } };
      }
      const mounts = [
        ...systemArgs(),
        '--ro-bind',
        join(slot, 'passwd'),
        '/etc/passwd',
        '--ro-bind',
        join(slot, 'group'),
        '/etc/group',
        '--ro-bind',
        join(slot, 'hosts'),
        '/etc/hosts',
        '--bind',
        host.tmp,
        INSIDE.tmp,
        '--bind',
        host.home,
        INSIDE.home,
        '--bind',
        host.runner,
        INSIDE.runner,
        ...(paths.excelDriver ? ['--ro-bind', paths.excelDriver, INSIDE.excelDriver] : []),
        // The run's folders at the paths the runner knows them by, after /tmp, which may hold them.
        '--bind',
        workDir,
        workDir,
        '--ro-bind',
        resolve(paths.inputFile),
        resolve(paths.inputFile),
        ...(existsSync(paths.parameterDir)
          ? ['--ro-bind', resolve(paths.parameterDir), resolve(paths.parameterDir)]
          : []),
        '--chdir',
        cwd,
      ];
      const setenv = Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]);
      const [first, ...rest] = [
        ...limits,
        settings.bwrap ?? BWRAP,
        ...mounts,
        ...setenv,
        '--',
        command,
        ...args,
      ];
      // bwrap's own environment is empty too: --clearenv covers the model, this covers bwrap.
      return { command: first as string, args: rest, options: { cwd: '/', env: {}, ...ids } };
    },
    exitStatus(code, signal) {
      if (bwrap && code !== null && code > 128 && code < 128 + 32) {
        const name = signalName(code - 128);
        if (name) return { exitCode: null, signal: name };
      }
      return { exitCode: code, signal };
    },
    async release() {
      await rm(slot, { recursive: true, force: true });
    },
  };
}

function signalName(n: number): string | undefined {
  return Object.entries(osConstants.signals).find(([, value]) => value === n)?.[0];
}

/** The images' `model` user (functions/runner/docker/*), from /etc/passwd. */
function modelUser(): number | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model:'));
    const uid = Number(line?.split(':')[2]);
    return Number.isInteger(uid) && uid > 0 ? uid : undefined;
  } catch {
    return undefined;
  }
}
