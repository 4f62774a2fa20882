import { createHash } from 'node:crypto';
import type { RunJob, StoredOutcome } from '@shared/schemas/run-job';
import type { RunRecord } from '@shared/schemas/run-result';
import { addFingerprintResult, putRunRecord } from '../../data/run-records';

/**
 * The reproducibility record of a run (issue 11 §4): the runner's record (hashes of every model file,
 * parameter file, the values and the result; runtime and image; exit; times) with the pipeline's part
 * (sub-model version, who pressed Execute and when), kept as RUN#<runId> / RECORD, and the run
 * counted under its inputs' fingerprint so that equal inputs with different results show.
 */

/**
 * One hash of everything a run's result should depend on: the entry file, the model files, the
 * parameter files and the values (by their hashes, sorted by path). Runtime versions are left out on
 * purpose: a new runtime giving another result is exactly what this should reveal.
 */
export function inputFingerprint(
  record: Pick<RunRecord, 'entry' | 'modelFiles' | 'parameterFiles' | 'inputSha256'>,
) {
  const files = (list: RunRecord['modelFiles']) =>
    [...list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((f) => [f.path, f.sha256]);
  return createHash('sha256')
    .update(
      JSON.stringify({
        entry: record.entry ?? null,
        modelFiles: files(record.modelFiles),
        parameterFiles: files(record.parameterFiles),
        input: record.inputSha256,
      }),
    )
    .digest('hex');
}

/** Stores the record of a run that the runner ran (its outcome exists), finished either way. */
export async function storeRunRecord(job: RunJob, outcome: StoredOutcome): Promise<void> {
  const fingerprint = inputFingerprint(outcome.record);
  await putRunRecord({
    runId: job.runId,
    groupId: job.groupId,
    instanceId: job.instanceId,
    modelUuid: job.modelUuid,
    status: outcome.status,
    language: job.language,
    subModel: job.subModel,
    ranBy: job.ranBy,
    requestedOn: job.requestedOn,
    record: outcome.record,
    inputFingerprint: fingerprint,
    ...(outcome.fault ? { faultCode: outcome.fault.code } : {}),
  });
  if (outcome.status === 'COMPLETED' && outcome.record.resultSha256)
    await addFingerprintResult(job.modelUuid, fingerprint, outcome.record.resultSha256, job.runId);
}
