import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { AreaFunction } from './area-function';
import { acknowledgeWildcardResource } from './area-grants';
import { REPO_ROOT } from './handler-bundling';
import { RUNNER_IMAGES, type RunnerCluster } from './runner-cluster';

export const ASL_FILE = path.join(REPO_ROOT, 'cdk/state-machine/run-model.asl.json');

/** Failed runs within 15 minutes that raise the alarm. */
export const FAILED_RUNS_ALARM_THRESHOLD = 10;

export interface RunModelWorkflowProps {
  /** The workflow area: the ASL's Lambda tasks. */
  readonly workflow: AreaFunction;
  /** Where the ASL's RunTask starts the model. */
  readonly runner: RunnerCluster;
  readonly maxConcurrentRuns: number;
}

/**
 * The run-model state machine: the same ASL file the local cloud runs, its placeholders filled from
 * the runner cluster, with the IAM its tasks need and an alarm on many failed runs. Builds into the
 * scope it is given, like AppHttpApi (http-api.ts says why).
 */
export class RunModelWorkflow {
  readonly stateMachine: StateMachine;
  /** Too many failed runs in a short time: the pipeline, not a model, is the likely cause. */
  readonly failedRunsAlarm: Alarm;

  constructor(scope: Construct, props: RunModelWorkflowProps) {
    const { workflow, runner } = props;
    const subnetIds = runner.network.subnetIds;
    this.stateMachine = createStateMachine(scope, {
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
      SubnetA: subnetIds[0] ?? '',
      SubnetB: subnetIds[1] ?? '',
      RunnerSecurityGroupId: runner.network.securityGroup.securityGroupId,
      RunSlotLimit: String(props.maxConcurrentRuns),
    });
    grantStateMachine(this.stateMachine, workflow, runner);
    this.failedRunsAlarm = new Alarm(scope, 'RunModelFailedAlarm', {
      alarmDescription:
        'Many model runs failed within 15 minutes. A single failed run is usually the model (its error is on the instance); ' +
        'this many suggests the pipeline itself (runner images, the cluster, the workflow function): see the RunModel execution history.',
      metric: this.stateMachine.metricFailed({ period: Duration.minutes(15), statistic: 'Sum' }),
      threshold: FAILED_RUNS_ALARM_THRESHOLD,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}

function createStateMachine(scope: Construct, substitutions: Record<string, string>): StateMachine {
  const asl = readFileSync(ASL_FILE, 'utf8');
  const placeholders = [...asl.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]);
  const missing = placeholders.filter((p) => p !== undefined && !(p in substitutions));
  if (missing.length > 0) throw new Error(`No substitution for ${missing.join(', ')} in ${ASL_FILE}`);

  return new StateMachine(scope, 'RunModel', {
    stateMachineType: StateMachineType.STANDARD,
    // The same file the local cloud runs, inlined (fromFile would upload it as an S3 asset); CloudFormation
    // fills in the ${...} placeholders from definitionSubstitutions.
    definitionBody: DefinitionBody.fromString(asl),
    definitionSubstitutions: substitutions,
    tracingEnabled: true,
    logs: {
      destination: new LogGroup(scope, 'RunModelLogs', { retention: RetentionDays.THREE_MONTHS }),
      level: LogLevel.ALL,
      includeExecutionData: true,
    },
  });
}

/** `DefinitionBody.fromString` grants nothing: these are the permissions the ASL's tasks need. */
function grantStateMachine(sm: StateMachine, workflow: AreaFunction, runner: RunnerCluster): void {
  const stack = Stack.of(sm);
  const tasks = stack.formatArn({
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
      stack.formatArn({ service: 'ecs', resource: 'task-definition', resourceName }),
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
        stack.formatArn({
          service: 'events',
          resource: 'rule',
          resourceName: 'StepFunctionsGetEventsForECSTaskRule',
        }),
      ],
    }),
  );
}
