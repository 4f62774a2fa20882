import { allMembers } from '@shared/rules/model-roles';
import type { ModelRoles } from '@shared/schemas/model';
import type { ModelRolesDetail } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { type ModelRecord, modelPut } from '../../data/models';
import { MAX_TRANSACTION_ITEMS, runTransaction } from '../../data/transactions';
import {
  membershipChanges,
  membershipsOf,
  prepareRoles,
  throwIfIssues,
  withStewardFields,
} from './entry-rules';
import { loadModelFor } from './model-access';
import { loadUsers, summaries } from './model-users';
import { catalogueChange, checkRev, nextRevision } from './model-writes';

/** Roles of an entry with summaries of the users (callers who may view the entry). */
export async function getModelRoles(caller: User, uuid: string): Promise<ModelRolesDetail> {
  const model = await loadModelFor('view', uuid, caller);
  return rolesDetail(model, await loadUsers(allMembers(model.roles)));
}

function rolesDetail(model: ModelRecord, users: ReadonlyMap<string, User>): ModelRolesDetail {
  return { roles: model.roles, users: summaries(users, allMembers(model.roles)), rev: model.rev };
}

/**
 * Sets the roles of an entry ('Update Permissions').
 * 1. Authorize 'manageAccess'; the sent `rev` must be current (409).
 * 2. Check with the shared rules (shared/rules/model-roles.ts, docs/permissions.md): only the lead,
 *    the steward or a super user replace or remove the lead or the steward (403); a user in two
 *    roles that exclude each other is refused, not silently kept in one; new users must exist and
 *    be active; modeler and display roles on WebModel 2.0 entries only (the grant link's answer);
 *    lead, steward and owners required, no external lead or steward, owners cannot remove themselves
 *    or the lead, external users on THEOREM / top-sensitivity entries, HTA users as viewer or owner
 *    (422).
 * 3. The steward fields of the metadata follow the new steward.
 * 4. One TransactWrite: the model (conditional on rev), the membership items that change and the
 *    catalogue change.
 */
export async function setModelRoles(
  caller: User,
  uuid: string,
  input: { roles: ModelRoles; rev: number },
  now = new Date(),
): Promise<ModelRolesDetail> {
  const model = await loadModelFor('manageAccess', uuid, caller);
  checkRev(model, input.rev);
  const { roles, users, issues } = await prepareRoles({
    caller,
    before: model.roles,
    requested: input.roles,
    model: {
      ...(model.metadata.platform ? { platform: model.metadata.platform } : {}),
      ...(model.metadata.information_classification
        ? { classification: model.metadata.information_classification }
        : {}),
    },
  });
  throwIfIssues(issues);
  const next: ModelRecord = {
    ...nextRevision(model, caller.id, now),
    roles,
    metadata: withStewardFields(model.metadata, roles.steward ? users.get(roles.steward) : undefined),
  };
  const changes = membershipChanges(
    membershipsOf(model.roles, model.createdBy, uuid),
    membershipsOf(roles, model.createdBy, uuid),
  );
  if (changes.length + 2 > MAX_TRANSACTION_ITEMS) {
    throwIfIssues([
      {
        path: 'body.roles',
        message: `Too many owner changes at once (at most ${MAX_TRANSACTION_ITEMS - 2}): save them in two steps.`,
      },
    ]);
  }
  await runTransaction([modelPut(next, model.rev), ...changes, catalogueChange(next)]);
  return rolesDetail(next, users);
}
