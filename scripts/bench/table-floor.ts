import { ddb } from '../../functions/data/clients';
import { GetCommand } from '../../functions/data/dynamodb';

/**
 * The reference the bundle benchmark measures next to every handler: nothing but the table client every
 * handler needs (functions/data/dynamodb.ts: the SDK's signer, HTTP handler and credential chain,
 * marshalling, and the zod-parsed configuration), bundled the same way. Its import time is the floor
 * on this machine; a handler's figure minus this one is what its own code and other dependencies add.
 */
export const handler = async (event: { key: string }) =>
  ddb().send(new GetCommand({ TableName: 'reference', Key: { pk: event.key, sk: 'META' } }));
