import { assembleModelName, nameKey } from '@shared/rules/model-name';
import type { MetadataOptionType, RenameJob } from '@shared/schemas/metadata-option';
import type { ModelMetadata } from '@shared/schemas/model';
import { adminAuditPut } from '../../data/audit';
import { listMetadataOptions, optionRenameFinished, studyMetadataSet } from '../../data/metadata-options';
import { fileTypesOf, listModelFiles, type ModelFileRecord, modelFileUpdate } from '../../data/model-files';
import { modelNameDelete, modelNamePut } from '../../data/model-names';
import { getModel, type ModelRecord, metadataKeyDelete, metadataKeyPut, modelPut } from '../../data/models';
import { getRenameJob, renameJobFinish, setRenameJobProgress } from '../../data/option-rename-jobs';
import {
  ConditionFailedError,
  type LabeledTxItem,
  MAX_TRANSACTION_ITEMS,
  runTransaction,
} from '../../data/transactions';
import { logger } from '../../lib/observability';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { type CatalogueProjection, createProjection } from '../catalogue/projection';
import { entriesUsing } from '../options/option-usage';
import { metadataFingerprint } from './metadata-fingerprint';
import { catalogueChange, nextRevision } from './model-writes';

/**
 * The rename job of a metadata option (issue 20 §5): every model entry that holds the former value gets
 * the new one, each in its own transaction with its catalogue change, so the catalogue search and the
 * Dynamic View follow entry by entry, exactly as for an edit in the form.
 *
 * Resumable by construction: the job item keeps counts only; what is left is asked again of the
 * catalogue projection ("entries whose property is exactly the former value"), which every write of
 * this job updates. A run that stops (deadline, crash, a redelivered event) is continued by running the
 * job again (Lambda redelivers a failed asynchronous event; an administrator may press Resume); an
 * entry renamed twice is impossible since the second run no longer finds it.
 *
 * Per entry: the metadata value (a list value in place), the entry's assembled name when it was
 * assembled from the metadata (its name key moves with it), and the identifying fingerprint key. A
 * concurrent edit of the entry (stale rev) is read again and retried. A File Type is a tag on files:
 * its rename retags the entry's files and the entry's file types (fileTypeRenameSteps).
 */

/** Entries renamed in parallel: each is one small transaction. */
const CONCURRENCY = 8;
/** Entries per progress write. */
const BATCH = 200;
/** Attempts per entry when a concurrent edit makes its transaction stale. */
const ENTRY_ATTEMPTS = 3;

export type RenameRunOutcome = 'DONE' | 'FAILED' | 'CONTINUE' | 'NOT_RUNNING';

export interface RenameRunOptions {
  /** Epoch ms after which the run stops between batches (left RUNNING, to be resumed). */
  deadline?: number;
  projection?: CatalogueProjection;
  now?: () => number;
}

let sharedProjection: CatalogueProjection | undefined;

/** The metadata with `from` replaced by `to` in the property, or undefined when it does not hold `from`. */
export function renamedMetadata(
  metadata: ModelMetadata,
  type: MetadataOptionType,
  from: string,
  to: string,
): ModelMetadata | undefined {
  switch (type) {
    case 'product':
    case 'country': {
      const list = metadata[type] ?? [];
      if (!list.includes(from)) return undefined;
      // The new value may already be in the list (two options merged by a rename): kept once.
      const next = [...new Set(list.map((v) => (v === from ? to : v)))];
      return { ...metadata, [type]: next };
    }
    case 'model_type':
    case 'therapeutic_area':
    case 'disease':
    case 'study_number':
    case 'stage_of_model_development':
    case 'mathematica_environment':
    case 'python_environment':
      return metadata[type] === from ? { ...metadata, [type]: to } : undefined;
    default:
      return undefined;
  }
}

