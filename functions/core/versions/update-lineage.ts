import { assembleModelName, NAME_MESSAGES, nameKey } from '@shared/rules/model-name';
import { sameScope, versionLineageProblem } from '@shared/rules/model-version';
import { PUBLISH_MESSAGES } from '@shared/rules/publish-checks';
import type { ModelMetadata } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import type { UpdateLineageBody } from '@shared/schemas/versions-api';
import {
  LINEAGE_MOVE_BUSY,
  lineageMovePut,
  lineageUnlocked,
  listLineageMoves,
} from '../../data/lineage-moves';
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
import { logger } from '../../lib/observability';
import { throwIfIssues } from '../models/entry-rules';
import { metadataFingerprint } from '../models/metadata-fingerprint';
import { canSee, loadModelFor } from '../models/model-access';
import { catalogueChange, checkRev, nextRevision } from '../models/model-writes';
import { descendantMoveItems, descendantsOf, finishLineageMove } from './lineage-move';

export const LINEAGE_MESSAGES = {
  cycle: 'A model entry cannot be linked under itself or one of its descendants.',
  parentInvalid: PUBLISH_MESSAGES.invalidParent,
  changelogNotAFile: 'The changelog file must be a file of this model entry.',
  busy: LINEAGE_MOVE_BUSY,
} as const;

/**
 * Items of the move besides the descendants: entry, old and new name, old and new metadata key,
 * catalogue, and the two lineage locks (a check, or the journal).
 */
const OWN_ITEMS = 8;
/** Descendants that move in the entry's own transaction; a larger subtree is journaled. */
export const MAX_MOVED_DESCENDANTS = Math.floor((MAX_TRANSACTION_ITEMS - OWN_ITEMS) / 2);

/**
 * Edit Lineage (000 §4 "Lineage editing", issue 18; docs/versions.md "Lineage").
 * 1. Authorize 'editLineage' (edit plus the version-control permission); `rev` must be current.
 * 2. The new place: under a parent the caller may see (draft or published), adopting its root; or a
 *    new lineage of its own (root = itself, no parent). A parent that is the entry or one of its
 *    descendants would make a cycle: 409. Neither lineage may have a move under way (409).
 * 3. The version (kept or sent) must fit the new place: above the parent's in the same scope, below
 *    the smallest child's in the same scope (000 §5); the changelog link, if sent, must be a file of
 *    the entry: it moves with the entry.
 * 4. The whole subtree moves: every descendant takes the new root (their own parent links stay),
 *    re-read consistently and written conditional on its revision. Up to MAX_MOVED_DESCENDANTS in ONE
 *    TransactWrite with the entry (a changed version renames it: name and metadata key items move).
 *    A larger subtree: the entry's transaction also writes the move's journal and as many
 *    descendants as fit; the rest follow in batches, the last deleting the journal. Readers place
 *    the subtree under the new root as soon as the journal exists, so the tree is never seen half
 *    moved; a run that stops is finished by the sweeper.
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
  const moves = await listLineageMoves();
  if (moves.some((m) => [m.oldRoot, m.newRoot].some((r) => r === oldRoot || r === newRoot))) {
    throw new ConflictError(LINEAGE_MESSAGES.busy);
  }

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

  const journaled = moved.length > MAX_MOVED_DESCENDANTS;
  const move = { uuid, oldRoot, newRoot, startedBy: caller.id, startedOn: now.toISOString() };
  items.push(journaled ? lineageMovePut(move) : lineageUnlocked(oldRoot));
  if (newRoot !== oldRoot) items.push(lineageUnlocked(newRoot));

  // The lineage index (GSI2) is eventually consistent: each descendant is re-read from its item, and
  // written conditional on the revision read, so a concurrent change makes the move a 409 (or, once
  // journaled, a batch read again).
  const room = journaled ? Math.floor((MAX_TRANSACTION_ITEMS - items.length) / 2) : moved.length;
  const current = await Promise.all(moved.slice(0, room).map((d) => getModel(d.uuid)));
  for (const d of current) {
    if (!d || d.metadata.tree_root_id !== oldRoot) continue;
    items.push(...descendantMoveItems(d, newRoot, caller.id, now));
  }
  await runTransaction(items);
  if (journaled) {
    // The move is committed: the journal makes readers see it whole. What stops it here (a fault,
    // the function's deadline) leaves it to the sweeper, not to the caller.
    const outcome = await finishLineageMove(move, moved.slice(room)).catch((error: unknown) => {
      logger.error('Lineage move stopped; the sweeper finishes it', { ...move, error });
      return 'CONTINUE' as const;
    });
    if (outcome !== 'DONE') logger.warn('Lineage move left to the sweeper', move);
  }
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

export { descendantsOf } from './lineage-move';

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
