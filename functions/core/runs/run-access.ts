import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { RUNS_PREFIX } from '@shared/config/files-bucket';
import {
  type RunAccessRequest,
  RunAccessRequestSchema,
  type RunInputUrls,
  type RunOutputUrls,
} from '@shared/schemas/run-access';
import { type RunJob, RunJobSchema } from '@shared/schemas/run-job';
import { getExecutionRun } from '../../data/executions';
import { getRunAccess, presignRunGet, presignRunPut, putRunAccess } from '../../data/run-access';
import {
  findRunDocument,
  runArchiveKey,
  runJobKey,
  runOutcomeKey,
  runOutputKey,
  runResultKey,
  runRunnerErrorKey,
  runValuesKey,
} from '../../data/run-files';
import { keyPathProblem, modelObjectsPrefix, parameterFilesPrefix } from '../../data/storage-keys';

/**
 * The runner's only way to storage (docs/running-models.md, "What the runner holds"). The runner's
 * task role may invoke the run-access function and nothing else; the function gives presigned URLs for
 * the objects of one run, to whoever shows that run's access token:
 * 1. Prepare makes a random token per run, keeps only its SHA-256 (RUN#<runId> / ACCESS, written only
 *    while the run is INPROCESS) and hands the token to the runner in its container overrides.
 * 2. The runner asks for `inputs` (GET URLs for the job document and every object the job names)
 *    when it starts, and for `outputs` (PUT URLs for this run's output keys) once the model has
 *    finished: URLs are made when they are needed, so a 24-hour run never outlives them.
 * 3. Each request: the token's hash matches (constant time), the run is still INPROCESS, every
 *    output path is a plain relative path; anything else is refused with a clear error.
 */

/** Inputs are downloaded at once; outputs (up to the 2 GB a run may write) within the hour. */
export const INPUT_URL_SECONDS = 15 * 60;
export const OUTPUT_URL_SECONDS = 60 * 60;

export class RunAccessDeniedError extends Error {
  override name = 'RunAccessDenied';
}

export class RunAccessRequestError extends Error {
  override name = 'RunAccessRequestInvalid';
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new access token for a run: 32 random bytes, base64url; the caller stores only its hash. */
export function newRunAccessToken(): { token: string; tokenSha256: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenSha256: sha256Hex(token) };
}

/**
 * Prepare's part: a token for the run, its hash stored while the run is INPROCESS (ConflictError
 * otherwise). The access item outlives the run's longest task by a day, then the table's TTL removes it.
 */
export async function grantRunAccess(
  run: { runId: string; groupId: string; instanceId: string },
  taskTimeoutSeconds: number,
  now = new Date(),
): Promise<string> {
  const { token, tokenSha256 } = newRunAccessToken();
  await putRunAccess({ ...run, tokenSha256, createdOn: now.toISOString() }, taskTimeoutSeconds + 86_400);
  return token;
}

/**
 * An output path (relative to the model's output directory) as a key of this run, through the one
 * validating key builder (functions/data/storage-keys.ts): no leading `/`, no empty, `.` or `..`
 * segments (encoded or not), no backslashes or control characters, bounded lengths.
 */
export function outputKeyOf(runId: string, path: string): string {
  const problem = keyPathProblem(path);
  if (problem)
    throw new RunAccessRequestError(`The output path ${JSON.stringify(path.slice(0, 200))} ${problem}.`);
  return runOutputKey(runId, path);
}

/**
 * A key the job names must be one Prepare builds: a model file or parameter file of the job's entry,
 * or a run document (this run's values and scenario index, the outputs of the calibration or
 * scenarios it reads). The key goes through the key builder's path check (no empty, `.` or `..`
 * segment, also percent-encoded; no backslash or control character; bounded lengths) before its
 * prefix is compared, so `models/<uuid>/files/%2e%2e/...` cannot climb out of the entry.
 */
