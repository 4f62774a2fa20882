import { diffArrays } from 'diff';

/**
 * Aligns two sequences (rows or columns) by their keys: equal keys are the same item. Items that
 * occur once on each side anchor the alignment (patience diff), a Myers diff (jsdiff `diffArrays`)
 * aligns what lies between two anchors, and each run of deleted-then-inserted items is paired by
 * similarity, so an edited row stays one row with changed cells instead of a deletion and an insertion.
 */

/** [old index, new index]; null on the side where the item does not exist. */
export type Pair = readonly [number | null, number | null];

/** Above this, pairing a replaced run by similarity costs too much: it is paired in order instead. */
const MAX_SIMILARITY_CELLS = 250_000;
/**
 * Myers on one gap between anchors stops at this many edits or this time (the gap is then treated
 * as replaced and paired in order): its cost grows with length × edits, and a sheet rewritten
 * wholesale has no alignment worth seconds of a function's time.
 */
const MAX_EDIT_LENGTH = 1_000;
const MYERS_TIMEOUT_MS = 2_000;
/** Two items this similar (0..1) are the same item, changed. */
export const SAME_ITEM_SIMILARITY = 0.5;

export function alignSequences(
  oldKeys: readonly string[],
  newKeys: readonly string[],
  similarity: (oldIndex: number, newIndex: number) => number,
): Pair[] {
  const pairs: Pair[] = [];
  const anchors = uniqueAnchors(oldKeys, newKeys);
  let oldAt = 0;
  let newAt = 0;
  for (const [o, n] of [...anchors, [oldKeys.length, newKeys.length] as const]) {
    alignGap(oldKeys, newKeys, oldAt, o, newAt, n, similarity, pairs);
    if (o < oldKeys.length && n < newKeys.length) pairs.push([o, n]);
    oldAt = o + 1;
    newAt = n + 1;
  }
  return pairs;
}

/** Pairs of indexes whose key occurs exactly once on each side, in increasing order on both (an LIS). */
function uniqueAnchors(oldKeys: readonly string[], newKeys: readonly string[]): [number, number][] {
  const counts = new Map<string, { old: number; new: number; oldIndex: number; newIndex: number }>();
  oldKeys.forEach((key, i) => {
    const c = counts.get(key);
    if (c) c.old++;
    else counts.set(key, { old: 1, new: 0, oldIndex: i, newIndex: -1 });
  });
  newKeys.forEach((key, i) => {
    const c = counts.get(key);
    if (c) {
      c.new++;
      c.newIndex = i;
    }
  });
  const candidates: [number, number][] = [];
  for (const c of counts.values()) if (c.old === 1 && c.new === 1) candidates.push([c.oldIndex, c.newIndex]);
  candidates.sort((a, b) => a[0] - b[0]);
  // Longest increasing subsequence on the new indexes (patience sorting, O(n log n)).
  const tails: number[] = [];
  const previous = new Array<number>(candidates.length).fill(-1);
  candidates.forEach(([, n], i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((candidates[tails[mid] as number] as [number, number])[1] < n) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1] as number;
    tails[lo] = i;
  });
  const result: [number, number][] = [];
  for (let i = tails.length > 0 ? (tails[tails.length - 1] as number) : -1; i >= 0; i = previous[i] as number)
    result.push(candidates[i] as [number, number]);
  return result.reverse();
}

function alignGap(
  oldKeys: readonly string[],
  newKeys: readonly string[],
  oldFrom: number,
  oldTo: number,
  newFrom: number,
  newTo: number,
  similarity: (o: number, n: number) => number,
  pairs: Pair[],
) {
  if (oldFrom >= oldTo && newFrom >= newTo) return;
  if (oldFrom >= oldTo || newFrom >= newTo) {
    pairReplaced(range(oldFrom, oldTo), range(newFrom, newTo), similarity, pairs);
    return;
  }
  const changes = diffArrays(oldKeys.slice(oldFrom, oldTo), newKeys.slice(newFrom, newTo), {
    maxEditLength: MAX_EDIT_LENGTH,
    timeout: MYERS_TIMEOUT_MS,
  });
  if (!changes) {
    pairReplaced(range(oldFrom, oldTo), range(newFrom, newTo), similarity, pairs);
    return;
  }
  let o = oldFrom;
  let n = newFrom;
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    if (removed.length > 0 || added.length > 0) pairReplaced(removed, added, similarity, pairs);
    removed = [];
    added = [];
  };
  for (const change of changes) {
    if (change.removed) for (let k = 0; k < change.count; k++) removed.push(o++);
    else if (change.added) for (let k = 0; k < change.count; k++) added.push(n++);
    else {
      flush();
      for (let k = 0; k < change.count; k++) pairs.push([o++, n++]);
    }
  }
  flush();
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * Pairs a run of removed items with a run of added ones where they are similar enough, keeping the
 * order (an alignment that maximises the summed similarity); the rest stay deleted or inserted.
 */
