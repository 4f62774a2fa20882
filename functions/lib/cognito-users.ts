import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { UserType } from '@shared/schemas/user';
import { env } from './env';
import { tracer } from './observability';

/**
 * The Cognito client, created on first use; here rather than in a shared module so that only the
 * function that invites users (the admin area) bundles it and is granted Cognito actions. Its endpoint
 * is the SDK's own choice: locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER names the local cloud's
 * Cognito proxy (scripts/local/env.ts).
 */
let cognitoClient: CognitoIdentityProviderClient | undefined;
const cognito = () => {
  cognitoClient ??= tracer.captureAWSv3Client(new CognitoIdentityProviderClient({}));
  return cognitoClient;
};

export interface Invitee {
  /** The Cognito user name: the user's ISID, which is also the DynamoDB user id. */
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The Cognito group mirroring the user type (the DynamoDB record stays authoritative). */
  group: UserType;
}

/**
 * Creates the Cognito user of an approved person with Cognito's invitation: Cognito makes a temporary
 * password and e-mails it (the pool's invitation template, cdk/stacks/stateful-stack.ts); the user
 * must choose a new password at the first sign-in (NEW_PASSWORD_REQUIRED). The e-mail is marked
 * verified since the registration code reached that address.
 *
 * Answers 'exists' when the user name is already taken (an approval retried after a failure further
 * on): the user keeps the invitation sent the first time and is still put in the group. Never enables anything by itself: whether
 * the person may use the API is decided by the users table (functions/core/users/authenticate.ts).
 */
export async function inviteUser(invitee: Invitee): Promise<'invited' | 'exists'> {
  let outcome: 'invited' | 'exists' = 'invited';
  try {
    await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: env.userPoolId,
        Username: invitee.username,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: invitee.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: invitee.firstName },
          { Name: 'family_name', Value: invitee.lastName },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
    outcome = 'exists';
  }
  // Adding to a group the user is already in changes nothing, so a retried approval completes it.
  await cognito().send(
    new AdminAddUserToGroupCommand({
      UserPoolId: env.userPoolId,
      Username: invitee.username,
      GroupName: invitee.group,
    }),
  );
  return outcome;
}
