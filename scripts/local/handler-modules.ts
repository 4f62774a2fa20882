import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/**
 * Loads handler modules the way Lambda does: once per "function", then reuses the module (warm
 * starts), so module-scope clients and caches behave as they do in AWS.
 */
export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const FUNCTIONS_DIR = join(process.cwd(), 'functions');
const loaded = new Map<string, Promise<LambdaHandler>>();

export class HandlerModuleError extends Error {
  override name = 'HandlerModuleError';
}

/** `handler` is a module path below `functions/` without extension, as in the route table. */
export function loadHandler(handler: string): Promise<LambdaHandler> {
  let promise = loaded.get(handler);
  if (!promise) {
    promise = importHandler(handler);
    loaded.set(handler, promise);
    // A module that failed to load (missing file, syntax error) is retried on the next request.
    promise.catch(() => loaded.delete(handler));
  }
  return promise;
}

async function importHandler(handler: string): Promise<LambdaHandler> {
  const file = join(FUNCTIONS_DIR, `${handler}.ts`);
  if (!existsSync(file))
    throw new HandlerModuleError(`Handler module functions/${handler}.ts does not exist`);
  const mod = (await import(pathToFileURL(file).href)) as { handler?: unknown };
  if (typeof mod.handler !== 'function') {
    throw new HandlerModuleError(`functions/${handler}.ts does not export a function named 'handler'`);
  }
  return mod.handler as LambdaHandler;
}

/** A Lambda-like context object; `timeoutMs` drives getRemainingTimeInMillis. */
export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const started = Date.now();
  const name = `model-repository-local-${functionName.replace(/[^A-Za-z0-9-_]/g, '-')}`;
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

/** Calls a handler as Lambda would: with an event and a fresh context. */
export async function invokeHandler(handler: string, event: unknown, timeoutMs?: number): Promise<unknown> {
  const fn = await loadHandler(handler);
  return fn(event, lambdaContext(handler, timeoutMs));
}
