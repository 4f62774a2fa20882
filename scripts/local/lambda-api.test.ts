import { AREAS } from '@shared/api/routes';
import { describe, expect, it, vi } from 'vitest';
import { areaOfFunction, INVOKE_PATH, type InvokeRequest, invokeFunction } from './lambda-api';
import { localFunctionName } from './lambda-context';

const jobs = localFunctionName('jobs');
const request = (overrides: Partial<InvokeRequest> = {}): InvokeRequest => ({
  method: 'POST',
  functionName: encodeURIComponent(jobs),
  invocationType: 'Event',
  body: Buffer.from(JSON.stringify({ job: 'build-archive', archiveId: 'A' })),
  ...overrides,
});

describe('the local Lambda Invoke API', () => {
  it('matches the path the SDK sends InvokeCommand to', () => {
    expect(INVOKE_PATH.exec(`/2015-03-31/functions/${jobs}/invocations`)?.[1]).toBe(jobs);
    expect(INVOKE_PATH.exec('/2015-03-31/functions/x/configuration')).toBeNull();
  });

  it('finds the area by its local name, an ARN or a qualified name', () => {
    expect(areaOfFunction(jobs)).toBe('jobs');
    expect(areaOfFunction(`arn:aws:lambda:us-east-1:000000000000:function:${jobs}`)).toBe('jobs');
    expect(areaOfFunction(`${jobs}:$LATEST`)).toBe('jobs');
    expect(areaOfFunction('model-repository-local-nope')).toBeUndefined();
  });

  it('answers an Event invocation with 202 at once and runs it in the background with the area timeout', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const invoke = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const answer = await invokeFunction(request(), invoke, () => undefined);
    expect(answer.statusCode).toBe(202);
    expect(invoke).toHaveBeenCalledWith(
      'jobs',
      { job: 'build-archive', archiveId: 'A' },
      AREAS.jobs.timeoutSeconds * 1000,
    );
    finish(undefined);
  });

  it('logs the failure of a background invocation', async () => {
    const log = vi.fn();
    await invokeFunction(request(), () => Promise.reject(new Error('boom')), log);
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('boom')));
  });

  it('answers a RequestResponse invocation with the result, or the function error as Lambda does', async () => {
    const ok = await invokeFunction(
      request({ invocationType: undefined }),
      async () => ({ status: 'READY' }),
      () => undefined,
    );
    expect([ok.statusCode, JSON.parse(ok.body.toString())]).toEqual([200, { status: 'READY' }]);
    const failed = await invokeFunction(
      request({ invocationType: 'RequestResponse' }),
      () => Promise.reject(new TypeError('bad')),
      () => undefined,
    );
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['x-amz-function-error']).toBe('Unhandled');
    expect(JSON.parse(failed.body.toString())).toEqual({ errorType: 'TypeError', errorMessage: 'bad' });
  });

  it('refuses an unknown function and a body that is not JSON, invoking nothing', async () => {
    const invoke = vi.fn();
    const unknown = await invokeFunction(request({ functionName: 'other' }), invoke, () => undefined);
    expect([unknown.statusCode, unknown.headers['x-amzn-errortype']]).toEqual([
      404,
      'ResourceNotFoundException',
    ]);
    const garbled = await invokeFunction(request({ body: Buffer.from('{') }), invoke, () => undefined);
    expect(garbled.statusCode).toBe(400);
    expect(invoke).not.toHaveBeenCalled();
  });
});
