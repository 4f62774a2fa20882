import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, localCloud } from '../support/local-cloud';
import { call, type Json } from './catalogue-helpers';

/**
 * 'Report an issue' (002 §8, issue 4 §8): an incident keeps the report id, the user's notes and
 * description, status OPEN, and the stack trace the SERVER stored under that report id when the
 * error happened (the client never sends one).
 */

/** What `httpHandler` stores for an unexpected error (functions/data/error-reports.ts). */
async function storeErrorReport(reportId: string, stack: string): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: localCloud().tableName,
      Item: {
        pk: `ERRORREPORT#${reportId}`,
        sk: 'META',
        entity: 'ErrorReport',
        reportId,
        message: 'boom',
        stack,
        route: 'GET /v2/test',
        time: '2026-03-01T10:00:00.000Z',
      },
    }),
  );
}

async function incidentById(id: string): Promise<Json> {
  const list = await call('admin', 'GET', '/v2/incidents');
  expect(list.status).toBe(200);
  return list.body.items.find((i: Json) => i.incidentId === id);
}

describe('incidents', () => {
  it('stores the server-side stack of the report id, never one sent by the client', async () => {
    const reportId = randomUUID();
    const stack = `Error: boom\n    at handler (functions/http/x.ts:1:1) ${reportId}`;
    await storeErrorReport(reportId, stack);

    const res = await call('employee', 'POST', '/v2/incidents', {
      reportId,
      description: 'The model list did not load',
      userNotes: 'It happened twice',
      issueSummary: 'List broken',
      stackTrace: 'forged by the client',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ incidentId: expect.any(String) });

    expect(await incidentById(res.body.incidentId)).toMatchObject({
      reportId,
      description: 'The model list did not load',
      userNotes: 'It happened twice',
      issueSummary: 'List broken',
      stackTrace: stack,
      incidentTime: '2026-03-01T10:00:00.000Z',
      status: 'OPEN',
      createdBy: 'employee',
    });
  });

  it('stores an incident without a known report, with no stack trace', async () => {
    const res = await call('viewer', 'POST', '/v2/incidents', {
      reportId: randomUUID(),
      description: 'Something odd',
      stackTrace: 'forged by the client',
    });
    expect(res.status).toBe(201);
    const incident = await incidentById(res.body.incidentId);
    expect(incident).toMatchObject({ description: 'Something odd', status: 'OPEN', createdBy: 'viewer' });
    expect(incident.stackTrace).toBeUndefined();
  });

  it('requires a description of at most 500 characters', async () => {
    const empty = await call('viewer', 'POST', '/v2/incidents', { description: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toContainEqual({
      path: 'body.description',
      message: 'This field is required.',
    });
    const long = await call('viewer', 'POST', '/v2/incidents', { description: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.issues).toContainEqual({
      path: 'body.description',
      message: 'The summary is too long, maximum length is 500 characters.',
    });
  });

  it('lists incidents (with stack traces) to administrators only', async () => {
    for (const persona of ['lead', 'viewer', 'vendor']) {
      expect((await call(persona, 'GET', '/v2/incidents')).status, persona).toBe(403);
    }
  });
});
