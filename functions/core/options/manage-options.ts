import {
  assignedMetadataProblems,
  deleteRefusal,
  OPTION_TEXTS,
  type OptionProblem,
  optionKey,
  optionValueProblem,
  retireRefusal,
} from '@shared/rules/metadata-options';
import type { StudyAssignedMetadata } from '@shared/rules/model-metadata';
import type {
  AddOptionBody,
  AdminOption,
  AdminOptionList,
  AffectedEntries,
  MetadataOption,
  MetadataOptionType,
  RenameJob,
  UpdateOptionBody,
  UpdateOptionResult,
} from '@shared/schemas/metadata-option';
import type { User } from '@shared/schemas/user';
import { ulid } from 'ulid';
import { adminAuditPut } from '../../data/audit';
import {
  getMetadataOption,
  listMetadataOptions,
  newOptionPut,
  optionDelete,
  optionReplace,
} from '../../data/metadata-options';
import { getRenameJob, listRenameJobs, renameJobPut } from '../../data/option-rename-jobs';
import { runTransaction } from '../../data/transactions';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { startJob } from '../../lib/job-invoker';
import { requireAdministrator } from '../admin/authorize';
import { type CatalogueProjection, createProjection } from '../catalogue/projection';
import { entriesUsing, isCounted, isProjected, usageCounts } from './option-usage';

/** The catalogue projection of this process: usage counts and affected entries (option-usage.ts). */
let projection: CatalogueProjection | undefined;
const catalogue = () => {
  projection ??= createProjection();
  return projection.current();
};

export const RENAME_JOB_NOT_FOUND = 'The rename job was not found.';

/** Affected entries listed at most (the count is always exact). */
export const AFFECTED_LIST_MAX = 1000;

const toRow = (option: MetadataOption, usage: number | undefined): AdminOption => ({
  type: option.type,
  value: option.value,
  retired: option.retired,
  ...(option.metadata ? { metadata: option.metadata } : {}),
  ...(usage !== undefined ? { usage } : {}),
  ...(option.renameJobId ? { renameJobId: option.renameJobId } : {}),
});

/** Entries using the value; undefined when the property is not counted. */
async function usageOf(type: MetadataOptionType, value: string): Promise<number | undefined> {
  if (!isProjected(type)) return undefined;
  const counts = usageCounts(await catalogue(), type);
  return counts ? (counts.get(optionKey(value)) ?? 0) : undefined;
}

/**
 * GET /v2/admin/metadata-options/{type}: the option grid with usage counts and running renames.
 * 1. Administrators only.
 * 2. The options (one key Query), the counts (the projection), the jobs (one small partition).
 */
export async function listAdminOptions(caller: User, type: MetadataOptionType): Promise<AdminOptionList> {
  requireAdministrator(caller);
  const [options, counts, jobs] = await Promise.all([
    listMetadataOptions(type),
    isProjected(type) ? catalogue().then((index) => usageCounts(index, type)) : Promise.resolve(undefined),
    listRenameJobs(),
  ]);
  const items = options
    .map((o) => toRow(o, counts ? (counts.get(optionKey(o.value)) ?? 0) : undefined))
    .sort((a, b) => a.value.localeCompare(b.value, 'en'));
  return {
    items,
    total: items.length,
    counted: counts !== undefined,
    jobs: jobs.filter((j) => j.type === type && j.status === 'RUNNING'),
  };
}

/** GET /v2/admin/metadata-options/{type}/{value}/entries: what a change of the option would touch. */
export async function affectedEntries(
  caller: User,
  type: MetadataOptionType,
  value: string,
): Promise<AffectedEntries> {
  requireAdministrator(caller);
  const entries = isProjected(type) ? entriesUsing(await catalogue(), type, value) : [];
  return { total: entries.length, items: entries.slice(0, AFFECTED_LIST_MAX) };
}

/** A value problem as the API answers it: 409 for a value the list holds, 400 otherwise. */
function refuse(problem: OptionProblem): never {
  if (problem.key === 'isUnique' || problem.key === 'retiredFileType')
    throw new ConflictError(problem.message);
  throw new ValidationError(problem.message, [{ path: 'value', message: problem.message }]);
}

