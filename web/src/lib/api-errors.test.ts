// @vitest-environment node
import { MESSAGES } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { describeApiError, forbiddenRedirect } from './api-errors';

describe('describeApiError (002 §8)', () => {
  it('answers 403 with the forbidden text, whatever the body', () => {
    expect(describeApiError(403, { message: 'nope', reportId: 'r' })).toEqual({
      kind: 'forbidden',
      text: 'Access is forbidden. You have been redirected.',
    });
  });

  it('answers 401 with a re-login', () => {
    expect(describeApiError(401, { message: 'expired' })).toEqual({ kind: 'reauthenticate' });
  });

  it('prefers the report id over the generic message of a 5xx body', () => {
    const outcome = describeApiError(500, {
      message: 'Internal error',
      code: 'INTERNAL_ERROR',
      reportId: 'abc-123',
    });
    expect(outcome).toEqual({
      kind: 'report',
      reportId: 'abc-123',
      text: 'An error has occurred. Please try to reload the page. If this error persists, please contact support, mentioning the following report id: abc-123.',
    });
  });

  it('shows the server message when there is one', () => {
    expect(describeApiError(409, { message: 'Already exists', code: 'CONFLICT' })).toEqual({
      kind: 'message',
      text: 'An error has occurred: Already exists',
    });
  });

  it('falls back to the unknown-error text', () => {
    expect(describeApiError(502, undefined)).toEqual({ kind: 'unknown', text: MESSAGES.unknownError });
    expect(describeApiError(0, 'Bad Gateway')).toEqual({
      kind: 'unknown',
      text: 'An unknown error has occurred. Please try to reload page.',
    });
  });
});

describe('forbiddenRedirect', () => {
  it('sends model areas to the model list and everything else to the access-denied page', () => {
    expect(forbiddenRedirect('/models/x', '/execution-queue', '/error/access-denied', '/model')).toBe(
      '/model',
    );
    expect(forbiddenRedirect('/incidents', '/model/abc/detail', '/error/access-denied', '/model')).toBe(
      '/model',
    );
    expect(
      forbiddenRedirect('/incidents', '/admin/incident-management', '/error/access-denied', '/model'),
    ).toBe('/error/access-denied');
  });
});
