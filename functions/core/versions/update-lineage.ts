import { assembleModelName, NAME_MESSAGES, nameKey } from '@shared/rules/model-name';
import { sameScope, versionLineageProblem } from '@shared/rules/model-version';
import { PUBLISH_MESSAGES } from '@shared/rules/publish-checks';
import type { ModelMetadata } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import type { UpdateLineageBody } from '@shared/schemas/versions-api';
import { getModelFile } from '../../data/model-files';
import { getModelNameOwner, modelNameDelete, modelNamePut } from '../../data/model-names';
import {
  getModel,
  listLineage,
  type ModelRecord,
  metadataKeyDelete,
  metadataKeyPut,
  modelPut,
} from '../../data/models';
import { type LabeledTxItem, MAX_TRANSACTION_ITEMS, runTransaction } from '../../data/transactions';
import { ConflictError } from '../../lib/errors';
import { throwIfIssues } from '../models/entry-rules';
import { metadataFingerprint } from '../models/metadata-fingerprint';
import { canSee, loadModelFor } from '../models/model-access';
import { catalogueChange, checkRev, nextRevision } from '../models/model-writes';

export const LINEAGE_MESSAGES = {
  cycle: 'A model entry cannot be linked under itself or one of its descendants.',
  parentInvalid: PUBLISH_MESSAGES.invalidParent,
  changelogNotAFile: 'The changelog file must be a file of this model entry.',
  tooLarge: (n: number, max: number) =>
    `Moving this entry moves ${n} entries of its lineage; at most ${max} move in one change. Move a smaller branch first.`,
} as const;

/** Items of the moved entry itself: entry, old and new name, old and new metadata key, catalogue. */
const OWN_ITEMS = 6;
/** Each descendant moved to the new root: its entry and its catalogue change. */
const ITEMS_PER_DESCENDANT = 2;
export const MAX_MOVED_DESCENDANTS = Math.floor((MAX_TRANSACTION_ITEMS - OWN_ITEMS) / ITEMS_PER_DESCENDANT);

/**
 * Edit Lineage (000 §4 "Lineage editing", issue 18; docs/versions.md "Lineage").
 * 1. Authorize 'editLineage' (edit plus the version-control permission); `rev` must be current.
 * 2. The new place: under a parent the caller may see (draft or published), adopting its root; or a
 *    new lineage of its own (root = itself, no parent). A parent that is the entry or one of its
 *    descendants would make a cycle: 409.
 * 3. The version (kept or sent) must fit the new place: above the parent's in the same scope, below
 *    the smallest child's in the same scope (000 §5); the changelog link, if sent, must be a file of
 *    the entry: it moves with the entry.
 * 4. The whole subtree moves: every descendant takes the new root (their own parent links stay).
 *    Descendants are re-read consistently and written conditional on their revision, in ONE
 *    TransactWrite with the entry (a changed version renames it: name and metadata key items move),
 *    so the tree is never seen half moved. A subtree too large for one transaction is refused (422).
 */
