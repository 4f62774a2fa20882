import {
  type HelpFileList,
  isHelpFileTag,
  SUB_MODEL_API_MESSAGES as MSG,
} from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { listModelFiles } from '../../data/model-files';
import { ForbiddenError } from '../../lib/errors';
import { mayReadFile } from '../models/file-read-rules';
import { loadSubModelEntry, sectionAccess } from './sub-model-access';

/**
 * The entry's help files (§7 "Help files are fetched for a model with the tag 'Help File'"): the files
 * whose file type is HelpFile that the caller may read by the file rule (000 §6), for the file
 * parameter's help-file picker and the instance editor's help link. Callers who see no section of the
 * entry's sub-models have no use for them (403). Sorted by name.
 */
export async function listHelpFiles(user: User, uuid: string): Promise<HelpFileList> {
  const model = await loadSubModelEntry(uuid, user);
  const { sections } = sectionAccess(user, model);
  if (!Object.values(sections).includes('allowed')) throw new ForbiddenError(MSG.sectionDenied);
  const files = await listModelFiles(uuid);
  const items = files
    .filter((f) => !f.folder && !f.retired && isHelpFileTag(f.fileTag) && mayReadFile(user, model, f))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
    .map((f) => ({ uuid: f.uuid, name: f.name }));
  return { items };
}
