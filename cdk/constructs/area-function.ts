import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AREAS, type AreaDef, type AreaName } from '@shared/api/routes';
import type { EnvVarName } from '@shared/config/env-vars';
import { Annotations, Duration, Stack, Validations } from 'aws-cdk-lib';
import { type IPrincipal, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { AreaUsage } from './area-analysis';
import type { BindTarget } from './area-grants';
import { BUNDLE_FILE, REPO_ROOT, USAGE_FILE } from './handler-bundling';

export { REPO_ROOT };

export interface AreaFunctionProps {
  /** The feature area (shared/api/routes.ts, AREAS): its entries, sizing and description. */
  readonly area: AreaName;
  /** Variables every function gets (stage, versions, Cognito ids...). Names come from ENV_VARS. */
  readonly environment?: Partial<Record<EnvVarName, string>>;
  /**
   * Baked into the bundles as a constant (handler-bundling.ts, buildTimeDefine), never a variable: a
   * variable that changes with every commit would update every function on every deploy.
   */
  readonly buildTime?: string;
}

/**
 * Variables every function gets whatever its area, before the stack's common ones and the grants'.
 * The place for runtime-wide settings (e.g. NODE_OPTIONS for source-mapped stack traces).
 */
export const FUNCTION_ENVIRONMENT_DEFAULTS: Readonly<Record<string, string>> = {
  // Stack traces in the logs and in stored error reports point at the TypeScript sources.
  NODE_OPTIONS: '--enable-source-maps',
};

/**
 * The Lambda function of one feature area, with the project's defaults: Node 22 on ARM, the area's
 * bundle (handler-bundling.ts: generated dispatch map over every route of the area, minified, source maps), X-Ray
 * tracing, its own log group with a retention, and a role that holds only what the area's code uses
 * (area-grants.ts, from `usage`).
 */
export class AreaFunction extends Construct implements BindTarget {
  readonly function: LambdaFunction;
  readonly role: Role;
  readonly area: AreaName;
  /** What the area's code uses of AWS, read from its bundle (area-analysis.ts). */
  readonly usage: AreaUsage;

  constructor(scope: Construct, id: string, props: AreaFunctionProps) {
    super(scope, id);
    const def: AreaDef = AREAS[props.area];
    this.area = props.area;
    const bundles = areaBundles(this, props.buildTime);
    const usage = bundles.usage[props.area];
    if (!usage) throw new Error(`No bundle analysis for area '${props.area}'`);
    this.usage = usage;

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });
    // An own role instead of AWSLambdaBasicExecutionRole: that managed policy may write to any log group.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${props.area} area`,
    });
    logGroup.grantWrite(this.role);

    this.function = new LambdaFunction(this, 'Function', {
      description: `${props.area}: ${def.summary}`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: def.memorySize ?? 512,
      timeout: Duration.seconds(def.timeoutSeconds ?? 29),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup,
      environment: { ...FUNCTION_ENVIRONMENT_DEFAULTS, ...props.environment },
      handler: `${path.parse(BUNDLE_FILE).name}.handler`,
      code: bundles.dir ? Code.fromAsset(path.join(bundles.dir, props.area)) : inlineStub(this, props.area),
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

  /**
   * Asynchronous invocations (EventBridge targets, `InvocationType: 'Event'` from job-invoker.ts) that
   * still fail after Lambda's two retries, or wait in its queue longer than six hours, go to `queue`
   * with their event and error instead of being dropped.
   */
  sendFailedAsyncInvocationsTo(queue: IQueue): void {
    this.function.configureAsyncInvoke({
      onFailure: new SqsDestination(queue),
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
    });
  }
}

function inlineStub(scope: Construct, area: AreaName) {
  Annotations.of(scope).addInfo(`Bundling skipped: inline stub for the ${area} area`);
  return Code.fromInline('exports.handler = async () => ({ statusCode: 501 });');
}

export const BUNDLES_DIR = path.join(REPO_ROOT, '.local', 'cdk-bundles');

interface AreaBundles {
  /** Where the deployable bundles are (`<dir>/<area>/index.mjs`); undefined when bundling is skipped. */
  dir?: string;
  usage: Partial<Record<AreaName, AreaUsage>>;
}

let deployed: AreaBundles | undefined;
let analysed: AreaBundles | undefined;

/**
 * Every area bundled by cdk/bundle-areas.ts, once per process (one esbuild process for all areas).
 * When the stack is bundled (`cdk synth`/`deploy`) the bundles are built and analysed; CDK tests skip
 * bundling with the `aws:cdk:bundling-stacks` context, and then only the analysis runs (the grants
 * still come from the code) and the functions get inline stub code.
 */
function areaBundles(scope: Construct, buildTime: string | undefined): AreaBundles {
  if (Stack.of(scope).bundlingRequired) {
    deployed ??= runBundler(BUNDLES_DIR, false, buildTime);
    return deployed;
  }
  if (!analysed) {
    const dir = mkdtempSync(path.join(tmpdir(), 'mr-area-analysis-'));
    try {
      analysed = { usage: runBundler(dir, true, buildTime).usage };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return deployed ? { usage: deployed.usage } : analysed;
}

function runBundler(dir: string, analysisOnly: boolean, buildTime: string | undefined): AreaBundles {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'cdk/bundle-areas.ts'),
      dir,
      ...(analysisOnly ? ['--analysis-only'] : []),
      ...(buildTime ? [`--build-time=${buildTime}`] : []),
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('Bundling the area functions failed (see above)');
  const usage = JSON.parse(readFileSync(path.join(dir, USAGE_FILE), 'utf8')) as AreaBundles['usage'];
  return { dir: analysisOnly ? undefined : dir, usage };
}
