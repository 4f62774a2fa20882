import type { ExternalModelAccess, ExternalUser } from '@shared/schemas/external-user';
import { newRegistrationCode } from '../../../functions/core/external-users/registration-code';
import { createExternalUser, getExternalUser } from '../../../functions/data/external-users';
import { getModel } from '../../../functions/data/models';
import type { DemoContext, DemoStep } from './seed-demo';

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (now: number, days: number) => new Date(now + days * DAY_MS).toISOString().slice(0, 10);
const at = (now: number, days: number) => new Date(now + days * DAY_MS).toISOString();

/** One demo external person: the status and the fields that status carries (002 §4). */
interface DemoExternal {
  email: string;
  firstName: string;
  lastName: string;
  shape: (now: number) => Partial<ExternalUser> & Pick<ExternalUser, 'status' | 'accessEndsOn'>;
}

/**
 * External people in every status for the two external user lists, the registration review and the
 * access review (issue 20 §10), registered by Olivia Owner on the demo's Melanoma Markov model: one
 * waiting for their code (besides the newcomer of registration.ts, whose code `npm start` prints), one
 * waiting for review, one active, one whose access ends within 14 days (the reminder job mails Olivia),
 * one deactivated, one rejected with the reason, one whose access ended. Written once each (an e-mail
 * that exists is left as people changed it since).
 */
const DEMO_EXTERNALS: readonly DemoExternal[] = [
  {
    email: 'paul.pending@partner.example',
    firstName: 'Paul',
    lastName: 'Pending',
    shape: (now) => ({ status: 'PENDING_REGISTRATION', accessEndsOn: day(now, 365) }),
  },
  {
    email: 'rita.review@partner.example',
    firstName: 'Rita',
    lastName: 'Review',
    shape: (now) => ({ status: 'PENDING_REVIEW', accessEndsOn: day(now, 365), submittedAt: at(now, -1) }),
  },
  {
    email: 'alex.active@partner.example',
    firstName: 'Alex',
    lastName: 'Active',
    shape: (now) => ({ status: 'ACTIVE', accessEndsOn: day(now, 200), activationDate: at(now, -30) }),
  },
  {
    email: 'erin.expiring@partner.example',
    firstName: 'Erin',
    lastName: 'Expiring',
    shape: (now) => ({ status: 'ACTIVE', accessEndsOn: day(now, 10), activationDate: at(now, -355) }),
  },
  {
    email: 'dana.deactivated@partner.example',
    firstName: 'Dana',
    lastName: 'Deactivated',
    shape: (now) => ({
      status: 'INACTIVE',
      inactiveReason: 'deactivated',
      accessEndsOn: day(now, 120),
      activationDate: at(now, -90),
      deactivationDate: at(now, -7),
    }),
  },
  {
    email: 'ron.rejected@partner.example',
    firstName: 'Ron',
    lastName: 'Rejected',
    shape: (now) => ({
      status: 'INACTIVE',
      inactiveReason: 'rejected',
      rejectionReason: 'No purchase order on file for this vendor.',
      accessEndsOn: day(now, 300),
      deactivationDate: at(now, -3),
    }),
  },
  {
    email: 'eve.expired@partner.example',
    firstName: 'Eve',
    lastName: 'Expired',
    shape: (now) => ({
      status: 'INACTIVE',
      inactiveReason: 'expired',
      accessEndsOn: day(now, -5),
      activationDate: at(now, -370),
      deactivationDate: at(now, -4),
    }),
  },
];

async function melanomaAccess(ctx: DemoContext): Promise<ExternalModelAccess[]> {
  const uuid = ctx.uuids.get('onc-melanoma-markov-global');
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

async function seedExternalUsers(ctx: DemoContext): Promise<number> {
  const now = Date.now();
  const modelAccesses = await melanomaAccess(ctx);
  let added = 0;
  for (const person of DEMO_EXTERNALS) {
    if (await getExternalUser(person.email)) continue;
    const created = at(now, -40);
    const user: ExternalUser = {
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      externalUserType: 'VENDOR',
      purchaseOrderId: '4500098765',
      modelAccesses,
      registeredBy: 'owner',
      registeredByName: 'Olivia Owner',
      // Nobody learns these codes: the people's state, not their sign-in, is what the demo shows.
      registrationCode: newRegistrationCode(new Date(now)).record,
      createdOn: created,
      modifiedOn: created,
      version: 0,
      ...person.shape(now),
    };
    await createExternalUser(user, { actor: 'owner', action: 'REGISTERED', after: user.status });
    added++;
  }
  if (added > 0) ctx.log(`demo: ${added} external users in every status`);
  return added;
}

export const EXTERNAL_USERS_STEP: DemoStep = { name: 'external-users', run: seedExternalUsers };
