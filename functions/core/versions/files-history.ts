import type { User } from '@shared/schemas/user';
import type { FilesHistory } from '@shared/schemas/versions-api';
import { listModelFiles } from '../../data/model-files';
import { getModel } from '../../data/models';
import { getUsers } from '../../data/users';
import { ValidationError } from '../../lib/errors';
import { fileHistoryChain } from '../files/file-versions';
import { mayReadFile } from '../models/file-read-rules';
import { loadModelFor } from '../models/model-access';
import { fullName } from '../models/model-users';

export const FILES_HISTORY_MESSAGES = {
  unknownFile: (uuid: string) => `${uuid} is not a file of this model entry.`,
} as const;

/**
 * GET /v2/models/{uuid}/files/history?files=a,b (the History mode of the Version Control tab, 000 §4;
 * docs/versions.md "File history").
 * 1. Authorize 'seeHistory' (000 §6: See History needs one permission more than Version Tracking).
 * 2. The files asked (every file when none is named; folders have no history), each one the caller
 *    may read; an unknown uuid is a 400.
 * 3. Each file's version history entries through the earlier versions of the entry (a file carried
 *    into a new version continues its chain), with the name of the user and the version number of
 *    the entry each body was written in; all entries newest first (000 §9).
 */
export async function listFilesHistory(
  caller: User,
  uuid: string,
  fileUuids: readonly string[],
): Promise<FilesHistory> {
  const model = await loadModelFor('seeHistory', uuid, caller);
  const files = (await listModelFiles(uuid)).filter((f) => !f.folder && !f.retired);
  const byUuid = new Map(files.map((f) => [f.uuid, f]));
  const unknown = fileUuids.find((f) => !byUuid.has(f));
  if (unknown) throw new ValidationError(FILES_HISTORY_MESSAGES.unknownFile(unknown));
  const chosen = (fileUuids.length > 0 ? fileUuids.map((f) => byUuid.get(f)) : files).filter(
    (f): f is NonNullable<typeof f> => !!f && mayReadFile(caller, model, f),
  );
  const chains = await Promise.all(chosen.map((f) => fileHistoryChain(f)));

  const versionOf = new Map<string, string | undefined>([[uuid, model.metadata.version_release_of_model]]);
  const otherModels = [...new Set(chains.flat().map((v) => v.modelUuid))].filter((m) => !versionOf.has(m));
  for (const m of await Promise.all(otherModels.map((id) => getModel(id)))) {
    if (m) versionOf.set(m.uuid, m.metadata.version_release_of_model);
  }
  const people = new Map(
    (await getUsers([...new Set(chains.flat().map((v) => v.isid))])).map((u) => [u.id, fullName(u)]),
  );
  const items = chosen.flatMap((file, i) =>
    (chains[i] ?? []).map((v) => {
      const modelVersion = versionOf.get(v.modelUuid);
      const userName = people.get(v.isid);
      return {
        fileUuid: file.uuid,
        file: file.name,
        path: file.path,
        action: v.action,
        isid: v.isid,
        ...(userName ? { userName } : {}),
        timestamp: v.timestamp,
        versionNumber: v.versionNumber,
        ...(v.size !== undefined ? { size: v.size } : {}),
        modelUuid: v.modelUuid,
        ...(modelVersion ? { modelVersion } : {}),
      };
    }),
  );
  items.sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.versionNumber - a.versionNumber);
  return { items };
}
