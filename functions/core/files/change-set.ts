import { FILE_OWNER_MESSAGES, mayControlFile, ownerOnlyChanges } from '@shared/rules/file-permissions';
import type { FileAttributes, FileChangeSetBody } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import type { FileVersionItem } from '../../data/file-versions';
import { type ModelFileRecord, modelFileObjectKey, updateStamp } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import type { Issue } from '../models/entry-rules';
import { mayReadFile } from '../models/file-read-rules';
import {
  extensionOf,
  FILE_MESSAGES,
  isValidFileName,
  isValidFolderPath,
  publishedFileProblems,
} from '../uploads/file-rules';
import { FILE_MANAGER_MESSAGES as M } from './file-messages';
import { folderPathOf, isInside, languagesOf, nodeKey } from './file-nodes';
import { nextVersion } from './file-versions';

/**
 * The rules of one file manager save (FileChangeSetBody), as pure functions:
 * - `changeSetIssues`: every problem of the save at once (422), before anything is copied or written;
 * - `planChangeSet`: the new folder and clone nodes, the removals (a folder takes its content along)
 *   and which uploads replace existing files;
 * - `applyChangeSet`: with the uploaded records, the file items to create, change and delete, the
 *   entry's resulting file list and the audit detail.
 * An upload with the path and name of an existing file replaces its body: the file keeps its uuid,
 * attributes and sharing, and the new body is added to its versions. Removing a file and uploading
 * one under the same name in the same save is such a replacement too.
 */
export interface ChangeSetContext {
  model: ModelRecord;
  existing: readonly ModelFileRecord[];
  caller: User;
  /** settings.uploadConfig.allowedExtensions as '.ext' (empty: every extension). */
  allowedExtensions: readonly string[];
}

export const SPREADSHEET_EXTENSIONS: readonly string[] = ['.xls', '.xlsx'];

const indexOf = (files: readonly ModelFileRecord[]) => ({
  byUuid: new Map(files.map((f) => [f.uuid, f])),
  byKey: new Map(files.map((f) => [nodeKey(f), f])),
});

/** The nodes `uuids` remove: a folder with everything under it; unknown uuids are `missing`. */
export function expandRemovals(
  existing: readonly ModelFileRecord[],
  uuids: readonly string[],
): { removed: ModelFileRecord[]; missing: string[] } {
  const { byUuid } = indexOf(existing);
  const removed = new Map<string, ModelFileRecord>();
  const missing: string[] = [];
  for (const uuid of uuids) {
    const node = byUuid.get(uuid);
    if (!node) {
      missing.push(uuid);
      continue;
    }
    removed.set(node.uuid, node);
    if (!node.folder) continue;
    const inside = folderPathOf(node);
    for (const f of existing) if (isInside(f, inside)) removed.set(f.uuid, f);
  }
  return { removed: [...removed.values()], missing };
}

/** Folder paths of 'a/b/c' from the top: 'a', 'a/b', 'a/b/c' as { path, name }. */
function folderChain(path: string): { path: string; name: string }[] {
  const parts = path.split('/');
  return parts.map((name, i) => ({ path: parts.slice(0, i).join('/'), name }));
}

/**
 * The refusal of a save that changes the cdd or private flag of files the caller neither owns nor may
 * control as a super user (shared/rules/file-permissions.ts), naming those files; undefined otherwise.
 * The whole save is refused (403), not just those changes.
 */
export function ownerOnlyRefusal(ctx: ChangeSetContext, body: FileChangeSetBody): string | undefined {
  const { byUuid } = indexOf(ctx.existing);
  const names = body.update.flatMap((u) => {
    const f = byUuid.get(u.uuid);
    if (!f || f.folder || mayControlFile(ctx.caller, f)) return [];
    return ownerOnlyChanges(f, u).length > 0 ? [f.path ? `${f.path}/${f.name}` : f.name] : [];
  });
  return names.length > 0 ? FILE_OWNER_MESSAGES.attributes([...new Set(names)]) : undefined;
}

