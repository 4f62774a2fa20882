import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The reference the bundle benchmark measures next to every handler: nothing but the DynamoDB
 * document client every handler needs, bundled the same way. Its import time is the floor the AWS
 * SDK sets on this machine; a handler's figure minus this one is what our code and its other
 * dependencies add.
 */
const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { key: string }) =>
  ddb.send(new GetCommand({ TableName: 'reference', Key: { pk: event.key, sk: 'META' } }));
