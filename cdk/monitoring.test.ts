import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, areaNames, INVOKED_JOBS, INVOKED_JOBS_AREA, SCHEDULED_JOBS } from '@shared/api/routes';
import { ENV_VARS } from '@shared/config/env-vars';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from './constructs/handler-bundling';
import { ALARM_THRESHOLDS } from './constructs/monitoring';
import { buildTestApp, fakeWebBuild, removeTestOutput, sharedTestApp } from './testing/test-app';

type Resource = { Type: string; Properties: Record<string, unknown> };

const ALARM_EMAILS = ['ops@example.com', 'oncall@example.com'];

let built: ReturnType<typeof buildTestApp>;
let stateless: Template;
/** The nested stack of the alarms and the dashboard. */
let alarmsStack: Template;

beforeAll(() => {
  built = buildTestApp({ webDist: fakeWebBuild(), alarmEmails: ALARM_EMAILS.join(',') });
  stateless = Template.fromStack(built.stateless);
  alarmsStack = Template.fromStack(built.stateless.monitoring.alarmsStack);
});

afterAll(() => removeTestOutput());

const resolve = (value: unknown) => JSON.stringify(built.stateless.resolve(value));
const resources = (type: string, template = stateless) =>
  Object.entries(template.findResources(type)) as [string, Resource][];

/**
 * What the stateless stack passes to the alarms' nested stack, by parameter name: the nested template
 * names the functions, APIs, queues and the topic through these parameters.
 */
function nestedStackParameters(): Record<string, unknown> {
  const nested = resources('AWS::CloudFormation::Stack').map(([, r]) => r.Properties.Parameters ?? {});
  expect(nested).toHaveLength(1);
  return nested[0] as Record<string, unknown>;
}

/** A nested template's value with each parameter reference replaced by what the stateless stack passes. */
function denest(value: unknown, parameters: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => denest(v, parameters));
  if (value && typeof value === 'object') {
    const ref = (value as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && ref in parameters && Object.keys(value).length === 1)
      return parameters[ref];
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, denest(v, parameters)]));
  }
  return value;
}

/** Every alarm of the stateless stack and of its alarms' nested stack, in the stateless stack's terms. */
const alarms = (): (Record<string, unknown> & { id: string })[] => {
  const parameters = nestedStackParameters();
  return [
    ...resources('AWS::CloudWatch::Alarm'),
    ...resources('AWS::CloudWatch::Alarm', alarmsStack).map(
      ([id, r]) => [id, denest(r, parameters)] as [string, Resource],
    ),
  ].map(([id, r]) => ({ ...r.Properties, id }));
};
const topicRef = () => resolve(built.stateless.monitoring.topic.topicArn);

/** The alarms whose metric (or one of its math expression's metrics) has this name and dimension value. */
function alarmsOn(metricName: string, dimensionValue: string) {
  return alarms().filter((alarm) => {
    const text = JSON.stringify(alarm);
    return text.includes(`"MetricName":"${metricName}"`) && text.includes(dimensionValue);
  });
}

describe('the alarm topic', () => {
  it('is encrypted with a rotated key, refuses plain HTTP and subscribes the configured addresses', () => {
    stateless.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    stateless.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    stateless.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      }),
    });
    const subscriptions = resources('AWS::SNS::Subscription').map(([, r]) => r.Properties);
    expect(subscriptions.map((s) => s.Endpoint).sort()).toEqual([...ALARM_EMAILS].sort());
    for (const s of subscriptions) expect(s.Protocol).toBe('email');
  });

  it('has no subscription when the deploy config names no address, and refuses a malformed one', () => {
    const bare = sharedTestApp();
    Template.fromStack(bare.stateless).resourceCountIs('AWS::SNS::Subscription', 0);
    expect(() =>
      buildTestApp({ webDist: fakeWebBuild(), alarmEmails: 'ops@example.com,not-an-address' }),
    ).toThrow(/alarmEmails.*not-an-address/);
  });

  it('is the alarm and the OK action of every alarm, and every alarm decides about missing data', () => {
    const all = alarms();
    expect(all.length).toBeGreaterThan(areaNames().length * 2);
    for (const alarm of all) {
      expect(JSON.stringify(alarm.AlarmActions), alarm.id).toContain(topicRef());
      expect(JSON.stringify(alarm.OKActions), alarm.id).toContain(topicRef());
      expect(alarm.TreatMissingData, alarm.id).toBeDefined();
    }
  });
});

