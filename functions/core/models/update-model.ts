import { assembleModelName, NAME_MESSAGES, nameKey } from '@shared/rules/model-name';
import { sameScope, versionLineageProblem } from '@shared/rules/model-version';
import { blocksPublish, checkPublishIssues } from '@shared/rules/publish-checks';
import type { ModelMetadata } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import { getModelFile } from '../../data/model-files';
import { getModelNameOwner, modelNameDelete, modelNamePut } from '../../data/model-names';
import {
  getModel,
  listLineage,
  type ModelRecord,
  metadataKeyDelete,
  metadataKeyPut,
  modelPut,
} from '../../data/models';
import { type LabeledTxItem, runTransaction } from '../../data/transactions';
import { ConflictError } from '../../lib/errors';
import { activeOptionLists } from '../options/list-metadata-options';
import {
  type Issue,
  metadataIssues,
  publishIssuesAsIssues,
  throwIfIssues,
  withStudyMetadata,
} from './entry-rules';
import { metadataFingerprint } from './metadata-fingerprint';
import { loadModelFor } from './model-access';
import { catalogueChange, checkRev, nextRevision } from './model-writes';
import { PublishRefusedError } from './publish-refusal';

/** Our words: the spec names the field, not this refusal. */
export const CHANGELOG_NOT_A_FILE = "Changelog File must be one of this model entry's files.";

/**
 * Updates the metadata (and with it the suffix and the generated name) of an entry.
 * 1. Authorize 'edit'; the sent `rev` must be the current one (409 otherwise).
 * 2. Keep what this route does not change: lineage links and the steward fields (they follow the
 *    roles); platform flags follow the platform.
 * 3. Validate like create (required fields, version format and its place between parent and
 *    children, options, name length); a published entry must still pass the publish checks.
 * 4. A changed name: 409 when taken; the old name item is deleted and the new one put (conditional)
 *    in the same transaction; a changed fingerprint moves the metadata key item.
 * 5. One TransactWrite with the model (conditional on rev) and the catalogue change.
 */
export async function updateModel(
  caller: User,
  uuid: string,
  input: { metadata: ModelMetadata; rev: number },
  now = new Date(),
): Promise<ModelRecord> {
  const model = await loadModelFor('edit', uuid, caller);
  checkRev(model, input.rev);
  const old = model.metadata;
  const { lists, studies } = await activeOptionLists();
  const metadata: ModelMetadata = {
    ...withStudyMetadata(withoutServerFields(input.metadata), studies, old),
    ...pick(old, [
      'tree_root_id',
      'tree_parent_id',
      'isid_of_model_steward',
      'email_for_model_steward',
      'name_of_model_steward',
    ]),
  };

  const issues: Issue[] = [];
  if (metadata.tree_parent_id || metadata.tree_root_id) {
    const parent = metadata.tree_parent_id ? await getModel(metadata.tree_parent_id) : undefined;
    const lineage = metadata.tree_root_id ? await listLineage(metadata.tree_root_id) : [];
    // Only children of the same scope bind the version (000 §5), as Edit Lineage checks it: a country
    // adaptation under a global entry may carry any version.
    const childVersions = lineage
      .filter((m) => m.metadata.tree_parent_id === uuid && sameScope(m.metadata, metadata))
      .map((m) => m.metadata.version_release_of_model)
      .filter((v): v is string => !!v);
    const problem = versionLineageProblem({
      metadata,
      ...(parent ? { parent: parent.metadata } : {}),
      childVersions,
    });
    if (problem && metadata.version_release_of_model) {
      issues.push({ path: 'body.metadata.version_release_of_model', message: problem });
    }
  }
  issues.push(...metadataIssues(metadata, lists, old));
  // The changelog is one of the entry's files (000 §3: the uuid of a file); a new choice is checked.
  if (metadata.changelog_file && metadata.changelog_file !== old.changelog_file) {
    const changelog = await getModelFile(uuid, metadata.changelog_file);
    if (!changelog || changelog.folder) {
      issues.push({ path: 'body.metadata.changelog_file', message: CHANGELOG_NOT_A_FILE });
    }
  }
  const publishIssues = checkPublishIssues({
    metadata,
    ...(model.roles.vestLead ? { vestLead: model.roles.vestLead } : {}),
    ...(model.roles.steward ? { steward: model.roles.steward } : {}),
    fileCount: model.fileCount,
    parentSelected: !!metadata.tree_parent_id,
  });
  issues.unshift(...publishIssuesAsIssues(publishIssues, 'ERROR_CREATE'));
  throwIfIssues(issues);
  if (model.status === 'PUBLISHED' && blocksPublish(publishIssues))
    throw new PublishRefusedError(publishIssues);

  const name = assembleModelName(metadata);
  const key = nameKey(name);
  const renamed = key !== model.nameKey;
  if (renamed) {
    const owner = await getModelNameOwner(key);
    if (owner && owner !== uuid) throw new ConflictError(NAME_MESSAGES.notUnique);
  }
  const metaKey = metadataFingerprint(metadata);
  const next: ModelRecord = {
    ...nextRevision(model, caller.id, now),
    name,
    nameKey: key,
    metaKey,
    metadata,
    theorem: metadata.platform === 'Oncology',
    pneu: metadata.platform === 'Pneumococcal Vaccines',
  };
  const items: LabeledTxItem[] = [modelPut(next, model.rev)];
  if (renamed) items.push(modelNameDelete(model.nameKey, uuid), modelNamePut(key, name, uuid));
  if (metaKey !== model.metaKey)
    items.push(metadataKeyDelete(model.metaKey, uuid), metadataKeyPut(metaKey, uuid));
  items.push(catalogueChange(next));
  await runTransaction(items);
  return next;
}

function withoutServerFields(m: ModelMetadata): ModelMetadata {
  const {
    tree_root_id: _r,
    tree_parent_id: _p,
    isid_of_model_steward: _i,
    email_for_model_steward: _e,
    name_of_model_steward: _n,
    ...rest
  } = m;
  return rest;
}

function pick(m: ModelMetadata, fields: readonly (keyof ModelMetadata)[]): Partial<ModelMetadata> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (m[f] !== undefined) out[f] = m[f];
  return out as Partial<ModelMetadata>;
}
