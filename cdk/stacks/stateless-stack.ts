import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CORS,
  HTTP_ROUTES,
  NOT_FOUND_HANDLER,
  SCHEDULED_JOBS,
  WORKFLOW_TASKS,
  WS_ROUTES,
} from '@shared/api/routes';
import { ENV_VARS, type EnvVarName } from '@shared/config/env-vars';
import { CfnOutput, Duration, IgnoreMode, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient, UserPoolDomain } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  InterfaceVpcEndpointAwsService,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import {
  Cluster,
  ContainerImage,
  ContainerInsights,
  CpuArchitecture,
  FargateTaskDefinition,
  LogDrivers,
  OperatingSystemFamily,
} from 'aws-cdk-lib/aws-ecs';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { EmailIdentity } from 'aws-cdk-lib/aws-ses';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import {
  ApiFunction,
  acknowledgeWildcardResource,
  type BindTarget,
  bindBucket,
  bindTable,
  bindWebSocketPush,
  REPO_ROOT,
} from '../constructs/api-function';
import { filesBucketName } from './stateful-stack';

export const ASL_FILE = path.join(REPO_ROOT, 'cdk/state-machine/run-model.asl.json');
export const WS_STAGE_NAME = 'live';
export const RUNNER_CONTAINER_NAME = 'runner';

/**
 * What a handler needs beyond its table access (GET routes read, all other routes read and write).
 * Kept next to the grants so a reviewer sees every permission in one place.
 */
const HANDLER_NEEDS: Readonly<Record<string, readonly ('mail' | 'push' | 'files' | 'filesRead')[]>> = {
  // The catalogue projection reads its snapshot from the files bucket; compaction writes it.
  'http/models/list-models': ['filesRead'],
  'http/models/search-models': ['filesRead'],
  'jobs/compact-catalog': ['files'],
  'http/users/request-app-access': ['mail', 'push'],
  // Catalogue handlers that copy, delete, presign or zip objects of the files bucket.
  'http/models/create-model': ['files'],
  'http/models/delete-model': ['files'],
  'http/models/attach-model-files': ['files'],
  'http/models/download-model-file': ['files'],
  'http/models/download-all-files': ['files'],
  'http/uploads/create-upload': ['files'],
  // Collaboration (issue 4): file bodies and versions, downloads with audit, mails with grant links.
  'http/files/update-files': ['files'],
  'http/files/request-file-access': ['mail'],
  'http/files/set-file-access': ['mail'],
  'http/files/transfer-file-owner': ['mail'],
  'http/access/request-model-access': ['mail'],
  'http/access/grant-model-role': ['mail'],
  'http/access/share-model': ['mail'],
  'http/notifications/create-notification': ['mail', 'push'],
  'ws/default': ['push'],
  [WORKFLOW_TASKS.Prepare]: ['push', 'files'],
  [WORKFLOW_TASKS.Collect]: ['push', 'files'],
  [WORKFLOW_TASKS.MarkFailed]: ['push', 'files'],
};

/** The catalogue compaction job (functions/jobs/compact-catalog.ts), one of SCHEDULED_JOBS. */
export const CATALOG_COMPACTION_HANDLER = 'jobs/compact-catalog';

const pascalCase = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * Handlers that hold the whole catalogue projection in memory (about 100,000 entries): more memory,
 * and with it a full vCPU for the cold-start load and the per-request scans.
 */
export const HANDLER_SIZING: Readonly<Record<string, { memorySize: number; timeout?: Duration }>> = {
  'http/models/list-models': { memorySize: 1769 },
  'http/models/search-models': { memorySize: 1769 },
  [CATALOG_COMPACTION_HANDLER]: { memorySize: 1769, timeout: Duration.minutes(5) },
};

export interface StatelessStackProps extends StackProps {
  readonly config: DeployConfig;
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly webClient: IUserPoolClient;
  readonly hostedUiDomain: UserPoolDomain;
  readonly mailIdentity?: EmailIdentity;
  readonly mailFromAddress?: string;
}

