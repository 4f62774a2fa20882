/**
 * The free-text index of the table view's search. Entries' searchable texts (name parts, model type,
 * creator, therapeutic area, disease, products, study number) are mostly values of the option lists,
 * repeated across thousands of entries, so they are stored once as "fragments" with posting lists of
 * slots. A word is looked for in the fragment vocabulary only (one string, scanned natively), and the
 * entries come from the postings of the fragments that contain it: the cost follows the number of
 * matches, not the 15 MB of text 100,000 entries would have.
 * Postings are append-only; a fragment an entry no longer has stays in its posting list and is
 * checked against the entry's current fragments, until dead postings outnumber live ones and the
 * lists are rebuilt.
 */
const FRAGMENT_END = '\u0001';

export class TextIndex {
  private readonly ids = new Map<string, number>();
  /** All fragments, each followed by FRAGMENT_END, and where each starts. */
  private vocabulary = '';
  private readonly starts: number[] = [];
  private postings: number[][] = [];
  private readonly fragmentsOf: (readonly number[] | undefined)[] = [];
  private livePostings = 0;
  private deadPostings = 0;

  /** Sets the searchable texts of a slot (lowercased here); undefined removes the slot. */
  set(slot: number, texts: readonly string[] | undefined): void {
    const old = this.fragmentsOf[slot];
    const next = texts
      ? [...new Set(texts.map((t) => t.toLowerCase()).filter(Boolean))].map((t) => this.intern(t))
      : undefined;
    this.fragmentsOf[slot] = next;
    for (const f of next ?? []) {
      if (!old?.includes(f)) {
        (this.postings[f] as number[]).push(slot);
        this.livePostings++;
      }
    }
    for (const f of old ?? []) {
      if (!next?.includes(f)) {
        this.livePostings--;
        this.deadPostings++;
      }
    }
    if (this.deadPostings > 10_000 && this.deadPostings > this.livePostings) this.rebuild();
  }

  private intern(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.starts.length;
      this.ids.set(text, id);
      this.starts.push(this.vocabulary.length);
      // Search words never contain the separator (see searchWords), so no match spans two fragments.
      this.vocabulary += text.replaceAll(FRAGMENT_END, ' ') + FRAGMENT_END;
      this.postings.push([]);
    }
    return id;
  }

  private rebuild(): void {
    this.postings = this.starts.map(() => []);
    for (let slot = 0; slot < this.fragmentsOf.length; slot++) {
      for (const f of this.fragmentsOf[slot] ?? []) (this.postings[f] as number[]).push(slot);
    }
    this.deadPostings = 0;
  }

  /** The fragments containing `word`. */
  private fragmentsWith(word: string): number[] {
    const found: number[] = [];
    const vocabulary = this.vocabulary;
    const starts = this.starts;
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

  /** Marks (1) the slots among `size` whose texts contain every word (lowercase, without spaces). */
  match(words: readonly string[], size: number): Uint8Array {
    let result: Uint8Array | undefined;
    for (const word of words) {
      const marks = new Uint8Array(size);
      for (const f of this.fragmentsWith(word)) {
        for (const slot of this.postings[f] as number[]) {
          if (slot < size && (!result || result[slot] === 1) && this.fragmentsOf[slot]?.includes(f))
            marks[slot] = 1;
        }
      }
      result = marks;
    }
    return result ?? new Uint8Array(size).fill(1);
  }
}
