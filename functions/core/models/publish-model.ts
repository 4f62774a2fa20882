import { blocksPublish, checkPublishIssues } from '@shared/rules/publish-checks';
import type { User } from '@shared/schemas/user';
import { getModel, type ModelRecord, modelPut } from '../../data/models';
import { runTransaction } from '../../data/transactions';
import { BUSINESS_EVENTS, countEvent } from '../../lib/observability';
import { canSee, loadModelFor } from './model-access';
import { catalogueChange, checkRev, nextRevision } from './model-writes';
import { PublishRefusedError } from './publish-refusal';

/**
 * Publishes a draft (cannot be undone).
 * 1. Authorize 'publish' (managers; only drafts: 409 otherwise); check `rev` when sent.
 * 2. Run the publish checks (files, required metadata, lead, steward, lineage, a valid parent);
 *    blocking issues → 422 with every issue.
 * 3. One TransactWrite: the model (conditional on rev) and the catalogue change.
 */
export async function publishModel(
  caller: User,
  uuid: string,
  rev: number | undefined,
  now = new Date(),
): Promise<ModelRecord> {
  const model = await loadModelFor('publish', uuid, caller);
  checkRev(model, rev);
  const parentId = model.metadata.tree_parent_id;
  let parentValid: boolean | undefined;
  if (parentId) {
    const parent = await getModel(parentId);
    parentValid =
      !!parent && (parent.status === 'DRAFT' || parent.status === 'PUBLISHED') && canSee(caller, parent);
  }
  const issues = checkPublishIssues({
    metadata: model.metadata,
    ...(model.roles.vestLead ? { vestLead: model.roles.vestLead } : {}),
    ...(model.roles.steward ? { steward: model.roles.steward } : {}),
    fileCount: model.fileCount,
    parentSelected: !!parentId,
    ...(parentValid !== undefined ? { parentValid } : {}),
  });
  if (blocksPublish(issues)) throw new PublishRefusedError(issues);
  const next: ModelRecord = {
    ...nextRevision(model, caller.id, now),
    status: 'PUBLISHED',
    publishedOn: now.toISOString(),
  };
  await runTransaction([modelPut(next, model.rev), catalogueChange(next)]);
  countEvent(BUSINESS_EVENTS.entryPublished);
  return next;
}
