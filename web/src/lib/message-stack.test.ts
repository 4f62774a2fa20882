// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToStack,
  clearMessages,
  displayText,
  getMessages,
  messageLife,
  notify,
  showMessage,
} from './message-stack';

describe('message durations', () => {
  it('keeps errors until dismissed and shows the others for the medium duration', () => {
    expect(messageLife('error')).toBe(0);
    expect(messageLife('info')).toBe(5000);
    expect(messageLife('success')).toBe(5000);
    expect(messageLife('warning')).toBe(5000);
  });

  it('honours an explicit short or long duration', () => {
    expect(messageLife('info', 'short')).toBe(3000);
    expect(messageLife('success', 'long')).toBe(7000);
  });
});

describe('message grouping', () => {
  it('groups identical texts of the same type with a count prefix', () => {
    let { list } = addToStack([], { severity: 'error', text: 'Boom' }, 1);
    ({ list } = addToStack(list, { severity: 'error', text: 'Boom' }, 2));
    ({ list } = addToStack(list, { severity: 'error', text: 'Other' }, 3));
    expect(list).toHaveLength(2);
    expect(list[0]?.count).toBe(2);
    expect(displayText(list[0] as (typeof list)[number])).toBe('(2) Boom');
    expect(displayText(list[1] as (typeof list)[number])).toBe('Other');
  });

  it('does not group the same text of different types', () => {
    let { list } = addToStack([], { severity: 'info', text: 'Saved' }, 1);
    ({ list } = addToStack(list, { severity: 'success', text: 'Saved' }, 2));
    expect(list).toHaveLength(2);
  });
});

describe('the message store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    clearMessages();
    vi.useRealTimers();
  });

  it('removes an info message after 5 s but keeps an error', () => {
    notify.info('Hello');
    notify.error('Broken');
    vi.advanceTimersByTime(4999);
    expect(getMessages().map((m) => m.text)).toEqual(['Hello', 'Broken']);
    vi.advanceTimersByTime(1);
    expect(getMessages().map((m) => m.text)).toEqual(['Broken']);
    vi.advanceTimersByTime(60_000);
    expect(getMessages().map((m) => m.text)).toEqual(['Broken']);
  });

  it('restarts the timer of a grouped message', () => {
    showMessage({ severity: 'success', text: 'Saved', duration: 'short' });
    vi.advanceTimersByTime(2000);
    showMessage({ severity: 'success', text: 'Saved', duration: 'short' });
    vi.advanceTimersByTime(2000);
    expect(getMessages()[0]?.count).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(getMessages()).toHaveLength(0);
  });

  it('keeps the report id of an error', () => {
    notify.error('With report', 'rep-1');
    expect(getMessages()[0]?.reportId).toBe('rep-1');
  });
});
