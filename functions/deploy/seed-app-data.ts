import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { seedAppData } from '../core/settings/seed-app-data';
import { logger } from '../lib/observability';

/** The custom resource's one physical id: the seed is a single, stable thing to CloudFormation. */
export const SEED_RESOURCE_ID = 'model-repository-app-data';

/**
 * onEvent handler of the deploy-time seed (CDK custom-resources Provider; cdk/constructs/app-data-seed.ts).
 * Create and Update seed the option lists, settings and tour idempotently; Delete keeps the data
 * (it lives in the retained table, and a stack update must never wipe an administrator's edits).
 */
export async function handler(event: CloudFormationCustomResourceEvent) {
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const { optionsAdded } = await seedAppData();
  logger.info('Application data seeded', { requestType: event.RequestType, optionsAdded });
  return { PhysicalResourceId: SEED_RESOURCE_ID, Data: { optionsAdded: String(optionsAdded) } };
}
