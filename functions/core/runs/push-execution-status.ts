import type { ExecutionStatusMessage } from '@shared/schemas/execution-status-message';
import { listUserConnectionIds } from '../../data/connections';
import { logger } from '../../lib/observability';
import { pushToConnection } from '../connections/push-to-connection';

/**
 * Pushes an execution's status change to every open WebSocket connection of its recipients (spec 001
 * §4 "Live status"). A push is a side effect of a status that is already written: nothing here throws.
 */
export async function pushExecutionStatus(
  recipients: Iterable<string>,
  message: ExecutionStatusMessage,
): Promise<void> {
  const users = [...new Set(recipients)];
  try {
    const targets = await Promise.all(
      users.map(async (userId) => ({ userId, ids: await listUserConnectionIds(userId) })),
    );
    await Promise.all(
      targets.flatMap(({ userId, ids }) => ids.map((id) => pushToConnection(id, message, userId))),
    );
  } catch (error) {
    logger.warn('Could not push an execution status', { error, scenario: message.scenario.id });
  }
}
