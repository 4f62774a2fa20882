/**
 * The table's client. Handlers reach DynamoDB through `ddb().send(new GetCommand(...))`, with the
 * document client's commands from ./dynamodb (the SDK's names, inputs and outputs, without the SDK
 * client's cold start). Locally the endpoint comes from the environment (the one list in
 * shared/config/env-vars.ts); in AWS the regional endpoint is used.
 */
export { dynamoDocuments as ddb } from './dynamodb';
