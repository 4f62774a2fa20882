import { MESSAGES } from '@shared/messages';
import { NotFoundError } from '../lib/errors';
import { httpHandler } from './http-handler';

/** Fallback for requests that match no route ($default in AWS, the local gateway's fallback). */
export const handler = httpHandler({
  auth: 'public',
  handle: async () => {
    throw new NotFoundError(MESSAGES.apiNotFound);
  },
});
