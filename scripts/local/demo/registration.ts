import { nameKey } from '@shared/rules/model-name';
import { EXTERNAL_ACCESS, type ExternalModelAccess, type ExternalUser } from '@shared/schemas/external-user';
import { newRegistrationCode } from '../../../functions/core/external-users/registration-code';
import {
  createExternalUser,
  getExternalUser,
  updateExternalUser,
} from '../../../functions/data/external-users';
import { getModelNameOwner } from '../../../functions/data/model-names';
import { getModel } from '../../../functions/data/models';
import { DEMO_ENTRIES, demoEntryName } from './catalogue';

/**
 * The demo's newcomer (issue 20 §10): an external person registered by Olivia Owner whose e-mailed
 * registration code `npm start` prints and writes to `.local/endpoints.json` (`demo.registrationCode`,
 * `demo.registrationEmail`), so anyone can open /registration and self-register at once.
 *
 * Only the code's hash is stored, so the code cannot be read back: while the newcomer is still
 * PENDING_REGISTRATION every start issues a fresh code (the old one stops matching, as 'Regenerate
 * Code' does). Once they have registered, the seed leaves them alone and prints no code.
 *
 * The code carries Model Viewer on the demo's Melanoma Markov model when the demo catalogue is there
 * (`npm start`); the bare test cloud has no entries, and the code carries nothing.
 */
export const DEMO_NEWCOMER = {
  email: 'nora.newcomer@partner.example',
  firstName: 'Nora',
  lastName: 'Newcomer',
  registeredBy: 'owner',
  registeredByName: 'Olivia Owner',
  purchaseOrderId: '4500012345',
  modelKey: 'onc-melanoma-markov-global',
} as const;

export interface DemoRegistration {
  registrationEmail: string;
  registrationCode: string;
}

export async function seedDemoRegistration(now = new Date()): Promise<DemoRegistration | undefined> {
  const existing = await getExternalUser(DEMO_NEWCOMER.email);
  if (existing && existing.status !== 'PENDING_REGISTRATION') return undefined;
  const { code, record } = newRegistrationCode(now);
  const at = now.toISOString();
  if (existing) {
    await updateExternalUser({ ...existing, registrationCode: record, modifiedOn: at }, existing.version, {
      actor: DEMO_NEWCOMER.registeredBy,
      action: 'CODE_REGENERATED',
      before: existing.status,
      after: existing.status,
    });
  } else {
    const user: ExternalUser = {
      email: DEMO_NEWCOMER.email,
      firstName: DEMO_NEWCOMER.firstName,
      lastName: DEMO_NEWCOMER.lastName,
      externalUserType: 'VENDOR',
      purchaseOrderId: DEMO_NEWCOMER.purchaseOrderId,
      status: 'PENDING_REGISTRATION',
      modelAccesses: await demoAccesses(),
      accessEndsOn: inMonths(now, EXTERNAL_ACCESS.defaultAccessMonths),
      registeredBy: DEMO_NEWCOMER.registeredBy,
      registeredByName: DEMO_NEWCOMER.registeredByName,
      registrationCode: record,
      createdOn: at,
      modifiedOn: at,
      version: 0,
    };
    await createExternalUser(user, {
      actor: DEMO_NEWCOMER.registeredBy,
      action: 'REGISTERED',
      after: user.status,
    });
  }
  return { registrationEmail: DEMO_NEWCOMER.email, registrationCode: code };
}

async function demoAccesses(): Promise<ExternalModelAccess[]> {
  const entry = DEMO_ENTRIES.find((e) => e.key === DEMO_NEWCOMER.modelKey);
  if (!entry) return [];
  const uuid = await getModelNameOwner(nameKey(demoEntryName(entry)));
  const model = uuid ? await getModel(uuid) : undefined;
  if (!model) return [];
  return [
    {
      modelUuid: model.uuid,
      modelName: model.name,
      modelRole: 'VIEWER',
      ...(model.metadata.platform ? { platform: model.metadata.platform } : {}),
      subModelIds: [],
    },
  ];
}

/** yyyy-mm-dd, `months` after `now` (UTC). */
function inMonths(now: Date, months: number): string {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end.toISOString().slice(0, 10);
}
