import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ENV_VARS, type EnvVarName } from '@shared/config/env-vars';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import { Annotations, ArnFormat, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  type IGrantable,
  type IPrincipal,
  PolicyStatement,
  Role,
  ServicePrincipal,
} from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { Construct } from 'constructs';
import { BUNDLE_FILE, deployedHandlers, FUNCTIONS_DIR, REPO_ROOT } from './handler-bundling';

export { REPO_ROOT };

/** Anything that takes environment variables and IAM grants: a Lambda function or the runner container. */
export interface BindTarget extends IGrantable {
  addEnvironment(name: EnvVarName, value: string): unknown;
}

export interface ApiFunctionProps {
  /** Module below `functions/` without extension, as in `shared/api/routes.ts`; it exports `handler`. */
  readonly handler: string;
  readonly description?: string;
  /** Variables every function gets (stage, versions, Cognito ids...). Names come from ENV_VARS. */
  readonly environment?: Partial<Record<EnvVarName, string>>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
}

/**
 * One Lambda handler with the project's defaults: Node 22 on ARM, esbuild (no Docker), minified with
 * a source map, X-Ray tracing, its own log group with a retention, and a role that holds only what
 * the `bind*` helpers grant.
 */
export class ApiFunction extends Construct implements BindTarget {
  readonly function: LambdaFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const entry = path.join(FUNCTIONS_DIR, `${props.handler}.ts`);

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });
    // An own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to any log group.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.handler}`,
    });
    logGroup.grantWrite(this.role);

    this.function = new LambdaFunction(this, 'Function', {
      description: props.description ?? props.handler,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(29),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup,
      environment: { ...props.environment },
      handler: `${path.parse(BUNDLE_FILE).name}.handler`,
      code: codeFor(this, props.handler, entry),
    });

    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime the project targets (code must also run on the local Node 20/22); moving to nodejs24.x is a deliberate upgrade, not a default.',
      },
    );
  }

  get grantPrincipal(): IPrincipal {
    return this.function.grantPrincipal;
  }

  get functionArn(): string {
    return this.function.functionArn;
  }

  addEnvironment(name: EnvVarName, value: string): this {
    this.function.addEnvironment(name, value);
    return this;
  }
}

/**
 * The handler bundled by cdk/bundle-handler.ts (esbuild, ESM, minified, with a source map; the
 * settings are in handler-bundling.ts, shared with the bundle benchmark) when the stack is being
 * bundled (`cdk synth`/`deploy`). The first function asks for all deployed handlers at once: one
 * process instead of one per function. CDK tests skip bundling with the `aws:cdk:bundling-stacks`
 * context; then the function gets inline stub code, so the infrastructure can be tested apart from
 * the handlers. A real synth fails loudly on a missing module.
 */
function codeFor(scope: Construct, handler: string, entry: string) {
  if (!Stack.of(scope).bundlingRequired) {
    Annotations.of(scope).addInfo(`Bundling skipped: inline stub for ${path.relative(REPO_ROOT, entry)}`);
    return Code.fromInline('exports.handler = async () => ({ statusCode: 501 });');
  }
  if (!existsSync(entry)) throw new Error(`Handler module ${path.relative(REPO_ROOT, entry)} does not exist`);
  if (!bundled.has(handler)) {
    const all = deployedHandlers();
    bundleHandlers(all.includes(handler) ? all : [handler]);
  }
  return Code.fromAsset(path.join(BUNDLES_DIR, handler));
}

const BUNDLES_DIR = path.join(REPO_ROOT, '.local', 'cdk-bundles');
const bundled = new Set<string>();

function bundleHandlers(handlers: string[]): void {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'cdk/bundle-handler.ts'), BUNDLES_DIR, ...handlers],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0)
    throw new Error(`Bundling ${handlers.length} Lambda handler(s) failed (see above)`);
  for (const handler of handlers) bundled.add(handler);
}

const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * Table name + the narrowest data-plane grant. Unlike `table.grantReadData` it names the two indexes
 * instead of `index/*` and leaves out Scan: request paths never scan (docs/data-model.md).
 */
