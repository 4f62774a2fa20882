import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/**
 * The local name of an area's function: what its context reports, and what the gateway's Lambda
 * Invoke API (scripts/local/lambda-api.ts) accepts as the FunctionName of that area.
 */
export function localFunctionName(area: string): string {
  return `model-repository-local-${area.replace(/[^A-Za-z0-9-_]/g, '-')}`;
}

/** A Lambda-like context object; `timeoutMs` drives getRemainingTimeInMillis. */
export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const started = Date.now();
  const name = localFunctionName(functionName);
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: `local/${new Date().toISOString().slice(0, 10)}/[$LATEST]${randomUUID().replace(/-/g, '')}`,
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