/** Study numbers' assigned metadata must name active options (002 §5). */
async function checkStudyMetadata(metadata: StudyAssignedMetadata | undefined): Promise<void> {
  if (!metadata) return;
  const active = async (t: MetadataOptionType) =>
    (await listMetadataOptions(t)).filter((o) => !o.retired).map((o) => o.value);
  const [disease, product, therapeutic_area, model_type] = await Promise.all([
    active('disease'),
    active('product'),
    active('therapeutic_area'),
    active('model_type'),
  ]);
  const problems = assignedMetadataProblems(metadata, { disease, product, therapeutic_area, model_type });
  const issues = Object.entries(problems).map(([field, message]) => ({
    path: `metadata.${field}`,
    message: String(message),
  }));
  if (issues.length > 0) throw new ValidationError(issues[0]?.message ?? 'Invalid metadata', issues);
}

/**
 * POST /v2/admin/metadata-options/{type} (Add Option).
 * 1. Administrators only; the value's rules (required, File Types letters only and 25, unique ignoring
 *    case, a retired File Type never again); a study's assigned metadata among the active options.
 * 2. One transaction: the option (conditional on its lowercased key being free) and the audit record.
 */
export async function addOption(
  caller: User,
  type: MetadataOptionType,
  body: AddOptionBody,
  now = Date.now(),
): Promise<AdminOption> {
  requireAdministrator(caller);
  const existing = await listMetadataOptions(type);
  const problem = optionValueProblem(type, body.value, existing);
  if (problem) refuse(problem);
  if (type === 'study_number') await checkStudyMetadata(body.metadata);
  const option: MetadataOption = {
    type,
    value: body.value.trim().replace(/\s+/g, ' '),
    retired: false,
    usage: 0,
    ...(type === 'study_number' && body.metadata ? { metadata: body.metadata } : {}),
  };
  await runTransaction([
    newOptionPut(option),
    adminAuditPut(
      { actor: caller.id, action: 'OPTION_ADDED', target: `option:${type}`, after: { ...option } },
      now,
    ),
  ]);
  return toRow(option, isProjected(type) && isCounted(await catalogue(), type) ? 0 : undefined);
}

async function readOption(type: MetadataOptionType, value: string): Promise<MetadataOption> {
  const option = await getMetadataOption(type, value);
  if (!option) throw new NotFoundError(OPTION_TEXTS.notFound);
  return option;
}

/**
 * PUT /v2/admin/metadata-options/{type}/{value} (Edit Option, Retire Option).
 * - Retire: an active option becomes retired (it stays on the entries that use it, and can never be
 *   chosen or added again).
 * - Edit: a new value and/or (study numbers) new assigned metadata. A new value that entries use starts
 *   the rename job: in one transaction the option moves to its new key with the job's marker, the job
 *   item and the audit record are written; the job then renames every entry and the catalogue search
 *   follows through each entry's change (rename-option-job.ts). Unused: the option just moves.
 */
