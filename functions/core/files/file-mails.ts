import { MESSAGES } from '@shared/messages';
import type { User } from '@shared/schemas/user';
import type { Mail } from '../../lib/mailer';
import { fullName } from '../models/model-users';

/**
 * The e-mails of file access (000 §2, §4, §6). Pure: the web address comes in as `webUrl`
 * (env.webUrl in the use cases), so unit tests check the exact links.
 */
type Person = Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>;

/** The folder tab of a model entry. */
export const folderLink = (webUrl: string, modelUuid: string) =>
  `${webUrl}/model/${encodeURIComponent(modelUuid)}/detail?tab=folder`;

/** A file grant link (000 §2): opened by the file owner or a super user, it grants `userId` the file. */
export function fileGrantLink(
  webUrl: string,
  modelUuid: string,
  file: { uuid: string; name: string },
  userId: string,
): string {
  const e = encodeURIComponent;
  return `${webUrl}/model/${e(modelUuid)}/detail?file=${e(file.uuid)}&fileName=${e(file.name)}&userId=${e(userId)}`;
}

/** 'File access request: <file> in <model>' to the file owner and the managers, with the grant link. */
export function fileAccessRequestMail(input: {
  webUrl: string;
  model: { uuid: string; name: string };
  file: { uuid: string; name: string };
  requester: Person;
  to: readonly string[];
  reasons: readonly string[];
  details?: string | undefined;
}): Mail {
  const { webUrl, model, file, requester } = input;
  const details = input.details?.trim();
  return {
    to: [...input.to],
    subject: `File access request: ${file.name} in ${model.name}`,
    text: [
      'Hello,',
      '',
      `${fullName(requester)} (${requester.email}, user id ${requester.id}) asks for access to the file "${file.name}" of the model entry "${model.name}" in Model Repository.`,
      '',
      'Reasons:',
      input.reasons.join('\n'),
      ...(details ? ['', 'Details:', details] : []),
      '',
      'To grant access, open this link while signed in as the file owner (or a super user):',
      fileGrantLink(webUrl, model.uuid, file, requester.id),
    ].join('\n'),
  };
}

/** 'File Access has been granted' to the grantee, with a link to the entry's files. */
export function fileAccessGrantedMail(input: {
  webUrl: string;
  model: { uuid: string; name: string };
  file: { name: string };
  grantee: Person;
  grantedBy: Person;
}): Mail {
  const { webUrl, model, file, grantee, grantedBy } = input;
  return {
    to: [grantee.email],
    subject: MESSAGES.fileAccessGranted,
    text: [
      `Hello ${fullName(grantee)},`,
      '',
      `${fullName(grantedBy)} has given you access to the file "${file.name}" of the model entry "${model.name}" in Model Repository.`,
      '',
      `Open the files of the model entry: ${folderLink(webUrl, model.uuid)}`,
    ].join('\n'),
  };
}
