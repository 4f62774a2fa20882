import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Incident, IncidentSchema } from '@shared/schemas/incident';
import { ddb } from './dynamodb-client';
import { conditionalWrite, INDEXES, queryPages, tableName, withoutKeys } from './table';

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
  return IncidentSchema.parse(withoutKeys(item));
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
