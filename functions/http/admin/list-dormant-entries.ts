import { listDormantEntries } from '../../core/admin/usage-report';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/usage/dormant: entries nobody opened in a year (administrators). */
export const handler = httpHandler({
  handle: async ({ user }) => listDormantEntries(user),
});
