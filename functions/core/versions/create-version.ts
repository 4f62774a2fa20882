import { randomUUID } from 'node:crypto';
import { assembleModelName, NAME_MESSAGES, nameKey } from '@shared/rules/model-name';
import { versionLineageProblem } from '@shared/rules/model-version';
import { blocksPublish, checkPublishIssues } from '@shared/rules/publish-checks';
import type { ModelMetadata } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import type { NewVersionBody, NewVersionResult } from '@shared/schemas/versions-api';
import { catalogueChangePut, toCatalogueEntry } from '../../data/catalogue-changes';
import { copyObject, deleteObjects, objectSize } from '../../data/file-objects';
import { type FileVersionItem, fileVersionPut } from '../../data/file-versions';
import { lineageUnlocked } from '../../data/lineage-moves';
import {
  fileTypesOf,
  itemDelete,
  listModelFiles,
  type ModelFileRecord,
  modelFileObjectKey,
  modelFilePut,
  updateStamp,
} from '../../data/model-files';
import { getModelNameOwner, modelNamePut } from '../../data/model-names';
import { type ModelRecord, metadataKeyPut, modelPut } from '../../data/models';
import { type LabeledTxItem, MAX_TRANSACTION_ITEMS, runTransaction } from '../../data/transactions';
import { deleteVersionStaging, putVersionStaging, versionStagingDelete } from '../../data/version-staging';
import { ConflictError } from '../../lib/errors';
import { BUSINESS_EVENTS, countEvent, logger } from '../../lib/observability';
import { folderPathOf } from '../files/file-nodes';
import { currentVersionOf } from '../files/file-versions';
import {
  assertMayAddEntries,
  type Issue,
  membershipChanges,
  membershipsOf,
  metadataIssues,
  prepareNewEntryRoles,
  publishIssuesAsIssues,
  throwIfIssues,
  withStewardFields,
  withStudyMetadata,
} from '../models/entry-rules';
import { FILE_NOT_READABLE, mayReadFile } from '../models/file-read-rules';
import { metadataFingerprint } from '../models/metadata-fingerprint';
import { loadModelFor } from '../models/model-access';
import { fullName } from '../models/model-users';
import { PublishRefusedError } from '../models/publish-refusal';
import { activeOptionLists } from '../options/list-metadata-options';

export const VERSION_MESSAGES = {
  unknownFile: (uuid: string) => `${uuid} is not a file of this model entry.`,
  unreadableFile: (name: string) => `${name}: ${FILE_NOT_READABLE}`,
  tooManyMembers: 'Too many owners for one change: add owners in a second step.',
  bodyMissing: (name: string) =>
    `The file '${name}' has no content in storage, so it cannot be carried into the new version. Please report this problem (it was logged).`,
} as const;

/** Bodies copied at once inside S3 (CopyObject): enough to overlap round trips, few enough for S3. */
const COPY_CONCURRENCY = 8;

/**
 * Creates a new version of an entry as ONE operation (000 §4 new-version save order, issue 18;
 * docs/versions.md "New version").
 * 1. Authorize: 'newVersion' on the source (its managers, not external users; read-only THEOREM and
 *    PNEU-insights entries refuse).
 * 2. Roles: normalized as on creation (the creator becomes an owner; lead and steward required);
 *    display users and modelers added to the source's only on a WebModel 2.0 version (422 otherwise).
 * 3. Metadata: the source is the parent, its root the root; the version must be above the parent's in
 *    the same scope (000 §5); required fields, option lists, name length; with publish, the publish
 *    checks. Every problem at once (422).
 * 4. Files: the chosen files of the source (and the folders above them) the caller may read; each
 *    copy continues its file's history (`origin`, a VERSIONED body numbered after the source's).
 * 5. Name uniqueness (409 'Change Suffix in order to make your Model Entry Name unique.'), told early;
 *    the name item's condition enforces it again.
 * 6. Copy the bodies inside S3 (never through the browser) under the new entry's keys.
 * 7. Write. The entry item is the commit point: every reader loads it first, so file items under an
 *    entry that does not exist are seen by no one. When entry, name, metadata key, memberships,
 *    catalogue change, file nodes and their version items fit one TransactWrite (100 items), that is
 *    the whole write. Otherwise the file items go first, in transactions of at most 100, and the
 *    last transaction writes the entry with the rest. If any step fails, the staged file items and
 *    the copies are removed: either the whole version exists or nothing of it is visible. With files,
 *    a journal written first and deleted by the commit lets the sweeper (sweep-versions.ts) remove
 *    what a function that died mid-way left behind.
 */