describe('alarms', () => {
  it('watch the errors and the throttles of each area function', () => {
    for (const area of areaNames()) {
      const fn = resolve(built.stateless.area(area).function.functionName);
      expect(alarmsOn('Errors', fn), `${area} errors`).toHaveLength(1);
      expect(alarmsOn('Throttles', fn), `${area} throttles`).toHaveLength(1);
    }
  });

  it('watch the HTTP API 5xx answers and its p95 and p99 latency', () => {
    const api = resolve(built.stateless.httpApi.apiId);
    expect(alarmsOn('5xx', api)).toEqual([
      expect.objectContaining({ Threshold: ALARM_THRESHOLDS.http5xx, TreatMissingData: 'notBreaching' }),
    ]);
    const latency = alarmsOn('Latency', api);
    expect(latency.map((a) => a.ExtendedStatistic).sort()).toEqual(['p95', 'p99']);
    for (const alarm of latency) expect(alarm.EvaluationPeriods).toBe(3);
  });

  it('watch the WebSocket API integration and execution errors', () => {
    const api = resolve(built.stateless.webSocketApi.apiId);
    const [alarm] = alarmsOn('IntegrationError', api);
    expect(JSON.stringify(alarm)).toContain('"MetricName":"ExecutionError"');
  });

  it('watch failed and timed-out run executions', () => {
    const machine = resolve(built.stateless.stateMachine.stateMachineArn);
    expect(alarmsOn('ExecutionsFailed', machine)).toHaveLength(1);
    expect(alarmsOn('ExecutionsTimedOut', machine)).toHaveLength(1);
  });

  it('watch read and write throttles of the table and its indexes', () => {
    for (const metric of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      const [alarm] = alarms().filter((a) => JSON.stringify(a).includes(`"MetricName":"${metric}"`));
      expect(alarm, metric).toBeDefined();
      expect(JSON.stringify(alarm)).toContain('GlobalSecondaryIndexName');
    }
  });

  it('watch each scheduled job and the archive job by the JobFailed metric the handlers publish', () => {
    for (const job of [...SCHEDULED_JOBS, ...INVOKED_JOBS]) {
      expect(alarmsOn('JobFailed', `"Value":"${job.name}"`), job.name).toHaveLength(1);
    }
  });

  it('watch every dead-letter queue for a waiting message', () => {
    const queues = resources('AWS::SQS::Queue');
    expect(queues.length).toBeGreaterThanOrEqual(2);
    for (const [id, queue] of queues) {
      expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
      const waiting = alarms().filter(
        (a) =>
          JSON.stringify(a).includes('"MetricName":"ApproximateNumberOfMessagesVisible"') &&
          JSON.stringify(a).includes(id),
      );
      expect(waiting, id).toEqual([expect.objectContaining({ Threshold: ALARM_THRESHOLDS.deadLetters })]);
    }
  });
});

describe('asynchronous invocations', () => {
  it('give every EventBridge target a dead-letter queue and retries', () => {
    const rules = resources('AWS::Events::Rule');
    expect(rules.length).toBe(SCHEDULED_JOBS.length);
    for (const [id, rule] of rules) {
      for (const target of rule.Properties.Targets as Record<string, unknown>[]) {
        expect(JSON.stringify(target.DeadLetterConfig), id).toContain(
          resolve(built.stateless.monitoring.undeliveredEvents.queueArn),
        );
        expect(target.RetryPolicy, id).toMatchObject({ MaximumRetryAttempts: 2 });
      }
    }
  });

  it('send what still fails to an on-failure destination, for every function invoked asynchronously', () => {
    // Asynchronous callers: EventBridge (a permission for events.amazonaws.com) and job-invoker.ts.
    const invokedByEvents = resources('AWS::Lambda::Permission')
      .filter(([, p]) => p.Properties.Principal === 'events.amazonaws.com')
      .map(([, p]) => JSON.stringify(p.Properties.FunctionName));
    const asyncFunctions = new Set([
      ...invokedByEvents,
      resolve(built.stateless.area(INVOKED_JOBS_AREA).function.functionArn),
    ]);
    const configs = resources('AWS::Lambda::EventInvokeConfig');
    for (const fn of asyncFunctions) {
      const name = fn.match(/"Ref":"([^"]+)"|"Fn::GetAtt":\["([^"]+)"/);
      const logicalId = name?.[1] ?? name?.[2];
      const config = configs.find(([, c]) =>
        JSON.stringify(c.Properties.FunctionName).includes(`"${logicalId}"`),
      );
      expect(config, fn).toBeDefined();
      expect(JSON.stringify(config?.[1].Properties.DestinationConfig), fn).toContain('OnFailure');
    }
    for (const [id, mapping] of resources('AWS::Lambda::EventSourceMapping')) {
      expect(JSON.stringify(mapping.Properties.DestinationConfig ?? {}), id).toContain('OnFailure');
    }
  });

  it('are configured on the schedule areas only, which are the ones invoked asynchronously', () => {
    const scheduleAreas = areaNames().filter((area) => AREAS[area].trigger === 'schedule');
    stateless.resourceCountIs('AWS::Lambda::EventInvokeConfig', scheduleAreas.length);
  });
});

