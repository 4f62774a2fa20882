/**
 * Names the handlers publish and the CDK alarms watch (cdk/constructs/monitoring.ts): one definition,
 * so an alarm never waits on a metric nobody writes.
 */
export const JOB_FAILED_METRIC = {
  /** Counted once per failed job (scheduled or invoked), in OBSERVABILITY.metricsNamespace. */
  name: 'JobFailed',
  /** The job's name (SCHEDULED_JOBS, INVOKED_JOBS in shared/api/routes.ts). */
  dimension: 'Job',
} as const;

/** Log keys every line of an invocation may carry (functions/lib/observability.ts, `appendLogKeys`). */
export const LOG_KEYS = [
  'route',
  'userId',
  'runId',
  'groupId',
  'instanceId',
  'archiveId',
  'connectionId',
] as const;
export type LogKey = (typeof LOG_KEYS)[number];