/** Every problem of the save (empty: it may be applied). */
export function changeSetIssues(ctx: ChangeSetContext, body: FileChangeSetBody): Issue[] {
  const issues: Issue[] = [];
  const report = (path: string, message: string) => issues.push({ path, message });
  const { byUuid, byKey } = indexOf(ctx.existing);
  const published = ctx.model.status === 'PUBLISHED';
  const allowed = (name: string) =>
    ctx.allowedExtensions.length === 0 || ctx.allowedExtensions.includes(extensionOf(name));

  // Removals: unknown nodes; never the main file of a published entry.
  const { removed, missing } = expandRemovals(ctx.existing, body.remove);
  for (const uuid of missing) report('body.remove', M.notFound(`The file or folder ${uuid}`));
  const removedIds = new Set(removed.map((f) => f.uuid));
  if (published) {
    for (const f of removed) {
      if (!f.folder && f.mainFile) report('body.remove', M.removeMainFileOnPublished(f.name));
    }
  }

  // New folders: valid paths that do not run into a file.
  for (const path of body.folders) {
    if (!isValidFolderPath(path)) {
      report('body.folders', FILE_MESSAGES.badPath(path));
      continue;
    }
    for (const step of folderChain(path)) {
      const node = byKey.get(nodeKey(step));
      if (node && !node.folder) report('body.folders', M.folderIsFile(folderPathOf(step)));
    }
  }

  // Uploads: valid names and paths, once each, allowed extensions, not onto a folder.
  const claimed = new Set<string>();
  for (const ref of body.add) {
    if (!isValidFileName(ref.name)) {
      report('body.add', FILE_MESSAGES.badName(ref.name));
      continue;
    }
    if (!isValidFolderPath(ref.path)) {
      report('body.add', FILE_MESSAGES.badPath(ref.path));
      continue;
    }
    const key = nodeKey(ref);
    if (claimed.has(key)) report('body.add', M.twice(ref.name));
    claimed.add(key);
    if (!allowed(ref.name)) report('body.add', FILE_MESSAGES.extensionNotAllowed(ref.name));
    if (byKey.get(key)?.folder) report('body.add', M.nameTaken(ref.name));
  }

  // Attribute changes: existing files, once each, not removed; a published main file stays main.
  const updated = new Set<string>();
  for (const u of body.update) {
    const f = byUuid.get(u.uuid);
    if (!f) {
      report('body.update', M.notFound(`The file ${u.uuid}`));
      continue;
    }
    if (f.folder) {
      report('body.update', M.notAFile(f.name));
      continue;
    }
    if (updated.has(f.uuid)) report('body.update', M.twice(f.name));
    updated.add(f.uuid);
    if (removedIds.has(f.uuid)) report('body.update', M.removedAndChanged(f.name));
    if (published && u.mainFile !== undefined && u.mainFile !== f.mainFile) {
      report('body.update', M.mainFileFlagOnPublished(f.name));
    }
  }

  // Clones: readable spreadsheets, under a free valid name in the source's folder.
  const cloned: { name: string; path: string }[] = [];
  for (const c of body.clone) {
    const source = byUuid.get(c.fromUuid);
    if (!source || source.folder) {
      report('body.clone', M.notFound(`The file ${c.fromUuid}`));
      continue;
    }
    if (!SPREADSHEET_EXTENSIONS.includes(extensionOf(source.name))) {
      report('body.clone', M.cloneNotSpreadsheet(source.name));
      continue;
    }
    if (!mayReadFile(ctx.caller, ctx.model, source)) {
      report('body.clone', M.cloneNotReadable(source.name));
      continue;
    }
    if (!isValidFileName(c.name)) {
      report('body.clone', FILE_MESSAGES.badName(c.name));
      continue;
    }
    const key = nodeKey({ path: source.path, name: c.name });
    const clash = byKey.get(key);
    if ((clash && !removedIds.has(clash.uuid)) || claimed.has(key)) report('body.clone', M.nameTaken(c.name));
    claimed.add(key);
    if (!allowed(c.name)) report('body.clone', FILE_MESSAGES.extensionNotAllowed(c.name));
    cloned.push({ name: c.name, path: source.path });
  }

  // A published entry: no new or replaced main file, no file of the model's language (000 §5).
  if (published) {
    const problems = publishedFileProblems({
      incoming: [
        ...body.add.map((r) => ({ name: r.name, path: r.path, mainFile: r.mainFile })),
        ...cloned.map((c) => ({ ...c, mainFile: false })),
      ],
      existing: ctx.existing,
      languages: languagesOf(ctx.model, ctx.existing),
    });
    for (const message of problems) report('body.add', message);
  }
  return issues;
}

