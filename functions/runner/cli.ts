import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ModelLanguageSchema } from '@shared/schemas/run-result';
import { runModel } from './run-model';

/**
 * Runs a model folder through the runner as a run of the pipeline would, for modelers checking their
 * model against the contract (docs/running-models.md) and for us:
 *
 *   npx tsx functions/runner/cli.ts --language R --model models/demo/markov-cohort-r \
 *     [--inputs values.json] [--parameters DIR] [--entry FILE] [--output-dir output] [--timeout SECONDS]
 *
 * The folder is copied into a fresh work directory (printed), so the model's own folder stays clean.
 * Prints the outcome as JSON (the result document shortened) and exits 0 when the run COMPLETED.
 */
const { values } = parseArgs({
  options: {
    language: { type: 'string' },
    model: { type: 'string' },
    inputs: { type: 'string' },
    parameters: { type: 'string' },
    entry: { type: 'string' },
    'output-dir': { type: 'string', default: 'output' },
    timeout: { type: 'string', default: '900' },
    full: { type: 'boolean', default: false },
  },
});
const language = ModelLanguageSchema.safeParse(values.language);
if (!language.success || !values.model) {
  process.stderr.write(
    'usage: cli.ts --language Python|R|ExcelNative --model DIR [--inputs FILE] [--parameters DIR] [--entry FILE] [--output-dir DIR] [--timeout SECONDS] [--full]\n',
  );
  process.exit(2);
}

const base = await mkdtemp(join(tmpdir(), 'mr-cli-'));
const workDir = join(base, 'work');
const parameterDir = join(base, 'parameters');
const inputFile = join(base, 'input.json');
await cp(resolve(values.model), workDir, { recursive: true });
if (values.parameters) await cp(resolve(values.parameters), parameterDir, { recursive: true });
else await mkdir(parameterDir);
if (values.inputs) await cp(resolve(values.inputs), inputFile);
else await writeFile(inputFile, '{}');

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort());

const outcome = await runModel(
  {
    language: language.data,
    workDir,
    ...(values.entry ? { entry: values.entry } : {}),
    inputFile,
    parameterDir,
    outputDir: values['output-dir'] ?? 'output',
    timeoutSeconds: Number(values.timeout),
  },
  {
    signal: controller.signal,
    // If this process is killed, the next run on the machine removes the folder.
    runFolder: base,
    onLog: (stream, chunk) => (stream === 'stdout' ? process.stdout : process.stderr).write(chunk),
  },
);
const shown =
  outcome.result?.kind === 'visualization' && !values.full
    ? {
        ...outcome,
        result: { kind: 'visualization', elements: outcome.result.result.elements.map((e) => e.kind) },
      }
    : outcome;
process.stdout.write(`${JSON.stringify({ workDir, ...shown }, null, 2)}\n`);
process.exitCode = outcome.status === 'COMPLETED' ? 0 : 1;