function inputKeyAllowed(job: RunJob, key: string): boolean {
  if (keyPathProblem(key)) return false;
  return [modelObjectsPrefix(job.modelUuid), parameterFilesPrefix(job.modelUuid), RUNS_PREFIX].some(
    (prefix) => key.startsWith(prefix),
  );
}

/** Checks the token against the run's stored hash and that the run is still in process. */
async function authorize(request: RunAccessRequest): Promise<void> {
  const access = await getRunAccess(request.runId);
  const presented = createHash('sha256').update(request.token).digest();
  const stored = Buffer.from(access?.tokenSha256 ?? '', 'hex');
  // Same message for an unknown run and a wrong token: the caller learns nothing about other runs.
  if (!access || stored.length !== presented.length || !timingSafeEqual(stored, presented))
    throw new RunAccessDeniedError(`The access token is not valid for run ${request.runId}.`);
  const run = await getExecutionRun(access.groupId, access.instanceId);
  if (!run || run.runId !== request.runId || run.status !== 'INPROCESS')
    throw new RunAccessDeniedError(
      `Run ${request.runId} is ${run?.runId === request.runId ? run.status : 'no longer active'}; its access has ended.`,
    );
}

export async function runAccess(event: unknown, now = new Date()): Promise<RunInputUrls | RunOutputUrls> {
  const parsed = RunAccessRequestSchema.safeParse(event);
  if (!parsed.success)
    throw new RunAccessRequestError(
      `The run-access request is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'request'} ${i.message}`).join('; ')}`,
    );
  const request = parsed.data;
  // Paths first: a bad request is refused before anything is read.
  const outputKeys =
    request.request === 'outputs'
      ? request.paths.map((p) => [p, outputKeyOf(request.runId, p)] as const)
      : [];
  await authorize(request);
  const { runId } = request;

  if (request.request === 'inputs') {
    const expiresAt = new Date(now.getTime() + INPUT_URL_SECONDS * 1000).toISOString();
    const document = await findRunDocument(runJobKey(runId));
    const job = RunJobSchema.safeParse(document);
    if (!job.success || job.data.runId !== runId || job.data.valuesKey !== runValuesKey(runId))
      throw new RunAccessRequestError(`Run ${runId} has no job document of its own.`);
    const keys = [
      ...new Set([
        job.data.valuesKey,
        ...job.data.files.map((f) => f.key),
        ...job.data.parameterFiles.map((f) => f.key),
      ]),
    ];
    const refused = keys.filter((k) => !inputKeyAllowed(job.data, k));
    if (refused.length > 0)
      throw new RunAccessRequestError(
        `The job of run ${runId} names objects outside its inputs: ${refused.join(', ')}`,
      );
    const sign = (key: string) => presignRunGet(key, INPUT_URL_SECONDS);
    const [jobUrl, ...urls] = await Promise.all([sign(runJobKey(runId)), ...keys.map(sign)]);
    return {
      expiresAt,
      job: jobUrl ?? '',
      objects: Object.fromEntries(keys.map((k, i) => [k, urls[i] ?? ''])),
    };
  }

  const expiresAt = new Date(now.getTime() + OUTPUT_URL_SECONDS * 1000).toISOString();
  const sign = (key: string) => presignRunPut(key, OUTPUT_URL_SECONDS);
  const [archive, result, outcome, runnerError, ...urls] = await Promise.all([
    sign(runArchiveKey(runId)),
    sign(runResultKey(runId)),
    sign(runOutcomeKey(runId)),
    sign(runRunnerErrorKey(runId)),
    ...outputKeys.map(([, key]) => sign(key)),
  ]);
  return {
    expiresAt,
    outputs: Object.fromEntries(outputKeys.map(([path], i) => [path, urls[i] ?? ''])),
    archive: archive ?? '',
    result: result ?? '',
    outcome: outcome ?? '',
    runnerError: runnerError ?? '',
  };
}
