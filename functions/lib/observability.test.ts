import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '../testing/http-event';
import type * as Observability from './observability';

/**
 * instrumentHandler with the real Powertools classes: what they print (JSON log lines and EMF
 * documents on stdout) is captured and parsed. Each test loads observability.ts afresh, as a cold
 * Lambda process would, with metrics enabled and the log level at INFO.
 */
let observability: typeof Observability;
let lines: Record<string, unknown>[];

function capture(stream: NodeJS.WriteStream) {
  return vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ text: line });
      }
    }
    return true;
  });
}

const context = (requestId: string): Context => ({
  ...lambdaContext,
  functionName: 'model-repository-catalogue',
  awsRequestId: requestId,
});

interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}
const emfDocuments = () => lines.filter((line): line is Emf & Record<string, unknown> => '_aws' in line);
const metricNames = (emf: Emf) => emf._aws.CloudWatchMetrics.flatMap((m) => m.Metrics.map((x) => x.Name));

beforeEach(async () => {
  lines = [];
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  vi.stubEnv('POWERTOOLS_DEV', '');
  vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'model-repository');
  vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'ModelRepositoryTest');
  // Set by Lambda for on-demand instances; Powertools reports a cold start only then.
  vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
  vi.resetModules();
  observability = await import('./observability');
  capture(process.stdout);
  capture(process.stderr);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('instrumentHandler', () => {
  it('puts the Lambda context on every log line: request id, function name and cold start', async () => {
    const { instrumentHandler, logger } = observability;
    const handler = instrumentHandler('catalogue', async (event: { n: number }) => {
      logger.info('handling', { n: event.n });
      return event.n;
    });

    expect(await handler({ n: 1 }, context('request-1'))).toBe(1);
    expect(await handler({ n: 2 }, context('request-2'))).toBe(2);

    const logs = lines.filter((line) => line.message === 'handling');
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      level: 'INFO',
      service: 'model-repository',
      function_request_id: 'request-1',
      function_name: 'model-repository-catalogue',
      cold_start: true,
      n: 1,
    });
    expect(logs[1]).toMatchObject({ function_request_id: 'request-2', cold_start: false, n: 2 });
  });

  it('publishes the counted events with the invocation, also when the handler throws', async () => {
    const { BUSINESS_EVENTS, countEvent, instrumentHandler } = observability;
    const failure = new Error('the table is gone');
    const handler = instrumentHandler('catalogue', async () => {
      countEvent(BUSINESS_EVENTS.entryCreated);
      countEvent(BUSINESS_EVENTS.fileDownloaded, 3);
      throw failure;
    });

    await expect(handler({}, context('request-1'))).rejects.toBe(failure);

    const published = emfDocuments().find((emf) => metricNames(emf).includes('EntryCreated'));
    expect(published).toBeDefined();
    expect(published?._aws.CloudWatchMetrics[0]?.Namespace).toBe('ModelRepositoryTest');
    expect(published).toMatchObject({ EntryCreated: 1, FileDownloaded: 3, service: 'model-repository' });
  });

  it('publishes each invocation’s events once, and nothing (not even a warning) when none were counted', async () => {
    const { BUSINESS_EVENTS, countEvent, instrumentHandler } = observability;
    let count = true;
    const handler = instrumentHandler('catalogue', async () => {
      if (count) countEvent(BUSINESS_EVENTS.entryPublished);
    });

    await handler({}, context('request-1'));
    count = false;
    const before = lines.length;
    await handler({}, context('request-2'));

    const publishedEvents = emfDocuments().filter((emf) => metricNames(emf).includes('EntryPublished'));
    expect(publishedEvents).toHaveLength(1);
    expect(lines.slice(before)).toEqual([]);
  });

  it('counts the cold start once per process, under the function name', async () => {
    const handler = observability.instrumentHandler('files', async () => undefined);
    await handler({}, context('request-1'));
    await handler({}, context('request-2'));

    const coldStarts = emfDocuments().filter((emf) => metricNames(emf).includes('ColdStart'));
    expect(coldStarts).toHaveLength(1);
    expect(coldStarts[0]).toMatchObject({ ColdStart: 1, function_name: 'files' });
  });
});

describe('countEvent with dimensions', () => {
  it('publishes the event at once as a metric of its own, with its dimensions', () => {
    const { BUSINESS_EVENTS, countEvent } = observability;
    countEvent(BUSINESS_EVENTS.runFinished, 1, { outcome: 'FAILED' });

    const [emf] = emfDocuments();
    expect(emf).toMatchObject({ RunFinished: 1, outcome: 'FAILED' });
    expect(emf?._aws.CloudWatchMetrics[0]?.Dimensions[0]).toContain('outcome');
  });
});

describe('log keys of an invocation', () => {
  it('puts the route, user, run and group ids on the lines of one invocation and none of them on the next', async () => {
    const { appendLogKeys, instrumentHandler, logger, logKeysOf } = observability;
    const handler = instrumentHandler('workflow', async (event: { input?: Record<string, unknown> }) => {
      if (event.input) appendLogKeys({ route: 'Prepare', userId: 'alice', ...logKeysOf(event.input) });
      logger.info('handling');
    });

    await handler({ input: { runId: 'run-1', groupId: 'group-1', other: 'x' } }, context('request-1'));
    await handler({}, context('request-2'));

    const [first, second] = lines.filter((line) => line.message === 'handling');
    expect(first).toMatchObject({ route: 'Prepare', userId: 'alice', runId: 'run-1', groupId: 'group-1' });
    expect(first).not.toHaveProperty('other');
    for (const key of ['route', 'userId', 'runId', 'groupId']) expect(second).not.toHaveProperty(key);
  });

  it('clears the keys also when the invocation throws', async () => {
    const { appendLogKeys, instrumentHandler, logger } = observability;
    let fail = true;
    const handler = instrumentHandler('jobs', async () => {
      if (fail) {
        appendLogKeys({ route: 'build-archive', archiveId: 'a-1' });
        throw new Error('disk full');
      }
      logger.info('handling');
    });

    await expect(handler({}, context('request-1'))).rejects.toThrow('disk full');
    fail = false;
    await handler({}, context('request-2'));

    const [line] = lines.filter((l) => l.message === 'handling');
    expect(line).not.toHaveProperty('route');
    expect(line).not.toHaveProperty('archiveId');
  });

  it('leaves out empty and non-scalar values', () => {
    const { appendLogKeys, logger } = observability;
    appendLogKeys({ userId: '', runId: { nested: true }, groupId: 7 });
    logger.info('keys');
    const [line] = lines.filter((l) => l.message === 'keys');
    expect(line).toMatchObject({ groupId: 7 });
    expect(line).not.toHaveProperty('userId');
    expect(line).not.toHaveProperty('runId');
    logger.resetKeys();
  });
});

describe('countJobFailure', () => {
  it('publishes JobFailed at once with the job as its dimension', () => {
    observability.countJobFailure('compact-catalogue');
    const [emf] = emfDocuments();
    expect(emf).toMatchObject({ JobFailed: 1, Job: 'compact-catalogue', service: 'model-repository' });
    expect(emf?._aws.CloudWatchMetrics[0]?.Dimensions[0]).toEqual(expect.arrayContaining(['service', 'Job']));
  });
});