/** The transaction items that rename one entry, or undefined when it no longer holds the value. */
export function entryRenameItems(
  model: ModelRecord,
  job: Pick<RenameJob, 'type' | 'from' | 'to' | 'startedBy'>,
  now: Date,
): { items: LabeledTxItem[]; next: ModelRecord } | undefined {
  const metadata = renamedMetadata(model.metadata, job.type, job.from, job.to);
  if (!metadata) return undefined;
  // Only a name that was assembled from the metadata follows it; a name given otherwise stays.
  const assembled = assembleModelName(model.metadata) === model.name;
  const name = assembled ? assembleModelName(metadata) : model.name;
  const key = assembled ? nameKey(name) : model.nameKey;
  const metaKey = metadataFingerprint(metadata);
  const next: ModelRecord = {
    ...nextRevision(model, job.startedBy, now),
    metadata,
    name,
    nameKey: key,
    metaKey,
  };
  const items: LabeledTxItem[] = [modelPut(next, model.rev)];
  if (key !== model.nameKey)
    items.push(modelNameDelete(model.nameKey, model.uuid), modelNamePut(key, name, model.uuid));
  if (metaKey !== model.metaKey)
    items.push(metadataKeyDelete(model.metaKey, model.uuid), metadataKeyPut(metaKey, model.uuid));
  items.push(catalogueChange(next));
  return { items, next };
}

/** File items per transaction of a File Type rename: the last one also holds the entry and its change. */
const FILE_ITEMS_PER_STEP = MAX_TRANSACTION_ITEMS - 2;

/**
 * The transactions that move one entry's files from File Type `from` to `to`, or undefined when none
 * of its files (nor its kept file types) holds `from`. Each file is written conditional on the
 * revision it was read at; the entry (conditional on its rev) takes the file types recomputed over
 * all its files and its catalogue change in the LAST transaction, so the catalogue shows the entry
 * renamed only once every file is. An entry with more tagged files than one transaction holds is
 * retagged in several; if a run stops between them, the entry still shows `from` in the catalogue
 * and the next run finds it and retags the rest.
 */
export function fileTypeRenameSteps(
  model: ModelRecord,
  files: readonly ModelFileRecord[],
  job: Pick<RenameJob, 'from' | 'to' | 'startedBy'>,
  now: Date,
): LabeledTxItem[][] | undefined {
  const tagged = files.filter((f) => !f.folder && f.fileTag === job.from);
  if (tagged.length === 0 && !model.fileTypes?.includes(job.from)) return undefined;
  const renamed = new Map(tagged.map((f) => [f.uuid, { ...f, fileTag: job.to }]));
  const next: ModelRecord = {
    ...nextRevision(model, job.startedBy, now),
    fileTypes: fileTypesOf(files.map((f) => renamed.get(f.uuid) ?? f)),
  };
  const fileItems = tagged.map((f) => modelFileUpdate(renamed.get(f.uuid) as ModelFileRecord, f.rev ?? 0));
  const steps: LabeledTxItem[][] = [];
  for (let at = 0; at + FILE_ITEMS_PER_STEP < fileItems.length; at += FILE_ITEMS_PER_STEP)
    steps.push(fileItems.slice(at, at + FILE_ITEMS_PER_STEP));
  const rest = fileItems.slice(steps.length * FILE_ITEMS_PER_STEP);
  steps.push([modelPut(next, model.rev), ...rest, catalogueChange(next)]);
  return steps;
}

/** The transactions that rename one entry, or undefined when it no longer holds the value. */
async function renameSteps(model: ModelRecord, job: RenameJob, now: Date) {
  if (job.type === 'file_tag') return fileTypeRenameSteps(model, await listModelFiles(model.uuid), job, now);
  const change = entryRenameItems(model, job, now);
  return change ? [change.items] : undefined;
}

