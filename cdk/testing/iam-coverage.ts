import type { AreaUsage } from '../constructs/area-analysis';
import { KEY_SCOPED_WRITERS } from '../constructs/area-grants';

/**
 * The check behind cdk/area-iam.test.ts, kept apart so that its own tests can make it fail: compares
 * what an area's code reaches (its AreaUsage, read from the bundle) with what the synthesized policy of
 * its role grants, both ways, by resource:
 * - `table`, `index:<name>`: the table and its indexes (indexes only for Query or Scan);
 * - `objects:<prefix>`: objects of the files bucket under one prefix; `bucket`: listing it;
 * - `mail`: the SES identity; `connections:<METHOD>`: the WebSocket stage's @connections;
 * - `stateMachine`, `executions`: the run-model state machine and its executions;
 * - `function:jobs`: the jobs area's function, the one function our code invokes (INVOKED_JOBS).
 * Plus one action rule: table writes without a key condition only for code that writes outside the
 * key-scoped writers (error reports).
 */
export interface StatementJson {
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, unknown>;
}

/** Names a resource of a statement (see above), 'ignore' for the function's own logs and X-Ray, or undefined. */
export type ResourceNamer = (resource: unknown, actions: readonly string[]) => string | undefined;

const WRITES = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)$/;
const WRITE_OPS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
const READS_OBJECTS = new Set(['GetObject', 'HeadObject', 'CopyObject']);
const OBJECT_OPS_EXCEPT_LIST = (ops: string[]) => ops.filter((op) => op !== 'ListObjectsV2');
const CONNECTION_METHODS: Record<string, string> = {
  PostToConnection: 'POST',
  GetConnection: 'GET',
  DeleteConnection: 'DELETE',
};

/** What the code reaches, by the names above. */
export function reachedResources(
  usage: AreaUsage,
  options: { indexNames: readonly string[]; mailConfigured: boolean; sourceControlConfigured?: boolean },
): Set<string> {
  const reached = new Set<string>();
  const dynamo = Object.keys(usage.operations.dynamodb ?? {});
  if (dynamo.length > 0) reached.add('table');
  if (dynamo.includes('Query') || dynamo.includes('Scan'))
    for (const index of options.indexNames) reached.add(`index:${index}`);
  const s3 = Object.keys(usage.operations.s3 ?? {});
  if (OBJECT_OPS_EXCEPT_LIST(s3).length > 0)
    for (const prefix of usage.bucketPrefixes) reached.add(`objects:${prefix}`);
  // Object reads need listing too, so that a missing key answers 404 (area-grants.ts).
  if (s3.some((op) => op === 'ListObjectsV2' || READS_OBJECTS.has(op))) reached.add('bucket');
  if (usage.operations.sesv2 && options.mailConfigured) reached.add('mail');
  for (const op of Object.keys(usage.operations.apigatewaymanagementapi ?? {}))
    reached.add(`connections:${CONNECTION_METHODS[op] ?? op}`);
  for (const op of Object.keys(usage.operations.sfn ?? {}))
    reached.add(op === 'StartExecution' || op === 'ListExecutions' ? 'stateMachine' : 'executions');
  if (Object.keys(usage.operations.lambda ?? {}).length > 0) reached.add('function:jobs');
  if (Object.keys(usage.operations.cognitoidentityprovider ?? {}).length > 0) reached.add('userPool');
  if (usage.operations.secretsmanager && options.sourceControlConfigured) reached.add('secret:bitbucket');
  return reached;
}

export function coverageFindings(
  area: string,
  usage: AreaUsage,
  statements: readonly StatementJson[],
  nameOf: ResourceNamer,
  options: { indexNames: readonly string[]; mailConfigured: boolean; sourceControlConfigured?: boolean },
): string[] {
  const findings: string[] = [];
  const granted = new Set<string>();
  let unconditionedWrites = false;
  for (const statement of statements) {
    const actions = [statement.Action].flat();
    for (const resource of [statement.Resource].flat()) {
      const name = nameOf(resource, actions);
      if (name === 'ignore') continue;
      if (name === undefined) {
        findings.push(
          `${area}: grants ${actions.join(', ')} on a resource no rule names: ${JSON.stringify(resource)}`,
        );
        continue;
      }
      granted.add(name);
    }
    if (!statement.Condition && actions.some((a) => WRITES.test(a))) unconditionedWrites = true;
  }

  const reached = reachedResources(usage, options);
  for (const name of reached)
    if (!granted.has(name)) findings.push(`${area}: the code reaches ${name} but no grant covers it`);
  for (const name of granted)
    if (!reached.has(name)) findings.push(`${area}: a grant covers ${name}, which the code never touches`);

  const writesOutsideScopes = Object.entries(usage.operations.dynamodb ?? {}).some(
    ([op, modules]) => WRITE_OPS.has(op) && modules.some((m) => !(m in KEY_SCOPED_WRITERS)),
  );
  if (unconditionedWrites && !writesOutsideScopes)
    findings.push(
      `${area}: table writes are granted without a key condition, but its code writes only error reports`,
    );
  if (!unconditionedWrites && writesOutsideScopes)
    findings.push(`${area}: its code writes to the table, but no grant allows it`);
  return findings;
}
