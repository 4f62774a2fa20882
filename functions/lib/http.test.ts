import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { httpEvent } from '../testing/http-event';
import { AppError, ConflictError } from './errors';
import { errorResponse, parseInput, readJsonBody, respond, routeOf, toResponse } from './http';

const parse = (body: string | undefined) => JSON.parse(body ?? 'null');

describe('errorResponse', () => {
  it('answers a domain error with its status, message and stable code', () => {
    const res = errorResponse(new ConflictError('This model name is taken.'));
    expect(res.statusCode).toBe(409);
    expect(parse(res.body)).toEqual({ message: 'This model name is taken.', code: 'CONFLICT' });
  });

  it('answers any other error with a generic 500 carrying the given report id, and no detail', () => {
    const res = errorResponse(new Error('secret detail at db.internal'), {
      route: 'GET /v2/boom',
      reportId: 'report-1',
    });
    expect(res.statusCode).toBe(500);
    expect(parse(res.body)).toEqual({
      message: 'An unexpected error occurred.',
      code: 'INTERNAL_ERROR',
      reportId: 'report-1',
    });
    expect(res.body).not.toContain('secret');
  });

  it('gives a domain error of the server (5xx) a report id too, and a client error (4xx) none', () => {
    const badGateway = new AppError(502, 'MAIL_FAILED', 'Failed to send email notification');
    expect(parse(errorResponse(badGateway, { reportId: 'report-2' }).body)).toEqual({
      message: 'Failed to send email notification',
      code: 'MAIL_FAILED',
      reportId: 'report-2',
    });
    expect(parse(errorResponse(badGateway).body).reportId).toEqual(expect.any(String));
    expect(parse(errorResponse(new ConflictError('taken'), { reportId: 'x' }).body).reportId).toBeUndefined();
  });

  it('gives an unexpected error a new report id when none is given', () => {
    const first = parse(errorResponse('thrown string').body).reportId;
    const second = parse(errorResponse('thrown string').body).reportId;
    expect(first).toEqual(expect.any(String));
    expect(first).not.toBe(second);
  });
});

describe('request parsing', () => {
  it('reads a base64-encoded JSON body', () => {
    const event = { ...httpEvent(), body: Buffer.from('{"a":1}').toString('base64'), isBase64Encoded: true };
    expect(readJsonBody(event)).toEqual({ a: 1 });
  });

  it('reads no body as undefined', () => {
    expect(readJsonBody(httpEvent())).toBeUndefined();
  });

  it('says in words that a body is missing, and names a field and what it allows', () => {
    const fail = (value: unknown) => {
      try {
        parseInput(z.object({ level: z.literal([250, 500]) }), value, 'body');
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(fail(undefined)).toBe('This request needs a JSON body. (body)');
    expect(fail({ level: 1 })).toBe('level must be one of 250, 500 (body.level)');
  });

  it('names the failing field with the part of the request it is in', () => {
    const error = (() => {
      try {
        parseInput(z.object({ uuid: z.uuid() }), { uuid: 'nope' }, 'path');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ statusCode: 400, issues: [{ path: 'path.uuid' }] });
  });
});

describe('toResponse', () => {
  it('sends a non-JSON string body of an explicit result as it is', () => {
    const res = toResponse(respond(200, 'a,b\n1,2', { 'content-type': 'text/csv' }));
    expect(res.body).toBe('a,b\n1,2');
    expect(res.headers?.['content-type']).toBe('text/csv');
  });
});

describe('routeOf', () => {
  it('is the route key, or method and path for the $default route', () => {
    expect(routeOf(httpEvent({ routeKey: 'GET /v2/models/{uuid}' }))).toBe('GET /v2/models/{uuid}');
    expect(routeOf(httpEvent({ routeKey: '$default', method: 'PUT', path: '/v2/nowhere' }))).toBe(
      'PUT /v2/nowhere',
    );
  });
});
