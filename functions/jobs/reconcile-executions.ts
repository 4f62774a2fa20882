import { reconcileExecutions } from '../core/executions/reconcile-executions';

/** Scheduled job `reconcile-executions` (shared/api/routes.ts SCHEDULED_JOBS). */
export const handler = async () => reconcileExecutions();
