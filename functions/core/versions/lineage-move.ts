import { type LineageMove, lineageMoveDelete, listLineageMoves } from '../../data/lineage-moves';
import { getModel, listLineage, type ModelRecord, modelPut } from '../../data/models';
import {
  ConditionFailedError,
  type LabeledTxItem,
  MAX_TRANSACTION_ITEMS,
  runTransaction,
} from '../../data/transactions';
import { logger } from '../../lib/observability';
import { catalogueChange, nextRevision } from '../models/model-writes';

/**
 * Moving a subtree to another root (Edit Lineage, issue 18 §2; docs/versions.md "Edit Lineage").
 * Each descendant takes the new root (its own parent link stays) with its catalogue change: two
 * transaction items. A move that fits one transaction with the entry is written by `updateLineage`
 * alone; a larger one is journaled (functions/data/lineage-moves.ts) and finished here in batches.
 */

/** Each descendant moved to the new root: its entry and its catalogue change. */
export const ITEMS_PER_DESCENDANT = 2;
/** Descendants per batch of a journaled move: the last batch also deletes the journal. */
export const DESCENDANTS_PER_BATCH = Math.floor((MAX_TRANSACTION_ITEMS - 1) / ITEMS_PER_DESCENDANT);
/** Rounds of a run: a round that meets a concurrent edit (stale revision) reads again and goes on. */
const ROUNDS = 3;

/** Every entry below `uuid` (children, their children...), by the parent links, parents first. */
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

/** The items that give one descendant the new root, conditional on the revision read. */
export function descendantMoveItems(
  descendant: ModelRecord,
  newRoot: string,
  by: string,
  now: Date,
): LabeledTxItem[] {
  const moved: ModelRecord = {
    ...nextRevision(descendant, by, now),
    metadata: { ...descendant.metadata, tree_root_id: newRoot },
  };
  return [modelPut(moved, descendant.rev), catalogueChange(moved)];
}

/**
 * The transactions that move `left` (descendants still under the old root, parents first), each of
 * at most DESCENDANTS_PER_BATCH, the last one deleting the journal; just the deletion when none is left.
 */
export function moveBatches(move: LineageMove, left: readonly ModelRecord[], now: Date): LabeledTxItem[][] {
  const batches: LabeledTxItem[][] = [];
  for (let i = 0; i < left.length; i += DESCENDANTS_PER_BATCH) {
    batches.push(
      left
        .slice(i, i + DESCENDANTS_PER_BATCH)
        .flatMap((d) => descendantMoveItems(d, move.newRoot, move.startedBy, now)),
    );
  }
  const last = batches.at(-1);
  if (last) last.push(lineageMoveDelete(move.oldRoot));
  else batches.push([lineageMoveDelete(move.oldRoot)]);
  return batches;
}

/**
 * The entries of both lineages of a move, each once (a descendant moved a moment ago may still be
 * listed under its old root by the eventually consistent index, or not yet under its new one: the
 * walk by parent links needs both sides).
 */
async function bothLineages(move: LineageMove): Promise<ModelRecord[]> {
  const [before, after] = await Promise.all([listLineage(move.oldRoot), listLineage(move.newRoot)]);
  return [...new Map([...before, ...after].map((m) => [m.uuid, m])).values()];
}

/**
 * Runs (or resumes) a journaled move: the descendants of the moved entry that still name the old
 * root are re-read item by item and given the new root in batches; the last batch deletes the
 * journal. Idempotent: a descendant moved before is skipped, and a second finisher's deletion fails
 * its condition harmlessly. `known` (the descendants read before the move, parents first) spares a
 * run that follows the move at once the index's lag. Returns 'DONE', or 'CONTINUE' when concurrent
 * edits kept refusing a batch (the journal stays; the sweeper runs it again).
 */
export async function finishLineageMove(
  move: LineageMove,
  known?: readonly ModelRecord[],
  now: () => Date = () => new Date(),
): Promise<'DONE' | 'CONTINUE'> {
  for (let round = 0; round < ROUNDS; round++) {
    const candidates = round === 0 && known ? known : descendantsOf(move.uuid, await bothLineages(move));
    const current = await Promise.all(candidates.map((d) => getModel(d.uuid)));
    const left = current.filter(
      (d): d is ModelRecord =>
        d !== undefined && d.status !== 'DELETED' && d.metadata.tree_root_id === move.oldRoot,
    );
    try {
      for (const batch of moveBatches(move, left, now())) await runTransaction(batch);
      return 'DONE';
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      // The journal is gone: another run finished the move.
      if (!(await listLineageMoves()).some((m) => m.oldRoot === move.oldRoot && m.uuid === move.uuid)) {
        return 'DONE';
      }
      logger.warn('Lineage move: a descendant changed meanwhile; reading again', { ...move, round });
    }
  }
  return 'CONTINUE';
}

/**
 * Where each entry belongs while moves are under way: the moved entry and its descendants under the
 * move's new root, whatever their items still say; every other entry under its own root.
 */
export function effectiveRoots(
  entries: readonly ModelRecord[],
  moves: readonly LineageMove[],
): Map<string, string> {
  const roots = new Map(entries.map((m) => [m.uuid, m.metadata.tree_root_id ?? m.uuid]));
  for (const move of moves) {
    for (const id of [move.uuid, ...descendantsOf(move.uuid, entries).map((d) => d.uuid)]) {
      if (roots.has(id)) roots.set(id, move.newRoot);
    }
  }
  return roots;
}
