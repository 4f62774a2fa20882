import { InstanceParamsSchema } from '@shared/schemas/instance-api';
import { governInstance } from '../../core/executions/calibration-governance';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/instances/{instanceId}/supersede: calibration governance (spec 001 §4). */
export const handler = httpHandler({
  params: InstanceParamsSchema,
  handle: async ({ user, params }) => governInstance(user, params.uuid, params.instanceId, 'supersede'),
});
