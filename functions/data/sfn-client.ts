import { SFNClient } from '@aws-sdk/client-sfn';
import { env } from '../lib/env';

/** The Step Functions client (see clients.ts for why each service has its own module). */
let sfnClient: SFNClient | undefined;

export function sfn(): SFNClient {
  if (!sfnClient) {
    const endpoint = env.sfnEndpoint;
    sfnClient = new SFNClient(endpoint ? { endpoint } : {});
  }
  return sfnClient;
}