/** Renames one entry; false when it could not be (its name taken, or edited again and again). */
async function renameEntry(uuid: string, job: RenameJob, now: () => number): Promise<boolean> {
  for (let attempt = 1; attempt <= ENTRY_ATTEMPTS; attempt++) {
    const model = await getModel(uuid);
    if (!model) return false;
    const steps = await renameSteps(model, job, new Date(now()));
    if (!steps) return true;
    try {
      for (const step of steps) await runTransaction(step);
      return true;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      // Item 0 is the entry itself (stale rev): read again, as for a file changed meanwhile (a File
      // Type rename). Any other item of a metadata rename is the new name, taken.
      if (job.type !== 'file_tag' && error.itemIndex !== 0) {
        logger.warn('Option rename: the entry cannot take its new name', { uuid, jobId: job.jobId });
        return false;
      }
    }
  }
  return false;
}

/** Study numbers whose assigned metadata names the former value get the new one (002 §3). */
async function studyUpdates(job: RenameJob): Promise<LabeledTxItem[]> {
  const field = job.type;
  if (field !== 'disease' && field !== 'product' && field !== 'therapeutic_area' && field !== 'model_type')
    return [];
  const studies = await listMetadataOptions('study_number');
  return studies.flatMap((study) => {
    const m = study.metadata;
    if (!m) return [];
    if (field === 'product') {
      if (!m.product?.includes(job.from)) return [];
      return [
        studyMetadataSet(study.value, {
          ...m,
          product: [...new Set(m.product.map((p) => (p === job.from ? job.to : p)))],
        }),
      ];
    }
    if (m[field] !== job.from) return [];
    return [studyMetadataSet(study.value, { ...m, [field]: job.to })];
  });
}

async function parallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(workers);
}

/**
 * Runs (or resumes) one rename job.
 * 1. Read the job; anything but RUNNING is left alone.
 * 2. Until the projection shows no entry with the former value: rename a batch in parallel, write the
 *    progress, stop at the deadline (CONTINUE).
 * 3. Then, in one transaction: the option loses its job marker, study numbers that named the former
 *    value name the new one, the job is DONE, and the audit trail records the end. Entries that could
 *    not be renamed end the job as FAILED with their count, the option keeping its new value.
 */
export async function runRenameJob(jobId: string, options: RenameRunOptions = {}): Promise<RenameRunOutcome> {
  const now = options.now ?? Date.now;
  sharedProjection ??= createProjection();
  const projection = options.projection ?? sharedProjection;
  const job = await getRenameJob(jobId);
  if (!job || job.status !== 'RUNNING') return 'NOT_RUNNING';
  const failed = new Set<string>();
  let done = job.done;
  let total = job.total;

  for (;;) {
    const index: CatalogueIndex = await projection.current();
    const left = entriesUsing(index, job.type, job.from, true).filter((e) => !failed.has(e.uuid));
    // What is left plus what was renamed: more than planned when entries gained the value meanwhile.
    total = Math.max(total, done + left.length + failed.size);
    if (left.length === 0) break;
    const batch = left.slice(0, BATCH);
    await parallel(batch, CONCURRENCY, async (entry) => {
      if (await renameEntry(entry.uuid, job, now)) done++;
      else failed.add(entry.uuid);
    });
    await setRenameJobProgress(jobId, done, total, now());
    if (options.deadline !== undefined && now() > options.deadline) return 'CONTINUE';
  }

  const status = failed.size === 0 ? 'DONE' : 'FAILED';
  const error =
    failed.size === 0
      ? undefined
      : `${failed.size} model entries could not be renamed: ${[...failed].slice(0, 20).join(', ')}`;
  await runTransaction([
    optionRenameFinished(job.type, job.to, jobId),
    ...(await studyUpdates(job)),
    renameJobFinish(jobId, status, done, now(), error),
    adminAuditPut(
      {
        actor: job.startedBy,
        action: status === 'DONE' ? 'OPTION_RENAME_FINISHED' : 'OPTION_RENAME_FAILED',
        target: `option:${job.type}:${job.to}`,
        before: { value: job.from },
        after: { value: job.to, entries: done, ...(error ? { error } : {}) },
      },
      now(),
    ),
  ]);
  return status;
}
