import type { User } from '@shared/schemas/user';
import { defaultShareMessage } from '@shared/submodels/sharing';
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
 * message of shared/submodels/sharing.ts, which names the sharer and the model; the sharer may change
 * it), then a footer that always names the sharer, the model and the instance with their links.
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
      defaultShareMessage({
        sharerName: fullName(sender),
        modelName: model.name,
        instanceName: instance.name,
        link,
      }),
      `Shared by ${fullName(sender)} (${sender.email}) from Model Repository.`,
      `Model entry "${model.name}": ${modelLink(webUrl, model.uuid)}`,
    ].join('\n'),
  };
}
