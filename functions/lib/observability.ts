import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { JOB_FAILED_METRIC, LOG_KEYS, type LogKey } from '@shared/config/monitoring';
import type { Context } from 'aws-lambda';

/**
 * Powertools, once per process (module scope, reused across invocations): the logger, the tracer
 * that captures every SDK client (functions/data/*-client.ts, lib/mailer.ts, lib/push.ts) and the EMF
 * metrics of the product's business events. Each reads its own variables from the one list in
 * shared/config/env-vars.ts, set by CDK and by the local cloud (values in OBSERVABILITY there):
 * POWERTOOLS_SERVICE_NAME, POWERTOOLS_METRICS_NAMESPACE, POWERTOOLS_LOG_LEVEL, and locally
 * POWERTOOLS_TRACE_ENABLED=false and POWERTOOLS_METRICS_DISABLED=true. Nothing is passed here: an
 * option would win over the variable, and reading lib/env.ts at import time would parse the
 * configuration before a local script has set it.
 */
export const logger = new Logger();
export const tracer = new Tracer();
export const metrics = new Metrics();

/** The product's business events, each counted once per occurrence (docs/deploy.md, "Metrics"). */
export const BUSINESS_EVENTS = {
  entryCreated: 'EntryCreated',
  entryPublished: 'EntryPublished',
  fileDownloaded: 'FileDownloaded',
  accessGranted: 'AccessGranted',
  runStarted: 'RunStarted',
  runFinished: 'RunFinished',
} as const;
export type BusinessEvent = (typeof BUSINESS_EVENTS)[keyof typeof BUSINESS_EVENTS];

/**
 * Counts a business event; flushed with the invocation by `instrumentHandler`. With `dimensions`
 * (a run's outcome...) it is published at once as a metric of its own, since the dimensions of the
 * invocation's metrics are shared by all of them.
 */
export function countEvent(event: BusinessEvent, count = 1, dimensions: Record<string, string> = {}): void {
  const entries = Object.entries(dimensions);
  if (entries.length === 0) {
    metrics.addMetric(event, MetricUnit.Count, count);
    return;
  }
  const single = metrics.singleMetric();
  for (const [name, value] of entries) single.addDimension(name, value);
  single.addMetric(event, MetricUnit.Count, count);
}

/**
 * Counts one failed job (scheduled or invoked) under its name: the alarm on JOB_FAILED_METRIC
 * (cdk/constructs/monitoring.ts) names the job, which the jobs function's Errors metric cannot.
 */
export function countJobFailure(job: string): void {
  const single = metrics.singleMetric();
  single.addDimension(JOB_FAILED_METRIC.dimension, job);
  single.addMetric(JOB_FAILED_METRIC.name, MetricUnit.Count, 1);
}

/**
 * Puts the ids an invocation is about (route, caller, run, group...) on every log line that follows,
 * until the invocation ends (`instrumentHandler` clears them, so a warm container never carries one
 * request's ids into the next). Values that are not strings or numbers are left out.
 */
export function appendLogKeys(keys: Partial<Record<LogKey, unknown>>): void {
  const kept: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(keys)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number')
      kept[key] = value as string | number;
  }
  if (Object.keys(kept).length > 0) logger.appendKeys(kept);
}

/** The log keys (LOG_KEYS) found as top-level fields of an event, a task input or path parameters. */
export function logKeysOf(value: unknown): Partial<Record<LogKey, unknown>> {
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  return Object.fromEntries(LOG_KEYS.filter((key) => key in record).map((key) => [key, record[key]]));
}

type LambdaHandler<E, R> = (event: E, context: Context) => Promise<R>;

/**
 * Wraps one Lambda entry point (an area function, a WebSocket or workflow function) with Powertools:
 * the Lambda context on every log line (request id, cold start), a traced subsegment with the cold
 * start annotation, and the invocation's metrics flushed at the end, whatever the outcome. The keys
 * appended with `appendLogKeys` live for one invocation. The same
 * work Powertools' middy middlewares do, without middy.
 */
export function instrumentHandler<E, R>(name: string, handler: LambdaHandler<E, R>): LambdaHandler<E, R> {
  return async (event, context) => {
    // Also at the start: keys appended outside an invocation (a module's top level) never stick.
    logger.resetKeys();
    logger.addContext(context);
    metrics.captureColdStartMetric(name);
    const segment = tracer.getSegment();
    const subsegment = segment?.addNewSubsegment(`## ${name}`);
    if (subsegment) tracer.setSegment(subsegment);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
    try {
      return await handler(event, context);
    } catch (error) {
      tracer.addErrorAsMetadata(error as Error);
      throw error;
    } finally {
      logger.resetKeys();
      subsegment?.close();
      if (segment) tracer.setSegment(segment);
      // Publishing nothing would log a warning on every invocation that counted no event.
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  };
}
