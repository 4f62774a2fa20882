import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Run, RunSchema } from '@shared/schemas/run';
import { ddb } from './dynamodb-client';
import { tableName, withoutKeys } from './table';

/** Model runs: RUN#<runId> / META. Status changes are conditional so a finished run stays finished. */
export const runKey = (runId: string) => ({ pk: `RUN#${runId}`, sk: 'META' });

export function fromRunItem(item: Record<string, unknown>): Run {
  return RunSchema.parse(withoutKeys(item));
}

/** Creates (or, when Step Functions retries Prepare, replaces) the run record as RUNNING. */
export async function putRun(run: Run): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { ...runKey(run.runId), entity: 'Run', ...run } }),
  );
}

export async function getRun(runId: string): Promise<Run | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: runKey(runId) }));
  return Item ? fromRunItem(Item) : undefined;
}

export async function markRunCompleted(
  runId: string,
  result: NonNullable<Run['result']>,
  finishedOn: string,
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: runKey(runId),
      UpdateExpression: 'SET #status = :status, #result = :result, #finishedOn = :finishedOn',
      ExpressionAttributeNames: { '#status': 'status', '#result': 'result', '#finishedOn': 'finishedOn' },
      ExpressionAttributeValues: { ':status': 'COMPLETED', ':result': result, ':finishedOn': finishedOn },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/** Marks the run FAILED, creating a minimal record if Prepare never wrote one. */
export async function markRunFailed(
  runId: string,
  failure: { error: string; cause?: string },
  finishedOn: string,
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: runKey(runId),
      // Every attribute through a name placeholder: several (status, parameters...) are reserved words.
      UpdateExpression:
        'SET #status = :status, #error = :error, #cause = :cause, #finishedOn = :finishedOn, #entity = :entity, ' +
        '#runId = :runId, #parameters = if_not_exists(#parameters, :empty), #inputKey = if_not_exists(#inputKey, :none), ' +
        '#outputKey = if_not_exists(#outputKey, :none), #timeoutSeconds = if_not_exists(#timeoutSeconds, :zero), ' +
        '#startedOn = if_not_exists(#startedOn, :finishedOn)',
      ExpressionAttributeNames: Object.fromEntries(
        [
          'status',
          'error',
          'cause',
          'finishedOn',
          'entity',
          'runId',
          'parameters',
          'inputKey',
          'outputKey',
          'timeoutSeconds',
          'startedOn',
        ].map((name) => [`#${name}`, name]),
      ),
      ExpressionAttributeValues: {
        ':status': 'FAILED',
        ':error': failure.error,
        ':cause': failure.cause ?? '',
        ':finishedOn': finishedOn,
        ':entity': 'Run',
        ':runId': runId,
        ':empty': {},
        ':none': '',
        ':zero': 0,
      },
    }),
  );
}
