import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AREAS,
  type AreaName,
  areaNames,
  CORS,
  DEPLOY_JOBS,
  HTTP_ROUTES,
  type HttpRoute,
  INVOKED_JOBS_AREA,
  RUN_ACCESS_AREA,
  routeKeyOf,
  SCHEDULED_JOBS,
  UNMATCHED_ROUTE,
  WORKFLOW_AREA,
  WS_AREA,
  WS_ROUTES,
} from '@shared/api/routes';
import { ENV_VARS, type EnvVarName, OBSERVABILITY } from '@shared/config/env-vars';
import type { RunnerName } from '@shared/schemas/run-job';
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
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IUserPool, IUserPoolClient, UserPoolDomain } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
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
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import { AreaFunction, REPO_ROOT } from '../constructs/area-function';
import { acknowledgeWildcardResource, grantAreaUsage } from '../constructs/area-grants';
import { DeployJobResource } from '../constructs/deploy-job';
import { Monitoring } from '../constructs/monitoring';
import { RunnerNetwork } from '../constructs/runner-network';
import { filesBucketName } from './stateful-stack';

export const ASL_FILE = path.join(REPO_ROOT, 'cdk/state-machine/run-model.asl.json');
/** What a deploy job's result depends on: a change to these files runs it again on the next deploy. */
const DEPLOY_JOB_INPUTS: Readonly<Record<string, readonly string[]>> = {
  'seed-app-data': ['functions/core/options/seed-values.ts', 'functions/core/settings/default-settings.ts'],
};

export const WS_STAGE_NAME = 'live';
export const RUNNER_CONTAINER_NAME = 'runner';

/**
 * One Fargate task definition per runner image (functions/runner/docker/Dockerfile.<runner>); the
 * state machine picks one by the language Prepare found (the ASL's SelectRunner, whose placeholders
 * are `substitution`). LibreOffice recalculating a workbook wants more memory than a script.
 */
export const RUNNER_IMAGES: readonly {
  runner: RunnerName;
  dockerfile: string;
  substitution: string;
  cpu: number;
  memoryMiB: number;
}[] = [
  {
    runner: 'python',
    dockerfile: 'functions/runner/docker/Dockerfile.python',
    substitution: 'PythonRunnerTaskFamily',
    cpu: 1024,
    memoryMiB: 2048,
  },
  {
    runner: 'r',
    dockerfile: 'functions/runner/docker/Dockerfile.r',
    substitution: 'RRunnerTaskFamily',
    cpu: 1024,
    memoryMiB: 2048,
  },
  {
    runner: 'excel',
    dockerfile: 'functions/runner/docker/Dockerfile.excel',
    substitution: 'ExcelRunnerTaskFamily',
    cpu: 1024,
    memoryMiB: 4096,
  },
];

/** Failed runs within 15 minutes that raise the alarm. */
export const FAILED_RUNS_ALARM_THRESHOLD = 10;

export interface StatelessStackProps extends StackProps {
  readonly config: DeployConfig;
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly webClient: IUserPoolClient;
  readonly hostedUiDomain: UserPoolDomain;
  readonly mailIdentity?: IEmailIdentity;
  readonly mailFromAddress?: string;
  /** The HTTP routes to serve; HTTP_ROUTES unless a test measures what one more route costs. */
  readonly httpRoutes?: readonly HttpRoute[];
}

/**
 * Code and wiring: one Lambda function per feature area of the shared route table (shared/api/routes.ts,
 * AREAS) behind the HTTP API, the WebSocket API, the run-model state machine (the same ASL file the
 * local cloud runs) and the schedules, plus the Fargate task the state machine starts. Every function's
 * grants come from what its bundled code uses (cdk/constructs/area-analysis.ts). Adding a route to an
 * area adds one API route resource and no function. Holds no data: it can be destroyed and redeployed.
 */
