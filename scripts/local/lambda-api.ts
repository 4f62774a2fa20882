import { AREAS, type AreaDef, type AreaName, areaNames } from '@shared/api/routes';
import { type HttpAnswer, jsonAnswer } from './api-gateway-events';
import { localFunctionName } from './lambda-context';

/**
 * The local cloud's stand-in for Lambda's Invoke API, served by the gateway next to `@connections`:
 * `POST /2015-03-31/functions/{FunctionName}/invocations`, which the SDK's `InvokeCommand` sends to
 * LAMBDA_ENDPOINT (functions/lib/job-invoker.ts). A thin adapter: the function name (as the local
 * names them, `localFunctionName(area)`, or an ARN or `name:qualifier` ending in it) selects an area,
 * and the body is the event the area's worker receives (scripts/local/area-workers.ts), with the
 * area's own timeout. By `X-Amz-Invocation-Type`:
 * - `Event`: 202 at once; the invocation runs in the background, its failure is logged (in AWS,
 *   Lambda's retries and destinations would take over; nothing here retries);
 * - `RequestResponse` (the default): 200 with the result as JSON, or `X-Amz-Function-Error: Unhandled`
 *   with `{ errorType, errorMessage }` as Lambda answers a function error;
 * - `DryRun`: 204.
 * An unknown function answers 404 ResourceNotFoundException, a body that is not JSON 400
 * InvalidRequestContentException, as the SDK expects them.
 */
export const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations\/?$/;

export type Invoke = (area: AreaName, event: unknown, timeoutMs: number) => Promise<unknown>;

export interface InvokeRequest {
  method: string;
  /** The FunctionName path segment, still percent-encoded. */
  functionName: string;
  invocationType: string | undefined;
  body: Buffer;
}

/** The area a FunctionName names: its local name, or an ARN or qualified name ending in it. */
export function areaOfFunction(functionName: string): AreaName | undefined {
  // arn:aws:lambda:<region>:<account>:function:<name>[:<qualifier>], or <name>[:<qualifier>].
  const parts = functionName.split(':');
  const name = parts[0] === 'arn' ? parts[6] : parts[0];
  return areaNames().find((area) => localFunctionName(area) === name);
}

const awsError = (status: number, type: string, message: string): HttpAnswer =>
  jsonAnswer(status, { Type: 'User', message }, { 'x-amzn-errortype': type });

export async function invokeFunction(
  request: InvokeRequest,
  invoke: Invoke,
  log: (line: string) => void,
): Promise<HttpAnswer> {
  if (request.method !== 'POST') return jsonAnswer(405, { message: 'Method Not Allowed' });
  const name = decodeURIComponent(request.functionName);
  const area = areaOfFunction(name);
  if (!area) return awsError(404, 'ResourceNotFoundException', `Function not found: ${name}`);
  let event: unknown;
  try {
    const text = request.body.toString('utf8');
    event = text === '' ? {} : JSON.parse(text);
  } catch {
    return awsError(400, 'InvalidRequestContentException', 'Could not parse request body into json');
  }
  const def: AreaDef = AREAS[area];
  const timeoutMs = (def.timeoutSeconds ?? 29) * 1000;
  const type = request.invocationType ?? 'RequestResponse';
  const headers = { 'x-amz-executed-version': '$LATEST' };

  if (type === 'DryRun') return { statusCode: 204, headers, cookies: [], body: Buffer.alloc(0) };
  if (type === 'Event') {
    invoke(area, event, timeoutMs).catch((error: unknown) =>
      log(
        `async invoke of ${area} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
    );
    return { statusCode: 202, headers, cookies: [], body: Buffer.alloc(0) };
  }
  if (type !== 'RequestResponse')
    return awsError(400, 'InvalidParameterValueException', `Unsupported invocation type: ${type}`);
  try {
    const result = await invoke(area, event, timeoutMs);
    return jsonAnswer(200, result ?? null, headers);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return jsonAnswer(
      200,
      { errorType: e.name, errorMessage: e.message },
      { ...headers, 'x-amz-function-error': 'Unhandled' },
    );
  }
}
