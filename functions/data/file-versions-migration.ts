import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './dynamodb-client';
import { fromModelFileItem, type ModelFileRecord } from './model-files';
import { tableName } from './table';

/**
 * The one Scan of the data layer, for the file-version migration only (scripts/local/
 * migrate-file-versions.ts, functions/core/files/migrate-file-versions.ts): kept in a module of its own
 * so that no area function imports it (area functions are granted no Scan, cdk/area-iam.test.ts).
 */
/** A page of the migration's scan: file items that still hold a `versions` list, and where to go on. */
export interface LegacyVersionsPage {
  files: ModelFileRecord[];
  /** Pass back to continue; absent after the last page (the table was read to its end). */
  cursor?: string;
}

/**
 * One page of a Scan for file items with a legacy `versions` list (scripts/local/migrate-file-versions.ts).
 * The cursor is DynamoDB's LastEvaluatedKey as JSON, so a migration stopped half way resumes there.
 */
export async function scanLegacyVersionLists(cursor?: string, pageSize = 500): Promise<LegacyVersionsPage> {
  const out = await ddb().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: '#entity = :file AND attribute_exists(#versions)',
      ExpressionAttributeNames: { '#entity': 'entity', '#versions': 'versions' },
      ExpressionAttributeValues: { ':file': 'ModelFile' },
      Limit: pageSize,
      ...(cursor ? { ExclusiveStartKey: JSON.parse(cursor) as Record<string, unknown> } : {}),
    }),
  );
  return {
    files: (out.Items ?? []).map(fromModelFileItem),
    ...(out.LastEvaluatedKey ? { cursor: JSON.stringify(out.LastEvaluatedKey) } : {}),
  };
}
