import { describe, expect, it } from 'vitest';
import type { ExternalUserStatus } from '../schemas/user';
import { type ExternalUserAction, isExternalActionEnabled, nextExternalStatus } from './external-user-status';

/** 002 §4, row by row: whether each sidebar action is enabled in each status. */
const TABLE: [ExternalUserStatus, Record<ExternalUserAction, boolean>][] = [
  ['ACTIVE', { activate: false, deactivate: true, reject: false, regenerateCode: false }],
  ['INACTIVE', { activate: true, deactivate: false, reject: false, regenerateCode: true }],
  ['PENDING_REGISTRATION', { activate: false, deactivate: false, reject: false, regenerateCode: true }],
  ['PENDING_REVIEW', { activate: true, deactivate: false, reject: true, regenerateCode: true }],
];

describe('external user actions per status (002 §4)', () => {
  it.each(TABLE)('%s', (status, expected) => {
    for (const [action, enabled] of Object.entries(expected)) {
      expect([action, isExternalActionEnabled(action as ExternalUserAction, status)]).toEqual([
        action,
        enabled,
      ]);
    }
  });
});

describe('the external status machine', () => {
  it.each([
    ['regenerateCode', 'PENDING_REGISTRATION', 'PENDING_REGISTRATION'],
    ['activate', 'PENDING_REVIEW', 'ACTIVE'],
    ['reject', 'PENDING_REVIEW', 'INACTIVE'],
    ['deactivate', 'ACTIVE', 'INACTIVE'],
    ['activate', 'INACTIVE', 'ACTIVE'],
    ['regenerateCode', 'INACTIVE', 'PENDING_REGISTRATION'],
    ['activate', 'ACTIVE', undefined],
    ['reject', 'ACTIVE', undefined],
    ['deactivate', 'PENDING_REVIEW', undefined],
    ['regenerateCode', 'ACTIVE', undefined],
  ] as const)('%s from %s leads to %s', (action, from, to) => {
    expect(nextExternalStatus(action, from)).toBe(to);
  });
});