export interface ChangeSetPlan {
  /** New folder nodes (each missing folder of each requested path). */
  folders: ModelFileRecord[];
  /** New clone nodes and the key of the body each one copies. */
  clones: { record: ModelFileRecord; fromKey: string }[];
  /** Nodes to delete (folders with their content), without the files that uploads replace. */
  removed: ModelFileRecord[];
  /** For each upload (same order as `add`): the existing file it replaces, if any. */
  replaces: (ModelFileRecord | undefined)[];
}

/** The nodes a valid save creates, removes and replaces; `newId` gives the uuids of new nodes. */
export function planChangeSet(
  ctx: ChangeSetContext,
  body: FileChangeSetBody,
  now: string,
  newId: () => string,
): ChangeSetPlan {
  const { byUuid, byKey } = indexOf(ctx.existing);
  const modelUuid = ctx.model.uuid;
  const owner = { id: ctx.caller.id, firstName: ctx.caller.firstName, lastName: ctx.caller.lastName };
  const fresh = { owner, createdOn: now, userAccess: [], ...updateStamp(ctx.caller, now) };

  const folders: ModelFileRecord[] = [];
  const planned = new Set<string>();
  for (const path of body.folders) {
    for (const step of folderChain(path)) {
      const key = nodeKey(step);
      if (byKey.has(key) || planned.has(key)) continue;
      planned.add(key);
      folders.push({
        ...fresh,
        uuid: newId(),
        modelUuid,
        name: step.name,
        path: step.path,
        folder: true,
        mainFile: false,
        isPrivate: false,
        cdd: 'No',
        s3Key: '',
      });
    }
  }

  const clones = body.clone.flatMap((c) => {
    const stored = byUuid.get(c.fromUuid);
    if (!stored) return [];
    // A clone takes the source's attributes as this same save leaves them.
    const change = body.update.find((u) => u.uuid === stored.uuid);
    const source = change ? withAttributes(stored, change) : stored;
    const uuid = newId();
    const s3Key = modelFileObjectKey(modelUuid, uuid);
    const record: ModelFileRecord = {
      ...fresh,
      uuid,
      modelUuid,
      name: c.name,
      path: source.path,
      folder: false,
      ...(source.size !== undefined ? { size: source.size } : {}),
      ...(source.fileTag ? { fileTag: source.fileTag } : {}),
      mainFile: false,
      // A copy is as confidential as its source and readable by the same people.
      isPrivate: source.isPrivate,
      cdd: source.cdd,
      ...(source.asOfDate ? { asOfDate: source.asOfDate } : {}),
      userAccess: [...source.userAccess],
      s3Key,
      currentVersion: 1,
    };
    return [{ record, fromKey: source.s3Key }];
  });

  const replaces = body.add.map((ref) => {
    const target = byKey.get(nodeKey(ref));
    return target && !target.folder ? target : undefined;
  });
  const replacedIds = new Set(replaces.flatMap((f) => (f ? [f.uuid] : [])));
  const removed = expandRemovals(ctx.existing, body.remove).removed.filter((f) => !replacedIds.has(f.uuid));
  return { folders, clones, removed, replaces };
}

/** Upper bound of the file items a save writes (for the transaction size). */
export const plannedWrites = (plan: ChangeSetPlan, body: FileChangeSetBody) =>
  plan.folders.length +
  plan.removed.length +
  body.update.length +
  // Each upload and clone writes its node and the item of its body (data/file-versions.ts).
  2 * (plan.clones.length + body.add.length);

export interface ChangeSetWrites {
  /** New nodes (uploads, clones, folders): Put if not exists. */
  created: ModelFileRecord[];
  /** Changed nodes with the revision they were read at. */
  changed: { file: ModelFileRecord; expectedRev: number }[];
  removed: ModelFileRecord[];
  /** Version items of the bodies written (uploads, replacements, clones): Put if not exists. */
  versions: FileVersionItem[];
  /** The entry's file list after the save. */
  after: ModelFileRecord[];
  /** Short audit detail: '2 added, 1 replaced, 1 removed'. */
  detail: string;
}

