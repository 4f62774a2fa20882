import { randomUUID } from 'node:crypto';
import type { CancellationReason } from '@aws-sdk/client-dynamodb';
import type {
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { AwsRequestError, awsSend, readText } from '../lib/aws-rest';
import { env } from '../lib/env';

/**
 * DynamoDB's JSON API (`POST /` with `X-Amz-Target: DynamoDB_20120810.<Operation>`) through
 * lib/aws-rest.ts, with the document client's commands: the same names, inputs and outputs as
 * `@aws-sdk/lib-dynamodb`, whose types these are, and the same conversion of plain values to
 * attribute values (`@aws-sdk/util-dynamodb`, undefined values removed). Why not the SDK client:
 * its ~200 kB of protocol, schema and endpoint code took ~60 ms of every cold start here, twice what
 * a whole handler may take (docs/deploy.md, "DynamoDB, S3, SES and @connections").
 */

type Operation =
  | 'GetItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'Query'
  | 'TransactWriteItems'
  | 'BatchWriteItem';

abstract class DocumentCommand<Input extends object, Output extends object> {
  /** For the type of `send`'s answer only. */
  declare readonly output: Output;
  abstract readonly operation: Operation;
  constructor(readonly input: Input) {}
}

export class GetCommand extends DocumentCommand<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
}
export class PutCommand extends DocumentCommand<PutCommandInput, PutCommandOutput> {
  readonly operation = 'PutItem';
}
export class UpdateCommand extends DocumentCommand<UpdateCommandInput, UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
}
export class DeleteCommand extends DocumentCommand<DeleteCommandInput, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
}
export class QueryCommand extends DocumentCommand<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
}
export class TransactWriteCommand extends DocumentCommand<
  TransactWriteCommandInput,
  TransactWriteCommandOutput
> {
  readonly operation = 'TransactWriteItems';
}
export class BatchWriteCommand extends DocumentCommand<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
}

export type {
  BatchWriteCommandInput,
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
};

/** A condition of a write was false (named as the SDK names it). */
export class ConditionalCheckFailedException extends AwsRequestError {}

/** A transaction was cancelled; one reason per item, in order ('None' for the items that were fine). */
export class TransactionCanceledException extends AwsRequestError {
  constructor(
    cause: AwsRequestError,
    readonly CancellationReasons: CancellationReason[],
  ) {
    super(cause.service, cause.status, cause.code, cause.message, cause.requestId, cause.document);
  }
}

const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;
type Plain = Record<string, unknown>;
type Wire = Record<string, unknown>;

/** The attribute-value-bearing members of one request (or one item of a transaction). */
const VALUE_FIELDS = ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const;

function toWire(request: Plain): Wire {
  const out: Wire = { ...request };
  for (const field of VALUE_FIELDS) {
    const value = request[field];
    if (value !== undefined) out[field] = toAttributes(value as Plain);
  }
  return out;
}

/** BatchWriteItem's request map (and its UnprocessedItems), with `convert` applied to every Item and Key. */
function mapWriteRequests(
  requests: Record<string, Record<string, unknown>[]>,
  convert: (values: Record<string, unknown>) => Record<string, unknown>,
): Record<string, Record<string, unknown>[]> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [table, list] of Object.entries(requests)) {
    out[table] = list.map((r) => {
      const put = r.PutRequest as { Item: Record<string, unknown> } | undefined;
      const del = r.DeleteRequest as { Key: Record<string, unknown> } | undefined;
      return {
        ...(put ? { PutRequest: { Item: convert(put.Item) } } : {}),
        ...(del ? { DeleteRequest: { Key: convert(del.Key) } } : {}),
      };
    });
  }
  return out;
}

const toAttributes = (values: Plain): Wire => marshall(values, MARSHALL);

/** The JSON protocol carries binary values (B, BS) as base64; util-dynamodb wants bytes. */
function decodeBinaries(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeBinaries);
  if (!value || typeof value !== 'object') return value;
  const attribute = value as Record<string, unknown>;
  if (typeof attribute.B === 'string') return { B: new Uint8Array(Buffer.from(attribute.B, 'base64')) };
  if (Array.isArray(attribute.BS)) {
    return { BS: attribute.BS.map((b) => new Uint8Array(Buffer.from(String(b), 'base64'))) };
  }
  if (attribute.M && typeof attribute.M === 'object') return { M: decodeBinaries(attribute.M) };
  if (Array.isArray(attribute.L)) return { L: attribute.L.map(decodeBinaries) };
  return Object.fromEntries(Object.entries(attribute).map(([k, v]) => [k, decodeBinaries(v)]));
}

