import { AREAS, type AreaName, INVOKED_JOBS, SCHEDULED_JOBS } from '@shared/api/routes';
import { OBSERVABILITY } from '@shared/config/env-vars';
import { JOB_FAILED_METRIC } from '@shared/config/monitoring';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import { Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { AreaFunction } from './area-function';
import { pascalCase } from './pascal-case';

export interface MonitoringProps {
  readonly stage: string;
  /** E-mail addresses subscribed to the alarm topic (deploy config `alarmEmails`). */
  readonly alarmEmails: readonly string[];
}

/** What `watch` puts alarms on: the stateless stack's parts and the table of the stateful one. */
export interface WatchedResources {
  readonly functions: ReadonlyMap<AreaName, AreaFunction>;
  readonly httpApi: HttpApi;
  readonly webSocketStage: WebSocketStage;
  readonly stateMachine: StateMachine;
  readonly table: ITable;
  /** Alarms made elsewhere that should reach the topic too (the stack's failed-runs alarm). */
  readonly alarms?: readonly Alarm[];
}

/**
 * Thresholds, in one place so that docs/runbook.md can name them. Periods are 5 minutes unless said.
 * Missing data is "not breaching" throughout: these metrics are only published when something happens
 * (no requests, no runs, no messages), and silence is not a failure.
 */
export const ALARM_THRESHOLDS = {
  /** Unhandled Lambda errors of one area in 5 minutes (an HTTP route's own errors answer 500 instead). */
  functionErrors: 1,
  functionThrottles: 1,
  /** HTTP API 5xx answers in 5 minutes. */
  http5xx: 5,
  /** HTTP API latency in milliseconds, three 5-minute periods in a row. */
  httpLatencyP95Ms: 3_000,
  httpLatencyP99Ms: 10_000,
  /** WebSocket integration and execution errors in 5 minutes. */
  webSocketErrors: 5,
  /** Run executions that timed out (the state machine's own limits) in 5 minutes. */
  executionsTimedOut: 1,
  /** Throttled reads or writes (table and indexes together) in 5 minutes: the SDK retries a few. */
  tableThrottleEvents: 10,
  /** JobFailed of a scheduled job in each of two periods of its schedule in a row. */
  scheduledJobFailures: 1,
  /** "Download all" archives that ended FAILED (or threw) within 15 minutes. */
  archiveFailures: 1,
  /** Messages waiting in a dead-letter queue. */
  deadLetters: 1,
} as const;

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Issue 16 §5: someone is told when it breaks. One encrypted SNS topic with the deploy config's e-mail
 * subscriptions; every alarm notifies it when it fires and when it clears. The dead-letter queues of
 * the asynchronous invocations live here too, each with its alarm. docs/runbook.md says what each alarm
 * means and what to do.
 *
 * The alarms and the dashboard live in a nested stack (`Alarms`): over forty resources that grow with
 * every area (two alarms each) and that nothing in the stateless stack refers to, so the stateless
 * stack keeps room under CloudFormation's 500 resources for the areas to come (cdk/app.test.ts, "stack
 * size"). The topic, its key and the dead-letter queues stay in the stateless stack: the functions'
 * on-failure destinations and the schedules' dead-letter queue point at the queues, and a queue in the
 * nested stack would make the functions depend on the nested stack that watches them (a cycle).
 *
 * Plain aws-cdk-lib CloudWatch constructs rather than cdk-monitoring-constructs (Apache-2.0, peers
 * aws-cdk-lib ^2.160 and constructs ^10, so it would fit): every alarm here states its threshold and
 * its treatment of missing data where a test can read it, and the stateless stack keeps its
 * resource count (CloudFormation's 500) under our control.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  /** Lambda's on-failure destination for asynchronous invocations that failed after its retries. */
  readonly failedInvocations: Queue;
  /** EventBridge's dead-letter queue: scheduled events it could not deliver to their function. */
  readonly undeliveredEvents: Queue;
  readonly alarms: Alarm[] = [];
  /** The nested stack of the alarms and the dashboard (a template of its own: `Template.fromStack`). */
  readonly alarmsStack: NestedStack;
  dashboard?: Dashboard;
  private readonly action: SnsAction;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.stage = props.stage;
    this.alarmsStack = new NestedStack(this, 'Alarms', {
      description: `Model Repository (${props.stage}): the alarms and the dashboard (docs/runbook.md)`,
    });
    // A key of our own: CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `${props.stage} Model Repository alarm topic`,
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `Model Repository (${props.stage}) alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // Alarms of this account only: the topic is not a way in for anyone else.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    for (const email of props.alarmEmails) this.topic.addSubscription(new EmailSubscription(email));
    this.action = new SnsAction(this.topic);

    this.failedInvocations = this.deadLetterQueue(
      'FailedInvocations',
      'Asynchronous Lambda invocations (scheduled and invoked jobs) that failed after two retries',
    );
    this.undeliveredEvents = this.deadLetterQueue(
      'UndeliveredEvents',
      'Scheduled events EventBridge could not deliver to their function',
    );
  }

  /** Adds the topic as the alarm's alarm and OK action, and keeps it for the dashboard. */
  notify(alarm: Alarm): Alarm {
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }

  /** The alarms on everything the app runs, the on-failure destinations, and the dashboard. */
  watch(resources: WatchedResources): void {
    for (const alarm of resources.alarms ?? []) this.notify(alarm);
    for (const [area, fn] of resources.functions) this.watchFunction(area, fn);
    this.watchHttpApi(resources.httpApi);
    this.watchWebSocket(resources.webSocketStage);
    this.watchStateMachine(resources.stateMachine);
    this.watchTable(resources.table);
    this.watchJobs();
    this.dashboard = this.createDashboard(resources);
  }

  private alarm(
    id: string,
    description: string,
    metric: IMetric,
    threshold: number,
    options: { evaluationPeriods?: number } = {},
  ): Alarm {
    const evaluationPeriods = options.evaluationPeriods ?? 1;
    return this.notify(
      new Alarm(this.alarmsStack, id, {
        // The name is the subject of the e-mail: stage and the runbook's heading. `Alarms-` because the
        // alarms moved here from the stateless stack's own template: CloudFormation creates the moved
        // alarms before it deletes the old ones, and would refuse (or take over, then delete) an alarm
        // of a name that still exists.
        alarmName: `${this.stage}-ModelRepository-Alarms-${id}`,
        alarmDescription: `${description} See docs/runbook.md, "${id}".`,
        metric,
        threshold,
        evaluationPeriods,
        datapointsToAlarm: evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }

  private watchFunction(area: AreaName, fn: AreaFunction): void {
    const name = pascalCase(area);
    this.alarm(
      `${name}FunctionErrors`,
      `The ${area} function failed (an unhandled error, a timeout or out of memory).`,
      fn.function.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      ALARM_THRESHOLDS.functionErrors,
    );
    this.alarm(
      `${name}FunctionThrottles`,
      `Lambda refused invocations of the ${area} function (account concurrency used up).`,
      fn.function.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      ALARM_THRESHOLDS.functionThrottles,
    );
    // EventBridge and job-invoker.ts invoke the schedule areas asynchronously: nothing waits for them.
    if (AREAS[area].trigger === 'schedule') fn.sendFailedAsyncInvocationsTo(this.failedInvocations);
  }

  private watchHttpApi(api: HttpApi): void {
    this.alarm(
      'HttpApi5xx',
      'The HTTP API answered 5xx (a route failed; its answer carries a report id).',
      api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
      ALARM_THRESHOLDS.http5xx,
    );
    for (const [percentile, threshold] of [
      ['p95', ALARM_THRESHOLDS.httpLatencyP95Ms],
      ['p99', ALARM_THRESHOLDS.httpLatencyP99Ms],
    ] as const) {
      this.alarm(
        `HttpApiLatency${percentile.toUpperCase()}`,
        `The HTTP API's ${percentile} latency stayed above ${threshold} ms for 15 minutes.`,
        api.metricLatency({ period: FIVE_MINUTES, statistic: percentile }),
        threshold,
        { evaluationPeriods: 3 },
      );
    }
  }

  private watchWebSocket(stage: WebSocketStage): void {
    const errors = new MathExpression({
      expression: 'integration + execution',
      usingMetrics: {
        integration: stage.metric('IntegrationError', { period: FIVE_MINUTES, statistic: 'Sum' }),
        execution: stage.metric('ExecutionError', { period: FIVE_MINUTES, statistic: 'Sum' }),
      },
      label: 'WebSocket integration + execution errors',
      period: FIVE_MINUTES,
    });
    this.alarm(
      'WebSocketErrors',
      'The WebSocket API failed to run its function or got an error from it.',
      errors,
      ALARM_THRESHOLDS.webSocketErrors,
    );
  }

  private watchStateMachine(stateMachine: StateMachine): void {
    // Failed runs: the stack's own alarm (many within 15 minutes; one failure is usually the model's).
    // Aborted executions are cancellations (StopExecution is how a run is cancelled): dashboard only.
    this.alarm(
      'RunExecutionsTimedOut',
      'A run-model execution timed out as a whole (a model past its own timeout fails its run instead).',
      stateMachine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }),
      ALARM_THRESHOLDS.executionsTimedOut,
    );
  }

  private watchTable(table: ITable): void {
    for (const kind of ['Read', 'Write'] as const) {
      this.alarm(
        `Table${kind}Throttles`,
        `DynamoDB throttled ${kind.toLowerCase()}s of the table or its indexes.`,
        tableThrottles(table, `${kind}ThrottleEvents`),
        ALARM_THRESHOLDS.tableThrottleEvents,
      );
    }
  }

  private watchJobs(): void {
    for (const job of SCHEDULED_JOBS) {
      const period = Duration.minutes(Math.max(5, job.everyMinutes));
      this.alarm(
        `${pascalCase(job.name)}JobFailing`,
        `The scheduled job ${job.name} failed in two runs in a row.`,
        jobFailures(job.name, period),
        ALARM_THRESHOLDS.scheduledJobFailures,
        { evaluationPeriods: 2 },
      );
    }
    for (const job of INVOKED_JOBS) {
      this.alarm(
        `${pascalCase(job.name)}JobFailed`,
        `The invoked job ${job.name} failed (a "Download all" archive could not be built).`,
        jobFailures(job.name, Duration.minutes(15)),
        ALARM_THRESHOLDS.archiveFailures,
      );
    }
  }

  private deadLetterQueue(id: string, description: string): Queue {
    const queue = new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself a dead-letter queue (${description}); nothing consumes it but an operator.`,
    });
    this.alarm(
      `${id}Waiting`,
      `${description} are waiting in the ${id} queue.`,
      queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      ALARM_THRESHOLDS.deadLetters,
    );
    return queue;
  }

  private createDashboard(resources: WatchedResources): Dashboard {
    const { functions, httpApi, webSocketStage, stateMachine, table } = resources;
    const byArea = (metric: (fn: AreaFunction) => IMetric) => [...functions.values()].map(metric);
    const graph = (title: string, left: IMetric[], width = 8) =>
      new GraphWidget({ title, left, width, height: 6, period: FIVE_MINUTES });
    const dashboard = new Dashboard(this.alarmsStack, 'Dashboard', {
      // Dashboard names are unique per account, across regions. `-alarms`: a new name for the same
      // reason as the alarms' (it moved into the nested stack).
      dashboardName: `ModelRepository-${this.stage}-${Stack.of(this).region}-alarms`,
      defaultInterval: Duration.hours(24),
    });
    dashboard.addWidgets(
      new TextWidget({
        markdown:
          '# Model Repository\nAlarms notify the alarm topic; docs/runbook.md says what each means and what to do.',
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 6 }),
    );
    dashboard.addWidgets(
      graph('HTTP API requests and errors', [
        httpApi.metricCount({ statistic: 'Sum' }),
        httpApi.metricClientError({ statistic: 'Sum' }),
        httpApi.metricServerError({ statistic: 'Sum' }),
      ]),
      graph('HTTP API latency (ms)', [
        httpApi.metricLatency({ statistic: 'p50' }),
        httpApi.metricLatency({ statistic: 'p95' }),
        httpApi.metricLatency({ statistic: 'p99' }),
      ]),
      graph('WebSocket', [
        webSocketStage.metric('ConnectCount', { statistic: 'Sum' }),
        webSocketStage.metric('MessageCount', { statistic: 'Sum' }),
        webSocketStage.metric('IntegrationError', { statistic: 'Sum' }),
        webSocketStage.metric('ExecutionError', { statistic: 'Sum' }),
      ]),
    );
    dashboard.addWidgets(
      graph(
        'Lambda invocations by area',
        byArea((fn) => fn.function.metricInvocations({ statistic: 'Sum', label: fn.area })),
      ),
      graph(
        'Lambda errors by area',
        byArea((fn) => fn.function.metricErrors({ statistic: 'Sum', label: fn.area })),
      ),
      graph(
        'Lambda p95 duration by area (ms)',
        byArea((fn) => fn.function.metricDuration({ statistic: 'p95', label: fn.area })),
      ),
    );
    dashboard.addWidgets(
      graph('Model runs', [
        stateMachine.metricStarted({ statistic: 'Sum' }),
        stateMachine.metricSucceeded({ statistic: 'Sum' }),
        stateMachine.metricFailed({ statistic: 'Sum' }),
        stateMachine.metricTimedOut({ statistic: 'Sum' }),
        stateMachine.metricAborted({ statistic: 'Sum', label: 'Aborted (cancelled)' }),
      ]),
      graph('Table throttles', [
        tableThrottles(table, 'ReadThrottleEvents'),
        tableThrottles(table, 'WriteThrottleEvents'),
      ]),
      graph('Jobs and dead letters', [
        ...[...SCHEDULED_JOBS, ...INVOKED_JOBS].map((job) => jobFailures(job.name, FIVE_MINUTES)),
        this.failedInvocations.metricApproximateNumberOfMessagesVisible({ label: 'Failed invocations' }),
        this.undeliveredEvents.metricApproximateNumberOfMessagesVisible({ label: 'Undelivered events' }),
      ]),
    );
    return dashboard;
  }
}

/** Throttle events of the table and of each of its global secondary indexes, summed. */
function tableThrottles(table: ITable, metricName: 'ReadThrottleEvents' | 'WriteThrottleEvents'): IMetric {
  const options = { period: FIVE_MINUTES, statistic: 'Sum' };
  // Ids unique across both expressions: the dashboard graphs reads and writes together.
  const prefix = metricName === 'ReadThrottleEvents' ? 'read' : 'write';
  const usingMetrics: Record<string, IMetric> = { [`${prefix}Table`]: table.metric(metricName, options) };
  TABLE_SCHEMA.globalSecondaryIndexes.forEach((gsi, i) => {
    usingMetrics[`${prefix}Index${i}`] = table.metric(metricName, {
      ...options,
      dimensionsMap: { TableName: table.tableName, GlobalSecondaryIndexName: gsi.indexName },
    });
  });
  return new MathExpression({
    expression: Object.keys(usingMetrics).join(' + '),
    usingMetrics,
    label: `${metricName} (table and indexes)`,
    period: FIVE_MINUTES,
  });
}

/** JobFailed of one job, as functions/lib/observability.ts publishes it (EMF, service dimension). */
function jobFailures(job: string, period: Duration): Metric {
  return new Metric({
    namespace: OBSERVABILITY.metricsNamespace,
    metricName: JOB_FAILED_METRIC.name,
    dimensionsMap: { service: OBSERVABILITY.serviceName, [JOB_FAILED_METRIC.dimension]: job },
    statistic: 'Sum',
    period,
    label: `${job} failed`,
  });
}
