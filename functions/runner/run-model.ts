import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { constants, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import {
  type HashedFile,
  isRunnableLanguage,
  MODEL_ENV,
  type ModelLanguage,
  RESULT_FILE_NAME,
  RUNNER_LIMITS,
  type RunFault,
  type RunnableLanguage,
  type RunnerOutcome,
  type RunRecord,
  unrunnableLanguageMessage,
} from '@shared/schemas/run-result';
import { classifyRun } from './classify-run';
import {
  DEFAULT_RUNTIMES,
  EXCEL_DRIVER,
  hasEntryExtension,
  missingBinaries,
  modelCommand,
  pickEntry,
  RUNTIME_NAMES,
  type RuntimePaths,
  type RuntimeVersion,
  requiredBinaries,
  runtimeVersion,
} from './languages';
import { ProcessTree } from './process-tree';
import { openSandbox, type SandboxSettings } from './sandbox';
import { TailBuffer } from './tail-buffer';
import { hashFiles, type ListedFile, listFiles, manifestSha256, sha256File } from './work-files';

/**
 * The language-runner layer: runs one prepared model in a child process and reports what happened.
 * The pipeline prepares the work directory (the sub-model's execution files, the instance's input
 * values and parameter files), calls `runModel`, and stores the outcome, the output files and the
 * log tails. The model contract it implements is docs/running-models.md.
 */

/** ExcelNative: which named ranges receive which parameters, and which are read back. */
export interface ExcelMapping {
  /** Variable name → named range; without an entry a parameter goes to the range of its own name. */
  inputs?: Record<string, string>;
  /** Named ranges or tables to return; default every named range not written and every table. */
  outputs?: string[];
  /** Store the recalculated workbook in the output directory (default true). */
  saveCalculated?: boolean;
}

export interface ModelRunSpec {
  language: ModelLanguage;
  /** Absolute. The model's execution files, copied in; the model's working directory. */
  workDir: string;
  /** The file to start, relative to workDir (the sub-model's first execution file). */
  entry?: string;
  /** Absolute. The instance's input values: a JSON object keyed by variable name. */
  inputFile: string;
  /** Absolute. The instance's parameter files as `<variable>/<file name>` (may be empty or missing). */
  parameterDir: string;
  /** The sub-model's output directory, relative to workDir ('' or '.' is workDir itself). */
  outputDir: string;
  timeoutSeconds: number;
  excel?: ExcelMapping;
}

export interface RunnerOptions {
  /** Default RUNNER_LIMITS.outputBytes (2 GB). */
  outputLimitBytes?: number;
  /** Default RUNNER_LIMITS.logTailBytes (1 MB) per stream. */
  logTailBytes?: number;
  runtimes?: Partial<RuntimePaths>;
  /** Recorded as the runner image (default 'local'). */
  runnerImage?: string;
  /** Aborting cancels the run: the process tree is stopped and the run ends CANCELLED. */
  signal?: AbortSignal;
  /** Every chunk the model prints, as it comes (the runner's own log, CloudWatch). */
  onLog?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void;
  /** Between SIGTERM and SIGKILL when the runner stops a model. Default 2000 ms. */
  killGraceMs?: number;
  /** How often the output size and the process tree are sampled. Default 1000 ms. */
  sampleIntervalMs?: number;
  /** Default from the environment (MR_SANDBOX, MR_UNSAFE_RUN_MODELS_WITHOUT_SANDBOX): sandbox.ts. */
  sandbox?: SandboxSettings;
  /**
   * The folder holding this run's work directory, input file and parameter files. If this runner is
   * killed, the next run on the machine removes it (sandbox.ts, removeStaleSandboxes).
   */
  runFolder?: string;
}

/** Trees of runs in progress: if the runner process itself exits, they must not live on. */
const liveTrees = new Set<ProcessTree>();
process.on('exit', () => {
  for (const tree of liveTrees) tree.signal('SIGKILL');
});

const EMPTY_TAIL = { text: '', droppedBytes: 0 };

export async function runModel(spec: ModelRunSpec, options: RunnerOptions = {}): Promise<RunnerOutcome> {
  const startedOn = new Date();
  const runtimes: RuntimePaths = { ...DEFAULT_RUNTIMES, ...options.runtimes };
  const outputLimit = options.outputLimitBytes ?? RUNNER_LIMITS.outputBytes;
  const runnerImage = options.runnerImage ?? 'local';
  const workDir = resolve(spec.workDir);
  const parameterDir = resolve(spec.parameterDir);
  const inputFile = resolve(spec.inputFile);

  // 1. What goes in: the input document, the parameter files and the model files, hashed.
  const inputSha256 = await sha256File(inputFile).catch(() => undefined);
  const parameterFiles = await hashFiles(await listFiles(parameterDir));
  const outputAbs = resolve(workDir, spec.outputDir || '.');
  const outputRel = relative(workDir, outputAbs);
  const outputInside = !outputRel.startsWith('..') && !isAbsolute(outputRel);
  const skip = [parameterDir, inputFile, ...(outputRel === '' ? [] : [outputAbs])];
  const modelListed = await listFiles(workDir, skip);
  const modelFiles = await hashFiles(modelListed);

  const baseRecord = {
    language: spec.language,
    runnerImage,
    modelFiles,
    parameterFiles,
    inputSha256: inputSha256 ?? '0'.repeat(64),
    startedOn: startedOn.toISOString(),
  };
  const refuse = (fault: RunFault, runtime?: RuntimeVersion, entry?: string): RunnerOutcome => {
    const finishedOn = new Date();
    return {
      status: 'FAILED',
      fault,
      outputFiles: [],
      notes: [],
      stdout: EMPTY_TAIL,
      stderr: EMPTY_TAIL,
      record: {
        ...baseRecord,
        ...(entry ? { entry } : {}),
        runtime: runtime ?? { version: 'not started', packages: {} },
        exitCode: null,
        signal: null,
        finishedOn: finishedOn.toISOString(),
        durationMs: 0,
      },
    };
  };

  // 2. Refusals before anything starts.
  if (!isRunnableLanguage(spec.language))
    return refuse({ code: 'UNSUPPORTED_LANGUAGE', message: unrunnableLanguageMessage(spec.language) });
  const language: RunnableLanguage = spec.language;
  if (inputSha256 === undefined)
    return refuse({ code: 'INVALID_SETUP', message: `The run has no input values file (${inputFile}).` });
  if (!outputInside)
    return refuse({
      code: 'INVALID_SETUP',
      message: `The output directory '${spec.outputDir}' is outside the model's work directory; name a folder inside it.`,
    });
  const entryChoice = chooseEntry(language, spec.entry, modelListed);
  if ('fault' in entryChoice) return refuse(entryChoice.fault);
  const entry = entryChoice.entry;
  const missing = await missingBinaries(requiredBinaries(language, runtimes));
  if (missing.length > 0)
    return refuse(
      {
        code: 'RUNTIME_MISSING',
        message: `This runner has no ${RUNTIME_NAMES[language]} runtime (${missing.join(', ')} not found). Run ${language} models on the ${language} runner image.`,
      },
      undefined,
      entry,
    );
  const runtime = await runtimeVersion(language, runtimes);

  // 3. The output directory with what it holds before the run, so only what the run writes counts as
  //    output; then the sandbox: the model's own uid and a private home and temp directory
  //    (LibreOffice keeps its profile there). Without a sandbox the model does not start.
  await mkdir(outputAbs, { recursive: true });
  const baseline = new Map((await listFiles(outputAbs)).map((f) => [f.path, f]));
  const sandbox = await openSandbox(
    {
      workDir,
      inputFile,
      parameterDir,
      excelDriver: language === 'ExcelNative' ? EXCEL_DRIVER : undefined,
      runFolder: options.runFolder,
    },
    options.sandbox,
  );
  if ('refusal' in sandbox)
    return refuse({ code: 'RUNTIME_MISSING', message: sandbox.refusal }, runtime, entry);
  try {
    const notesFile = join(sandbox.host.runner, 'notes.json');
    const env: Record<string, string> = {
      PATH: '/usr/bin:/bin',
      HOME: sandbox.inside.home,
      TMPDIR: sandbox.inside.tmp,
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      TZ: 'UTC',
      [MODEL_ENV.inputFile]: inputFile,
      [MODEL_ENV.parameterDir]: parameterDir,
      [MODEL_ENV.outputDir]: outputAbs,
      [MODEL_ENV.workDir]: workDir,
      [MODEL_ENV.timeoutSeconds]: String(spec.timeoutSeconds),
      [MODEL_ENV.language]: language,
      // Python: the same hash seed on every run, output as it is printed, no .pyc files among outputs.
      PYTHONHASHSEED: '0',
      PYTHONUNBUFFERED: '1',
      PYTHONDONTWRITEBYTECODE: '1',
    };
    if (language === 'ExcelNative') {
      await writeFile(
        join(sandbox.host.runner, 'excel.json'),
        JSON.stringify({
          workbook: entry,
          inputs: spec.excel?.inputs ?? {},
          outputs: spec.excel?.outputs ?? null,
          saveCalculated: spec.excel?.saveCalculated ?? true,
          soffice: runtimes.soffice,
          notesFile: join(sandbox.inside.runner, 'notes.json'),
        }),
        { mode: 0o644 },
      );
      env.MR_EXCEL_CONFIG = join(sandbox.inside.runner, 'excel.json');
    }

    // 4. Run it, in the sandbox.
    const model = modelCommand(language, entry, runtimes, sandbox.inside.excelDriver);
    const { command, args, options: spawnOptions } = sandbox.wrap(model.command, model.args, env, workDir);
    const watched = await watchProcess(command, args, {
      spawn: spawnOptions,
      exitStatus: sandbox.exitStatus,
      timeoutSeconds: spec.timeoutSeconds,
      outputDir: outputAbs,
      baseline,
      outputLimit,
      logTailBytes: options.logTailBytes ?? RUNNER_LIMITS.logTailBytes,
      killGraceMs: options.killGraceMs ?? 2000,
      sampleIntervalMs: options.sampleIntervalMs ?? 1000,
      signal: options.signal,
      onLog: options.onLog,
    });
    const finishedOn = new Date();

    // 5. What came out.
    const written = await writtenFiles(outputAbs, baseline);
    const outputBytes = written.reduce((sum, f) => sum + f.bytes, 0);
    const resultListed = written.find((f) => f.path === RESULT_FILE_NAME);
    const resultText =
      resultListed && resultListed.bytes <= RUNNER_LIMITS.resultJsonBytes
        ? await readFile(resultListed.absolute, 'utf8').catch(() => undefined)
        : undefined;
    const stderr = watched.stderr.snapshot();
    const classified = classifyRun({
      language,
      exitCode: watched.exitCode,
      signal: watched.signal,
      timedOut: watched.stoppedFor === 'timeout',
      cancelled: watched.stoppedFor === 'cancel',
      outputTooLarge: watched.stoppedFor === 'output',
      timeoutSeconds: spec.timeoutSeconds,
      outputBytes: Math.max(outputBytes, watched.peakOutputBytes),
      outputLimitBytes: outputLimit,
      outputDir: spec.outputDir,
      stderr: stderr.text,
      resultFile: resultListed ? { bytes: resultListed.bytes, text: resultText } : undefined,
      otherOutputFiles: written.filter((f) => f.path !== RESULT_FILE_NAME).length,
    });
    const refused = 'fault' in classified && classified.fault.code === 'OUTPUT_TOO_LARGE';
    // Refused output is deleted at once: it may be filling the disk the next run needs.
    if (refused) await Promise.all(written.map((f) => rm(f.absolute, { force: true })));
    const outputFiles: HashedFile[] = refused ? [] : await hashFiles(written);
    const notes = await readNotes(notesFile);

    let resultSha256: string | undefined;
    if ('result' in classified)
      resultSha256 =
        classified.result.kind === 'visualization'
          ? outputFiles.find((f) => f.path === RESULT_FILE_NAME)?.sha256
          : manifestSha256(outputFiles);
    const record: RunRecord = {
      ...baseRecord,
      entry,
      runtime,
      ...(resultSha256 ? { resultSha256 } : {}),
      exitCode: watched.exitCode,
      signal: watched.signal,
      finishedOn: finishedOn.toISOString(),
      durationMs: watched.durationMs,
    };
    return {
      status: 'result' in classified ? 'COMPLETED' : 'FAILED',
      ...('fault' in classified ? { fault: classified.fault } : { result: classified.result }),
      outputFiles,
      notes,
      stdout: watched.stdout.snapshot(),
      stderr,
      record,
    };
  } finally {
    await sandbox.release();
  }
}

function chooseEntry(
  language: RunnableLanguage,
  named: string | undefined,
  files: readonly ListedFile[],
): { entry: string } | { fault: RunFault } {
  const paths = files.map((f) => f.path);
  if (named) {
    const normalized = named.replace(/\\/g, '/').replace(/^\.\//, '');
    if (!paths.includes(normalized))
      return {
        fault: {
          code: 'INVALID_SETUP',
          message: `The model file '${named}' is not among the execution files.`,
        },
      };
    if (!hasEntryExtension(language, normalized))
      return {
        fault: {
          code: 'INVALID_SETUP',
          message: `The model file '${named}' is not a ${language === 'ExcelNative' ? 'workbook' : `${language} file`}; the sub-model's language is ${language}.`,
        },
      };
    return { entry: normalized };
  }
  const picked = pickEntry(language, paths);
  if ('entry' in picked) return picked;
  return {
    fault: {
      code: 'INVALID_SETUP',
      message:
        picked.candidates.length === 0
          ? `The execution files hold no ${language === 'ExcelNative' ? 'workbook' : `${language} file`} to run.`
          : `Several files could be the model (${picked.candidates.join(', ')}): name the one to run first in the sub-model's execution files.`,
    },
  };
}

/** Files of the output directory that the run created or changed. */
async function writtenFiles(outputDir: string, baseline: Map<string, ListedFile>): Promise<ListedFile[]> {
  return (await listFiles(outputDir)).filter((f) => {
    const before = baseline.get(f.path);
    return !before || before.bytes !== f.bytes || before.mtimeMs !== f.mtimeMs;
  });
}

async function readNotes(file: string): Promise<string[]> {
  try {
    // Written by the model's uid: a link there must not make the runner read a file of its own.
    const text = await readFile(file, { encoding: 'utf8', flag: constants.O_RDONLY | constants.O_NOFOLLOW });
    const notes = JSON.parse(text) as unknown;
    return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

interface WatchOptions {
  spawn: SpawnOptions;
  /** The model's exit as the sandbox reports it (bwrap passes a signal on as 128 + N). */
  exitStatus: (
    code: number | null,
    signal: string | null,
  ) => { exitCode: number | null; signal: string | null };
  timeoutSeconds: number;
  outputDir: string;
  baseline: Map<string, ListedFile>;
  outputLimit: number;
  logTailBytes: number;
  killGraceMs: number;
  sampleIntervalMs: number;
  signal?: AbortSignal | undefined;
  onLog?: ((stream: 'stdout' | 'stderr', chunk: Buffer) => void) | undefined;
}

interface Watched {
  exitCode: number | null;
  signal: string | null;
  stoppedFor?: 'timeout' | 'cancel' | 'output';
  peakOutputBytes: number;
  durationMs: number;
  stdout: TailBuffer;
  stderr: TailBuffer;
}

/**
 * Starts the model as the leader of a new process group and watches it: the timeout, a cancel and the
 * output size stop the whole tree; whatever the model leaves running when it exits is stopped too.
 */
async function watchProcess(command: string, args: string[], o: WatchOptions): Promise<Watched> {
  const stdout = new TailBuffer(o.logTailBytes);
  const stderr = new TailBuffer(o.logTailBytes);
  const started = performance.now();
  const watched: Watched = {
    exitCode: null,
    signal: null,
    peakOutputBytes: 0,
    durationMs: 0,
    stdout,
    stderr,
  };

  let child: ChildProcess;
  try {
    child = spawn(command, args, {
      ...o.spawn,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    stderr.push(Buffer.from(`Could not start ${command}: ${(error as Error).message}\n`));
    watched.exitCode = 127;
    return watched;
  }
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout.push(chunk);
    o.onLog?.('stdout', chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk);
    o.onLog?.('stderr', chunk);
  });
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  const exited = new Promise<void>((done) => {
    child.once('exit', (code, signal) => {
      const status = o.exitStatus(code, signal);
      watched.exitCode = status.exitCode;
      watched.signal = status.signal;
      watched.durationMs = Math.round(performance.now() - started);
      done();
    });
    child.once('error', (error) => {
      stderr.push(Buffer.from(`Could not start ${command}: ${error.message}\n`));
      watched.exitCode = 127;
      watched.durationMs = Math.round(performance.now() - started);
      done();
    });
  });
  if (child.pid === undefined) {
    await exited;
    return watched;
  }

  const tree = new ProcessTree(child.pid);
  liveTrees.add(tree);
  let stopping: Promise<void> | undefined;
  const stop = (reason: NonNullable<Watched['stoppedFor']>) => {
    if (stopping) return;
    watched.stoppedFor = reason;
    stopping = tree.kill(o.killGraceMs);
  };
  const timer = setTimeout(() => stop('timeout'), o.timeoutSeconds * 1000);
  const onAbort = () => stop('cancel');
  if (o.signal?.aborted) onAbort();
  o.signal?.addEventListener('abort', onAbort, { once: true });

  let running = true;
  let wake = () => {};
  const sampler = (async () => {
    while (running) {
      tree.sample();
      const written = await writtenFiles(o.outputDir, o.baseline);
      const bytes = written.reduce((sum, f) => sum + f.bytes, 0);
      watched.peakOutputBytes = Math.max(watched.peakOutputBytes, bytes);
      if (bytes > o.outputLimit) stop('output');
      await new Promise<void>((r) => {
        const pause = setTimeout(r, o.sampleIntervalMs);
        wake = () => {
          clearTimeout(pause);
          r();
        };
      });
    }
  })();

  await exited;
  running = false;
  wake();
  clearTimeout(timer);
  o.signal?.removeEventListener('abort', onAbort);
  // Whatever the model left behind (a daemon, a LibreOffice that did not quit) goes with it.
  await (stopping ?? (tree.anyAlive() ? tree.kill(o.killGraceMs) : Promise.resolve()));
  // A grandchild that escaped every signal could hold the pipes open: do not wait for it forever.
  await Promise.race([closed, new Promise((r) => setTimeout(r, 5000))]);
  child.stdout?.destroy();
  child.stderr?.destroy();
  await sampler;
  liveTrees.delete(tree);
  return watched;
}
