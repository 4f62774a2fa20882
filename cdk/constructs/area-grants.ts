import { ENV_VARS, type EnvVarName } from '@shared/config/env-vars';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import { ArnFormat, Stack, Validations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { Construct } from 'constructs';
import type { AreaUsage, AwsService } from './area-analysis';

/** Anything that takes environment variables and IAM grants: a Lambda function or the runner container. */
export interface BindTarget extends IGrantable {
  addEnvironment(name: EnvVarName, value: string): unknown;
}

/** The resources an area's code may reach; a grant is made only for what its usage names. */
export interface AreaResources {
  readonly table: ITable;
  readonly filesBucket: IBucket;
  readonly webSocket: { readonly apiId: string; readonly stageName: string };
  readonly stateMachine: IStateMachine;
  /** Absent when the stage sends no e-mail (no `mailFrom` context). */
  readonly mail?: { readonly identity: IEmailIdentity; readonly fromAddress: string };
  /**
   * The one function other areas may invoke (shared/api/routes.ts INVOKED_JOBS_AREA): code that sends
   * InvokeCommand gets `lambda:InvokeFunction` on it and its name as JOBS_FUNCTION_NAME.
   */
  readonly jobsFunction: IFunction;
  /** The user pool: the admin area creates the Cognito user of an approved external person. */
  readonly userPool: IUserPool;
  /**
   * Bitbucket Server/Data Center (issue 18 §5): its base URL and the secret holding its HTTP access
   * token. Absent: the deployment has no source control and the source-control routes answer 503.
   */
  readonly sourceControl?: { readonly baseUrl: string; readonly tokenSecret: ISecret };
}

/**
 * IAM actions per SDK operation. An operation the code sends that is missing here fails the synth:
 * a new operation needs a deliberate mapping, never a wildcard.
 */
const IAM_ACTIONS: Record<AwsService, Record<string, string[]>> = {
  dynamodb: {
    GetItem: ['dynamodb:GetItem'],
    BatchGetItem: ['dynamodb:BatchGetItem'],
    Query: ['dynamodb:Query'],
    Scan: ['dynamodb:Scan'],
    PutItem: ['dynamodb:PutItem'],
    UpdateItem: ['dynamodb:UpdateItem'],
    DeleteItem: ['dynamodb:DeleteItem'],
    BatchWriteItem: ['dynamodb:BatchWriteItem'],
    // Transactions are authorized per item action (there is no TransactWriteItems action).
    TransactGetItems: ['dynamodb:GetItem'],
    TransactWriteItems: [
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
  },
  s3: {
    GetObject: ['s3:GetObject'],
    HeadObject: ['s3:GetObject'],
    PutObject: ['s3:PutObject'],
    CopyObject: ['s3:GetObject', 's3:PutObject'],
    DeleteObject: ['s3:DeleteObject'],
    DeleteObjects: ['s3:DeleteObject'],
    CreateMultipartUpload: ['s3:PutObject'],
    UploadPart: ['s3:PutObject'],
    CompleteMultipartUpload: ['s3:PutObject'],
    AbortMultipartUpload: ['s3:AbortMultipartUpload'],
    ListParts: ['s3:ListMultipartUploadParts'],
    ListObjectsV2: ['s3:ListBucket'],
  },
  sesv2: { SendEmail: ['ses:SendEmail'] },
  apigatewaymanagementapi: {
    PostToConnection: ['execute-api:ManageConnections'],
    GetConnection: ['execute-api:ManageConnections'],
    DeleteConnection: ['execute-api:ManageConnections'],
  },
  // Only the asynchronous and synchronous invoke of an unqualified function; nothing that manages one.
  lambda: { Invoke: ['lambda:InvokeFunction'] },
  sfn: {
    StartExecution: ['states:StartExecution'],
    StopExecution: ['states:StopExecution'],
    DescribeExecution: ['states:DescribeExecution'],
    ListExecutions: ['states:ListExecutions'],
  },
  // Only what approving a self-registration sends (functions/lib/cognito-users.ts): create the user
  // with Cognito's invitation and put it in its user-type group.
  cognitoidentityprovider: {
    AdminCreateUser: ['cognito-idp:AdminCreateUser'],
    AdminAddUserToGroup: ['cognito-idp:AdminAddUserToGroup'],
    // The directory behind 'Find user' and enrolment, and signing a deactivated user out of every
    // session (functions/lib/cognito-directory.ts).
    ListUsers: ['cognito-idp:ListUsers'],
    AdminGetUser: ['cognito-idp:AdminGetUser'],
    AdminUserGlobalSignOut: ['cognito-idp:AdminUserGlobalSignOut'],
  },
  // Reading the Bitbucket token (functions/core/source-control/configured-provider.ts); never listing,
  // describing or writing secrets.
  secretsmanager: { GetSecretValue: ['secretsmanager:GetSecretValue'] },
};

/** The HTTP method of each `@connections` operation, which the execute-api resource names. */
const CONNECTION_METHODS: Record<string, string> = {
  PostToConnection: 'POST',
  GetConnection: 'GET',
  DeleteConnection: 'DELETE',
};

/**
 * Data modules that write only under one leading key: their table writes are granted with that
 * condition. Every HTTP function stores the report of an unexpected error (ERRORREPORT#<id>, the id
 * a 500 answer carries), so without this a read-only area such as the catalogue would hold PutItem
 * on the whole table.
 */
export const KEY_SCOPED_WRITERS: Readonly<Record<string, string>> = {
  'functions/data/error-reports.ts': 'ERRORREPORT#*',
};
const WRITE_ACTIONS = new Set([
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
]);

/** IAM actions of one service's usage, each with the modules whose operations need it. */
export function actionsOf(usage: AreaUsage, service: AwsService): Map<string, Set<string>> {
  const actions = new Map<string, Set<string>>();
  for (const [operation, modules] of Object.entries(usage.operations[service] ?? {})) {
    const mapped = IAM_ACTIONS[service][operation];
    if (!mapped)
      throw new Error(
        `No IAM mapping for ${service} ${operation} (sent by ${modules.join(', ')}): add it to cdk/constructs/area-grants.ts`,
      );
    for (const action of mapped) {
      const by = actions.get(action) ?? new Set<string>();
      for (const module of modules) by.add(module);
      actions.set(action, by);
    }
  }
  return actions;
}

/**
 * Grants an area function exactly what its code uses (area-analysis.ts) and sets the variable that
 * names each resource it reaches; nothing for the services it does not use.
 */
export function grantAreaUsage(target: BindTarget, usage: AreaUsage, resources: AreaResources): void {
  const stack = Stack.of(principalScope(target));
  const principal = target.grantPrincipal;
  const { table, filesBucket } = resources;

  const tableActions = actionsOf(usage, 'dynamodb');
  if (tableActions.size > 0) {
    target.addEnvironment(ENV_VARS.tableName, table.tableName);
    const scoped = new Map<string, string[]>();
    const unscoped: string[] = [];
    for (const [action, modules] of tableActions) {
      const scopes = new Set([...modules].map((m) => KEY_SCOPED_WRITERS[m]));
      const [scope] = scopes;
      if (WRITE_ACTIONS.has(action) && scopes.size === 1 && scope)
        scoped.set(scope, [...(scoped.get(scope) ?? []), action]);
      else unscoped.push(action);
    }
    const queries = unscoped.some((a) => a === 'dynamodb:Query' || a === 'dynamodb:Scan');
    if (unscoped.length > 0) {
      principal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: unscoped.sort(),
          resources: [
            table.tableArn,
            ...(queries
              ? TABLE_SCHEMA.globalSecondaryIndexes.map((gsi) => `${table.tableArn}/index/${gsi.indexName}`)
              : []),
          ],
        }),
      );
    }
    for (const [leadingKeys, actions] of scoped) {
      principal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: actions.sort(),
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [leadingKeys] } },
        }),
      );
    }
  }

  const bucketActions = actionsOf(usage, 's3');
  if (bucketActions.size > 0) {
    target.addEnvironment(ENV_VARS.filesBucket, filesBucket.bucketName);
    const objectActions = [...bucketActions.keys()].filter((a) => a !== 's3:ListBucket').sort();
    const objects = usage.bucketPrefixes.map((prefix) => filesBucket.arnForObjects(`${prefix}*`));
    if (objectActions.length > 0) {
      principal.addToPrincipalPolicy(new PolicyStatement({ actions: objectActions, resources: objects }));
      for (const arn of objects) {
        acknowledgeWildcardResource(
          principalScope(target),
          arn,
          'Object keys under this prefix are generated at run time; the grant names only the prefixes the code reaches (shared/config/files-bucket.ts).',
        );
      }
    }
    // Listing also for code that reads objects: S3 answers a GET or HEAD of a missing key with 404 only
    // to a caller that may list the bucket, and with 403 AccessDenied to anyone else, so the code's
    // "not there" branches (a catalogue snapshot not written yet, a run's missing result) would fail.
    // S3 checks that permission with the object key as `s3:prefix`, so the prefix condition holds.
    if (bucketActions.has('s3:ListBucket') || bucketActions.has('s3:GetObject')) {
      principal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [filesBucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': usage.bucketPrefixes.map((p) => `${p}*`) } },
        }),
      );
    }
  }

  if (usage.operations.sesv2 && resources.mail) {
    target.addEnvironment(ENV_VARS.mailFrom, resources.mail.fromAddress);
    principal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...actionsOf(usage, 'sesv2').keys()],
        resources: [
          stack.formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: resources.mail.identity.emailIdentityName,
          }),
        ],
      }),
    );
  }

  const connectionOps = Object.keys(usage.operations.apigatewaymanagementapi ?? {});
  if (connectionOps.length > 0) {
    actionsOf(usage, 'apigatewaymanagementapi');
    const { apiId, stageName } = resources.webSocket;
    target.addEnvironment(
      ENV_VARS.wsCallbackUrl,
      `https://${apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${stageName}`,
    );
    const connections = connectionOps.map((op) =>
      stack.formatArn({
        service: 'execute-api',
        resource: apiId,
        resourceName: `${stageName}/${CONNECTION_METHODS[op]}/@connections/*`,
      }),
    );
    principal.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: connections }),
    );
    for (const arn of connections) {
      acknowledgeWildcardResource(
        principalScope(target),
        arn,
        'Connection ids are created by API Gateway at run time; the grant is limited to this method on this API stage.',
      );
    }
  }

  const invokeActions = actionsOf(usage, 'lambda');
  if (invokeActions.size > 0) {
    const { jobsFunction } = resources;
    target.addEnvironment(ENV_VARS.jobsFunctionName, jobsFunction.functionName);
    principal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...invokeActions.keys()], resources: [jobsFunction.functionArn] }),
    );
  }

  const userPoolActions = actionsOf(usage, 'cognitoidentityprovider');
  if (userPoolActions.size > 0) {
    principal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...userPoolActions.keys()].sort(),
        resources: [resources.userPool.userPoolArn],
      }),
    );
  }

  // The Bitbucket token: read on the one secret, by the one area whose code reads a secret.
  const secretActions = actionsOf(usage, 'secretsmanager');
  if (secretActions.size > 0 && resources.sourceControl) {
    const { baseUrl, tokenSecret } = resources.sourceControl;
    target.addEnvironment(ENV_VARS.sourceControlProvider, 'bitbucket');
    target.addEnvironment(ENV_VARS.bitbucketBaseUrl, baseUrl);
    target.addEnvironment(ENV_VARS.bitbucketTokenSecret, tokenSecret.secretArn);
    principal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...secretActions.keys()], resources: [tokenSecret.secretArn] }),
    );
  }

  const runActions = actionsOf(usage, 'sfn');
  if (runActions.size > 0) {
    const { stateMachine } = resources;
    target.addEnvironment(ENV_VARS.stateMachineArn, stateMachine.stateMachineArn);
    const onMachine = ['states:StartExecution', 'states:ListExecutions'].filter((a) => runActions.has(a));
    const onExecutions = [...runActions.keys()].filter((a) => !onMachine.includes(a));
    if (onMachine.length > 0)
      principal.addToPrincipalPolicy(
        new PolicyStatement({ actions: onMachine, resources: [stateMachine.stateMachineArn] }),
      );
    if (onExecutions.length > 0) {
      const executions = executionArnPattern(stateMachine);
      principal.addToPrincipalPolicy(new PolicyStatement({ actions: onExecutions, resources: [executions] }));
      acknowledgeWildcardResource(
        principalScope(target),
        executions,
        'Executions of this one state machine are created at run time; they can only be named by pattern.',
      );
    }
  }
}

/** `arn:...:execution:<machine name>:*`: the executions of one state machine. */
export function executionArnPattern(stateMachine: IStateMachine): string {
  return Stack.of(stateMachine).formatArn({
    service: 'states',
    resource: 'execution',
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    resourceName: `${Stack.of(stateMachine).splitArn(stateMachine.stateMachineArn, ArnFormat.COLON_RESOURCE_NAME).resourceName}:*`,
  });
}

/**
 * The role behind a target: grants land in its default policy, so acknowledgements for them belong on
 * the role (cdk-nag looks for them on the flagged resource and its ancestors).
 */
function principalScope(target: BindTarget): Construct {
  const principal = target.grantPrincipal;
  if (!Construct.isConstruct(principal)) throw new Error('Grants need a target whose principal is a role');
  return principal;
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