describe("the alarms' nested stack", () => {
  it('holds the alarms and the dashboard, while the topic and the dead-letter queues stay in the stateless stack', () => {
    expect(resources('AWS::CloudWatch::Alarm', alarmsStack).length).toBeGreaterThan(areaNames().length * 2);
    alarmsStack.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    stateless.resourceCountIs('AWS::CloudWatch::Dashboard', 0);
    // The failed-runs alarm stays beside its state machine (cdk/constructs/run-model-workflow.ts).
    expect(resources('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties.MetricName)).toEqual([
      'ExecutionsFailed',
    ]);
    for (const type of ['AWS::SNS::Topic', 'AWS::KMS::Key', 'AWS::SQS::Queue']) {
      expect(resources(type).length, type).toBeGreaterThan(0);
      alarmsStack.resourceCountIs(type, 0);
    }
  });

  it('names each alarm by stage and runbook heading, apart from the names they had in the stateless stack', () => {
    for (const alarm of resources('AWS::CloudWatch::Alarm', alarmsStack).map(([, r]) => r.Properties)) {
      const heading = String(alarm.AlarmName).replace(/^dev-ModelRepository-Alarms-/, '');
      expect(heading, String(alarm.AlarmName)).toMatch(/^[A-Za-z0-9]+$/);
      expect(String(alarm.AlarmDescription)).toContain(`See docs/runbook.md, "${heading}".`);
    }
  });
});

describe('the dashboard', () => {
  it('shows the alarms, the API, the functions, the runs, the table and the jobs', () => {
    const [[, dashboard] = []] = resources('AWS::CloudWatch::Dashboard', alarmsStack);
    const body = resolve(dashboard?.Properties.DashboardBody);
    for (const title of [
      'Alarms',
      'HTTP API latency',
      'Lambda errors by area',
      'Model runs',
      'Table throttles',
      'Jobs and dead letters',
    ])
      expect(body, title).toContain(title);
  });
});

describe('function configuration', () => {
  const functionProps = (template: Template) =>
    Object.entries(template.findResources('AWS::Lambda::Function')).map(([id, r]) => [
      id,
      (r as Resource).Properties,
    ]);

  it('sets no BUILD_TIME variable on any function', () => {
    for (const [id, props] of functionProps(stateless)) {
      const variables = (props as { Environment?: { Variables?: Record<string, unknown> } }).Environment
        ?.Variables;
      expect(Object.keys(variables ?? {}), String(id)).not.toContain(ENV_VARS.buildTime);
    }
  });

  it('is the same from two synths at different times and of different build times', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-02-01T08:00:00Z'));
      const first = buildTestApp({ webDist: fakeWebBuild(), buildTime: '2026-02-01T08:00:00.000Z' });
      vi.setSystemTime(new Date('2026-03-15T17:30:00Z'));
      const second = buildTestApp({ webDist: fakeWebBuild(), buildTime: '2026-03-15T17:30:00.000Z' });
      expect(functionProps(Template.fromStack(second.stateless))).toEqual(
        functionProps(Template.fromStack(first.stateless)),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('runner images', () => {
  it('live in the CDK bootstrap asset repository, which the runbook prunes with cdk gc (no lifecycle rule is safe there)', () => {
    const images = resources('AWS::ECS::TaskDefinition').flatMap(([, t]) =>
      (t.Properties.ContainerDefinitions as { Image: unknown }[]).map((c) => JSON.stringify(c.Image)),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/cdk-[a-z0-9]+-container-assets-/);
    stateless.resourceCountIs('AWS::ECR::Repository', 0);
    const runbook = readFileSync(path.join(REPO_ROOT, 'docs/runbook.md'), 'utf8');
    expect(runbook).toContain('cdk gc');
    expect(runbook).toContain('--type=ecr');
  });
});