export async function updateOption(
  caller: User,
  type: MetadataOptionType,
  value: string,
  body: UpdateOptionBody,
  now = Date.now(),
): Promise<UpdateOptionResult> {
  requireAdministrator(caller);
  const option = await readOption(type, value);
  const usage = await usageOf(type, option.value);
  const state = { retired: option.retired, usage, renaming: option.renameJobId !== undefined };
  const target = `option:${type}:${option.value}`;

  if (body.retire) {
    const refusal = retireRefusal(state);
    if (refusal) throw new ConflictError(refusal);
    if (body.value !== undefined && optionKey(body.value) !== optionKey(option.value))
      throw new ValidationError('An option is renamed or retired, not both at once.');
    const retired: MetadataOption = { ...option, retired: true };
    await runTransaction([
      optionReplace(retired),
      adminAuditPut(
        {
          actor: caller.id,
          action: 'OPTION_RETIRED',
          target,
          before: { retired: false },
          after: { retired: true },
        },
        now,
      ),
    ]);
    return { option: toRow(retired, usage), affected: usage ?? 0 };
  }

  const metadataChanged = type === 'study_number' && body.metadata !== undefined;
  const renamed = body.value !== undefined && body.value.trim() !== option.value;
  if (option.retired) throw new ConflictError(OPTION_TEXTS.retiredCannotBeEdited);
  if (option.renameJobId) throw new ConflictError(OPTION_TEXTS.renameRunning);
  if (renamed && usage === undefined) throw new ConflictError(OPTION_TEXTS.uncounted);
  if (!renamed && !metadataChanged) return { option: toRow(option, usage), affected: 0 };
  if (renamed) {
    const problem = optionValueProblem(type, body.value ?? '', await listMetadataOptions(type), option.value);
    if (problem) refuse(problem);
  }
  if (metadataChanged) await checkStudyMetadata(body.metadata);

  const newValue = renamed ? (body.value ?? '').trim().replace(/\s+/g, ' ') : option.value;
  const sameKey = optionKey(newValue) === optionKey(option.value);
  const needsJob = renamed && (usage ?? 0) > 0;
  const jobId = needsJob ? ulid(now) : undefined;
  const next: MetadataOption = {
    ...option,
    value: newValue,
    ...(metadataChanged && body.metadata ? { metadata: body.metadata } : {}),
    ...(jobId ? { renamedFrom: option.value, renameJobId: jobId } : {}),
  };
  const at = new Date(now).toISOString();
  const job = jobId
    ? {
        jobId,
        type,
        from: option.value,
        to: newValue,
        status: 'RUNNING' as const,
        total: usage ?? 0,
        done: 0,
        startedBy: caller.id,
        startedOn: at,
        updatedOn: at,
      }
    : undefined;
  await runTransaction([
    // A change of case only keeps the key: the item is replaced in place.
    ...(sameKey ? [optionReplace(next)] : [optionDelete(type, option.value), newOptionPut(next)]),
    ...(job ? [renameJobPut(job)] : []),
    adminAuditPut(
      {
        actor: caller.id,
        action: renamed ? 'OPTION_RENAMED' : 'OPTION_UPDATED',
        target,
        before: { value: option.value, ...(option.metadata ? { metadata: option.metadata } : {}) },
        after: {
          value: newValue,
          ...(next.metadata ? { metadata: next.metadata } : {}),
          ...(jobId ? { jobId, entries: usage } : {}),
        },
      },
      now,
    ),
  ]);
  if (job) await startJob({ job: 'rename-metadata-option', jobId: job.jobId });
  return { option: toRow(next, usage), affected: renamed ? (usage ?? 0) : 0, ...(job ? { job } : {}) };
}

/**
 * DELETE /v2/admin/metadata-options/{type}/{value} (Delete Option): only an option no entry uses and
 * that is not retired (002 §5); the screen asks for the confirmation tick first.
 */
export async function deleteOption(
  caller: User,
  type: MetadataOptionType,
  value: string,
  now = Date.now(),
): Promise<void> {
  requireAdministrator(caller);
  const option = await readOption(type, value);
  const usage = await usageOf(type, option.value);
  const refusal = deleteRefusal({
    retired: option.retired,
    usage,
    renaming: option.renameJobId !== undefined,
  });
  if (refusal) throw new ConflictError(refusal);
  await runTransaction([
    optionDelete(type, option.value),
    adminAuditPut(
      {
        actor: caller.id,
        action: 'OPTION_DELETED',
        target: `option:${type}:${option.value}`,
        before: { ...option },
      },
      now,
    ),
  ]);
}

/** GET /v2/admin/metadata-option-jobs/{jobId}: a rename's progress. */
export async function getRenameJobFor(caller: User, jobId: string): Promise<RenameJob> {
  requireAdministrator(caller);
  const job = await getRenameJob(jobId);
  if (!job) throw new NotFoundError(RENAME_JOB_NOT_FOUND);
  return job;
}

/**
 * POST /v2/admin/metadata-option-jobs/{jobId}/resume: starts the job's function again for a job that
 * is still RUNNING (stopped at its deadline, or its run lost). Two runs at once are harmless: each
 * entry's transaction is conditional on the revision it read, and a renamed entry is not found again.
 */
export async function resumeRenameJob(caller: User, jobId: string, now = Date.now()): Promise<RenameJob> {
  const job = await getRenameJobFor(caller, jobId);
  if (job.status !== 'RUNNING') throw new ConflictError('The rename job has finished already.');
  await runTransaction([
    adminAuditPut(
      {
        actor: caller.id,
        action: 'OPTION_RENAME_RESUMED',
        target: `option:${job.type}:${job.to}`,
        after: { jobId },
      },
      now,
    ),
  ]);
  await startJob({ job: 'rename-metadata-option', jobId });
  return job;
}
