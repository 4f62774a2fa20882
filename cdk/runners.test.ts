import { readFileSync } from 'node:fs';
import { AREAS, WORKFLOW_AREA } from '@shared/api/routes';
import { ENV_VARS } from '@shared/config/env-vars';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CONCURRENT_RUNS } from './config';
import { ASL_FILE, FAILED_RUNS_ALARM_THRESHOLD } from './constructs/run-model-workflow';
import { RUNNER_CONTAINER_NAME, RUNNER_IMAGES } from './constructs/runner-cluster';
import { removeTestOutput, sharedTestApp } from './testing/test-app';

/**
 * The model runners in AWS (issue 11 §7): one Fargate task definition per runner image, the state
 * machine choosing among them with the IAM `.sync` needs for each, log groups with retention, and an
 * alarm on failed executions.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };

let stateless: Template;

beforeAll(() => {
  const built = sharedTestApp();
  stateless = Template.fromStack(built.stateless);
});

afterAll(() => removeTestOutput());

const resources = (type: string) => Object.entries(stateless.findResources(type)) as [string, Resource][];

function functionOf(area: string): Resource | undefined {
  return resources('AWS::Lambda::Function')
    .map(([, r]) => r)
    .find((r) => String(r.Properties.Description).startsWith(`${area}:`));
}

/** The names of an area function's environment variables. */
function envOf(area: string): string[] {
  const env = functionOf(area)?.Properties.Environment as { Variables?: Record<string, unknown> } | undefined;
  return Object.keys(env?.Variables ?? {});
}

function policiesOfRole(roleLogicalId: string): string {
  return JSON.stringify(
    resources('AWS::IAM::Policy')
      .map(([, r]) => r)
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleLogicalId}"`)),
  );
}

