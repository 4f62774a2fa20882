import { modelRefusal } from '@shared/rules/external-registration';
import { type AssignableRole, EXCLUDED_BY } from '@shared/rules/model-roles';
import type { ExternalModelAccess, ExternalModelRole } from '@shared/schemas/external-user';
import type { ExternalUserType } from '@shared/schemas/user';
import { auditPut } from '../../data/audit';
import { expertisePutItem, getExpertise, putExpertise } from '../../data/expertise';
import { getModel, type ModelRecord, modelPut } from '../../data/models';
import { listSubModels } from '../../data/sub-models';
import { ConditionFailedError, type LabeledTxItem, runTransaction } from '../../data/transactions';
import { logger } from '../../lib/observability';
import { membershipChanges, membershipsOf } from '../models/entry-rules';
import { catalogueChange, nextRevision } from '../models/model-writes';

/** The role list of a model entry each external role is kept in. */
export const ROLE_SLOT: Record<ExternalModelRole, AssignableRole> = {
  OWNER: 'owners',
  VIEWER: 'viewers',
  CALIBRATORMODELER: 'calibrationModelers',
  SCENARIOMODELER: 'scenarioModelers',
  DISPLAYVIEWER: 'displayViewers',
};

const ATTEMPTS = 3;

/** Facts of a stored entry for the wizard's rules. */
export function modelFacts(model: ModelRecord) {
  return {
    name: model.name,
    platform: model.metadata.platform,
    classification: model.metadata.information_classification,
    theorem: model.theorem,
  };
}

/** Every sub-model id of an entry that the User Settings tables offer (calibration and scenario). */
export async function assignableSubModelIds(uuid: string): Promise<string[]> {
  const all = await listSubModels(uuid);
  return all.filter((s) => s.type === 'calibration' || s.type === 'scenario').map((s) => s.id);
}

/** The writes that grant what a registration code carries, for the caller's one transaction. */
export interface GrantPlan {
  items: LabeledTxItem[];
  /** Entries whose roles or sub-models the plan sets (including those already granted). */
  applied: string[];
  /** Entries skipped: gone, retired, or refused for external users on today's facts. */
  skipped: string[];
}

/**
 * The model roles and sub-models a registration code carries for `userId` (approval and re-activation
 * after expiry), as transaction items for the caller to write TOGETHER with the person's status
 * change: all of it or nothing (issue 20 §2). Per model: the role lists conditional on the entry's
 * revision read here (the user leaves the tiers the new role excludes, as everywhere), memberships,
 * the catalogue change and the model's audit record; on WebModel 2.0 entries the User Settings with
 * the sub-models. A model that is gone, retired, or has become THEOREM or top-sensitivity since
 * registration is skipped: the rule is checked again on today's facts. A role already held adds no
 * item. When someone saves one of the entries meanwhile, the transaction fails on its revision and the
 * caller plans again (`withFreshPlan`).
 */
export async function planExternalGrants(
  accesses: readonly ExternalModelAccess[],
  person: { userId: string; externalUserType: ExternalUserType },
  actor: string,
  now: Date,
): Promise<GrantPlan> {
  const plan: GrantPlan = { items: [], applied: [], skipped: [] };
  const seen = new Set<string>();
  for (const access of accesses) {
    // One entry appears once in a transaction; a code names each entry once (the wizard's rule).
    if (seen.has(access.modelUuid)) continue;
    seen.add(access.modelUuid);
    const model = await getModel(access.modelUuid);
    if (!model || model.status === 'RETIRED' || model.status === 'DELETED') {
      plan.skipped.push(access.modelUuid);
      continue;
    }
    if (modelRefusal(modelFacts(model), person.externalUserType)) {
      plan.skipped.push(access.modelUuid);
      continue;
    }
    const slot = ROLE_SLOT[access.modelRole];
    const roles = { ...model.roles };
    for (const other of EXCLUDED_BY[slot]) roles[other] = roles[other].filter((id) => id !== person.userId);
    if (!roles[slot].includes(person.userId)) roles[slot] = [...roles[slot], person.userId];
    if (JSON.stringify(roles) !== JSON.stringify(model.roles)) {
      const next: ModelRecord = { ...nextRevision(model, actor, now), roles };
      plan.items.push(
        modelPut(next, model.rev),
        ...membershipChanges(
          membershipsOf(model.roles, model.createdBy, model.uuid),
          membershipsOf(roles, model.createdBy, model.uuid),
        ),
        catalogueChange(next),
        auditPut(
          {
            modelUuid: model.uuid,
            action: 'MODEL_ROLE_GRANTED',
            actor,
            subject: person.userId,
            detail: `${access.modelRole} (external registration)`,
          },
          now.getTime(),
        ),
      );
    }
    if (model.metadata.platform === 'WebModel 2.0') {
      const all = await assignableSubModelIds(model.uuid);
      const known = new Set(all);
      const subModelIdList =
        access.modelRole === 'OWNER' ? all : access.subModelIds.filter((id) => known.has(id));
      const stored = await getExpertise(model.uuid, person.userId);
      plan.items.push(
        expertisePutItem(model.uuid, {
          userId: person.userId,
          expertiseTypeLevel: stored?.expertiseTypeLevel ?? 500,
          subModelIdList,
          modifiedOn: now.toISOString(),
          modifiedBy: actor,
        }),
      );
    }
    plan.applied.push(access.modelUuid);
  }
  if (plan.skipped.length > 0)
    logger.warn('External grants skipped', { userId: person.userId, skipped: plan.skipped });
  return plan;
}

/**
 * Plans and writes again when the transaction failed on a condition (an entry saved, or the person
 * changed, meanwhile): `write` re-reads what it checks, so a change that is no longer allowed ends
 * in its own 409 on the next attempt.
 */
export async function withFreshPlan<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof ConditionFailedError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * Removes every role and sub-model `userId` holds on the models of `accesses` (the end date passed or
 * an access review revoked it). Ownership the person got elsewhere is not ours to take: only the
 * entries the code granted are touched.
 */
export async function removeExternalGrants(
  accesses: readonly ExternalModelAccess[],
  userId: string,
  actor: string,
  now: Date,
): Promise<void> {
  for (const access of accesses) {
    await withFreshModel(access.modelUuid, async (model) => {
      const roles = { ...model.roles };
      for (const slot of Object.values(ROLE_SLOT)) roles[slot] = roles[slot].filter((id) => id !== userId);
      if (JSON.stringify(roles) !== JSON.stringify(model.roles)) {
        const next: ModelRecord = { ...nextRevision(model, actor, now), roles };
        await runTransaction([
          modelPut(next, model.rev),
          ...membershipChanges(
            membershipsOf(model.roles, model.createdBy, model.uuid),
            membershipsOf(roles, model.createdBy, model.uuid),
          ),
          catalogueChange(next),
        ]);
      }
      const stored = await getExpertise(model.uuid, userId);
      if (stored && stored.subModelIdList.length > 0) {
        await putExpertise(model.uuid, {
          ...stored,
          subModelIdList: [],
          modifiedOn: now.toISOString(),
          modifiedBy: actor,
        });
      }
      return true;
    });
  }
}

/** Runs `change` on the current entry, again on a fresh read when its revision moved meanwhile. */
async function withFreshModel(
  uuid: string,
  change: (model: ModelRecord) => Promise<boolean>,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const model = await getModel(uuid);
    if (!model) return false;
    try {
      return await change(model);
    } catch (error) {
      if (!(error instanceof ConditionFailedError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