/**
 * Code and wiring: one Lambda per route of the shared route table behind the HTTP API, the WebSocket
 * API, the run-model state machine (the same ASL file the local cloud runs) and the Fargate task it
 * starts. Holds no data: it can be destroyed and redeployed.
 */
export class StatelessStack extends Stack {
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  readonly stateMachine: StateMachine;
  /** Functions by handler module (`http/users/get-current-user`, `ws/connect`, `workflow/prepare`...). */
  readonly functions = new Map<string, ApiFunction>();
  private readonly filesBucket: IBucket;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: StatelessStackProps,
  ) {
    super(scope, id, props);
    this.filesBucket = Bucket.fromBucketName(this, 'FilesBucket', filesBucketName(this, props.config.stage));

    this.httpApi = this.createHttpApi();

    const wsFunctions = WS_ROUTES.map((route) => this.createFunction(route.handler, 'readWrite'));
    const [connect, disconnect, fallback] = wsFunctions as [ApiFunction, ApiFunction, ApiFunction];
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      apiName: `${props.config.stage}-model-repository-ws`,
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('Connect', connect.function) },
      disconnectRouteOptions: {
        integration: new WebSocketLambdaIntegration('Disconnect', disconnect.function),
      },
      defaultRouteOptions: { integration: new WebSocketLambdaIntegration('Fallback', fallback.function) },
    });
    this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WS_STAGE_NAME,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
    this.acknowledgeWebSocketApi();

    const workflow = {
      Prepare: this.createFunction(WORKFLOW_TASKS.Prepare, 'readWrite'),
      Collect: this.createFunction(WORKFLOW_TASKS.Collect, 'readWrite'),
      MarkFailed: this.createFunction(WORKFLOW_TASKS.MarkFailed, 'readWrite'),
    };
    const runner = this.createRunner();
    this.stateMachine = this.createStateMachine({
      PrepareFunctionArn: workflow.Prepare.functionArn,
      CollectFunctionArn: workflow.Collect.functionArn,
      MarkFailedFunctionArn: workflow.MarkFailed.functionArn,
      ClusterArn: runner.cluster.clusterArn,
      RunnerTaskDefinitionArn: runner.taskDefinition.taskDefinitionArn,
      SubnetA: runner.subnetIds[0] ?? '',
      SubnetB: runner.subnetIds[1] ?? '',
      RunnerSecurityGroupId: runner.securityGroup.securityGroupId,
    });
    this.grantStateMachine(Object.values(workflow), runner);

    // Scheduled jobs (the local cloud runs the same list on timers), e.g. catalogue compaction: a new
    // snapshot every 15 minutes (docs/data-model.md, "Catalogue search").
    for (const job of SCHEDULED_JOBS) {
      const fn = this.createFunction(job.handler, 'readWrite');
      new Rule(this, `${pascalCase(job.handler.split('/').pop() ?? job.handler)}Schedule`, {
        description: job.description,
        schedule: Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [new LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
    }

    // Push needs the WebSocket API id, so it is bound once the API exists.
    for (const [handler, fn] of this.functions) {
      if (HANDLER_NEEDS[handler]?.includes('push'))
        bindWebSocketPush(fn, this.webSocketApi.apiId, WS_STAGE_NAME);
    }

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketStage.url });
    new CfnOutput(this, 'StateMachineArn', { value: this.stateMachine.stateMachineArn });
  }

  /** The value of every variable that is the same for all functions, by ENV_VARS name. */
  private commonEnvironment(): Partial<Record<EnvVarName, string>> {
    const { config, userPool, webClient } = this.props;
    const issuer = `https://cognito-idp.${this.region}.${this.urlSuffix}/${userPool.userPoolId}`;
    return {
      [ENV_VARS.stage]: 'aws',
      [ENV_VARS.userPoolId]: userPool.userPoolId,
      [ENV_VARS.userPoolClientId]: webClient.userPoolClientId,
      [ENV_VARS.tokenIssuer]: issuer,
      [ENV_VARS.jwksUrl]: `${issuer}/.well-known/jwks.json`,
      [ENV_VARS.webUrl]: config.webUrl ?? config.allowedOrigins[0] ?? '',
      [ENV_VARS.appVersion]: config.appVersion,
      [ENV_VARS.buildTime]: config.buildTime,
      [ENV_VARS.logLevel]: config.logLevel,
      [ENV_VARS.serviceName]: 'model-repository',
      ...(this.props.mailFromAddress ? { [ENV_VARS.mailFrom]: this.props.mailFromAddress } : {}),
    };
  }

  private createFunction(handler: string, tableAccess: 'read' | 'readWrite'): ApiFunction {
    const fn = new ApiFunction(this, constructIdFor(handler), {
      handler,
      environment: this.commonEnvironment(),
      ...HANDLER_SIZING[handler],
    });
    bindTable(fn, this.props.table, tableAccess);
    const needs = HANDLER_NEEDS[handler] ?? [];
    if (needs.includes('files')) bindBucket(fn, this.filesBucket, 'readWrite');
    if (needs.includes('filesRead')) bindBucket(fn, this.filesBucket, 'read');
    if (needs.includes('mail') && this.props.mailIdentity) this.props.mailIdentity.grantSendEmail(fn);
    this.functions.set(handler, fn);
    return fn;
  }

  private createHttpApi(): HttpApi {
    const { config } = this.props;
    const notFound = this.createFunction(NOT_FOUND_HANDLER, 'read');
    const api = new HttpApi(this, 'HttpApi', {
      apiName: `${config.stage}-model-repository`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...config.allowedOrigins],
        allowHeaders: [...CORS.allowHeaders],
        allowMethods: CORS.allowMethods.map((m) => CorsHttpMethod[m]),
        exposeHeaders: [...CORS.exposeHeaders],
        maxAge: Duration.seconds(CORS.maxAgeSeconds),
      },
      // Unmatched requests (`$default` route) get the API's JSON 404 instead of API Gateway's own.
      defaultIntegration: new HttpLambdaIntegration('NotFound', notFound.function),
    });
    const accessLogs = new LogGroup(this, 'HttpApiAccessLogs', { retention: RetentionDays.THREE_MONTHS });
    new HttpStage(this, 'HttpApiStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoJwt', this.props.userPool, {
      userPoolClients: [this.props.webClient],
      identitySource: ['$request.header.Authorization'],
    });
    for (const route of HTTP_ROUTES) {
      const fn = this.createFunction(route.handler, route.method === 'GET' ? 'read' : 'readWrite');
      const [apiRoute] = api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${constructIdFor(route.handler)}Integration`, fn.function),
        ...(route.auth === 'jwt' ? { authorizer } : {}),
      });
      if (route.auth === 'public' && apiRoute) {
        Validations.of(apiRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (auth: 'public' in shared/api/routes.ts): ${route.summary}.`,
        });
      }
    }
    Validations.of(api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Only the $default route (unmatched requests) has no authorizer: its handler answers 404 and touches no data.',
    });
    return api;
  }

  private acknowledgeWebSocketApi(): void {
    Validations.of(this.webSocketApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Browsers cannot set headers on a WebSocket: $connect verifies the ID token given as ?token= in its handler (aws-jwt-verify against the user pool) and refuses the connection otherwise; $disconnect and $default only run on connections that passed $connect.',
    });
    Validations.of(this.webSocketStage).acknowledge({
      id: 'AwsSolutions-APIG1',
      reason:
        'WebSocket access logs need the account-wide API Gateway CloudWatch role, which this app does not own; the $connect/$disconnect/$default handlers log every event with the connection id instead.',
    });
  }

  private createRunner() {
    const vpc = new Vpc(this, 'RunnerVpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'runner', subnetType: SubnetType.PRIVATE_ISOLATED, cidrMask: 24 }],
    });
    vpc.addFlowLog('FlowLog', {
      destination: FlowLogDestination.toCloudWatchLogs(
        new LogGroup(this, 'RunnerVpcFlowLogs', { retention: RetentionDays.THREE_MONTHS }),
      ),
      trafficType: FlowLogTrafficType.REJECT,
    });
    // Isolated subnets: model code never reaches the internet; AWS services through endpoints only.
    vpc.addGatewayEndpoint('S3Endpoint', { service: GatewayVpcEndpointAwsService.S3 });
    vpc.addGatewayEndpoint('DynamoDbEndpoint', { service: GatewayVpcEndpointAwsService.DYNAMODB });
    const cluster = new Cluster(this, 'RunnerCluster', {
      vpc,
      containerInsightsV2: ContainerInsights.ENABLED,
    });
    const securityGroup = new SecurityGroup(this, 'RunnerSecurityGroup', {
      vpc,
      description: 'Model runner tasks: no inbound, outbound HTTPS only',
      allowAllOutbound: false,
    });
    // Any address on 443: S3 and DynamoDB gateway endpoints are reached at public prefix-list IPs. The
    // isolated subnets' route tables have no internet route, so nothing else is reachable anyway.
    securityGroup.addEgressRule(Peer.anyIpv4(), Port.tcp(443), 'HTTPS to the VPC endpoints');
    for (const [name, service] of [
      ['EcrApiEndpoint', InterfaceVpcEndpointAwsService.ECR],
      ['EcrDockerEndpoint', InterfaceVpcEndpointAwsService.ECR_DOCKER],
      ['LogsEndpoint', InterfaceVpcEndpointAwsService.CLOUDWATCH_LOGS],
    ] as const) {
      // Closed endpoint security groups: only the runner tasks may call them.
      const endpoint = vpc.addInterfaceEndpoint(name, { service, open: false });
      endpoint.connections.allowDefaultPortFrom(securityGroup, 'Runner tasks');
    }

    const taskDefinition = new FargateTaskDefinition(this, 'RunnerTask', {
      cpu: 1024,
      memoryLimitMiB: 2048,
      runtimePlatform: {
        cpuArchitecture: CpuArchitecture.X86_64,
        operatingSystemFamily: OperatingSystemFamily.LINUX,
      },
    });
    const container = taskDefinition.addContainer(RUNNER_CONTAINER_NAME, {
      containerName: RUNNER_CONTAINER_NAME,
      image: ContainerImage.fromAsset(REPO_ROOT, {
        file: 'functions/runner/Dockerfile',
        platform: Platform.LINUX_AMD64,
        exclude: RUNNER_ASSET_EXCLUDES,
        ignoreMode: IgnoreMode.DOCKER,
      }),
      logging: LogDrivers.awsLogs({
        streamPrefix: 'runner',
        logGroup: new LogGroup(this, 'RunnerLogs', { retention: RetentionDays.THREE_MONTHS }),
      }),
      environment: {
        [ENV_VARS.stage]: 'aws',
        [ENV_VARS.logLevel]: this.props.config.logLevel,
        [ENV_VARS.serviceName]: 'model-runner',
      },
    });
    const target: BindTarget = {
      grantPrincipal: taskDefinition.taskRole,
      addEnvironment: (name, value) => container.addEnvironment(name, value),
    };
    bindTable(target, this.props.table, 'readWrite');
    bindBucket(target, this.filesBucket, 'readWrite');
    if (taskDefinition.executionRole) {
      Validations.of(taskDefinition.executionRole).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'ecr:GetAuthorizationToken (image pull) has no resource-level permissions; the other pull actions are limited to the asset repository.',
      });
    }
    Validations.of(taskDefinition).acknowledge({
      id: 'AwsSolutions-ECS2',
      reason:
        'The environment holds only resource names and settings (table, bucket, stage, log level), no secrets; per-run values come as container overrides from the state machine.',
    });
    const subnetIds = vpc.isolatedSubnets.map((s) => s.subnetId);
    return { vpc, cluster, securityGroup, taskDefinition, subnetIds };
  }

  private createStateMachine(substitutions: Record<string, string>): StateMachine {
    const asl = readFileSync(ASL_FILE, 'utf8');
    const placeholders = [...asl.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]);
    const missing = placeholders.filter((p) => p !== undefined && !(p in substitutions));
    if (missing.length > 0) throw new Error(`No substitution for ${missing.join(', ')} in ${ASL_FILE}`);

    return new StateMachine(this, 'RunModel', {
      stateMachineType: StateMachineType.STANDARD,
      // The same file the local cloud runs, inlined (fromFile would upload it as an S3 asset); CloudFormation
      // fills in the ${...} placeholders from definitionSubstitutions.
      definitionBody: DefinitionBody.fromString(asl),
      definitionSubstitutions: substitutions,
      tracingEnabled: true,
      logs: {
        destination: new LogGroup(this, 'RunModelLogs', { retention: RetentionDays.THREE_MONTHS }),
        level: LogLevel.ALL,
        includeExecutionData: true,
      },
    });
  }

  /** `DefinitionBody.fromFile` grants nothing: these are the permissions the ASL's tasks need. */
  private grantStateMachine(
    workflow: ApiFunction[],
    runner: ReturnType<StatelessStack['createRunner']>,
  ): void {
    const sm = this.stateMachine;
    const tasks = this.formatArn({
      service: 'ecs',
      resource: 'task',
      resourceName: `${runner.cluster.clusterName}/*`,
    });
    sm.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: workflow.map((fn) => fn.functionArn),
      }),
    );
    sm.addToRolePolicy(
      new PolicyStatement({
        actions: ['ecs:RunTask'],
        resources: [runner.taskDefinition.taskDefinitionArn],
        conditions: { ArnEquals: { 'ecs:cluster': runner.cluster.clusterArn } },
      }),
    );
    sm.addToRolePolicy(
      new PolicyStatement({
        actions: ['ecs:StopTask', 'ecs:DescribeTasks'],
        resources: [tasks],
      }),
    );
    acknowledgeWildcardResource(
      sm.role,
      tasks,
      'Task ARNs are created by RunTask at run time; StopTask/DescribeTasks are limited to tasks of the runner cluster.',
    );
    Validations.of(sm.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing and CloudWatch Logs delivery (logs:CreateLogDelivery, logs:DescribeResourcePolicies...) have no resource-level permissions.',
    });
    const passRoles = [runner.taskDefinition.taskRole.roleArn];
    if (runner.taskDefinition.executionRole) passRoles.push(runner.taskDefinition.executionRole.roleArn);
    sm.addToRolePolicy(new PolicyStatement({ actions: ['iam:PassRole'], resources: passRoles }));
    // `.sync` watches the task through this managed EventBridge rule.
    sm.addToRolePolicy(
      new PolicyStatement({
        actions: ['events:PutTargets', 'events:PutRule', 'events:DescribeRule'],
        resources: [
          this.formatArn({
            service: 'events',
            resource: 'rule',
            resourceName: 'StepFunctionsGetEventsForECSTaskRule',
          }),
        ],
      }),
    );
  }
}

/**
 * Keeps the runner's Docker build context small: the asset is staged into cdk.out on every synth.
 * A deny list on purpose: negated patterns ("everything except ...") make CDK walk node_modules to
 * fingerprint the asset, which costs seconds on every synth.
 */
export const RUNNER_ASSET_EXCLUDES = [
  '.git',
  '.github',
  '.ci',
  '.local',
  '.cognito',
  '.vscode',
  '.idea',
  'node_modules',
  'cdk.out',
  'coverage',
  'dist',
  'test-results',
  'playwright-report',
  'web',
  'test',
  'scripts',
  'docs',
  'cdk',
  'localstack',
  '*.md',
  '**/*.test.ts',
  '**/node_modules',
];

/** `http/users/get-current-user` → `HttpUsersGetCurrentUser`. */
export function constructIdFor(handler: string): string {
  return handler
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
