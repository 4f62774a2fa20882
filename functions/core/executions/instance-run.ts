import { EXECUTION_MESSAGES as MSG } from '@shared/executions/execution-status';
import type { InstanceResult, OutputDownload, RunRecordView } from '@shared/schemas/execution-api';
import { StoredOutcomeSchema } from '@shared/schemas/run-job';
import { RunResultSchema } from '@shared/schemas/run-result';
import type { User } from '@shared/schemas/user';
import { canDownloadResults, hasResults } from '@shared/sub-models/instances';
import { normalizeFileName } from '@shared/sub-models/sub-model';
import { getExecutionRun } from '../../data/executions';
import { presignDownload } from '../../data/file-objects';
import {
  findRunDocument,
  runArchiveKey,
  runOutcomeKey,
  runOutputKey,
  runResultKey,
} from '../../data/run-files';
import { getRunRecord, listFingerprintResults } from '../../data/run-records';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { loadInstance } from '../instances/instance-access';
import { loadSubModelEntry } from '../sub-models/sub-model-access';

/**
 * An instance's latest run, as the instance detail, the visualization and 'Download Results' read it.
 * Every route: the entry is visible and WebModel 2.0, the caller sees the instance (404 otherwise).
 */

/** How long a presigned download of outputs works (as file downloads: 15 minutes). */
const DOWNLOAD_URL_SECONDS = 15 * 60;

async function latestRun(user: User, uuid: string, instanceId: string) {
  const model = await loadSubModelEntry(uuid, user);
  const instance = await loadInstance(user, model, instanceId);
  const run = instance.lastGroupId ? await getExecutionRun(instance.lastGroupId, instance.id) : undefined;
  return { model, instance, run };
}

/**
 * GET …/instances/{instanceId}/result: what the latest run returned (visualization result or files),
 * its notes and the model's log tails; for a failed or cancelled run its error ('Execution Failed')
 * and the logs. A run that is not finished, or no run at all: 409 'Can not fetch results from
 * unfinished scenario.'.
 */
export async function getInstanceResult(
  user: User,
  uuid: string,
  instanceId: string,
): Promise<InstanceResult> {
  const { instance, run } = await latestRun(user, uuid, instanceId);
  const finished =
    hasResults(instance.status) || instance.status === 'FAILED' || instance.status === 'CANCELLED';
  if (!run || !finished) throw new ConflictError(MSG.unfinishedScenario);
  const outcome = StoredOutcomeSchema.safeParse(
    await findRunDocument(runOutcomeKey(run.runId)).catch(() => undefined),
  );
  const base: InstanceResult = {
    instanceId: instance.id,
    status: instance.status,
    runId: run.runId,
    groupId: run.groupId,
    ...(run.finishedOn ? { finishedOn: run.finishedOn } : {}),
    files: outcome.success ? outcome.data.outputFiles : [],
    notes: outcome.success ? outcome.data.notes : [],
    ...(run.error && !hasResults(instance.status) ? { error: run.error } : {}),
    ...(outcome.success ? { logs: { stdout: outcome.data.stdout, stderr: outcome.data.stderr } } : {}),
  };
  if (!hasResults(instance.status)) return base;
  if (outcome.success && outcome.data.result?.kind === 'files') return { ...base, result: { kind: 'files' } };
  const result = RunResultSchema.safeParse(
    await findRunDocument(runResultKey(run.runId)).catch(() => undefined),
  );
  if (result.success) return { ...base, result: { kind: 'visualization', result: result.data } };
  return { ...base, result: { kind: 'files' } };
}

/**
 * GET …/instances/{instanceId}/outputs[?path=]: a presigned GET of the run's outputs.zip, or of one
 * output file; its content-disposition names the file (`<instance>-outputs.zip`, or the file's own
 * name). Only for completed or accepted instances (§4 "Download results").
 */
export async function getInstanceOutputs(
  user: User,
  uuid: string,
  instanceId: string,
  path: string | undefined,
): Promise<OutputDownload> {
  const { instance, run } = await latestRun(user, uuid, instanceId);
  if (!run || !canDownloadResults(instance.status)) throw new ConflictError(MSG.unfinishedScenario);
  const outcome = StoredOutcomeSchema.safeParse(
    await findRunDocument(runOutcomeKey(run.runId)).catch(() => undefined),
  );
  const files = outcome.success ? outcome.data.outputFiles : [];
  if (files.length === 0) throw new NotFoundError(MSG.noOutputs);
  if (path !== undefined) {
    if (!files.some((f) => f.path === path)) throw new NotFoundError(MSG.outputNotFound(path));
    const fileName = path.slice(path.lastIndexOf('/') + 1);
    return {
      url: await presignDownload(runOutputKey(run.runId, path), fileName, DOWNLOAD_URL_SECONDS),
      fileName,
      expiresInSeconds: DOWNLOAD_URL_SECONDS,
    };
  }
  const fileName = `${normalizeFileName(instance.name)}-outputs.zip`;
  return {
    url: await presignDownload(runArchiveKey(run.runId), fileName, DOWNLOAD_URL_SECONDS),
    fileName,
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
  };
}

/**
 * GET …/instances/{instanceId}/record[?runId=]: the reproducibility record of the latest run (or of
 * an earlier run of this instance), with how many runs of the entry had the same inputs and whether
 * they gave different results (non-deterministic).
 */
export async function getInstanceRecord(
  user: User,
  uuid: string,
  instanceId: string,
  runId: string | undefined,
): Promise<RunRecordView> {
  const { instance, run } = await latestRun(user, uuid, instanceId);
  const wanted = runId ?? run?.runId;
  if (!wanted) throw new NotFoundError(MSG.noRun);
  const item = await getRunRecord(wanted);
  if (!item || item.instanceId !== instance.id || item.modelUuid !== uuid)
    throw new NotFoundError(MSG.noRecord);
  const results = await listFingerprintResults(uuid, item.inputFingerprint);
  const sameInputRuns = results.reduce((n, r) => n + r.runIds.length, 0);
  return {
    ...item,
    sameInputRuns,
    distinctResults: results.length,
    nonDeterministic: results.length > 1,
  };
}
