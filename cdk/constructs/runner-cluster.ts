import { ENV_VARS } from '@shared/config/env-vars';
import type { RunnerName } from '@shared/schemas/run-job';
import { IgnoreMode, Validations } from 'aws-cdk-lib';
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
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { AreaFunction } from './area-function';
import { REPO_ROOT } from './handler-bundling';
import { pascalCase } from './pascal-case';
import { RunnerNetwork } from './runner-network';

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

export interface RunnerClusterProps {
  readonly filesBucket: IBucket;
  /** The runaccess area: the runner's one grant (presigned URLs for its own run's objects). */
  readonly runAccess: AreaFunction;
  readonly logLevel: string;
}

/**
 * Where model runs execute: the isolated runner network (runner-network.ts), an ECS cluster, and one
 * Fargate task definition per runner image. Builds into the scope it is given, like AppHttpApi
 * (http-api.ts says why): a renamed VPC, cluster or task definition would be replaced.
 */
export class RunnerCluster {
  readonly network: RunnerNetwork;
  readonly cluster: Cluster;
  readonly taskDefinitions = new Map<RunnerName, FargateTaskDefinition>();

  constructor(scope: Construct, props: RunnerClusterProps) {
    const { runAccess } = props;
    this.network = new RunnerNetwork(scope, 'RunnerNetwork', {
      filesBucket: props.filesBucket,
      runAccessFunctionArn: runAccess.functionArn,
    });
    this.cluster = new Cluster(scope, 'RunnerCluster', {
      vpc: this.network.vpc,
      containerInsightsV2: ContainerInsights.ENABLED,
    });

    for (const image of RUNNER_IMAGES) {
      const id = `${pascalCase(image.runner)}Runner`;
      const taskDefinition = new FargateTaskDefinition(scope, `${id}Task`, {
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
          logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.THREE_MONTHS }),
        }),
        environment: {
          [ENV_VARS.stage]: 'aws',
          [ENV_VARS.logLevel]: props.logLevel,
          [ENV_VARS.serviceName]: `model-runner-${image.runner}`,
        },
      });
      // The runner's only grant: the run-access function, which turns the run's token into presigned
      // URLs for this run's objects (functions/core/runs/run-access.ts). No table, no bucket.
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
      this.taskDefinitions.set(image.runner, taskDefinition);
    }
  }
}
