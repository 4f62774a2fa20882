import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, metrics } from '../lib/observability';
import { httpEvent, lambdaContext } from '../testing/http-event';
import { areaHandler, type EntryLoader } from './area-handler';

const context = { ...lambdaContext, awsRequestId: 'request-1', functionName: 'test' } as Context;

/** A loader that counts its imports and answers with what it was given. */
function module(answer: (event: unknown) => unknown): EntryLoader & { imports: number } {
  const loader = Object.assign(
    async () => {
      loader.imports++;
      return { handler: async (event: unknown) => answer(event) };
    },
    { imports: 0 },
  );
  return loader;
}

describe('the area dispatcher', () => {
  it('runs the module of the route key API Gateway matched, importing each module once and only when used', async () => {
    const getModel = module(() => ({ statusCode: 200, body: 'model' }));
    const createModel = module(() => ({ statusCode: 201, body: 'created' }));
    const handler = areaHandler('models', 'http', {
      'GET /v2/models/{uuid}': getModel,
      'POST /v2/models': createModel,
    });

    const event = httpEvent({ routeKey: 'GET /v2/models/{uuid}', path: '/v2/models/1' });
    expect(await handler(event, context)).toEqual({ statusCode: 200, body: 'model' });
    expect(await handler(event, context)).toEqual({ statusCode: 200, body: 'model' });

    expect(getModel.imports).toBe(1);
    expect(createModel.imports).toBe(0);
    expect(handler.entryKeys).toEqual(['GET /v2/models/{uuid}', 'POST /v2/models']);
  });

  it('answers a route key it does not serve with the JSON 404 of unmatched requests', async () => {
    const handler = areaHandler('models', 'http', { 'GET /v2/models': module(() => 'x') });
    const result = (await handler(httpEvent({ routeKey: 'GET /v2/users/me' }), context)) as {
      statusCode: number;
      body: string;
    };
    const { handler: notFound } = await import('./not-found');
    const expected = await notFound(httpEvent({ routeKey: '$default', path: '/v2/nowhere' }));
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body)).toEqual(JSON.parse(String(expected.body)));
  });

  it('answers a route whose module fails to load with the JSON 500 and a report id', async () => {
    const broken: EntryLoader = async () => {
      throw new Error('Cannot find module ./secret-path');
    };
    const handler = areaHandler('models', 'http', { 'GET /v2/models': broken });
    const result = (await handler(httpEvent({ routeKey: 'GET /v2/models' }), context)) as {
      statusCode: number;
      body: string;
    };
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toEqual({
      message: 'An unexpected error occurred.',
      code: 'INTERNAL_ERROR',
      reportId: expect.any(String),
    });
  });

  it('finds WebSocket entries by requestContext.routeKey and hands them the whole event', async () => {
    const connect = vi.fn(() => ({ statusCode: 200 }));
    const handler = areaHandler('websocket', 'websocket', {
      $connect: module(connect),
      $default: module(() => ({ statusCode: 400 })),
    });
    const event = { requestContext: { routeKey: '$connect', eventType: 'CONNECT', connectionId: 'c1' } };
    expect(await handler(event, context)).toEqual({ statusCode: 200 });
    expect(connect).toHaveBeenCalledWith(event);
  });

  it("runs a workflow task with the state's input, and a scheduled job by its name", async () => {
    const prepare = vi.fn((input: unknown) => ({ prepared: input }));
    const workflow = areaHandler('workflow', 'workflow', { Prepare: module(prepare) });
    expect(await workflow({ task: 'Prepare', input: { runId: 'r1' } }, context)).toEqual({
      prepared: { runId: 'r1' },
    });
    expect(prepare).toHaveBeenCalledWith({ runId: 'r1' });

    const compact = vi.fn(() => undefined);
    const jobs = areaHandler('jobs', 'schedule', { 'compact-catalogue': module(compact) });
    await jobs({ job: 'compact-catalogue', time: '2026-01-01T00:00:00Z' }, context);
    expect(compact).toHaveBeenCalledTimes(1);
    await expect(jobs({ job: 'nothing' }, context)).rejects.toThrow(/no entry 'nothing'/);
  });

  it('runs a deploy job named in the properties of a CloudFormation custom-resource event', async () => {
    const seed = vi.fn(() => ({ PhysicalResourceId: 'seeded' }));
    const jobs = areaHandler('jobs', 'schedule', { 'seed-app-data': module(seed) });
    const event = {
      RequestType: 'Create',
      ResourceProperties: { ServiceToken: 'arn', job: 'seed-app-data' },
    };
    expect(await jobs(event, context)).toEqual({ PhysicalResourceId: 'seeded' });
    expect(seed).toHaveBeenCalledWith(event);
  });

  it('imports a module again after its import failed, as a new instance would', async () => {
    let attempts = 0;
    const flaky: EntryLoader = async () => {
      attempts++;
      if (attempts === 1) throw new Error('syntax error');
      return { handler: async () => 'ok' };
    };
    const handler = areaHandler('jobs', 'schedule', { job: flaky });
    await expect(handler({ job: 'job' }, context)).rejects.toThrow('syntax error');
    expect(await handler({ job: 'job' }, context)).toBe('ok');
  });

  describe('log keys and job failures', () => {
    afterEach(() => vi.restoreAllMocks());

    it('logs a workflow task with its name and the run, group and instance ids of its input', async () => {
      const appended = vi.spyOn(logger, 'appendKeys');
      const workflow = areaHandler('workflow', 'workflow', { Prepare: module(() => 'prepared') });
      await workflow(
        { task: 'Prepare', input: { runId: 'r-1', groupId: 'g-1', instanceId: 'i-1' } },
        context,
      );
      expect(appended).toHaveBeenCalledWith({
        route: 'Prepare',
        runId: 'r-1',
        groupId: 'g-1',
        instanceId: 'i-1',
      });
    });

    it('logs an HTTP request with its route key and the ids of its path', async () => {
      const appended = vi.spyOn(logger, 'appendKeys');
      const handler = areaHandler('executions', 'http', {
        'POST /v2/groups/{groupId}/cancel': module(() => ({ statusCode: 200 })),
      });
      const event = httpEvent({ routeKey: 'POST /v2/groups/{groupId}/cancel', params: { groupId: 'g-2' } });
      await handler(event, context);
      expect(appended).toHaveBeenCalledWith({ route: 'POST /v2/groups/{groupId}/cancel', groupId: 'g-2' });
    });

    it('counts a job that throws as JobFailed under its name, and still fails the invocation', async () => {
      const published = { addDimension: vi.fn(), addMetric: vi.fn() };
      vi.spyOn(metrics, 'singleMetric').mockReturnValue(published as never);
      const jobs = areaHandler('jobs', 'schedule', {
        'compact-catalogue': module(() => {
          throw new Error('snapshot write refused');
        }),
      });
      await expect(jobs({ job: 'compact-catalogue' }, context)).rejects.toThrow('snapshot write refused');
      expect(published.addDimension).toHaveBeenCalledWith('Job', 'compact-catalogue');
      expect(published.addMetric).toHaveBeenCalledWith('JobFailed', 'Count', 1);
    });
  });
});
