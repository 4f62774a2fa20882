import {
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { env } from './env';
import { tracer } from './observability';

/**
 * The corporate directory: who could be enrolled (002 §2 'Find user'). In AWS these are the users the
 * corporate IdP created in the user pool at their first sign-in (federated users carry their ISID in
 * `custom:isid`, cdk/stacks/stateful-stack.ts); locally the seed creates the directory's employees in
 * cognito-local (scripts/local/personas.ts DIRECTORY). The same code runs in both worlds: the SDK's
 * endpoint is the local Cognito proxy there (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).
 *
 * Created on first use and only in the admin area's bundle, so only that function is granted Cognito
 * actions (cdk/constructs/area-grants.ts).
 */
let client: CognitoIdentityProviderClient | undefined;
const cognito = () => {
  client ??= tracer.captureAWSv3Client(new CognitoIdentityProviderClient({}));
  return client;
};

export interface DirectoryEntry {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** ListUsers returns at most 60 users a call. */
const PAGE = 60;

/**
 * People whose user name, given name, family name or e-mail starts with `text`. ListUsers filters on
 * one attribute with a prefix match; names are compared as stored, so the text is also tried with a
 * capital first letter. One call per attribute and spelling, in parallel; duplicates merged.
 */
export async function searchDirectory(text: string, max: number): Promise<DirectoryEntry[]> {
  const spellings = [...new Set([text, capitalize(text), text.toLowerCase()])];
  const filters = [
    ...spellings.map((s) => `given_name ^= "${s}"`),
    ...spellings.map((s) => `family_name ^= "${s}"`),
    `email ^= "${text.toLowerCase()}"`,
    `username ^= "${text}"`,
  ];
  const pages = await Promise.all(
    filters.map((Filter) =>
      cognito().send(
        new ListUsersCommand({ UserPoolId: env.userPoolId, Filter, Limit: Math.min(PAGE, max * 2) }),
      ),
    ),
  );
  const byId = new Map<string, DirectoryEntry>();
  for (const page of pages)
    for (const user of page.Users ?? []) {
      const entry = toEntry(user.Username, user.Attributes);
      if (entry && !byId.has(entry.id)) byId.set(entry.id, entry);
    }
  return [...byId.values()];
}

/**
 * One person by ISID: the Cognito user of that name (password users, the local directory), else a
 * federated user whose `preferred_username` the IdP maps to the ISID. Undefined when nobody matches.
 */
export async function findDirectoryEntry(id: string): Promise<DirectoryEntry | undefined> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: env.userPoolId, Username: id }));
    return toEntry(user.Username, user.UserAttributes);
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  const page = await cognito().send(
    new ListUsersCommand({ UserPoolId: env.userPoolId, Filter: `preferred_username = "${id}"`, Limit: 1 }),
  );
  const [user] = page.Users ?? [];
  return user ? toEntry(user.Username, user.Attributes) : undefined;
}

/**
 * Signs the user out of every session: Cognito revokes their refresh tokens, so no browser can get a
 * new token (AdminUserGlobalSignOut). Access tokens already issued stay valid until they expire, which
 * is why the API refuses a deactivated user by the users table on every call (authenticate.ts). A user
 * who never signed in has nothing to sign out: UserNotFoundException is not an error here.
 */
export async function signOutEverywhere(id: string): Promise<'signed-out' | 'no-account'> {
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: env.userPoolId, Username: id }));
    return 'signed-out';
  } catch (error) {
    if (error instanceof UserNotFoundException) return 'no-account';
    throw error;
  }
}

function toEntry(
  username: string | undefined,
  attributes: AttributeType[] | undefined,
): DirectoryEntry | undefined {
  const attr = (name: string) => attributes?.find((a) => a.Name === name)?.Value;
  const id = attr('custom:isid') ?? username;
  if (!id) return undefined;
  return {
    id,
    firstName: attr('given_name') ?? '',
    lastName: attr('family_name') ?? '',
    email: attr('email') ?? '',
  };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
