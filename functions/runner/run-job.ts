import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { RunInputUrls } from '@shared/schemas/run-access';
import { type RunJob, RunJobSchema, type StoredOutcome } from '@shared/schemas/run-job';
import type { RunnerOutcome } from '@shared/schemas/run-result';
import { ZipFile } from 'yazl';
import type { RunAccessClient } from './run-access-client';
import { type RunnerOptions, runModel } from './run-model';

/**
 * The pipeline's side of the runner (docs/running-models.md, "The pipeline"): what the container
 * entrypoint does around `runModel`. The runner reaches storage only through presigned URLs for this
 * run (run-access-client.ts), asked for when they are needed.
 * 1. Ask for the input URLs and read the job Prepare wrote (runs/<runId>/job.json).
 * 2. Download the work files into a fresh directory: the execution files at their folder paths, the
 *    parameter files as `<variable>/<file name>`, the values as input.json.
 * 3. Run the model (the runner layer: timeout, process tree, output limit, classification, record).
 * 4. Ask for the output URLs, and upload what came out: each output file, outputs.zip, result.json,
 *    and outcome.json last (its presence means everything else is there).
 * A job whose files cannot be read ends with runner-error.json instead of an outcome.
 */

export class JobSetupError extends Error {
  override name = 'JobSetupError';
}

/** Downloads and uploads at once. */
const TRANSFER_CONCURRENCY = 4;

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/** GET of a presigned URL; undefined when the object does not exist. */
async function getUrl(url: string, what: string): Promise<Response | undefined> {
  const res = await fetch(url);
  if (res.status === 404) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    throw new JobSetupError(
      `Storage answered ${res.status} to the download of ${what}: ${text.slice(0, 200)}`,
    );
  }
  return res;
}

/** PUT of a body to a presigned URL: a file streamed with its size, or a short document. */
export async function putUrl(
  url: string,
  body: { file: string } | { text: string },
  contentType: string,
): Promise<void> {
  const init: RequestInit & { duplex?: 'half' } =
    'file' in body
      ? {
          method: 'PUT',
          // S3 wants the length of a PUT up front (no chunked uploads): the file's size, streamed.
          body: Readable.toWeb(createReadStream(body.file)) as ReadableStream,
          headers: { 'content-type': contentType, 'content-length': String((await stat(body.file)).size) },
          duplex: 'half',
        }
      : { method: 'PUT', body: body.text, headers: { 'content-type': contentType } };
  const res = await fetch(url, init);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new Error(`Storage answered ${res.status} to an upload: ${text.slice(0, 200)}`);
  }
  await res.body?.cancel();
}

/** The run's job, read through the input URLs the run-access function gave. */
export async function readJob(urls: RunInputUrls, runId: string): Promise<RunJob> {
  const res = await getUrl(urls.job, 'the job');
  if (!res) throw new JobSetupError(`The job of run ${runId} does not exist.`);
  const job = RunJobSchema.parse(await res.json());
  if (job.runId !== runId) throw new JobSetupError(`The job belongs to run ${job.runId}, not ${runId}.`);
  return job;
}

export interface PreparedWork {
  base: string;
  workDir: string;
  parameterDir: string;
  inputFile: string;
}

/** Downloads the job's files through their URLs into a new temporary directory (the caller removes `base`). */
export async function downloadWork(job: RunJob, urls: RunInputUrls): Promise<PreparedWork> {
  const base = await mkdtemp(join(tmpdir(), 'mr-job-'));
  const work: PreparedWork = {
    base,
    workDir: join(base, 'work'),
    parameterDir: join(base, 'parameters'),
    inputFile: join(base, 'input.json'),
  };
  await mkdir(work.workDir, { recursive: true });
  await mkdir(work.parameterDir, { recursive: true });
  const fetchTo = async (key: string, target: string, what: string) => {
    const url = urls.objects[key];
    if (!url) throw new JobSetupError(`The ${what} has no download URL.`);
    const res = await getUrl(url, `the ${what}`);
    if (!res?.body) throw new JobSetupError(`The ${what} could not be read from storage: it is missing.`);
    await mkdir(dirname(target), { recursive: true });
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(target));
  };
  const inside = (dir: string, path: string, what: string) => {
    const target = resolve(dir, path);
    if (!target.startsWith(`${dir}/`))
      throw new JobSetupError(`The ${what} ${path} is outside its directory.`);
    return target;
  };
  const downloads = [
    ...job.files.map((f) => ({
      key: f.key,
      target: inside(work.workDir, f.path, 'execution file'),
      what: `execution file ${f.path}`,
    })),
    ...job.parameterFiles.map((f) => ({
      key: f.key,
      target: inside(work.parameterDir, f.path, 'parameter file'),
      what: `parameter file ${f.path}`,
    })),
    { key: job.valuesKey, target: work.inputFile, what: 'instance values of this run' },
  ];
  await eachLimited(downloads, TRANSFER_CONCURRENCY * 2, (d) => fetchTo(d.key, d.target, d.what));
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
    // A killed runner leaves this folder; the next run on the machine removes it (sandbox.ts).
    { ...options, runFolder: work.base },
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

/**
 * Uploads the outputs, the archive, the result and finally the outcome through PUT URLs asked for now
 * (the model has finished); returns what was stored.
 */
export async function uploadOutcome(
  job: RunJob,
  work: PreparedWork,
  outcome: RunnerOutcome,
  timing: { startedOn: Date; downloadMs: number },
  access: RunAccessClient,
): Promise<StoredOutcome> {
  const started = performance.now();
  const outputDir = resolve(work.workDir, job.outputDir || '.');
  const files = outcome.outputFiles;
  const urls = await access.outputs(files.map((f) => f.path));
  await eachLimited(files, TRANSFER_CONCURRENCY, async (f) => {
    const url = urls.outputs[f.path];
    if (!url) throw new Error(`No upload URL for the output ${f.path}.`);
    await putUrl(url, { file: join(outputDir, f.path) }, contentTypeOf(f.path));
  });
  if (files.length > 0) {
    // Written to a file first (outside the work directory): S3 needs the archive's length up front.
    const zipFile = join(work.base, 'outputs.zip');
    const zip = new ZipFile();
    for (const f of files) zip.addFile(join(outputDir, f.path), f.path);
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(zipFile));
    await putUrl(urls.archive, { file: zipFile }, 'application/zip');
  }
  if (outcome.result?.kind === 'visualization')
    await putUrl(urls.result, { text: JSON.stringify(outcome.result.result) }, 'application/json');
  const stored: StoredOutcome = {
    ...outcome,
    runner: {
      startedOn: timing.startedOn.toISOString(),
      finishedOn: new Date().toISOString(),
      downloadMs: timing.downloadMs,
      uploadMs: Math.round(performance.now() - started),
    },
  };
  await putUrl(urls.outcome, { text: JSON.stringify(stored) }, 'application/json');
  return stored;
}

/** runner-error.json: the runner could not run the model at all. */
export async function uploadRunnerError(access: RunAccessClient, message: string): Promise<void> {
  const urls = await access.outputs([]);
  await putUrl(
    urls.runnerError,
    { text: JSON.stringify({ message, at: new Date().toISOString() }) },
    'application/json',
  );
}

export async function removeWork(work: PreparedWork | undefined): Promise<void> {
  if (work) await rm(work.base, { recursive: true, force: true });
}
