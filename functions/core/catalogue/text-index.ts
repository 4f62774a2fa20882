/**
 * The free-text index of the table view's search. Entries' searchable texts (name parts, model type,
 * creator, therapeutic area, disease, products, study number) are mostly values of the option lists,
 * repeated across thousands of entries, so they are stored once as "fragments" with posting lists of
 * slots. A word is looked for in the fragment vocabulary only (one string, scanned natively), and the
 * entries come from the postings of the fragments that contain it: the cost follows the number of
 * matches, not the 15 MB of text 100,000 entries would have.
 *
 * Two parts, because slots never change once written (catalogue-index.ts appends a new slot for every
 * applied change and kills the old one):
 * - the base, built by the compaction job and stored in the snapshot (vocabulary string, fragment
 *   starts, postings in one Int32Array), used as loaded: a cold start builds nothing;
 * - the overlay, for the slots appended since: a small Map-based vocabulary of its own.
 * Postings of killed slots stay; the engines skip those slots by their DELETED status.
 */
const FRAGMENT_END = '\u0001';

/** The prebuilt base as stored in the snapshot. */
export interface TextIndexBase {
  /** Every fragment (lowercase) followed by FRAGMENT_END. */
  vocabulary: string;
  /** Where each fragment starts in `vocabulary` (UTF-16 offsets). */
  starts: Int32Array;
  /** Fragment f's slots are postings[postingStarts[f] .. postingStarts[f + 1]). */
  postingStarts: Int32Array;
  postings: Int32Array;
}

/** The distinct lowercase fragments of one slot's texts. */
export function fragmentsOf(texts: readonly string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    // Search words never contain the separator (see searchWords), so no match spans two fragments.
    const fragment = text.toLowerCase().replaceAll(FRAGMENT_END, ' ');
    if (fragment) out.add(fragment);
  }
  return [...out];
}

/** Builds the base over slots 0..n-1 (the compaction job; a snapshot stores the result). */
export function buildTextIndex(textsOfSlot: readonly (readonly string[])[]): TextIndexBase {
  const ids = new Map<string, number>();
  const fragments: string[] = [];
  const postingLists: number[][] = [];
  let total = 0;
  textsOfSlot.forEach((texts, slot) => {
    for (const fragment of fragmentsOf(texts)) {
      let id = ids.get(fragment);
      if (id === undefined) {
        id = fragments.length;
        ids.set(fragment, id);
        fragments.push(fragment);
        postingLists.push([]);
      }
      (postingLists[id] as number[]).push(slot);
      total++;
    }
  });
  const starts = new Int32Array(fragments.length);
  const postingStarts = new Int32Array(fragments.length + 1);
  const postings = new Int32Array(total);
  let offset = 0;
  let at = 0;
  fragments.forEach((fragment, id) => {
    starts[id] = offset;
    offset += fragment.length + 1;
    postingStarts[id] = at;
    postings.set(postingLists[id] as number[], at);
    at += (postingLists[id] as number[]).length;
  });
  postingStarts[fragments.length] = at;
  return { vocabulary: fragments.map((f) => f + FRAGMENT_END).join(''), starts, postingStarts, postings };
}

const EMPTY_BASE: TextIndexBase = {
  vocabulary: '',
  starts: new Int32Array(0),
  postingStarts: new Int32Array(1),
  postings: new Int32Array(0),
};

/** The fragments of `vocabulary` (delimited as described by `starts`) that contain `word`. */
function fragmentsWith(vocabulary: string, starts: ArrayLike<number>, word: string): number[] {
  const found: number[] = [];
  let pos = vocabulary.indexOf(word);
  while (pos !== -1) {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((starts[mid] as number) <= pos) lo = mid;
      else hi = mid - 1;
    }
    found.push(lo);
    if (lo + 1 >= starts.length) break;
    pos = vocabulary.indexOf(word, starts[lo + 1] as number);
  }
  return found;
}

export class TextIndex {
  private readonly base: TextIndexBase;
  private readonly ids = new Map<string, number>();
  private vocabulary = '';
  private readonly starts: number[] = [];
  private readonly postings: number[][] = [];

  constructor(base: TextIndexBase = EMPTY_BASE) {
    this.base = base;
  }

  /** Indexes the texts of a slot appended after the base. */
  add(slot: number, texts: readonly string[]): void {
    for (const fragment of fragmentsOf(texts)) {
      let id = this.ids.get(fragment);
      if (id === undefined) {
        id = this.starts.length;
        this.ids.set(fragment, id);
        this.starts.push(this.vocabulary.length);
        this.vocabulary += fragment + FRAGMENT_END;
        this.postings.push([]);
      }
      (this.postings[id] as number[]).push(slot);
    }
  }

  /** Marks (1) the slots among `size` whose texts contain every word (lowercase, without spaces). */
  match(words: readonly string[], size: number): Uint8Array {
    let result: Uint8Array | undefined;
    const { vocabulary, starts, postingStarts, postings } = this.base;
    for (const word of words) {
      const marks = new Uint8Array(size);
      const mark = (slot: number) => {
        if (slot < size && (!result || result[slot] === 1)) marks[slot] = 1;
      };
      for (const f of fragmentsWith(vocabulary, starts, word)) {
        const end = postingStarts[f + 1] as number;
        for (let x = postingStarts[f] as number; x < end; x++) mark(postings[x] as number);
      }
      for (const f of fragmentsWith(this.vocabulary, this.starts, word)) {
        for (const slot of this.postings[f] as number[]) mark(slot);
      }
      result = marks;
    }
    return result ?? new Uint8Array(size).fill(1);
  }
}