const fromAttributes = (item: Wire): Plain =>
  unmarshall(decodeBinaries(item) as Parameters<typeof unmarshall>[0]);

/** JSON.stringify for the wire: bytes as base64 (Buffer's own toJSON runs first, so read the raw value). */
function toJson(wire: Wire): string {
  return JSON.stringify(wire, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Uint8Array
      ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64')
      : value;
  });
}

function requestToWire(operation: Operation, input: Plain): Wire {
  if (operation === 'TransactWriteItems') {
    const items = (input.TransactItems as Record<string, Plain>[] | undefined) ?? [];
    return {
      // As the SDK does: a token makes a retried transaction idempotent. Without it, a transaction that
      // committed but whose answer was lost would fail its own conditions when sent again.
      ClientRequestToken: randomUUID(),
      ...input,
      TransactItems: items.map((item) =>
        Object.fromEntries(Object.entries(item).map(([kind, request]) => [kind, toWire(request)])),
      ),
    };
  }
  if (operation === 'BatchWriteItem') {
    return {
      ...input,
      RequestItems: mapWriteRequests((input.RequestItems ?? {}) as Record<string, Plain[]>, toAttributes),
    };
  }
  return toWire(input);
}

function answerFromWire(answer: Wire): Plain {
  const out: Plain = { ...answer };
  if (answer.Item) out.Item = fromAttributes(answer.Item as Wire);
  if (answer.Attributes) out.Attributes = fromAttributes(answer.Attributes as Wire);
  if (answer.LastEvaluatedKey) out.LastEvaluatedKey = fromAttributes(answer.LastEvaluatedKey as Wire);
  if (Array.isArray(answer.Items)) out.Items = (answer.Items as Wire[]).map(fromAttributes);
  if (answer.UnprocessedItems) {
    out.UnprocessedItems = mapWriteRequests(
      answer.UnprocessedItems as Record<string, Wire[]>,
      fromAttributes,
    );
  }
  return out;
}

function documentError(error: unknown): unknown {
  if (!(error instanceof AwsRequestError)) return error;
  if (error.code === 'ConditionalCheckFailedException') {
    return new ConditionalCheckFailedException(
      error.service,
      error.status,
      error.code,
      error.message,
      error.requestId,
      error.document,
    );
  }
  if (error.code === 'TransactionCanceledException') {
    const reasons = (error.document?.CancellationReasons as Wire[] | undefined) ?? [];
    return new TransactionCanceledException(
      error,
      reasons.map((r) => ({
        ...(r as CancellationReason),
        ...(r.Item ? { Item: fromAttributes(r.Item as Wire) as CancellationReason['Item'] } : {}),
      })),
    );
  }
  return error;
}

/** The document client: `send(new GetCommand({...}))` as with `DynamoDBDocumentClient`. */
export class DynamoDocuments {
  constructor(private readonly endpoint: string) {}

  async send<C extends DocumentCommand<object, object>>(command: C): Promise<C['output']> {
    try {
      const reply = await awsSend({
        service: 'dynamodb',
        method: 'POST',
        endpoint: this.endpoint,
        path: '/',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDB_20120810.${command.operation}`,
        },
        body: toJson(requestToWire(command.operation, command.input as Plain)),
      });
      const text = await readText(reply.body);
      const answer = answerFromWire(text ? (JSON.parse(text) as Wire) : {});
      return {
        ...answer,
        $metadata: { httpStatusCode: reply.status, requestId: reply.headers['x-amzn-requestid'] },
      } as C['output'];
    } catch (error) {
      throw documentError(error);
    }
  }
}

let documents: DynamoDocuments | undefined;

/** The table's client, created once per process (locally against DynamoDB Local). */
export function dynamoDocuments(): DynamoDocuments {
  documents ??= new DynamoDocuments(env.dynamodbEndpoint ?? `https://dynamodb.${env.region}.amazonaws.com`);
  return documents;
}
