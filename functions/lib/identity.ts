import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { UnauthorizedError } from './errors';

/** Who is calling, as far as the verified token says. Business data about the user lives in DynamoDB. */
export interface Identity {
  /** The ISID: `custom:isid` for federated employees (mapped by the IdP), else the Cognito user name. */
  userId: string;
  email?: string;
  groups: string[];
}

type Claims = Record<string, string | number | boolean | string[]>;

/** Reads the claims that API Gateway's JWT authorizer (or the local gateway) verified. */
export function claimsOf(event: APIGatewayProxyEventV2): Claims | undefined {
  const ctx = event.requestContext as APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Claims } };
  };
  return ctx.authorizer?.jwt?.claims;
}

export function identityFromClaims(claims: Claims | undefined): Identity {
  if (!claims) throw new UnauthorizedError();
  // `custom:isid` is trusted only on federated tokens (an `identities` claim is present): there the
  // corporate IdP maps it and users cannot change it. A password user could write their own custom
  // attributes through the Cognito API, so for them the user name (their ISID) is the identity.
  const federated = claims.identities !== undefined;
  const userId =
    (federated ? claims['custom:isid'] : undefined) ?? claims['cognito:username'] ?? claims.username;
  if (typeof userId !== 'string' || userId === '') throw new UnauthorizedError();
  return {
    userId,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    groups: parseGroups(claims['cognito:groups']),
  };
}

/** API Gateway flattens array claims to "[a b]"; the local gateway passes arrays. Accept both. */
function parseGroups(value: Claims[string] | undefined): string[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}
