import { UsageQuerySchema } from '@shared/schemas/usage';
import { getUsageReport } from '../../core/admin/usage-report';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/usage?month=yyyy-MM: views, downloads and runs per entry in a month (administrators). */
export const handler = httpHandler({
  query: UsageQuerySchema,
  handle: async ({ user, query }) => getUsageReport(user, query),
});