export async function createVersion(
  caller: User,
  sourceUuid: string,
  body: NewVersionBody,
  now = new Date(),
): Promise<NewVersionResult> {
  assertMayAddEntries(caller);
  const source = await loadModelFor('newVersion', sourceUuid, caller);
  const uuid = randomUUID();
  const issues: Issue[] = [];

  // As 'Update Permissions' does, only users added here are checked against the platform: holders
  // carried over from the source keep their role (docs/permissions.md "Platform roles").
  const {
    roles,
    users,
    issues: roleIssues,
  } = await prepareNewEntryRoles(caller, body.roles, body.metadata, source.roles);
  issues.push(...roleIssues);

  const [{ lists, studies }, sourceFiles] = await Promise.all([
    activeOptionLists(),
    listModelFiles(source.uuid),
  ]);
  const chosen = chooseFiles(caller, source, sourceFiles, body.modelItemUuids, issues);
  const iso = now.toISOString();
  const copies = chosen.map((file) => copyOf(file, uuid, caller, iso, body.fileTypes[file.uuid]));
  const newUuidOf = new Map(chosen.map((file, i) => [file.uuid, copies[i]?.record.uuid]));

  const { tree_parent_id: _p, tree_root_id: _r, changelog_file: changelog, ...rest } = body.metadata;
  // The changelog document is a file of the entry: it follows its file into the copy, or is dropped.
  const changelogCopy = changelog ? newUuidOf.get(changelog) : undefined;
  const metadata: ModelMetadata = withStewardFields(
    withStudyMetadata(
      {
        ...rest,
        tree_parent_id: source.uuid,
        tree_root_id: source.metadata.tree_root_id ?? source.uuid,
        ...(changelogCopy ? { changelog_file: changelogCopy } : {}),
      },
      studies,
    ),
    roles.steward ? users.get(roles.steward) : undefined,
  );
  const versionProblem = versionLineageProblem({ metadata, parent: source.metadata });
  if (versionProblem && metadata.version_release_of_model) {
    issues.push({ path: 'body.metadata.version_release_of_model', message: versionProblem });
  }
  issues.push(...metadataIssues(metadata, lists));
  const fileCount = chosen.filter((f) => !f.folder).length;
  const publishIssues = checkPublishIssues({
    metadata,
    ...(roles.vestLead ? { vestLead: roles.vestLead } : {}),
    ...(roles.steward ? { steward: roles.steward } : {}),
    fileCount,
    parentSelected: true,
    parentValid: true,
  });
  issues.unshift(...publishIssuesAsIssues(publishIssues, 'ERROR_CREATE'));
  throwIfIssues(dedupe(issues));
  if (body.publish && blocksPublish(publishIssues)) throw new PublishRefusedError(publishIssues);

  const name = assembleModelName(metadata);
  const key = nameKey(name);
  if (await getModelNameOwner(key)) throw new ConflictError(NAME_MESSAGES.notUnique);

  const model: ModelRecord = {
    uuid,
    name,
    nameKey: key,
    metaKey: metadataFingerprint(metadata),
    status: body.publish ? 'PUBLISHED' : 'DRAFT',
    metadata,
    roles,
    createdBy: caller.id,
    creatorName: fullName(caller),
    createdOn: iso,
    modifiedOn: iso,
    modifiedBy: caller.id,
    ...(body.publish ? { publishedOn: iso } : {}),
    fileCount,
    fileTypes: fileTypesOf(copies.map((c) => c.record)),
    theorem: metadata.platform === 'Oncology',
    pneu: metadata.platform === 'Pneumococcal Vaccines',
    rev: 1,
  };
  // With files, the version is journaled first (functions/data/version-staging.ts): copies and staged
  // items of a function that dies before the commit are found and removed by the sweeper.
  const journaled = copies.length > 0;
  const commit: LabeledTxItem[] = [
    modelPut(model, 'new'),
    modelNamePut(key, name, uuid),
    metadataKeyPut(model.metaKey, uuid),
    ...membershipChanges(new Map(), membershipsOf(roles, caller.id, uuid)),
    { item: catalogueChangePut(toCatalogueEntry(model, model.creatorName), now.getTime()) },
    // Not while the source's lineage is being moved (its descendants would be left under the old root).
    lineageUnlocked(metadata.tree_root_id ?? source.uuid),
    ...(journaled ? [versionStagingDelete(uuid)] : []),
  ];
  if (commit.length > MAX_TRANSACTION_ITEMS) {
    throwIfIssues([{ path: 'body.roles', message: VERSION_MESSAGES.tooManyMembers }]);
  }
  const fileItems = copies.flatMap(({ record, version }) => [
    modelFilePut(record),
    ...(version ? [fileVersionPut(version)] : []),
  ]);

  const copiedKeys: string[] = [];
  const staged: LabeledTxItem[][] = [];
  if (journaled) {
    await putVersionStaging({ uuid, sourceUuid: source.uuid, startedBy: caller.id, startedOn: iso });
  }
  try {
    await copyBodies(
      copies.flatMap(({ from, record }) =>
        from
          ? [{ from, to: record.s3Key, name: record.path ? `${record.path}/${record.name}` : record.name }]
          : [],
      ),
      copiedKeys,
    );
    const { batches, last } = planWrites(fileItems, commit);
    for (const batch of batches) {
      await runTransaction(batch);
      staged.push(batch);
    }
    await runTransaction(last);
  } catch (error) {
    const clean = (await discardStaged(staged)) && (await discardCopies(copiedKeys));
    // What could not be removed now is left to the sweeper, which the journal points to.
    if (journaled && clean) await deleteVersionStaging(uuid).catch(() => undefined);
    throw error;
  }
  countEvent(BUSINESS_EVENTS.entryCreated);
  return { uuid, name };
}

