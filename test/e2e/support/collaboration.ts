import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect, type Page } from '@playwright/test';
import { api, documentClient, idToken, localCloud } from '../../support/local-cloud';

/**
 * Helpers of the collaboration specs (access requests, grant links, notifications): entries created
 * through the API so that a test does not depend on seeded data, and a look at the WebSocket
 * connections the gateway registered, so that a live-push test knows the browser is listening.
 */
export interface CreatedEntry {
  uuid: string;
  name: string;
}

export interface EntryRoles {
  vestLead: string;
  steward: string;
  owners: string[];
  viewers: string[];
}

/** Creates (and publishes) an entry with one file as `creator`, through the API. */
export async function createPublishedEntry(
  creator: string,
  suffix: string,
  roles: EntryRoles = { vestLead: 'lead', steward: 'steward', owners: ['owner'], viewers: ['viewer'] },
): Promise<CreatedEntry> {
  const token = await idToken(creator);
  const post = (body: unknown) => ({
    token,
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const content = 'main model body';
  const ticket = await api('/v2/uploads', post({ files: [{ name: 'model.xlsx', size: content.length }] }));
  expect(ticket.status, 'POST /v2/uploads').toBe(201);
  const { uploadId, files } = (await ticket.json()) as {
    uploadId: string;
    files: { uploadFileId: string; url: string; headers: Record<string, string> }[];
  };
  const put = await fetch(files[0]?.url ?? '', { method: 'PUT', body: content, headers: files[0]?.headers });
  expect(put.status, 'upload PUT').toBe(200);
  const res = await api(
    '/v2/models',
    post({
      uploadId,
      files: [{ uploadFileId: files[0]?.uploadFileId, name: 'model.xlsx', mainFile: true }],
      metadata: {
        therapeutic_area: 'Oncology',
        disease: 'Melanoma',
        product: ['Tumivex'],
        model_type: 'Markov Cohort Model',
        type: 'Global',
        version_release_of_model: '1',
        stage_of_model_development: 'Under Development',
        information_classification: 'Proprietary',
        global: 'true',
        version_log: 'First version',
        suffix,
      },
      roles: { ...roles, displayViewers: [], calibrationModelers: [], scenarioModelers: [] },
      publish: true,
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedEntry;
}

/** The WebSocket connection ids the gateway holds for a user (USER#<id> / CONN#<connection id>). */
export async function liveConnectionIds(userId: string): Promise<string[]> {
  const cloud = localCloud();
  const client = documentClient(cloud);
  try {
    const { Items = [] } = await client.send(
      new QueryCommand({
        TableName: cloud.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :conn)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':conn': 'CONN#' },
      }),
    );
    return Items.map((item) => String(item.connectionId ?? item.sk).replace(/^CONN#/, ''));
  } finally {
    client.destroy();
  }
}

/**
 * Opens `path` on a page and waits until the app's WebSocket is registered for `userId` (a connection
 * id that was not there before), so that a push sent afterwards reaches this page.
 */
export async function openListening(page: Page, userId: string, path: string): Promise<void> {
  const before = new Set(await liveConnectionIds(userId));
  await page.goto(path);
  await expect
    .poll(async () => (await liveConnectionIds(userId)).some((id) => !before.has(id)), {
      message: `a new WebSocket connection of ${userId}`,
      timeout: 30_000,
    })
    .toBe(true);
}
