import * as z from 'zod/mini';
import type { ModelRole } from '../schemas/model';
import { FORM_MESSAGES as M, SUB_MODEL_MESSAGES } from './messages';
import type { SubModelType } from './sub-model';

/**
 * Sharing an instance (spec 001 §2, §4, §6): one user at a time, with an e-mail message. Stopping
 * sharing sets the share's status to INACTIVE.
 */

export const SHARE_LABELS = { users: 'User', message: 'Message' } as const;

/** A user offered by the share picker (§3 "Share user"). */
export const ShareUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The user's role on the entry (OWNER, CALIBRATORMODELER...). */
  ownershipType: z.optional(z.string()),
  userAccess: z.optional(z.string()),
  /** False when the user lacks access to the instance's sub-model. */
  subModelAccess: z.optional(z.boolean()),
});
export type ShareUser = z.infer<typeof ShareUserSchema>;

/** §3 "Share request": isids and messageText, both required (§5). */
export const ShareRequestSchema = z.object({
  isids: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)), { error: M.required(SHARE_LABELS.users) })
    .check(z.minLength(1, M.required(SHARE_LABELS.users)), z.maxLength(1)),
  messageText: z
    .string({ error: M.required(SHARE_LABELS.message) })
    .check(
      z.trim(),
      z.minLength(1, M.required(SHARE_LABELS.message)),
      z.maxLength(4000, M.tooLong(SHARE_LABELS.message)),
    ),
});
export type ShareRequest = z.infer<typeof ShareRequestSchema>;

/** §4: stopping sharing sets the status INACTIVE. */
export const StopSharingSchema = z.object({ status: z.literal('INACTIVE') });

/**
 * §6: in the share picker of a calibration instance only users with calibration-modeler or owner
 * ownership are listed. The lead is always an owner; the Model Steward is not one (issue 21 §12), so a
 * steward is listed only when they are also an owner or a calibration modeler.
 */
export const CALIBRATION_SHARE_OWNERSHIP: readonly ModelRole[] = ['CALIBRATORMODELER', 'OWNER', 'VESTLEAD'];

export function mayReceiveShare(
  user: Pick<ShareUser, 'ownershipType' | 'subModelAccess'>,
  type: SubModelType,
) {
  if (user.subModelAccess === false) return false;
  if (type !== 'calibration') return true;
  return (CALIBRATION_SHARE_OWNERSHIP as readonly string[]).includes(user.ownershipType ?? '');
}

/** The users the picker lists for an instance of a sub-model of `type`. */
export function shareCandidates<U extends Pick<ShareUser, 'ownershipType' | 'subModelAccess'>>(
  users: readonly U[],
  type: SubModelType,
): U[] {
  return users.filter((u) => mayReceiveShare(u, type));
}

/** The message for a picked user who may not receive the share, or undefined. */
export function shareCandidateProblem(
  user: Pick<ShareUser, 'ownershipType' | 'subModelAccess'>,
  type: SubModelType,
): string | undefined {
  return mayReceiveShare(user, type) ? undefined : SUB_MODEL_MESSAGES.subModelAccessDenied;
}

/** §4: the selected-users list keeps only the last picked user. */
export const pickShareUser = (_selected: readonly string[], picked: string): string[] => [picked];

/**
 * §5: the default share message names the sharing user and the model and invites the user to the
 * instance (or analysis) with a link to the model. The wording is ours.
 */
export function defaultShareMessage(input: {
  sharerName: string;
  modelName: string;
  instanceName: string;
  link: string;
  kind?: 'instance' | 'analysis';
}): string {
  const kind = input.kind ?? 'instance';
  return (
    `${input.sharerName} has shared the ${kind} "${input.instanceName}" of the model "${input.modelName}" with you.\n` +
    `You are invited to open the ${kind} here: ${input.link}`
  );
}

export const stopSharingConfirm = SUB_MODEL_MESSAGES.stopSharingConfirm;