export async function updateLineage(
  caller: User,
  uuid: string,
  body: UpdateLineageBody,
  now = new Date(),
): Promise<ModelRecord> {
  const model = await loadModelFor('editLineage', uuid, caller);
  checkRev(model, body.rev);

  const oldRoot = model.metadata.tree_root_id ?? model.uuid;
  const parent = body.parentId ? await validParent(caller, body.parentId) : undefined;
  const newRoot = parent ? (parent.metadata.tree_root_id ?? parent.uuid) : model.uuid;
  const oldLineage = await listLineage(oldRoot);
  const descendants = descendantsOf(uuid, oldLineage);
  if (parent && (parent.uuid === uuid || descendants.some((d) => d.uuid === parent.uuid))) {
    throw new ConflictError(LINEAGE_MESSAGES.cycle);
  }
  if (parent) await refuseAncestorCycle(uuid, parent);

  const version = body.version ?? model.metadata.version_release_of_model;
  const { tree_parent_id: _p, tree_root_id: _r, changelog_file: oldChangelog, ...rest } = model.metadata;
  const changelog = body.changelogFile === undefined ? oldChangelog : (body.changelogFile ?? undefined);
  const metadata: ModelMetadata = {
    ...rest,
    ...(version !== undefined ? { version_release_of_model: version } : {}),
    ...(changelog ? { changelog_file: changelog } : {}),
    tree_root_id: newRoot,
    ...(parent ? { tree_parent_id: parent.uuid } : {}),
  };
  const childVersions = oldLineage
    .filter((m) => m.metadata.tree_parent_id === uuid && m.uuid !== uuid && sameScope(m.metadata, metadata))
    .flatMap((m) => (m.metadata.version_release_of_model ? [m.metadata.version_release_of_model] : []));
  const problem = versionLineageProblem({
    metadata,
    ...(parent ? { parent: parent.metadata } : {}),
    childVersions,
  });
  const issues = problem ? [{ path: 'body.version', message: problem }] : [];
  if (body.changelogFile) {
    const file = await getModelFile(uuid, body.changelogFile);
    if (!file || file.folder)
      issues.push({ path: 'body.changelogFile', message: LINEAGE_MESSAGES.changelogNotAFile });
  }
  throwIfIssues(issues);

  const moved = newRoot === oldRoot ? [] : descendants;
  if (moved.length > MAX_MOVED_DESCENDANTS) {
    throwIfIssues([
      {
        path: 'body.parentId',
        message: LINEAGE_MESSAGES.tooLarge(moved.length + 1, MAX_MOVED_DESCENDANTS + 1),
      },
    ]);
  }

  const name = assembleModelName(metadata);
  const key = nameKey(name);
  const renamed = key !== model.nameKey;
  if (renamed) {
    const owner = await getModelNameOwner(key);
    if (owner && owner !== uuid) throw new ConflictError(NAME_MESSAGES.notUnique);
  }
  const metaKey = metadataFingerprint(metadata);
  const next: ModelRecord = { ...nextRevision(model, caller.id, now), name, nameKey: key, metaKey, metadata };
  const items: LabeledTxItem[] = [modelPut(next, model.rev), catalogueChange(next)];
  if (renamed) items.push(modelNameDelete(model.nameKey, uuid), modelNamePut(key, name, uuid));
  if (metaKey !== model.metaKey)
    items.push(metadataKeyDelete(model.metaKey, uuid), metadataKeyPut(metaKey, uuid));

  // The lineage index (GSI2) is eventually consistent: each descendant is re-read from its item, and
  // written conditional on the revision read, so a concurrent change makes the whole move a 409.
  const current = await Promise.all(moved.map((d) => getModel(d.uuid)));
  for (const d of current) {
    if (!d || d.metadata.tree_root_id !== oldRoot) continue;
    const movedDescendant: ModelRecord = {
      ...nextRevision(d, caller.id, now),
      metadata: { ...d.metadata, tree_root_id: newRoot },
    };
    items.push(modelPut(movedDescendant, d.rev), catalogueChange(movedDescendant));
  }
  await runTransaction(items);
  return next;
}

/** The parent of a link: an entry the caller may see, a draft or published one (422 otherwise). */
async function validParent(caller: User, parentId: string): Promise<ModelRecord> {
  const parent = await getModel(parentId);
  if (!parent || (parent.status !== 'DRAFT' && parent.status !== 'PUBLISHED') || !canSee(caller, parent)) {
    throwIfIssues([{ path: 'body.parentId', message: LINEAGE_MESSAGES.parentInvalid }]);
  }
  return parent as ModelRecord;
}

/** Every entry below `uuid` in its lineage (children, their children...), by the parent links. */
export function descendantsOf(uuid: string, lineage: readonly ModelRecord[]): ModelRecord[] {
  const children = new Map<string, ModelRecord[]>();
  for (const m of lineage) {
    const p = m.metadata.tree_parent_id;
    if (!p || (m.uuid === uuid && p === uuid)) continue;
    children.set(p, [...(children.get(p) ?? []), m]);
  }
  const out: ModelRecord[] = [];
  const seen = new Set([uuid]);
  const queue = [uuid];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    for (const child of children.get(id) ?? []) {
      if (seen.has(child.uuid)) continue;
      seen.add(child.uuid);
      out.push(child);
      queue.push(child.uuid);
    }
  }
  return out;
}

/**
 * The parent's ancestors, read item by item (consistent): none may be the entry. The lineage index
 * could lag behind a move that just happened; the items cannot.
 */
async function refuseAncestorCycle(uuid: string, parent: ModelRecord): Promise<void> {
  const seen = new Set<string>([parent.uuid]);
  let next = parent.metadata.tree_parent_id;
  for (let depth = 0; next && depth < 1000; depth++) {
    if (next === uuid) throw new ConflictError(LINEAGE_MESSAGES.cycle);
    if (seen.has(next)) return;
    seen.add(next);
    next = (await getModel(next))?.metadata.tree_parent_id;
  }
}