export class StatelessStack extends Stack {
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  readonly stateMachine: StateMachine;
  /** Too many failed runs in a short time: the pipeline, not a model, is the likely cause. */
  readonly failedRunsAlarm: Alarm;
  /** One function per area. */
  readonly functions = new Map<AreaName, AreaFunction>();
  readonly filesBucket: IBucket;
  /** The alarm topic, the alarms, the dead-letter queues and the dashboard (constructs/monitoring.ts). */
  readonly monitoring: Monitoring;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: StatelessStackProps,
  ) {
    super(scope, id, props);
    this.filesBucket = Bucket.fromBucketName(this, 'FilesBucket', filesBucketName(this, props.config.stage));

    for (const area of areaNames()) {
      this.functions.set(
        area,
        new AreaFunction(this, `${pascalCase(area)}Area`, {
          area,
          environment: this.commonEnvironment(),
          buildTime: props.config.buildTime,
        }),
      );
    }
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: props.config.stage,
      alarmEmails: props.config.alarmEmails,
    });

    this.httpApi = this.createHttpApi(props.httpRoutes ?? HTTP_ROUTES);

    const ws = new WebSocketLambdaIntegration('WebSocket', this.area(WS_AREA).function);
    const wsRoute = (routeKey: string) => {
      if (!WS_ROUTES.some((r) => r.routeKey === routeKey))
        throw new Error(`${routeKey} is not in WS_ROUTES (shared/api/routes.ts)`);
      return { integration: ws };
    };
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      apiName: `${props.config.stage}-model-repository-ws`,
      connectRouteOptions: wsRoute('$connect'),
      disconnectRouteOptions: wsRoute('$disconnect'),
      defaultRouteOptions: wsRoute('$default'),
    });
    this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WS_STAGE_NAME,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
    this.acknowledgeWebSocketApi();

    const workflow = this.area(WORKFLOW_AREA);
    const runner = this.createRunner();
    this.stateMachine = this.createStateMachine({
      WorkflowFunctionArn: workflow.functionArn,
      ClusterArn: runner.cluster.clusterArn,
      ...Object.fromEntries(
        RUNNER_IMAGES.map((image) => [
          image.substitution,
          // The family, not one revision: RunTask takes its latest ACTIVE revision, so a run queued
          // before a deploy (whose execution keeps the old definition) starts on the new one instead
          // of naming a revision the deploy deregistered.
          runner.taskDefinitions.get(image.runner)?.family ?? '',
        ]),
      ),
      SubnetA: runner.subnetIds[0] ?? '',
      SubnetB: runner.subnetIds[1] ?? '',
      RunnerSecurityGroupId: runner.securityGroup.securityGroupId,
      RunSlotLimit: String(props.config.maxConcurrentRuns),
    });
    this.grantStateMachine(workflow, runner);
    this.failedRunsAlarm = new Alarm(this, 'RunModelFailedAlarm', {
      alarmDescription:
        'Many model runs failed within 15 minutes. A single failed run is usually the model (its error is on the instance); ' +
        'this many suggests the pipeline itself (runner images, the cluster, the workflow function): see the RunModel execution history.',
      metric: this.stateMachine.metricFailed({ period: Duration.minutes(15), statistic: 'Sum' }),
      threshold: FAILED_RUNS_ALARM_THRESHOLD,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // Scheduled jobs (the local cloud runs the same list on timers), e.g. catalogue compaction: a new
    // snapshot every 15 minutes (docs/data-model.md, "Catalogue search").
    for (const job of SCHEDULED_JOBS) {
      new Rule(this, `${pascalCase(job.name)}Schedule`, {
        description: job.description,
        schedule: Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [
          new LambdaFunction(this.area(job.area).function, {
            event: RuleTargetInput.fromObject({ job: job.name, time: EventField.time }),
            retryAttempts: 2,
            deadLetterQueue: this.monitoring.undeliveredEvents,
          }),
        ],
      });
    }

    // Deploy jobs: the option lists, settings and tour are seeded on every deploy that changes them,
    // by the same use case the local cloud runs at start (docs/deploy.md, "From an empty AWS account").
    for (const job of DEPLOY_JOBS) {
      new DeployJobResource(this, `${pascalCase(job.name)}DeployJob`, {
        job,
        fn: this.area(job.area),
        inputs: DEPLOY_JOB_INPUTS[job.name] ?? [],
      });
    }

    // Grants last: they name the WebSocket API and the state machine, which need the functions first.
    for (const [area, fn] of this.functions) {
      if (area === WORKFLOW_AREA && fn.usage.operations.sfn)
        throw new Error('The workflow area cannot start executions of the state machine that invokes it');
      if (area === INVOKED_JOBS_AREA && fn.usage.operations.lambda)
        throw new Error('The jobs area cannot invoke its own function');
      grantAreaUsage(fn, fn.usage, {
        table: props.table,
        filesBucket: this.filesBucket,
        webSocket: { apiId: this.webSocketApi.apiId, stageName: WS_STAGE_NAME },
        stateMachine: this.stateMachine,
        jobsFunction: this.area(INVOKED_JOBS_AREA).function,
        ...(props.mailIdentity && props.mailFromAddress
          ? { mail: { identity: props.mailIdentity, fromAddress: props.mailFromAddress } }
          : {}),
      });
    }

    this.monitoring.watch({
      functions: this.functions,
      httpApi: this.httpApi,
      webSocketStage: this.webSocketStage,
      stateMachine: this.stateMachine,
      table: props.table,
      alarms: [this.failedRunsAlarm],
    });

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketStage.url });
    new CfnOutput(this, 'StateMachineArn', { value: this.stateMachine.stateMachineArn });
  }

  area(name: AreaName): AreaFunction {
    const fn = this.functions.get(name);
    if (!fn) throw new Error(`No function for area '${name}'`);
    return fn;
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
      [ENV_VARS.logLevel]: config.logLevel,
      [ENV_VARS.serviceName]: OBSERVABILITY.serviceName,
      [ENV_VARS.metricsNamespace]: OBSERVABILITY.metricsNamespace,
    };
  }

  private createHttpApi(routes: readonly HttpRoute[]): HttpApi {
    const { config } = this.props;
    // One integration per area function, reused by all its routes, with one API-wide invoke
    // permission instead of one per route: a route costs one AWS::ApiGatewayV2::Route and nothing else.
    const integrations = new Map<AreaName, HttpLambdaIntegration>();
    const integrationOf = (area: AreaName) => {
      let integration = integrations.get(area);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascalCase(area)}Integration`, this.area(area).function, {
          scopePermissionToRoute: false,
        });
        integrations.set(area, integration);
      }
      return integration;
    };
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
      defaultIntegration: integrationOf(UNMATCHED_ROUTE.area),
    });
    const accessLogs = new LogGroup(this, 'HttpApiAccessLogs', { retention: RetentionDays.THREE_MONTHS });
    // AWS WAF cannot be associated with an HTTP API (only with REST APIs, CloudFront, ALB, AppSync,
    // Cognito and a few others): this API is protected by the stage throttle below and the JWT
    // authorizer; a WAF would need CloudFront in front of it. cdk-nag's WAF rule (APIG3) checks REST
    // API stages only, so nothing is acknowledged for it here.
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
    for (const route of routes) {
      if (AREAS[route.area].trigger !== 'http')
        throw new Error(`${routeKeyOf(route)}: ${route.area} is not an HTTP area`);
      const [apiRoute] = api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrationOf(route.area),
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
        'Only the $default route (unmatched requests) has no authorizer: its function answers 404 and has no data grant (its code reaches none).',
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
        'A WebSocket stage writes access logs only through the API Gateway CloudWatch Logs role of the account and region (AWS::ApiGateway::Account, one setting shared by every REST and WebSocket API there), which this app does not take over. Instead the websocket function logs one line per $connect, $disconnect and $default event with the route, connection id and status (functions/areas/area-handler.ts), in its own log group.',
    });
  }

  private createRunner() {
    const network = new RunnerNetwork(this, 'RunnerNetwork', {
      filesBucket: this.filesBucket,
      runAccessFunctionArn: this.area(RUN_ACCESS_AREA).functionArn,
    });
    const { vpc, securityGroup, subnetIds } = network;
    const cluster = new Cluster(this, 'RunnerCluster', {
      vpc,
      containerInsightsV2: ContainerInsights.ENABLED,
    });

    const taskDefinitions = new Map<RunnerName, FargateTaskDefinition>();
    for (const image of RUNNER_IMAGES) {
      const id = `${pascalCase(image.runner)}Runner`;
      const taskDefinition = new FargateTaskDefinition(this, `${id}Task`, {
        cpu: image.cpu,
        memoryLimitMiB: image.memoryMiB,
        runtimePlatform: {
          cpuArchitecture: CpuArchitecture.X86_64,
          operatingSystemFamily: OperatingSystemFamily.LINUX,
        },
      });
      const container = taskDefinition.addContainer(RUNNER_CONTAINER_NAME, {
        containerName: RUNNER_CONTAINER_NAME,
        // Staged, never built, at synth (offline); `cdk deploy` builds it with Docker.
        image: ContainerImage.fromAsset(REPO_ROOT, {
          file: image.dockerfile,
          platform: Platform.LINUX_AMD64,
          exclude: RUNNER_ASSET_EXCLUDES,
          ignoreMode: IgnoreMode.DOCKER,
        }),
        logging: LogDrivers.awsLogs({
          streamPrefix: `runner-${image.runner}`,
          logGroup: new LogGroup(this, `${id}Logs`, { retention: RetentionDays.THREE_MONTHS }),
        }),
        environment: {
          [ENV_VARS.stage]: 'aws',
          [ENV_VARS.logLevel]: this.props.config.logLevel,
          [ENV_VARS.serviceName]: `model-runner-${image.runner}`,
        },
      });
      // The runner's only grant: the run-access function, which turns the run's token into presigned
      // URLs for this run's objects (functions/core/runs/run-access.ts). No table, no bucket.
      const runAccess = this.area(RUN_ACCESS_AREA);
      container.addEnvironment('RUN_ACCESS_FUNCTION_NAME', runAccess.function.functionName);
      taskDefinition.taskRole.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [runAccess.functionArn] }),
      );
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
          'The environment holds only settings and the run-access function name, no secrets; the per-run token comes as a container override from the state machine.',
      });
      taskDefinitions.set(image.runner, taskDefinition);
    }
    return { vpc, cluster, securityGroup, taskDefinitions, subnetIds, network };
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
    workflow: AreaFunction,
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
        resources: [workflow.functionArn],
      }),
    );
    const taskDefinitions = [...runner.taskDefinitions.values()];
    // Every revision of each runner family (the ASL names the family): runs in flight during a deploy
    // start, or retry their start, on whatever revision is current.
    const families = taskDefinitions.flatMap((t) =>
      [t.family, `${t.family}:*`].map((resourceName) =>
        this.formatArn({ service: 'ecs', resource: 'task-definition', resourceName }),
      ),
    );
    sm.addToRolePolicy(
      new PolicyStatement({
        actions: ['ecs:RunTask'],
        resources: families,
        conditions: { ArnEquals: { 'ecs:cluster': runner.cluster.clusterArn } },
      }),
    );
    for (const family of families.filter((arn) => arn.endsWith(':*')))
      acknowledgeWildcardResource(
        sm.role,
        family,
        'The revisions of one runner task family: runs in flight during a deploy start on the current revision.',
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
    const passRoles = taskDefinitions.flatMap((t) => [
      t.taskRole.roleArn,
      ...(t.executionRole ? [t.executionRole.roleArn] : []),
    ]);
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

/** `compact-catalog` → `CompactCatalog`. */
function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
