import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import { type ManagedChild, spawnManaged, waitUntil } from './processes';

export const DYNAMODB_LOCAL_DIR = join(process.cwd(), '.local', 'bin', 'dynamodb-local');

/** DynamoDB Local (AWS's own emulator, Java), data kept in `<dataDir>/dynamodb`. */
export async function startDynamoDbLocal(options: {
  port: number;
  dataDir: string;
  logDir: string;
}): Promise<ManagedChild> {
  const jar = join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal.jar');
  if (!existsSync(jar)) {
    throw new Error(
      `DynamoDB Local is not installed (${jar} is missing). Run: bash scripts/local/install-deps.sh`,
    );
  }
  const dbPath = join(options.dataDir, 'dynamodb');
  mkdirSync(dbPath, { recursive: true });
  const logFile = join(options.logDir, 'dynamodb.log');
  const child = spawnManaged({
    name: 'dynamodb',
    command: 'java',
    args: [
      // Faster start-up on small machines; DynamoDB Local's work here is light.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      `-Djava.library.path=${join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal_lib')}`,
      '-jar',
      jar,
      '-port',
      String(options.port),
      '-dbPath',
      dbPath,
      '-sharedDb',
      // No phoning home (and no waiting for a network that is not there).
      '-disableTelemetry',
    ],
    cwd: DYNAMODB_LOCAL_DIR,
    logFile,
  });
  const client = dynamoDbClient(options.port, 1);
  // The JVM's start takes a few seconds on a quiet machine and minutes when both cores are busy (a
  // build beside the tests): the wait only ends early on success, so a long limit costs nothing.
  await waitUntil(
    'DynamoDB Local',
    async () => {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    },
    { timeoutMs: 120_000, intervalMs: 200, logFile, exited: child.exited },
  );
  client.destroy();
  return child;
}

export function dynamoDbClient(port: number, maxAttempts?: number): DynamoDBClient {
  return new DynamoDBClient({
    ...(maxAttempts ? { maxAttempts } : {}),
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

/** Creates the single table from the shared schema (same keys and indexes as the CDK stack) if missing. */
export async function ensureTable(port: number, tableName: string): Promise<void> {
  const client = dynamoDbClient(port);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  } finally {
    client.destroy();
  }
  const db = dynamoDbClient(port);
  const keyNames = new Set<string>([TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey]);
  for (const gsi of TABLE_SCHEMA.globalSecondaryIndexes) {
    keyNames.add(gsi.partitionKey);
    keyNames.add(gsi.sortKey);
  }
  await db.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...keyNames].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_SCHEMA.globalSecondaryIndexes.map((gsi) => ({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_SCHEMA.streamViewType },
    }),
  );
  await db.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { Enabled: true, AttributeName: TABLE_SCHEMA.ttlAttribute },
    }),
  );
  db.destroy();
}
