import type { User } from '@shared/schemas/user';
import type { Mail } from '../../lib/mailer';
import { modelLink } from '../models/model-link';
import { fullName } from '../models/model-users';

/**
 * The share e-mail of an instance (spec 001 §2 share dialog, §5 "Share"). Pure: the web address comes
 * in as `webUrl` (env.webUrl in the use case), so unit tests check the exact text and links.
 */

/** The instance's detail page (§2 route /model/:modelUuid/instance/:scenarioId/detail). */
export function instanceLink(webUrl: string, uuid: string, instanceId: string): string {
  return `${webUrl}/model/${encodeURIComponent(uuid)}/instance/${encodeURIComponent(instanceId)}/detail`;
}

type Person = Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>;

/**
 * To the user the instance was shared with: the sharer's message (the dialog fills in the default
 * message of shared/sub-models/sharing.ts, which invites with the instance's link; the sharer may
 * change it), then a footer that names the sharer, the instance and the model with their links. The
 * footer does not invite again (issue 21 §11: the default invitation came twice).
 */
export function instanceShareMail(input: {
  webUrl: string;
  model: { uuid: string; name: string };
  instance: { id: string; name: string };
  sender: Person;
  to: Person;
  message: string;
}): Mail {
  const { webUrl, model, instance, sender } = input;
  const link = instanceLink(webUrl, model.uuid, instance.id);
  return {
    to: [input.to.email],
    subject: `${fullName(sender)} shared an instance with you: ${instance.name}`,
    text: [
      input.message.trim(),
      '',
      '--',
      `Shared by ${fullName(sender)} (${sender.email}) from Model Repository.`,
      `Instance "${instance.name}": ${link}`,
      `Model entry "${model.name}": ${modelLink(webUrl, model.uuid)}`,
    ].join('\n'),
  };
}
