import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelLanguage, ResultElement, RunResult } from '@shared/schemas/run-result';
import { afterEach } from 'vitest';
import { defaultInputValues, InputDefinitionValueSchema } from '../../functions/runner/input-definition';
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

export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
