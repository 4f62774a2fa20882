import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { api, idToken, localCloud } from '../support/local-cloud';

function customResourceEvent(requestType: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent {
  const base = {
    ServiceToken: 'arn:aws:lambda:us-east-1:000000000000:function:seed',
    ResponseURL: 'https://cloudformation-custom-resource-response.example/',
    StackId: 'arn:aws:cloudformation:us-east-1:000000000000:stack/test/1',
    RequestId: 'request-1',
    LogicalResourceId: 'AppDataSeed',
    ResourceType: 'Custom::AppDataSeed',
    ResourceProperties: { ServiceToken: 'x', seedVersion: 'test' },
  };
  if (requestType === 'Create') return { ...base, RequestType: 'Create' };
  if (requestType === 'Update')
    return {
      ...base,
      RequestType: 'Update',
      PhysicalResourceId: 'p',
      OldResourceProperties: { ServiceToken: 'x' },
    };
  return { ...base, RequestType: 'Delete', PhysicalResourceId: 'model-repository-app-data' };
}

describe('deploy-time seed of option lists and settings (custom resource handler)', () => {
  let handler: typeof import('../../functions/deploy/seed-app-data')['handler'];
  beforeAll(async () => {
    applyHandlerEnv(handlerEnv(localCloud()));
    ({ handler } = await import('../../functions/deploy/seed-app-data'));
  });

  it('seeds idempotently on create and update: an already seeded table gains nothing', async () => {
    const created = await handler(customResourceEvent('Create'));
    expect(created).toEqual({
      PhysicalResourceId: 'model-repository-app-data',
      Data: { optionsAdded: '0' },
    });
    const updated = await handler(customResourceEvent('Update'));
    expect(updated).toMatchObject({ Data: { optionsAdded: '0' } });
  });

  it('keeps the data on delete, so the option lists still answer', async () => {
    expect(await handler(customResourceEvent('Delete'))).toEqual({
      PhysicalResourceId: 'model-repository-app-data',
    });
    const options = await api('/v2/metadata-options', { token: await idToken('viewer') });
    expect(options.status).toBe(200);
    expect(JSON.stringify(await options.json())).toContain('Oncology');
  });
});
