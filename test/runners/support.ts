import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelLanguage, ResultElement, RunResult } from '@shared/schemas/run-result';
import { defaultInputValues, InputDefinitionValueSchema } from '@shared/sub-models/input-definition';
import { afterEach } from 'vitest';
import type { ModelRunSpec } from '../../functions/runner/run-model';

export const DEMO_MODELS = fileURLToPath(new URL('../../models/demo/', import.meta.url));

const cleanups: string[] = [];
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

export interface PreparedRun {
  base: string;
  spec: ModelRunSpec;
}

/**
 * A work directory as the pipeline prepares one: the model files (copied from a folder, or given as
 * contents), the input values file and the parameter files beside it. Removed after the test.
 */
export async function prepareRun(options: {
  language: ModelLanguage;
  modelDir?: string;
  files?: Record<string, string | Buffer>;
  inputs?: unknown;
  parameters?: Record<string, string>;
  outputDir?: string;
  timeoutSeconds?: number;
  entry?: string;
}): Promise<PreparedRun> {
  const base = await mkdtemp(join(tmpdir(), 'mr-runner-test-'));
  cleanups.push(base);
  const workDir = join(base, 'work');
  const parameterDir = join(base, 'parameters');
  await mkdir(workDir, { recursive: true });
  await mkdir(parameterDir, { recursive: true });
  if (options.modelDir) await cp(options.modelDir, workDir, { recursive: true });
  for (const [path, content] of Object.entries(options.files ?? {})) {
    await mkdir(dirname(join(workDir, path)), { recursive: true });
    await writeFile(join(workDir, path), content);
  }
  for (const [path, content] of Object.entries(options.parameters ?? {})) {
    await mkdir(dirname(join(parameterDir, path)), { recursive: true });
    await writeFile(join(parameterDir, path), content);
  }
  const inputFile = join(base, 'input.json');
  await writeFile(inputFile, JSON.stringify(options.inputs ?? {}));
  return {
    base,
    spec: {
      language: options.language,
      workDir,
      inputFile,
      parameterDir,
      outputDir: options.outputDir ?? 'output',
      timeoutSeconds: options.timeoutSeconds ?? 600,
      ...(options.entry ? { entry: options.entry } : {}),
    },
  };
}

export async function demoDefaults(model: string): Promise<Record<string, unknown>> {
  const file = JSON.parse(await readFile(join(DEMO_MODELS, model, 'input-definition.json'), 'utf8')) as {
    value: unknown;
  };
  return defaultInputValues(InputDefinitionValueSchema.parse(file.value));
}

type Table = Extract<ResultElement, { kind: 'table' }>;

export function tableTitled(result: RunResult, title: string): Table {
  const table = result.elements.find((e): e is Table => e.kind === 'table' && e.options?.title === title);
  if (!table) throw new Error(`No table titled ${title}`);
  return table;
}

/** The value in the column `column` of the row whose first cell is `label`. */
export function rowValue(table: Table, label: string | number, column = 1): unknown {
  const labelCell = table.cells.find((c) => c.column === 0 && c.value === label);
  if (!labelCell) throw new Error(`No row ${label}`);
  return table.cells.find((c) => c.row === labelCell.row && c.column === column)?.value;
}

/**
 * A `sleep` argument no other process on the machine has: models under test start `sleep <it>`, and
 * the test finds those processes in the host's /proc (the model sees its own PID namespace, so pids
 * it reports mean nothing outside).
 */
export function uniqueSleep(seconds = 600): string {
  const token = `${seconds}.${randomInt(1e9)}`;
  tokens.push(token);
  return token;
}
const tokens: string[] = [];

/** Host pids of live processes whose command line holds `argument`. */
export function processesWithArgument(argument: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (args.includes(argument) && state !== 'Z' && state !== 'X') pids.push(Number(entry));
    } catch {
      // Gone in between.
    }
  }
  return pids;
}

/** After a failed test: whatever a model under test left running. */
export function killLeftovers(): void {
  for (const token of tokens.splice(0))
    for (const pid of processesWithArgument(token))
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone, as it should be.
      }
}
