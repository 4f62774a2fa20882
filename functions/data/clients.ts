/**
 * AWS SDK clients, one module per service so that a handler bundles only the clients it uses.
 * Each is created once per process and reused across invocations. Locally the emulator endpoints
 * come from the environment (the one list in shared/config/env-vars.ts); in AWS those variables are
 * empty and the SDK uses the real endpoints.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env';

let documentClient: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = env.dynamodbEndpoint;
    const client = new DynamoDBClient(endpoint ? { endpoint } : {});
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}