export function bindTable(target: BindTarget, table: ITable, access: 'read' | 'readWrite'): void {
  target.addEnvironment(ENV_VARS.tableName, table.tableName);
  target.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: access === 'read' ? TABLE_READ_ACTIONS : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
      resources: [
        table.tableArn,
        ...TABLE_SCHEMA.globalSecondaryIndexes.map((gsi) => `${table.tableArn}/index/${gsi.indexName}`),
      ],
    }),
  );
  if (access === 'read') {
    // Even a read-only function stores the server-side report of an unexpected error (its id is in
    // the 500 answer and an incident refers to it): PutItem on ERRORREPORT# keys only.
    target.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ERRORREPORT#*'] } },
      }),
    );
  }
}

/**
 * Bucket name + object-level grant (no bucket policy, ACL or versioning changes). The object
 * wildcard is inherent to S3; the acknowledgement is computed from the same ARN.
 */
export function bindBucket(target: BindTarget, bucket: IBucket, access: 'read' | 'readWrite'): void {
  target.addEnvironment(ENV_VARS.filesBucket, bucket.bucketName);
  const objects = bucket.arnForObjects('*');
  const objectActions = ['s3:GetObject', 's3:GetObjectVersion'];
  if (access === 'readWrite')
    objectActions.push('s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload');
  target.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: objectActions, resources: [objects] }),
  );
  target.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
  );
  acknowledgeWildcardResource(
    principalScope(target),
    objects,
    'Objects of the files bucket are addressed by generated keys at run time; access is limited to object actions on this one bucket.',
  );
}

/** State machine ARN + permission to start and stop (cancel) its executions. */
export function bindStateMachine(target: BindTarget, stateMachine: StateMachine): void {
  target.addEnvironment(ENV_VARS.stateMachineArn, stateMachine.stateMachineArn);
  stateMachine.grantStartExecution(target);
  target.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['states:StopExecution', 'states:DescribeExecution'],
      resources: [executionArnPattern(stateMachine)],
    }),
  );
  acknowledgeWildcardResource(
    principalScope(target),
    executionArnPattern(stateMachine),
    'Executions of this one state machine are created at run time; they can only be named by pattern.',
  );
}

function executionArnPattern(stateMachine: StateMachine): string {
  return Stack.of(stateMachine).formatArn({
    service: 'states',
    resource: 'execution',
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    resourceName: `${stateMachine.stateMachineName}:*`,
  });
}

/**
 * The role behind a target: grants land in its default policy, so acknowledgements for them belong on
 * the role (cdk-nag looks for them on the flagged resource and its ancestors).
 */
function principalScope(target: BindTarget): Construct {
  const principal = target.grantPrincipal;
  if (!Construct.isConstruct(principal))
    throw new Error('bind* helpers need a target whose principal is a role');
  return principal;
}

/**
 * WebSocket callback URL + `execute-api:ManageConnections` (POST to a connection) on that stage
 * only. Takes the API id and stage name rather than the stage construct so that the API's own route
 * handlers can be bound without a dependency cycle.
 */
export function bindWebSocketPush(target: BindTarget, apiId: string, stageName: string): void {
  const stack = Stack.of(principalScope(target));
  target.addEnvironment(
    ENV_VARS.wsCallbackUrl,
    `https://${apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${stageName}`,
  );
  const connections = stack.formatArn({
    service: 'execute-api',
    resource: apiId,
    resourceName: `${stageName}/POST/@connections/*`,
  });
  target.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] }),
  );
  acknowledgeWildcardResource(
    principalScope(target),
    connections,
    'Connection ids are created by API Gateway at run time; the grant is limited to POST on this API stage.',
  );
}

/**
 * cdk-nag 3 acknowledges each wildcard finding by its exact flattened resource
 * (`AwsSolutions-IAM5[Resource::...]`). This computes that id from the ARN itself, so the reason stays
 * attached to the grant that needs it. Only for ARNs built from this stack's own tokens.
 */
export function acknowledgeWildcardResource(scope: Construct, resourceArn: string, reason: string): void {
  const flat: string = flattenCfnReference(Stack.of(scope).resolve(resourceArn));
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${flat}]`, reason });
}