function pairReplaced(
  removed: readonly number[],
  added: readonly number[],
  similarity: (o: number, n: number) => number,
  pairs: Pair[],
) {
  const scored: Pair[] = [];
  pairBySimilarity(removed, added, similarity, scored);
  // What is left unpaired between two paired items, on both sides, sits at the same place: the
  // same row or column rewritten (a column of formulas all changed), so pair it in order.
  let gapRemoved: number[] = [];
  let gapAdded: number[] = [];
  const flush = () => {
    const both = Math.min(gapRemoved.length, gapAdded.length);
    for (let k = 0; k < both; k++) pairs.push([gapRemoved[k] as number, gapAdded[k] as number]);
    for (const o of gapRemoved.slice(both)) pairs.push([o, null]);
    for (const n of gapAdded.slice(both)) pairs.push([null, n]);
    gapRemoved = [];
    gapAdded = [];
  };
  for (const pair of scored) {
    if (pair[0] !== null && pair[1] === null) gapRemoved.push(pair[0]);
    else if (pair[0] === null && pair[1] !== null) gapAdded.push(pair[1]);
    else {
      flush();
      pairs.push(pair);
    }
  }
  flush();
}

function pairBySimilarity(
  removed: readonly number[],
  added: readonly number[],
  similarity: (o: number, n: number) => number,
  pairs: Pair[],
) {
  const d = removed.length;
  const a = added.length;
  if (d === 0 || a === 0) {
    for (const o of removed) pairs.push([o, null]);
    for (const n of added) pairs.push([null, n]);
    return;
  }
  if (d * a > MAX_SIMILARITY_CELLS) {
    // Too large to score every pair: pair in order those that are similar, as a reviewer reads them.
    for (let k = 0; k < Math.max(d, a); k++) {
      const o = removed[k];
      const n = added[k];
      if (o !== undefined && n !== undefined && similarity(o, n) >= SAME_ITEM_SIMILARITY) pairs.push([o, n]);
      else {
        if (o !== undefined) pairs.push([o, null]);
        if (n !== undefined) pairs.push([null, n]);
      }
    }
    return;
  }
  // score[i][j]: best total similarity aligning removed[i..] with added[j..].
  const width = a + 1;
  const score = new Float64Array((d + 1) * width);
  const sim = new Float64Array(d * a);
  for (let i = d - 1; i >= 0; i--) {
    for (let j = a - 1; j >= 0; j--) {
      const s = similarity(removed[i] as number, added[j] as number);
      sim[i * a + j] = s;
      const skipOld = score[(i + 1) * width + j] as number;
      const skipNew = score[i * width + j + 1] as number;
      const take = s >= SAME_ITEM_SIMILARITY ? s + (score[(i + 1) * width + j + 1] as number) : -1;
      score[i * width + j] = Math.max(skipOld, skipNew, take);
    }
  }
  let i = 0;
  let j = 0;
  while (i < d && j < a) {
    const s = sim[i * a + j] as number;
    const here = score[i * width + j] as number;
    if (s >= SAME_ITEM_SIMILARITY && here === s + (score[(i + 1) * width + j + 1] as number)) {
      pairs.push([removed[i] as number, added[j] as number]);
      i++;
      j++;
    } else if (here === score[(i + 1) * width + j]) pairs.push([removed[i++] as number, null]);
    else pairs.push([null, added[j++] as number]);
  }
  for (; i < d; i++) pairs.push([removed[i] as number, null]);
  for (; j < a; j++) pairs.push([null, added[j] as number]);
}
