import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { UnauthorizedError } from './errors';

/** Who is calling, as far as the verified token says. Business data about the user lives in DynamoDB. */
export interface Identity {
  /** The ISID: `custom:isid` when the IdP maps it (federated employees), else the Cognito user name. */
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
  const userId = claims['custom:isid'] ?? claims['cognito:username'] ?? claims.username;
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