/**
 * The source's files to carry over: the chosen ones and the folders above them (so the copy's tree is
 * whole). Unknown uuids and files the caller may not read are issues (nothing is copied blind).
 */
function chooseFiles(
  caller: User,
  source: ModelRecord,
  files: readonly ModelFileRecord[],
  uuids: readonly string[],
  issues: Issue[],
): ModelFileRecord[] {
  const byUuid = new Map(files.filter((f) => !f.retired).map((f) => [f.uuid, f]));
  const chosen = new Map<string, ModelFileRecord>();
  for (const fileUuid of new Set(uuids)) {
    const file = byUuid.get(fileUuid);
    if (!file) {
      issues.push({ path: 'body.modelItemUuids', message: VERSION_MESSAGES.unknownFile(fileUuid) });
    } else if (!file.folder && !mayReadFile(caller, source, file)) {
      issues.push({ path: 'body.modelItemUuids', message: VERSION_MESSAGES.unreadableFile(file.name) });
    } else {
      chosen.set(file.uuid, file);
    }
  }
  const folders = files.filter((f) => f.folder && !f.retired);
  for (const file of [...chosen.values()]) {
    for (const folder of folders) {
      const path = folderPathOf(folder);
      if (file.path === path || file.path.startsWith(`${path}/`)) chosen.set(folder.uuid, folder);
    }
  }
  // Folders first, then files, each by path and name: the order the file manager lists them in.
  return [...chosen.values()].sort(
    (a, b) =>
      Number(b.folder) - Number(a.folder) || a.path.localeCompare(b.path) || a.name.localeCompare(b.name),
  );
}

interface FileCopy {
  record: ModelFileRecord;
  /** The source body ('' for folders, which have none). */
  from: string;
  version: FileVersionItem | undefined;
}

