import {
  type ACCESS_REQUEST_REASONS,
  ModelAccessRequestBodySchema,
  OTHER_REASON,
  ShareModelBodySchema,
} from '@shared/schemas/collaboration';

/** One of the four reasons of 000 §5. */
export type AccessRequestReason = (typeof ACCESS_REQUEST_REASONS)[number];

/** Field problems of a form, by field name; empty when the form may be sent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

function issuesByField<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly K[],
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (fields.includes(field as K) && !errors[field as K]) errors[field as K] = issue.message;
  }
  return errors;
}

/**
 * Request access (000 §5): at least one reason; details only when 'Other' is among them. The model
 * and the file request share the rule (FileAccessRequestBodySchema is the same shape).
 */
export function validateAccessRequest(
  reasons: readonly AccessRequestReason[],
  details: string,
): FieldErrors<'reasons' | 'details'> {
  const result = ModelAccessRequestBodySchema.safeParse(accessRequestBody(reasons, details));
  return result.success ? {} : issuesByField(result.error.issues, ['reasons', 'details']);
}

/** The request body: details travel only with 'Other'. */
export function accessRequestBody(reasons: readonly AccessRequestReason[], details: string) {
  return reasons.includes(OTHER_REASON)
    ? { reasons: [...reasons], details: details.trim() }
    : { reasons: [...reasons] };
}

/** Share Model Entry (000 §5): at least one user and a message. */
export function validateShare(
  userIds: readonly string[],
  message: string,
): FieldErrors<'userIds' | 'message'> {
  const result = ShareModelBodySchema.safeParse({ userIds, message });
  return result.success ? {} : issuesByField(result.error.issues, ['userIds', 'message']);
}
