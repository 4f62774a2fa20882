import * as z from 'zod/mini';
import { parseItem, queryAll, tableName } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * The journal of a lineage move too large for one transaction (issue 18 §2; docs/versions.md "Edit
 * Lineage"): LINEAGEMOVES / <old root>, one small partition (moves of more than 47 descendants are
 * rare), at most one move out of a lineage at a time. The item is written in the same transaction as
 * the moved entry (the commit point of the move) and deleted in the transaction that moves the last
 * descendant. While it exists:
 * - readers of a lineage (the hierarchy) place the entry's whole subtree under `newRoot`, whatever
 *   root its descendants' items still name, so the tree is seen moved at once;
 * - new versions in the old lineage and other moves touching either lineage wait (409): their
 *   transactions hold `lineageUnlocked`, so nothing lands under the old root behind the move;
 * - the sweeper (functions/jobs/sweep-versions.ts) finishes a move whose function stopped.
 * The item holds the roots only: what is left is found again from both lineages, so a resumed run
 * moves each descendant once (a moved one names the new root and is skipped).
 */
export const LINEAGE_MOVES_PK = 'LINEAGEMOVES';
export const lineageMoveKey = (oldRoot: string) => ({ pk: LINEAGE_MOVES_PK, sk: oldRoot });
export const LINEAGE_MOVE_BUSY =
  'A lineage of this model entry is being moved. Please try again in a minute.';

export const LineageMoveSchema = z.object({
  /** The entry that was linked elsewhere; its descendants follow it. */
  uuid: z.string(),
  oldRoot: z.string(),
  newRoot: z.string(),
  startedBy: z.string(),
  startedOn: z.string(),
});
export type LineageMove = z.infer<typeof LineageMoveSchema>;

/** The journal's Put, in the transaction that moves the entry (one move of an entry at a time). */
export function lineageMovePut(move: LineageMove): LabeledTxItem {
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...lineageMoveKey(move.oldRoot), entity: 'LineageMove', ...move },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: LINEAGE_MOVE_BUSY,
  };
}

/** A ConditionCheck: no move out of the lineage of `root` is under way (409 otherwise). */
export function lineageUnlocked(root: string): LabeledTxItem {
  return {
    item: {
      ConditionCheck: {
        TableName: tableName(),
        Key: lineageMoveKey(root),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    conflict: LINEAGE_MOVE_BUSY,
  };
}

/** The journal's Delete, in the transaction that moves the last descendant (a second finisher fails). */
export function lineageMoveDelete(oldRoot: string): LabeledTxItem {
  return {
    item: {
      Delete: {
        TableName: tableName(),
        Key: lineageMoveKey(oldRoot),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    conflict: 'The lineage move has finished already.',
  };
}

/** Every unfinished move (strongly consistent: a reader must not miss one that just started). */
export async function listLineageMoves(): Promise<LineageMove[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': LINEAGE_MOVES_PK },
    ConsistentRead: true,
  });
  return items.map((item) => parseItem(LineageMoveSchema, item));
}
