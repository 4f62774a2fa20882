import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type RunJob, RunJobSchema, type StoredOutcome } from '@shared/schemas/run-job';
import type { RunnerOutcome } from '@shared/schemas/run-result';
import { ZipFile } from 'yazl';
import { getObjectBytes, getObjectStream } from '../data/file-objects';
import { uploadStream } from '../data/object-upload';
import { putRunDocument, putRunText } from '../data/run-files';
import { type RunnerOptions, runModel } from './run-model';

/**
 * The pipeline's side of the runner (docs/running-models.md, "The pipeline"): what the container
 * entrypoint does around `runModel`.
 * 1. Read the job Prepare wrote (runs/<runId>/job.json).
 * 2. Download the work files into a fresh directory: the execution files at their folder paths, the
 *    parameter files as `<variable>/<file name>`, the values as input.json.
 * 3. Run the model (the runner layer: timeout, process tree, output limit, classification, record).
 * 4. Upload what came out: each output file, outputs.zip, result.json, and outcome.json last (its
 *    presence means everything else is there).
 * A job whose files cannot be read ends with runner-error.json instead of an outcome.
 */

export class JobSetupError extends Error {
  override name = 'JobSetupError';
}

/** Outputs uploaded at once. */
const UPLOAD_CONCURRENCY = 4;

export async function readJob(jobKey: string): Promise<RunJob> {
  const bytes = await getObjectBytes(jobKey);
  if (!bytes) throw new JobSetupError(`The run's job (${jobKey}) does not exist.`);
  return RunJobSchema.parse(JSON.parse(bytes.toString('utf8')));
}

export interface PreparedWork {
  base: string;
  workDir: string;
  parameterDir: string;
  inputFile: string;
}

/** Downloads the job's files into a new temporary directory (the caller removes `base`). */
export async function downloadWork(job: RunJob): Promise<PreparedWork> {
  const base = await mkdtemp(join(tmpdir(), 'mr-job-'));
  const work: PreparedWork = {
    base,
    workDir: join(base, 'work'),
    parameterDir: join(base, 'parameters'),
    inputFile: join(base, 'input.json'),
  };
  await mkdir(work.workDir, { recursive: true });
  await mkdir(work.parameterDir, { recursive: true });
  const fetchTo = async (key: string, dir: string, path: string, what: string) => {
    const target = resolve(dir, path);
    if (!target.startsWith(`${dir}/`))
      throw new JobSetupError(`The ${what} ${path} is outside its directory.`);
    const body = await getObjectStream(key);
    if (!body)
      throw new JobSetupError(`The ${what} ${path} could not be read from storage: its body is missing.`);
    await mkdir(dirname(target), { recursive: true });
    await pipeline(body, createWriteStream(target));
  };
  await Promise.all([
    ...job.files.map((f) => fetchTo(f.key, work.workDir, f.path, 'execution file')),
    ...job.parameterFiles.map((f) => fetchTo(f.key, work.parameterDir, f.path, 'parameter file')),
    (async () => {
      const values = await getObjectBytes(job.valuesKey);
      if (!values) throw new JobSetupError('The instance values of this run are missing.');
      await writeFile(work.inputFile, values);
    })(),
  ]);
  return work;
}

export async function runJob(
  job: RunJob,
  work: PreparedWork,
  options: RunnerOptions,
): Promise<RunnerOutcome> {
  return runModel(
    {
      language: job.language,
      workDir: work.workDir,
      entry: job.entry,
      inputFile: work.inputFile,
      parameterDir: work.parameterDir,
      outputDir: job.outputDir,
      timeoutSeconds: job.timeoutSeconds,
      ...(job.excel ? { excel: job.excel } : {}),
    },
    options,
  );
}

const CONTENT_TYPES: Record<string, string> = {
  json: 'application/json',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  png: 'image/png',
  pdf: 'application/pdf',
  html: 'text/html',
};

export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return CONTENT_TYPES[dot >= 0 ? path.slice(dot + 1).toLowerCase() : ''] ?? 'application/octet-stream';
}

/** Uploads the outputs, the archive, the result and finally the outcome; returns how long it took. */
export async function uploadOutcome(
  job: RunJob,
  work: PreparedWork,
  outcome: RunnerOutcome,
  timing: { startedOn: Date; downloadMs: number },
): Promise<StoredOutcome> {
  const started = performance.now();
  const outputDir = resolve(work.workDir, job.outputDir || '.');
  const files = outcome.outputFiles;
  for (let i = 0; i < files.length; i += UPLOAD_CONCURRENCY)
    await Promise.all(
      files
        .slice(i, i + UPLOAD_CONCURRENCY)
        .map((f) =>
          uploadStream(
            `${job.outputsPrefix}${f.path}`,
            createReadStream(join(outputDir, f.path)),
            contentTypeOf(f.path),
          ),
        ),
    );
  if (files.length > 0) {
    const zip = new ZipFile();
    for (const f of files) zip.addFile(join(outputDir, f.path), f.path);
    zip.end();
    await uploadStream(job.archiveKey, zip.outputStream as Readable, 'application/zip');
  }
  if (outcome.result?.kind === 'visualization')
    await putRunText(job.resultKey, JSON.stringify(outcome.result.result));
  const stored: StoredOutcome = {
    ...outcome,
    runner: {
      startedOn: timing.startedOn.toISOString(),
      finishedOn: new Date().toISOString(),
      downloadMs: timing.downloadMs,
      uploadMs: Math.round(performance.now() - started),
    },
  };
  await putRunDocument(job.outcomeKey, stored);
  return stored;
}

export async function removeWork(work: PreparedWork | undefined): Promise<void> {
  if (work) await rm(work.base, { recursive: true, force: true });
}
