import { getModelFile, type ModelFileRecord } from '../../data/model-files';

/**
 * A file's history chain as identities (`<entry uuid>/<file uuid>`): itself, the file it was carried
 * from into its version (`origin`, docs/versions.md "File history"), that file's origin, and so on.
 * Two files whose chains meet are the same file in two versions of an entry (pair-files.ts), also
 * when one was renamed or moved, and also for two sibling versions carried from one parent.
 *
 * Every hop is one read of a file item; reads are shared between all the files of a comparison
 * (a lineage of a few versions costs a few reads per file), and a chain stops at MAX_DEPTH hops, at a
 * loop, or where an origin no longer exists (its draft entry was deleted).
 */
const MAX_DEPTH = 100;

interface Origin {
  readonly modelUuid: string;
  readonly fileUuid: string;
}

/** The file this one was carried from; an item without it starts its own chain. */
const originOf = (file: ModelFileRecord): Origin | undefined => file.origin;

export const identityOf = (modelUuid: string, fileUuid: string) => `${modelUuid}/${fileUuid}`;

export type FileReader = (modelUuid: string, fileUuid: string) => Promise<ModelFileRecord | undefined>;

/** A memoizing walker: `chainOf(file)` is the file's identity followed by its ancestors'. */
export function ancestryReader(read: FileReader = getModelFile) {
  const reads = new Map<string, Promise<ModelFileRecord | undefined>>();
  const load = (origin: Origin) => {
    const key = identityOf(origin.modelUuid, origin.fileUuid);
    let loading = reads.get(key);
    if (!loading) {
      loading = read(origin.modelUuid, origin.fileUuid);
      reads.set(key, loading);
    }
    return loading;
  };
  return async function chainOf(file: ModelFileRecord): Promise<string[]> {
    const chain = [identityOf(file.modelUuid, file.uuid)];
    let origin = originOf(file);
    for (let depth = 0; origin && depth < MAX_DEPTH; depth++) {
      const key = identityOf(origin.modelUuid, origin.fileUuid);
      if (chain.includes(key)) break;
      chain.push(key);
      const parent = await load(origin);
      origin = parent ? originOf(parent) : undefined;
    }
    return chain;
  };
}
