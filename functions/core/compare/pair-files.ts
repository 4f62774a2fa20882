/**
 * Pairs the files of two versions of an entry (issue 18 §3): by history chain first, then by path.
 *
 * A file's history chain is the file itself followed by the files it was carried from into each
 * newer version (file-ancestry.ts), nearest first. Two files whose chains meet are the same file in
 * two versions, even when one was renamed or moved since. Files left over are paired by folder path
 * and name, as a user would match them; what is left then was added or removed.
 */
export interface PairingFile {
  readonly uuid: string;
  /** Folder path inside the entry ('' for the root). */
  readonly path: string;
  readonly name: string;
  /** The file's history chain: its own identity first, then its origins', nearest first. */
  readonly chain: readonly string[];
}

export interface FilePairing<F extends PairingFile> {
  readonly before?: F;
  readonly after?: F;
  /** How a pair was found; absent for an added or removed file. */
  readonly pairedBy?: 'history' | 'path';
}

const fullPath = (f: PairingFile) => (f.path ? `${f.path}/${f.name}` : f.name);

/** Pairs `before` (the version compared from) with `after`; ordered by the path they show. */
export function pairFiles<F extends PairingFile>(
  before: readonly F[],
  after: readonly F[],
): FilePairing<F>[] {
  const pairs: FilePairing<F>[] = [];
  const pairedBefore = new Set<string>();
  const pairedAfter = new Set<string>();

  // 1. History chain: index the first version's files by every identity in their chains.
  const byLink = new Map<string, F[]>();
  for (const f of before) {
    for (const link of new Set(f.chain)) {
      const holders = byLink.get(link) ?? [];
      holders.push(f);
      byLink.set(link, holders);
    }
  }
  for (const a of after) {
    const candidates = new Set<F>();
    // Nearest link first: a file that meets the other's chain sooner is the closer relative.
    for (const link of a.chain)
      for (const f of byLink.get(link) ?? []) if (!pairedBefore.has(f.uuid)) candidates.add(f);
    if (candidates.size === 0) continue;
    // Among relatives (a file copied twice into one version), the one at the same place wins.
    const chosen = [...candidates].find((f) => fullPath(f) === fullPath(a)) ?? [...candidates][0];
    if (!chosen) continue;
    pairs.push({ before: chosen, after: a, pairedBy: 'history' });
    pairedBefore.add(chosen.uuid);
    pairedAfter.add(a.uuid);
  }

  // 2. Path: what the history did not pair, by folder path and name.
  const unpairedBefore = new Map<string, F>();
  for (const f of before) if (!pairedBefore.has(f.uuid)) unpairedBefore.set(fullPath(f), f);
  for (const a of after) {
    if (pairedAfter.has(a.uuid)) continue;
    const b = unpairedBefore.get(fullPath(a));
    if (!b) continue;
    pairs.push({ before: b, after: a, pairedBy: 'path' });
    unpairedBefore.delete(fullPath(a));
    pairedBefore.add(b.uuid);
    pairedAfter.add(a.uuid);
  }

  // 3. The rest was removed or added.
  for (const f of before) if (!pairedBefore.has(f.uuid)) pairs.push({ before: f });
  for (const f of after) if (!pairedAfter.has(f.uuid)) pairs.push({ after: f });

  const shown = (p: FilePairing<F>) => fullPath((p.after ?? p.before) as F);
  return pairs.sort((x, y) => shown(x).localeCompare(shown(y)) || (x.before ? 0 : 1) - (y.before ? 0 : 1));
}
