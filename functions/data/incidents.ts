import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Incident, IncidentSchema, type IncidentWorklogEntry } from '@shared/schemas/incident';
import { ddb } from './dynamodb-client';
import { conditionalWrite, INDEXES, parseItem, queryPages, tableName } from './table';
import type { LabeledTxItem } from './transactions';

/**
 * Incidents: INCIDENT#<ulid> / META. GSI1 lists them all, newest first: INCIDENTS / <ulid>.
 */
export const incidentKey = (incidentId: string) => ({ pk: `INCIDENT#${incidentId}`, sk: 'META' });

export function toIncidentItem(incident: Incident) {
  return {
    ...incidentKey(incident.incidentId),
    entity: 'Incident',
    gsi1pk: 'INCIDENTS',
    gsi1sk: incident.incidentId,
    ...incident,
  };
}

export function fromIncidentItem(item: Record<string, unknown>): Incident {
  return parseItem(IncidentSchema, item);
}

export async function getIncident(incidentId: string): Promise<Incident | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: incidentKey(incidentId), ConsistentRead: true }),
  );
  return Item ? fromIncidentItem(Item) : undefined;
}

export interface IncidentStatusChange {
  incidentId: string;
  /** The status the caller saw: the update applies only while the incident still has it. */
  from: Incident['status'];
  to: Incident['status'];
  comments: string;
  by: string;
  at: string;
  worklogEntry: IncidentWorklogEntry;
}

/**
 * The Update of a status change, for the change's transaction (with its audit record): conditional on
 * the status the caller saw, so two administrators closing at once cannot both write a worklog line.
 */
export function incidentStatusUpdate(change: IncidentStatusChange): LabeledTxItem {
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: incidentKey(change.incidentId),
        UpdateExpression:
          'SET #status = :to, comments = :comments, modifiedOn = :at, modifiedBy = :by, ' +
          'worklog = list_append(if_not_exists(worklog, :empty), :entry)',
        ConditionExpression: 'attribute_exists(pk) AND #status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':from': change.from,
          ':to': change.to,
          ':comments': change.comments,
          ':at': change.at,
          ':by': change.by,
          ':empty': [],
          ':entry': [change.worklogEntry],
        },
      },
    },
    conflict: 'The incident has been changed by someone else. Reload it and try again.',
  };
}

export async function createIncident(incident: Incident): Promise<void> {
  await conditionalWrite(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: toIncidentItem(incident),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** Newest first; `limit` caps one page (the admin grid pages on the client for now). */
export async function listIncidents(limit: number): Promise<Incident[]> {
  const items: Incident[] = [];
  const pages = queryPages({
    IndexName: INDEXES.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'INCIDENTS' },
    ScanIndexForward: false,
    Limit: limit,
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) items.push(fromIncidentItem(item));
    if (items.length >= limit) break;
  }
  return items.slice(0, limit);
}