describe('runner task definitions', () => {
  it('has one Fargate task definition per runner image, each a container named runner with its own logs', () => {
    const taskDefinitions = resources('AWS::ECS::TaskDefinition');
    expect(taskDefinitions).toHaveLength(RUNNER_IMAGES.length);
    for (const [, taskDefinition] of taskDefinitions) {
      expect(taskDefinition.Properties).toMatchObject({
        RequiresCompatibilities: ['FARGATE'],
        NetworkMode: 'awsvpc',
      });
      const [container] = taskDefinition.Properties.ContainerDefinitions as Record<string, unknown>[];
      expect(container).toMatchObject({
        Name: RUNNER_CONTAINER_NAME,
        LogConfiguration: { LogDriver: 'awslogs' },
      });
    }
    const prefixes = taskDefinitions.map(([, t]) => {
      const [container] = t.Properties.ContainerDefinitions as {
        LogConfiguration: { Options: Record<string, string> };
      }[];
      return container?.LogConfiguration.Options['awslogs-stream-prefix'];
    });
    expect(prefixes.sort()).toEqual(RUNNER_IMAGES.map((i) => `runner-${i.runner}`).sort());
    // Every log group keeps its logs for a bounded time.
    for (const [, group] of resources('AWS::Logs::LogGroup'))
      expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  it('builds each image from its own Dockerfile, staged offline', () => {
    const assets = JSON.stringify(stateless.toJSON());
    for (const image of RUNNER_IMAGES) expect(readFileSync(image.dockerfile, 'utf8')).toContain('entrypoint');
    // Three distinct image assets (the file is part of each asset's hash).
    const images = new Set(
      resources('AWS::ECS::TaskDefinition').map(([, t]) =>
        JSON.stringify((t.Properties.ContainerDefinitions as { Image: unknown }[])[0]?.Image),
      ),
    );
    expect(images.size).toBe(RUNNER_IMAGES.length);
    expect(assets).toContain('cdk-hnb659fds-container-assets');
  });
  // What the runner's role and network may reach: cdk/runner-boundary.test.ts.
});

describe('the run-model state machine', () => {
  const machine = () => resources('AWS::StepFunctions::StateMachine')[0]?.[1];

  it('chooses the task definition by runner and names each by its family (its current revision)', () => {
    const asl = JSON.parse(readFileSync(ASL_FILE, 'utf8')) as {
      States: Record<string, Record<string, unknown>>;
    };
    expect(
      (asl.States.RunModel?.Parameters as Record<string, unknown> | undefined)?.['TaskDefinition.$'],
    ).toBe('$.taskDefinition');
    const substitutions = machine()?.Properties.DefinitionSubstitutions as Record<string, unknown>;
    const families = resources('AWS::ECS::TaskDefinition').map(([, r]) => r.Properties.Family);
    for (const image of RUNNER_IMAGES) expect(families).toContain(substitutions[image.substitution]);
  });

  it('caps concurrent runs with the deploy setting and may start any revision of the runner families', () => {
    const substitutions = machine()?.Properties.DefinitionSubstitutions as Record<string, unknown>;
    expect(substitutions.RunSlotLimit).toBe(String(DEFAULT_MAX_CONCURRENT_RUNS));
    const roleId =
      (machine()?.Properties.RoleArn as { 'Fn::GetAtt': string[] } | undefined)?.['Fn::GetAtt'][0] ?? '';
    const runTask = resources('AWS::IAM::Policy')
      .map(([, r]) => r)
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement)
      .find((s) => s.Action === 'ecs:RunTask');
    const granted = JSON.stringify(runTask?.Resource);
    for (const [, definition] of resources('AWS::ECS::TaskDefinition')) {
      // A deploy registers a new revision; runs queued or retrying their start across it must still start.
      expect(granted).toContain(`:task-definition/${String(definition.Properties.Family)}:*`);
    }
  });

  it('may run, stop and watch the tasks of every runner and pass their roles', () => {
    const roleId =
      (machine()?.Properties.RoleArn as { 'Fn::GetAtt': string[] } | undefined)?.['Fn::GetAtt'][0] ?? '';
    const policies = policiesOfRole(roleId);
    const statements = resources('AWS::IAM::Policy')
      .map(([, r]) => r)
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(
        (p) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
      ) as { Action: string | string[]; Resource: unknown }[];
    const runTask = statements.find((s) => s.Action === 'ecs:RunTask');
    for (const [, definition] of resources('AWS::ECS::TaskDefinition'))
      expect(JSON.stringify(runTask?.Resource)).toContain(String(definition.Properties.Family));
    expect(policies).toContain('ecs:StopTask');
    expect(policies).toContain('ecs:DescribeTasks');
    expect(policies).toContain('rule/StepFunctionsGetEventsForECSTaskRule');
    const passRole = statements.find((s) => s.Action === 'iam:PassRole');
    // A task role and an execution role per task definition.
    expect((passRole?.Resource as unknown[] | undefined)?.length).toBe(RUNNER_IMAGES.length * 2);
  });

  it('raises an alarm when many executions fail', () => {
    stateless.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ExecutionsFailed',
      Namespace: 'AWS/States',
      Threshold: FAILED_RUNS_ALARM_THRESHOLD,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      Dimensions: [Match.objectLike({ Name: 'StateMachineArn' })],
    });
  });
});

describe('who starts and stops executions', () => {
  it('gives the executions area start, stop and the machine ARN, and the workflow area none of it', () => {
    expect(Object.keys(AREAS)).toContain('executions');
    expect(envOf('executions')).toContain(ENV_VARS.stateMachineArn);
    const policies = JSON.stringify(resources('AWS::IAM::Policy'));
    expect(policies).toContain('states:StartExecution');
    expect(policies).toContain('states:StopExecution');
    expect(envOf(WORKFLOW_AREA)).not.toContain(ENV_VARS.stateMachineArn);
    // The reconciliation job asks how executions ended.
    expect(envOf('jobs')).toContain(ENV_VARS.stateMachineArn);
    expect(policies).toContain('states:DescribeExecution');
  });
});
