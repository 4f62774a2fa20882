import { randomUUID } from 'node:crypto';
import { assembleModelName, NAME_MESSAGES, nameKey } from '@shared/rules/model-name';
import { versionLineageProblem } from '@shared/rules/model-version';
import { blocksPublish, checkPublishIssues } from '@shared/rules/publish-checks';
import type { ModelMetadata } from '@shared/schemas/model';
import type { CreateModelBody } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { catalogueChangePut, toCatalogueEntry } from '../../data/catalogue-changes';
import { fileTypesOf, modelFilePut } from '../../data/model-files';
import { getModelNameOwner, modelNamePut } from '../../data/model-names';
import { getModel, type ModelRecord, metadataKeyPut, modelPut } from '../../data/models';
import { type LabeledTxItem, MAX_TRANSACTION_ITEMS, runTransaction } from '../../data/transactions';
import { ConflictError } from '../../lib/errors';
import { BUSINESS_EVENTS, countEvent } from '../../lib/observability';
import { activeOptionLists } from '../options/list-metadata-options';
import { discardCopies, takeUploadedFiles } from '../uploads/take-uploaded-files';
import {
  assertMayAddEntries,
  type Issue,
  membershipChanges,
  membershipsOf,
  metadataIssues,
  prepareNewEntryRoles,
  publishIssuesAsIssues,
  throwIfIssues,
  withStewardFields,
  withStudyMetadata,
} from './entry-rules';
import { metadataFingerprint } from './metadata-fingerprint';
import { canSee, loadVisibleModel } from './model-access';
import { fullName } from './model-users';
import { PublishRefusedError } from './publish-refusal';

/**
 * Creates a model entry (000 §4 creation order, done on the server as one unit).
 * 1. Authorize: internal and super users add entries; a "based on" entry must be visible.
 * 2. Roles: normalize (exclusivity; the creator is always an owner) and check with the shared rules.
 * 3. Metadata: steward fields from the steward's record; lineage (new: own root; parent: the parent
 *    must be valid, its root is taken, the version must be above the parent's).
 * 4. Validate: required fields ('{field} is missing'), version format, option membership, name
 *    length; all problems at once (422). With publish: the publish checks (422 with the issues).
 * 5. Name uniqueness (409), told early; the database enforces it again in the transaction.
 * 6. Copy the uploaded files to models/<uuid>/files/<fileUuid>.
 * 7. One TransactWrite: model, name, metadata key, memberships, files, catalogue change. On failure
 *    the copies are removed: nothing is left half-created.
 */
export async function createModel(
  caller: User,
  body: CreateModelBody,
  now = new Date(),
): Promise<ModelRecord> {
  assertMayAddEntries(caller);
  if (body.basedOnUuid) await loadVisibleModel(body.basedOnUuid, caller);
  const uuid = randomUUID();
  const issues: Issue[] = [];

  const { roles, users, issues: roleIssues } = await prepareNewEntryRoles(caller, body.roles, body.metadata);
  issues.push(...roleIssues);

  const { lists, studies } = await activeOptionLists();
  let metadata: ModelMetadata = withStewardFields(
    withStudyMetadata(body.metadata, studies),
    roles.steward ? users.get(roles.steward) : undefined,
  );
  let parentValid: boolean | undefined;
  if (body.lineage === 'parent') {
    const parentId = metadata.tree_parent_id;
    const parent = parentId ? await getModel(parentId) : undefined;
    parentValid =
      !!parent && (parent.status === 'DRAFT' || parent.status === 'PUBLISHED') && canSee(caller, parent);
    if (parent && parentValid) {
      metadata = { ...metadata, tree_root_id: parent.metadata.tree_root_id ?? parent.uuid };
      const version = versionLineageProblem({ metadata, parent: parent.metadata });
      if (version && metadata.version_release_of_model) {
        issues.push({ path: 'body.metadata.version_release_of_model', message: version });
      }
    }
  } else {
    const { tree_parent_id: _p, ...rest } = metadata;
    metadata = { ...rest, tree_root_id: uuid };
  }

  issues.push(...metadataIssues(metadata, lists));
  const publishIssues = checkPublishIssues({
    metadata,
    ...(roles.vestLead ? { vestLead: roles.vestLead } : {}),
    ...(roles.steward ? { steward: roles.steward } : {}),
    fileCount: body.files.length,
    parentSelected: body.lineage === 'parent',
    ...(parentValid !== undefined ? { parentValid } : {}),
  });
  issues.unshift(...publishIssuesAsIssues(publishIssues, 'ERROR_CREATE'));
  throwIfIssues(dedupe(issues));
  if (body.publish && blocksPublish(publishIssues)) throw new PublishRefusedError(publishIssues);

  const name = assembleModelName(metadata);
  const key = nameKey(name);
  if (await getModelNameOwner(key)) throw new ConflictError(NAME_MESSAGES.notUnique);

  const memberships = membershipsOf(roles, caller.id, uuid);
  const itemCount = 4 + memberships.size + body.files.length;
  if (itemCount > MAX_TRANSACTION_ITEMS) {
    throwIfIssues([
      {
        path: 'body.files',
        message: `Too many files and owners for one change (${itemCount} of at most ${MAX_TRANSACTION_ITEMS} records): add files in a second step.`,
      },
    ]);
  }

  const iso = now.toISOString();
  const { records, copiedKeys } = await takeUploadedFiles({
    caller,
    modelUuid: uuid,
    ticketModelUuid: undefined,
    uploadId: body.uploadId,
    files: body.files,
    now: iso,
  });
  const model: ModelRecord = {
    uuid,
    name,
    nameKey: key,
    metaKey: metadataFingerprint(metadata),
    status: body.publish ? 'PUBLISHED' : 'DRAFT',
    metadata,
    roles,
    createdBy: caller.id,
    creatorName: fullName(caller),
    createdOn: iso,
    modifiedOn: iso,
    modifiedBy: caller.id,
    ...(body.publish ? { publishedOn: iso } : {}),
    fileCount: records.length,
    fileTypes: fileTypesOf(records),
    theorem: metadata.platform === 'Oncology',
    pneu: metadata.platform === 'Pneumococcal Vaccines',
    rev: 1,
  };
  const items: LabeledTxItem[] = [
    modelPut(model, 'new'),
    modelNamePut(key, name, uuid),
    metadataKeyPut(model.metaKey, uuid),
    ...membershipChanges(new Map(), memberships),
    ...records.map(modelFilePut),
    { item: catalogueChangePut(toCatalogueEntry(model, model.creatorName), now.getTime()) },
  ];
  try {
    await runTransaction(items);
  } catch (error) {
    await discardCopies(copiedKeys);
    throw error;
  }
  countEvent(BUSINESS_EVENTS.entryCreated);
  return model;
}

function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.path}|${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