/** A source file's node in the new version, and the item of its carried body (files only). */
function copyOf(
  file: ModelFileRecord,
  modelUuid: string,
  caller: User,
  now: string,
  fileType: string | undefined,
): FileCopy {
  const fileUuid = randomUUID();
  const { versions: _v, currentVersion: _c, origin: _o, rev: _rev, retired: _r, fileTag, ...kept } = file;
  const tag = fileType !== undefined ? fileType || undefined : fileTag;
  const base: ModelFileRecord = {
    ...kept,
    ...(tag ? { fileTag: tag } : {}),
    uuid: fileUuid,
    modelUuid,
    // Sharing, owner, cdd and private flag travel with the body: the copy is as confidential as its
    // source and readable by the same people.
    userAccess: [...file.userAccess],
    createdOn: now,
    ...updateStamp(caller, now),
    s3Key: '',
  };
  if (file.folder) return { record: base, from: '', version: undefined };
  const s3Key = modelFileObjectKey(modelUuid, fileUuid);
  const carried = currentVersionOf(file);
  const versionNumber = carried + 1;
  return {
    record: {
      ...base,
      s3Key,
      currentVersion: versionNumber,
      origin: { modelUuid: file.modelUuid, fileUuid: file.uuid, versionNumber: carried },
    },
    from: file.s3Key,
    version: {
      modelUuid,
      fileUuid,
      versionNumber,
      action: 'VERSIONED',
      isid: caller.id,
      timestamp: now,
      ...(file.size !== undefined ? { size: file.size } : {}),
      s3Key,
    },
  };
}

/**
 * CopyObject of every body, a few at a time; `copied` collects what exists, for the cleanup. After a
 * failure no new copy starts, and the copies under way are waited for, so that the cleanup sees them.
 */
async function copyBodies(
  pairs: readonly { from: string; to: string; name: string }[],
  copied: string[],
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < pairs.length) {
      const pair = pairs[next++];
      if (!pair) return;
      try {
        await copyObject(pair.from, pair.to);
        copied.push(pair.to);
      } catch (error) {
        failed = true;
        throw await asDataFault(pair, error);
      }
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(COPY_CONCURRENCY, pairs.length) }, worker),
  );
  const refusal = results.find((r) => r.status === 'rejected');
  if (refusal) throw refusal.reason;
}

/**
 * A copy that failed because the source has no body is a data fault (nothing the user can fix): logged
 * as such and answered 409 naming the file, as the file manager's clone does. Other failures as they came.
 */
async function asDataFault(pair: { from: string; name: string }, error: unknown): Promise<unknown> {
  if ((await objectSize(pair.from).catch(() => 0)) !== undefined) return error;
  logger.error('Data fault: a file body is missing from the files bucket', {
    dataFault: 'missing-file-body',
    s3Key: pair.from,
    name: pair.name,
  });
  return new ConflictError(VERSION_MESSAGES.bodyMissing(pair.name));
}

/**
 * The transactions of the write: everything at once when it fits, otherwise batches of file items
 * (staged under the not-yet-existing entry) and a last transaction with the entry and as many file
 * items as still fit.
 */
export function planWrites(
  fileItems: readonly LabeledTxItem[],
  commit: readonly LabeledTxItem[],
): { batches: LabeledTxItem[][]; last: LabeledTxItem[] } {
  const room = MAX_TRANSACTION_ITEMS - commit.length;
  const inLast = fileItems.length <= room ? fileItems.length : room;
  const early = fileItems.slice(0, fileItems.length - inLast);
  const batches: LabeledTxItem[][] = [];
  for (let i = 0; i < early.length; i += MAX_TRANSACTION_ITEMS) {
    batches.push(early.slice(i, i + MAX_TRANSACTION_ITEMS));
  }
  return { batches, last: [...commit, ...fileItems.slice(fileItems.length - inLast)] };
}

/** Best effort: deletes the copied bodies of a failed version; false when some may remain. */
async function discardCopies(keys: readonly string[]): Promise<boolean> {
  try {
    await deleteObjects(keys);
    return true;
  } catch (error) {
    logger.warn('Could not remove the copied bodies of a failed new version', { keys: keys.length, error });
    return false;
  }
}

/**
 * Best effort: deletes staged file items of a failed version (unreachable without their entry);
 * false when some may remain.
 */
async function discardStaged(staged: readonly LabeledTxItem[][]): Promise<boolean> {
  let clean = true;
  for (const batch of staged) {
    const deletes = batch.flatMap(({ item }) => {
      const key = item.Put?.Item;
      return key ? [itemDelete({ pk: String(key.pk), sk: String(key.sk) })] : [];
    });
    try {
      await runTransaction(deletes);
    } catch (error) {
      logger.warn('Could not remove the staged file items of a failed new version', {
        keys: deletes.length,
        error,
      });
      clean = false;
    }
  }
  return clean;
}

function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.path}|${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
