import { GRANTABLE_ROLES, type GrantableRole } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import type { Mail } from '../../lib/mailer';
import { modelLink } from '../models/model-link';
import { fullName } from '../models/model-users';
import { grantableRoles } from './grant-rules';

/**
 * The e-mails of access requests, grants and sharing (issue 4 §3-§5). Pure: the web address comes in
 * as `webUrl` (env.webUrl in the use cases), so unit tests check the exact links.
 */

/** A model grant link (000 §2): opening it as a manager grants `role` to `userId`. */
export function grantLink(webUrl: string, uuid: string, role: GrantableRole, userId: string): string {
  const query = new URLSearchParams({ role, userId });
  return `${modelLink(webUrl, uuid)}?${query.toString()}`;
}

export interface GrantLinkEntry {
  role: GrantableRole;
  label: string;
  url: string;
}

/** One grant link per role the entry's platform offers (WebModel 2.0 roles only on such entries). */
export function grantLinks(
  webUrl: string,
  model: { uuid: string; platform?: string | undefined },
  userId: string,
): GrantLinkEntry[] {
  return grantableRoles(model.platform).map((role) => ({
    role,
    label: GRANTABLE_ROLES[role],
    url: grantLink(webUrl, model.uuid, role, userId),
  }));
}

/** The reasons of a model request, joined with a line break (000 §5), then the details if any. */
export function joinReasons(reasons: readonly string[], details?: string): string {
  const extra = details?.trim();
  return [...reasons, ...(extra ? [extra] : [])].join('\n');
}

type Person = Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>;
interface ModelRef {
  uuid: string;
  name: string;
  platform?: string | undefined;
}

/** 'Model access request: <model>' to the managers, with one grant link per grantable role. */
export function modelAccessRequestMail(input: {
  webUrl: string;
  model: ModelRef;
  requester: Person;
  to: readonly string[];
  reasons: readonly string[];
  details?: string | undefined;
}): Mail {
  const { webUrl, model, requester } = input;
  const links = grantLinks(webUrl, model, requester.id);
  return {
    to: [...input.to],
    subject: `Model access request: ${model.name}`,
    text: [
      'Hello,',
      '',
      `${fullName(requester)} (${requester.email}, user id ${requester.id}) asks for access to the model entry "${model.name}" in Model Repository.`,
      '',
      'Reasons:',
      joinReasons(input.reasons, input.details),
      '',
      'To grant access, open one of these links while signed in as a manager of the model entry:',
      ...links.map((l) => `- ${l.label}: ${l.url}`),
      '',
      `Model entry: ${modelLink(webUrl, model.uuid)}`,
    ].join('\n'),
  };
}

/** 'Your access to <model> has been granted' to the grantee. */
export function accessGrantedMail(input: {
  webUrl: string;
  model: ModelRef;
  grantee: Person;
  grantedBy: Person;
  role: GrantableRole;
}): Mail {
  const { webUrl, model, grantee } = input;
  return {
    to: [grantee.email],
    subject: `Your access to ${model.name} has been granted`,
    text: [
      `Hello ${grantee.firstName},`,
      '',
      `${fullName(input.grantedBy)} has granted you ${GRANTABLE_ROLES[input.role]} access to the model entry "${model.name}" in Model Repository.`,
      '',
      `Open the model entry: ${modelLink(webUrl, model.uuid)}`,
    ].join('\n'),
  };
}

/** 'Share Model Entry': the sender's message and the link, to one recipient. */
export function shareMail(input: {
  webUrl: string;
  model: ModelRef;
  sender: Person;
  to: Person;
  message: string;
}): Mail {
  const { webUrl, model, sender } = input;
  return {
    to: [input.to.email],
    subject: `${fullName(sender)} shared a model entry with you: ${model.name}`,
    text: [
      input.message.trim(),
      '',
      '--',
      `Shared by ${fullName(sender)} (${sender.email}) from Model Repository.`,
      `Model entry "${model.name}": ${modelLink(webUrl, model.uuid)}`,
    ].join('\n'),
  };
}