/** Applies attribute changes ('' clears the as-of date, the file type and the comment). */
export function withAttributes(file: ModelFileRecord, change: FileAttributes): ModelFileRecord {
  const { fileTag, asOfDate, comment, ...rest } = file;
  const pick = (next: string | undefined, before: string | undefined) =>
    next === undefined ? before : next === '' ? undefined : next;
  const tag = pick(change.fileTag, fileTag);
  const date = pick(change.asOfDate, asOfDate);
  const text = pick(change.comment, comment);
  return {
    ...rest,
    ...(tag ? { fileTag: tag } : {}),
    ...(date ? { asOfDate: date } : {}),
    ...(text ? { comment: text } : {}),
    ...(change.cdd !== undefined ? { cdd: change.cdd } : {}),
    ...(change.isPrivate !== undefined ? { isPrivate: change.isPrivate } : {}),
    ...(change.mainFile !== undefined ? { mainFile: change.mainFile } : {}),
  };
}

/**
 * The writes of a valid save, given the records `takeUploadedFiles` made for its uploads (same order
 * as `add`; their bodies are already copied under fresh keys).
 */
export function applyChangeSet(
  ctx: ChangeSetContext,
  body: FileChangeSetBody,
  plan: ChangeSetPlan,
  uploaded: readonly ModelFileRecord[],
  now: string,
): ChangeSetWrites {
  const { byUuid } = indexOf(ctx.existing);
  const stamp = updateStamp(ctx.caller, now);
  const changed = new Map<string, ModelFileRecord>();
  const current = (f: ModelFileRecord) => changed.get(f.uuid) ?? f;

  for (const { uuid, ...change } of body.update) {
    const before = byUuid.get(uuid);
    if (before) changed.set(uuid, { ...withAttributes(current(before), change), ...stamp });
  }

  const created: ModelFileRecord[] = [...plan.folders, ...plan.clones.map((c) => c.record)];
  const modelUuid = ctx.model.uuid;
  // One item per body written (data/file-versions.ts): clones and uploads start at 1, a replacement
  // takes the number after the file's current one.
  const versions: FileVersionItem[] = plan.clones.map(({ record }) =>
    nextVersion({ modelUuid, fileUuid: record.uuid }, undefined, 'CLONED', {
      isid: ctx.caller.id,
      timestamp: now,
      ...(record.size !== undefined ? { size: record.size } : {}),
      s3Key: record.s3Key,
    }),
  );
  let added = 0;
  body.add.forEach((ref, i) => {
    const record = uploaded[i];
    if (!record) return;
    const version = { isid: ctx.caller.id, timestamp: now, size: record.size ?? 0, s3Key: record.s3Key };
    const target = plan.replaces[i];
    if (!target) {
      added++;
      created.push({ ...record, currentVersion: 1 });
      versions.push(nextVersion({ modelUuid, fileUuid: record.uuid }, undefined, 'UPLOADED', version));
      return;
    }
    const before = current(target);
    const next = nextVersion({ modelUuid, fileUuid: target.uuid }, before, 'REPLACED', version);
    versions.push(next);
    changed.set(target.uuid, {
      ...before,
      ...stamp,
      size: version.size,
      s3Key: record.s3Key,
      ...(ref.fileTag ? { fileTag: ref.fileTag } : {}),
      mainFile: before.mainFile || ref.mainFile,
      currentVersion: next.versionNumber,
    });
  });

  const removedIds = new Set(plan.removed.map((f) => f.uuid));
  const after = [...ctx.existing.filter((f) => !removedIds.has(f.uuid)).map(current), ...created];
  const replaced = new Set(plan.replaces.flatMap((f) => (f ? [f.uuid] : []))).size;
  const detail = [
    [added, 'added'],
    [replaced, 'replaced'],
    [plan.removed.length, 'removed'],
    [body.update.length, 'updated'],
    [plan.clones.length, 'cloned'],
    [plan.folders.length, plan.folders.length === 1 ? 'folder created' : 'folders created'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ');
  return {
    created,
    changed: [...changed.values()].map((file) => ({ file, expectedRev: byUuid.get(file.uuid)?.rev ?? 0 })),
    removed: plan.removed,
    versions,
    after,
    detail,
  };
}
