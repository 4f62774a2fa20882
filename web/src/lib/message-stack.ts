import { LIMITS } from '@shared/constants';

/**
 * The message stack (000 §2, 002 §8): info, success, warning and error messages. Errors stay until
 * dismissed, the others go after the medium duration unless a duration is given; a message whose
 * text and type equal one already shown is grouped into it with a count.
 */
export type MessageSeverity = 'info' | 'success' | 'warning' | 'error';
export type MessageDuration = keyof typeof LIMITS.messageDurationsMs;

export interface StackMessage {
  id: number;
  severity: MessageSeverity;
  text: string;
  count: number;
  /** Milliseconds before it disappears; 0 = until dismissed. */
  life: number;
  /** Server report id: the message offers 'Report Issue'. */
  reportId?: string;
  /** The user has reported this report id: the message no longer offers it (no duplicate incidents). */
  reported?: boolean;
}

export interface MessageInput {
  severity: MessageSeverity;
  text: string;
  duration?: MessageDuration;
  reportId?: string;
}

export function messageLife(severity: MessageSeverity, duration?: MessageDuration): number {
  if (duration) return LIMITS.messageDurationsMs[duration];
  return severity === 'error' ? LIMITS.messageDurationsMs.infinite : LIMITS.messageDurationsMs.medium;
}

/** Adds a message to a list, grouping identical ones. Returns the new list and the affected id. */
export function addToStack(
  list: readonly StackMessage[],
  input: MessageInput,
  nextId: number,
): { list: StackMessage[]; id: number } {
  const same = list.find((m) => m.text === input.text && m.severity === input.severity);
  if (same) {
    return { list: list.map((m) => (m === same ? { ...m, count: m.count + 1 } : m)), id: same.id };
  }
  const message: StackMessage = {
    id: nextId,
    severity: input.severity,
    text: input.text,
    count: 1,
    life: messageLife(input.severity, input.duration),
    ...(input.reportId ? { reportId: input.reportId } : {}),
  };
  return { list: [...list, message], id: nextId };
}

export const displayText = (m: Pick<StackMessage, 'text' | 'count'>) =>
  m.count > 1 ? `(${m.count}) ${m.text}` : m.text;

// The store: a tiny external store read with useSyncExternalStore.
let messages: StackMessage[] = [];
let lastId = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getMessages = (): readonly StackMessage[] => messages;

export function dismissMessage(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const next = messages.filter((m) => m.id !== id);
  if (next.length !== messages.length) {
    messages = next;
    emit();
  }
}

export function showMessage(input: MessageInput): number {
  const { list, id } = addToStack(messages, input, lastId + 1);
  if (id > lastId) lastId = id;
  messages = list;
  const message = messages.find((m) => m.id === id);
  // A repeated message restarts its timer so that it stays visible for a full duration.
  const old = timers.get(id);
  if (old) clearTimeout(old);
  timers.delete(id);
  if (message && message.life > 0)
    timers.set(
      id,
      setTimeout(() => dismissMessage(id), message.life),
    );
  emit();
  return id;
}

/** After an incident was stored for `reportId`: its messages stop offering 'Report Issue'. */
export function markReported(reportId: string): void {
  if (!messages.some((m) => m.reportId === reportId && !m.reported)) return;
  messages = messages.map((m) => (m.reportId === reportId ? { ...m, reported: true } : m));
  emit();
}

export function clearMessages(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  messages = [];
  emit();
}

export const notify = {
  info: (text: string, duration?: MessageDuration) => showMessage({ severity: 'info', text, duration }),
  success: (text: string, duration?: MessageDuration) => showMessage({ severity: 'success', text, duration }),
  warning: (text: string, duration?: MessageDuration) => showMessage({ severity: 'warning', text, duration }),
  error: (text: string, reportId?: string) => showMessage({ severity: 'error', text, reportId }),
};
