import {
  type AreaName,
  areaNames,
  DEPLOY_JOBS,
  HTTP_ROUTES,
  type HttpRoute,
  INVOKED_JOBS_AREA,
  RUN_ACCESS_AREA,
  SCHEDULED_JOBS,
  WORKFLOW_AREA,
  WS_AREA,
} from '@shared/api/routes';
import { ENV_VARS, type EnvVarName, OBSERVABILITY } from '@shared/config/env-vars';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { IUserPool, IUserPoolClient, UserPoolDomain } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import { AreaFunction } from '../constructs/area-function';
import { grantAreaUsage } from '../constructs/area-grants';
import { DeployJobResource } from '../constructs/deploy-job';
import { AppHttpApi } from '../constructs/http-api';
import { Monitoring } from '../constructs/monitoring';
import { pascalCase } from '../constructs/pascal-case';
import { RunModelWorkflow } from '../constructs/run-model-workflow';
import { RunnerCluster } from '../constructs/runner-cluster';
import { AppWebSocketApi, WS_STAGE_NAME } from '../constructs/web-socket-api';
import { filesBucketName } from './stateful-stack';

/** What a deploy job's result depends on: a change to these files runs it again on the next deploy. */
const DEPLOY_JOB_INPUTS: Readonly<Record<string, readonly string[]>> = {
  'seed-app-data': ['functions/core/options/seed-values.ts', 'functions/core/settings/default-settings.ts'],
};

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
 *
 * The parts live in cdk/constructs/ (http-api.ts, web-socket-api.ts, runner-cluster.ts,
 * run-model-workflow.ts, monitoring.ts); this class only composes them.
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
    const { config } = props;
    this.filesBucket = Bucket.fromBucketName(this, 'FilesBucket', filesBucketName(this, config.stage));

    for (const area of areaNames()) {
      this.functions.set(
        area,
        new AreaFunction(this, `${pascalCase(area)}Area`, {
          area,
          environment: this.commonEnvironment(),
          buildTime: config.buildTime,
        }),
      );
    }
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: config.stage,
      alarmEmails: config.alarmEmails,
    });

    this.httpApi = new AppHttpApi(this, {
      stage: config.stage,
      allowedOrigins: config.allowedOrigins,
      routes: props.httpRoutes ?? HTTP_ROUTES,
      functionOf: (area) => this.area(area).function,
      userPool: props.userPool,
      webClient: props.webClient,
    }).api;
    const webSocket = new AppWebSocketApi(this, { stage: config.stage, fn: this.area(WS_AREA).function });
    this.webSocketApi = webSocket.api;
    this.webSocketStage = webSocket.stage;

    const runner = new RunnerCluster(this, {
      filesBucket: this.filesBucket,
      runAccess: this.area(RUN_ACCESS_AREA),
      logLevel: config.logLevel,
    });
    const workflow = new RunModelWorkflow(this, {
      workflow: this.area(WORKFLOW_AREA),
      runner,
      maxConcurrentRuns: config.maxConcurrentRuns,
    });
    this.stateMachine = workflow.stateMachine;
    this.failedRunsAlarm = workflow.failedRunsAlarm;

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
    const sourceControl = config.sourceControl && {
      baseUrl: config.sourceControl.bitbucketBaseUrl,
      tokenSecret: Secret.fromSecretCompleteArn(this, 'BitbucketToken', config.sourceControl.tokenSecretArn),
    };
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
        userPool: props.userPool,
        ...(sourceControl ? { sourceControl } : {}),
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
}
