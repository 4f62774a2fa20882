import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env';
import { tracer } from '../lib/observability';

/**
 * The table's document client, created on first use and reused by every invocation of the process.
 * Each AWS service has its own client module, so a bundle carries only the clients its code reaches.
 * Locally the endpoint is DynamoDB Local's (DYNAMODB_ENDPOINT, the one list in
 * shared/config/env-vars.ts); in AWS none is given and the SDK resolves the regional endpoint itself
 * (or AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL, which it honours). Credentials come from the SDK's
 * default chain: the function's role in Lambda.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = env.dynamodbEndpoint;
    // Traced at the base client: the document client sends through its middleware stack.
    const client = tracer.captureAWSv3Client(new DynamoDBClient(endpoint ? { endpoint } : {}));
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}
