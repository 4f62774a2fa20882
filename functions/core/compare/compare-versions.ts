import type { ComparePair, ComparePairStatus, CompareResult, CompareVersion } from '@shared/schemas/compare';
import type { User } from '@shared/schemas/user';
import { headBody } from '../../data/diff-objects';
import { listModelFiles, type ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { ForbiddenError } from '../../lib/errors';
import { entryFilesDecision, mayDownloadFile } from '../models/file-read-rules';
import { loadVisibleModel } from '../models/model-access';
import { hashBody } from './body-hash';
import { ancestryReader } from './file-ancestry';
import { pairKind } from './file-kinds';
import { type PairingFile, pairFiles } from './pair-files';

/** HEAD and hash requests in flight at once while the statuses of the pairs are found. */
const CONTENT_CONCURRENCY = 8;

type ComparedFile = PairingFile & { readonly record: ModelFileRecord };

/**
 * GET /v2/models/{uuid}/compare/{otherUuid}: what changed from one version of an entry to another.
 * 1. Both entries must be visible to the caller (404 otherwise, telling nothing) and the caller must
 *    be allowed to open each one's files, as the file list requires (403 with its message).
 * 2. Pair their files (folders and retired files aside): history chain first (file-ancestry.ts), then
 *    path (pair-files.ts).
 * 3. A pair's status: the same body, or bodies of the same content, is unchanged; otherwise changed.
 *    Content is compared without reading bodies where S3 already tells: a different size, or two
 *    single-part ETags (MD5s of the content); two multipart ETags of the same size are hashed.
 * 4. Each version's log and changelog document (metadata version_log and changelog_file), with
 *    whether the caller may download the changelog (the download route decides again).
 */
export async function compareVersions(caller: User, uuid: string, otherUuid: string): Promise<CompareResult> {
  const [model, other] = await Promise.all([
    loadVisibleModel(uuid, caller),
    loadVisibleModel(otherUuid, caller),
  ]);
  for (const entry of [model, other]) {
    const decision = entryFilesDecision(caller, entry);
    if (!decision.allowed) throw new ForbiddenError(decision.message);
  }
  const [files, otherFiles] = await Promise.all([listModelFiles(uuid), listModelFiles(otherUuid)]);
  const chainOf = ancestryReader();
  const [before, after] = await Promise.all([comparable(files, chainOf), comparable(otherFiles, chainOf)]);
  const pairings = pairFiles(before, after);
  const statuses = await mapLimited(pairings, CONTENT_CONCURRENCY, async (p) =>
    p.before && p.after ? await contentStatus(p.before.record, p.after.record) : undefined,
  );
  const pairs = pairings.map((p, i): ComparePair => {
    const before = p.before?.record;
    const after = p.after?.record;
    const status: ComparePairStatus = !before ? 'added' : !after ? 'removed' : (statuses[i] ?? 'changed');
    return {
      status,
      kind: pairKind(before?.name, after?.name),
      ...(before ? { fileUuid: before.uuid, file: side(before) } : {}),
      ...(after ? { otherFileUuid: after.uuid, otherFile: side(after) } : {}),
      ...(p.pairedBy ? { pairedBy: p.pairedBy } : {}),
      diffable:
        (!before || mayDownloadFile(caller, model, before)) &&
        (!after || mayDownloadFile(caller, other, after)),
    };
  });
  return {
    version: versionOf(caller, model, files),
    otherVersion: versionOf(caller, other, otherFiles),
    pairs,
  };
}

async function comparable(
  files: readonly ModelFileRecord[],
  chainOf: (file: ModelFileRecord) => Promise<string[]>,
): Promise<ComparedFile[]> {
  const kept = files.filter((f) => !f.folder && !f.retired);
  const chains = await mapLimited(kept, CONTENT_CONCURRENCY, chainOf);
  return kept.map((f, i) => ({
    uuid: f.uuid,
    path: f.path,
    name: f.name,
    chain: chains[i] ?? [],
    record: f,
  }));
}

const side = (f: ModelFileRecord) => ({
  name: f.name,
  path: f.path,
  ...(f.size !== undefined ? { size: f.size } : {}),
});

async function contentStatus(before: ModelFileRecord, after: ModelFileRecord): Promise<ComparePairStatus> {
  if (before.s3Key === after.s3Key) return 'unchanged';
  if (before.size !== undefined && after.size !== undefined && before.size !== after.size) return 'changed';
  const [a, b] = await Promise.all([headBody(before.s3Key), headBody(after.s3Key)]);
  if (!a || !b) return 'changed';
  if (a.size !== b.size) return 'changed';
  if (a.etag === b.etag) return 'unchanged';
  // A single-part ETag is the MD5 of the content: two different ones are two different contents.
  if (!a.etag.includes('-') && !b.etag.includes('-')) return 'changed';
  const [ha, hb] = await Promise.all([hashBody(before.s3Key), hashBody(after.s3Key)]);
  return ha && hb && ha.sha256 === hb.sha256 ? 'unchanged' : 'changed';
}

function versionOf(caller: User, model: ModelRecord, files: readonly ModelFileRecord[]): CompareVersion {
  const {
    version_log: log,
    changelog_file: changelogUuid,
    version_release_of_model: version,
    bitbucket_project: project,
    bitbucket_repository: repository,
    bitbucket_path: path,
    bitbucket_commit: commit,
  } = model.metadata;
  const changelog = changelogUuid ? files.find((f) => f.uuid === changelogUuid && !f.folder) : undefined;
  return {
    uuid: model.uuid,
    name: model.name,
    ...(version ? { version } : {}),
    ...(log?.trim() ? { versionLog: log } : {}),
    ...(changelog
      ? {
          changelog: {
            fileUuid: changelog.uuid,
            name: changelog.name,
            mayDownload: mayDownloadFile(caller, model, changelog),
          },
        }
      : {}),
    // The source-control link, for compare mode's diff of the two versions' commits (issue 18 §5).
    ...(project?.trim() && repository?.trim()
      ? {
          source: {
            project: project.trim(),
            repository: repository.trim(),
            ...(path?.trim() ? { path: path.trim() } : {}),
            ...(commit?.trim() ? { commit: commit.trim() } : {}),
          },
        }
      : {}),
  };
}

/** `fn` over `items`, at most `limit` at a time, results in order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
