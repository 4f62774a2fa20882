import { EXECUTION_MESSAGES } from '@shared/executions/execution-status';
import {
  type ExecutionStatusMessage,
  ExecutionStatusMessageSchema,
} from '@shared/schemas/execution-status-message';
import { INSTANCE_STATUS_LABELS } from '@shared/sub-models/instances';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withoutSessionActivity } from '../../../lib/api-client';
import { onLiveMessage } from '../../../lib/live-channel';
import { notify } from '../../../lib/message-stack';
import { workspaceKeys } from '../../../lib/workspace';
import { executionKeys } from './executions-api';

export type LiveExecutionMessage =
  | { kind: 'status'; message: ExecutionStatusMessage }
  | { kind: 'unparsable' }
  | { kind: 'other' };

/**
 * Sorts a live channel message: an `execution-status` message that does not match its schema is
 * 'unparsable' (001 §8 warns about it); messages of other types are none of this feature's business.
 */
export function readExecutionMessage(message: unknown): LiveExecutionMessage {
  const type = (message as { type?: unknown } | null)?.type;
  if (type !== 'execution-status') return { kind: 'other' };
  const parsed = ExecutionStatusMessageSchema.safeParse(message);
  return parsed.success ? { kind: 'status', message: parsed.data } : { kind: 'unparsable' };
}

/**
 * 001 §4 "Live status": completed is a success, failed a warning, any other status an info. A status
 * that calibration governance set (accept, unaccept, supersede) is no execution: an info that says so.
 */
export function toastExecutionStatus(message: ExecutionStatusMessage): void {
  const { name } = message.scenario;
  const { status, cause } = message.execution;
  if (cause === 'governance')
    notify.info(EXECUTION_MESSAGES.governanceToast(name, INSTANCE_STATUS_LABELS[status]));
  else if (status === 'COMPLETED') notify.success(EXECUTION_MESSAGES.completedToast(name));
  else if (status === 'FAILED') notify.warning(EXECUTION_MESSAGES.failedToast(name));
  else notify.info(EXECUTION_MESSAGES.statusChangedToast(name, INSTANCE_STATUS_LABELS[status]));
}

/**
 * Handles one live message app-wide: the toast, then the queue and the entry's instance lists and
 * details are refetched so that every screen showing the status updates by itself.
 */
export function handleLiveExecutionMessage(queryClient: QueryClient, message: unknown): void {
  const read = readExecutionMessage(message);
  if (read.kind === 'other') return;
  if (read.kind === 'unparsable') {
    notify.warning(EXECUTION_MESSAGES.unparsableLiveMessage);
    // Something changed even if we cannot tell what: the queue is refetched.
    withoutSessionActivity(() => void queryClient.invalidateQueries({ queryKey: executionKeys.all }));
    return;
  }
  toastExecutionStatus(read.message);
  // Refetched because the server spoke, not the user: an idle session still expires during a run.
  withoutSessionActivity(() => {
    void queryClient.invalidateQueries({ queryKey: executionKeys.all });
    void queryClient.invalidateQueries({
      queryKey: workspaceKeys.instances(read.message.execution.modelUuid),
    });
  });
}

/** Listens to the app's live channel (opened by the notifications feature) for execution statuses. */
export function useLiveExecutions(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => onLiveMessage((message) => handleLiveExecutionMessage(queryClient, message)),
    [queryClient],
  );
}
