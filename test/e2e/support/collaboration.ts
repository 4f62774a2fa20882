import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect, type Page } from '@playwright/test';
import { documentClient, idToken, localCloud } from '../../support/local-cloud';
import { createModelEntry, demoMetadata, demoRoles } from '../../support/model-entries';

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

export interface EntryOptions {
  /** Files and their bodies; the first is the main model file. */
  files?: Record<string, string>;
  roles?: EntryRoles;
  publish?: boolean;
  /** Metadata over the defaults (a global Melanoma model). */
  metadata?: Record<string, unknown>;
}

const DEFAULT_ROLES: EntryRoles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: ['owner'],
  viewers: ['viewer'],
};

/** Creates an entry as `creator` through the API (uploads, then one create), published by default. */
export async function createEntry(
  creator: string,
  suffix: string,
  options: EntryOptions = {},
): Promise<CreatedEntry> {
  const bodies = options.files ?? { 'model.xlsx': 'main model body' };
  const names = Object.keys(bodies);
  const created = await createModelEntry(await idToken(creator), {
    files: names.map((name) => ({ name, content: bodies[name] ?? '', mainFile: name === names[0] })),
    metadata: demoMetadata({ suffix, ...options.metadata }),
    roles: demoRoles({ ...(options.roles ?? DEFAULT_ROLES) }),
    publish: options.publish ?? true,
  });
  return { uuid: created.uuid, name: created.name };
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
 * Opens a page at `path` with `open` (pageAs) and waits until its WebSocket is registered for
 * `userId`: a connection id that was not there before the page existed, so that a push sent
 * afterwards reaches it. The page is opened at `path` directly: a page opened elsewhere first would
 * have a socket of its own, whose late registration could pass for this one's.
 */
export async function openListening(
  open: (userId: string, path: string) => Promise<Page>,
  userId: string,
  path: string,
): Promise<Page> {
  const before = new Set(await liveConnectionIds(userId));
  const page = await open(userId, path);
  await expect
    .poll(async () => (await liveConnectionIds(userId)).some((id) => !before.has(id)), {
      message: `a new WebSocket connection of ${userId}`,
      timeout: 30_000,
    })
    .toBe(true);
  return page;
}
