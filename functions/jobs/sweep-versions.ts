import { sweepVersions } from '../core/versions/sweep-versions';
import { logger } from '../lib/observability';

/** Scheduled job `sweep-versions` (shared/api/routes.ts SCHEDULED_JOBS; core/versions/sweep-versions.ts). */
export const handler = async () => {
  const outcome = await sweepVersions();
  logger.info('Versions sweeper', { ...outcome });
  return outcome;
};
