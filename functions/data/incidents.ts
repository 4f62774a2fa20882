import { type Incident, IncidentSchema } from '@shared/schemas/incident';
import { ddb } from './clients';
import { PutCommand, QueryCommand } from './dynamodb';
import { conditionalWrite, INDEXES, tableName, withoutKeys } from './table';

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
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: INDEXES.gsi1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'INCIDENTS' },
        ScanIndexForward: false,
        Limit: limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) items.push(fromIncidentItem(item));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  return items;
}
