import { deleteConnection, getConnection, putConnection } from '../../data/connections';
import { AppError, UnauthorizedError } from '../../lib/errors';
import { identityFromClaims } from '../../lib/identity';
import { logger } from '../../lib/observability';
import { verifyIdToken } from '../../lib/token-verifier';
import { authenticate } from '../users/authenticate';

/**
 * A browser opens the WebSocket (`$connect` with `?token=<ID token>`).
 * 1. Verify the token (401 when missing, forged or expired).
 * 2. Require an active user (403 otherwise), as the HTTP API does.
 * 3. Store the connection under the user (one transaction, both items).
 */
export async function openConnection(
  connectionId: string,
  token: string | undefined,
  now = new Date(),
): Promise<string> {
  if (!token) throw new UnauthorizedError();
  let claims: Parameters<typeof identityFromClaims>[0];
  try {
    claims = (await verifyIdToken(token)) as Parameters<typeof identityFromClaims>[0];
  } catch (error) {
    logger.info('WebSocket token refused', {
      reason: error instanceof Error ? error.message : String(error),
    });
    throw new UnauthorizedError();
  }
  const user = await authenticate(identityFromClaims(claims), { fresh: true });
  await putConnection({ connectionId, userId: user.id, connectedAt: now.toISOString() });
  return user.id;
}

/** `$disconnect`: forget the connection (both items). */
export async function closeConnection(connectionId: string): Promise<void> {
  await deleteConnection(connectionId);
}

/** The user of a connection; a connection we do not know is refused. */
export async function userOfConnection(connectionId: string): Promise<string> {
  const connection = await getConnection(connectionId);
  if (!connection) throw new UnauthorizedError('Unknown connection.');
  return connection.userId;
}

/** Maps a failure of the WebSocket handlers to the status code API Gateway answers the client with. */
export function wsStatusOf(error: unknown): number {
  return error instanceof AppError ? error.statusCode : 500;
}
