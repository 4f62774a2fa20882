import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DeployJob } from '@shared/api/routes';
import { CustomResource, Validations } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { AreaFunction } from './area-function';
import { acknowledgeWildcardResource } from './area-grants';
import { REPO_ROOT } from './handler-bundling';

export interface DeployJobProps {
  readonly job: DeployJob;
  /** The area function that serves the job (it dispatches by `ResourceProperties.job`). */
  readonly fn: AreaFunction;
  /**
   * Files whose content decides whether the job runs again on an update: CloudFormation calls the
   * handler only when a property changes, so their hash is one.
   */
  readonly inputs: readonly string[];
}

/**
 * One job of DEPLOY_JOBS run by CloudFormation on create and whenever its inputs change: a custom
 * resource whose provider (the CDK custom-resources framework) calls the area's function. The handler
 * must be idempotent; on delete it leaves the data alone.
 */
export class DeployJobResource extends Construct {
  constructor(scope: Construct, id: string, props: DeployJobProps) {
    super(scope, id);
    const provider = new Provider(this, 'Provider', {
      onEventHandler: props.fn.function,
      logGroup: new LogGroup(this, 'ProviderLogs', { retention: RetentionDays.THREE_MONTHS }),
    });
    new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::DeployJob',
      properties: { job: props.job.name, inputsHash: hashFiles(props.inputs) },
    });
    Validations.of(provider).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          "The custom-resources framework's own function writes its logs with AWSLambdaBasicExecutionRole; it runs only during deploys and touches no data.",
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'The runtime of the framework function is chosen by aws-cdk-lib and moves with it.',
      },
    );
    acknowledgeWildcardResource(
      provider,
      `${props.fn.function.functionArn}:*`,
      'The framework may invoke the versions of the one area function it was given, nothing else.',
    );
  }
}

function hashFiles(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(path.join(REPO_ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}
