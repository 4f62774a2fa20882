import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HttpRoute } from '@shared/api/routes';
import { type App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeployConfig } from './config';
import { REPO_ROOT } from './constructs/handler-bundling';
import { StatefulStack } from './stacks/stateful-stack';
import { StatelessStack } from './stacks/stateless-stack';
import { WebStack } from './stacks/web-stack';

/**
 * Wires the three stacks of one stage and turns on cdk-nag's AwsSolutions checks (synth fails on any
 * unacknowledged finding). `cdk/app.ts` calls this; the CDK tests call it with their own context.
 */
export function defineApp(app: App, options: { httpRoutes?: readonly HttpRoute[] } = {}) {
  const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  const config = readDeployConfig(app.node, version);
  const prefix = `${config.stage}-ModelRepository`;

  const stateful = new StatefulStack(app, `${prefix}-Stateful`, {
    config,
    description: 'Model Repository: table, files bucket, user pool, mail identity (retained)',
  });
  const stateless = new StatelessStack(app, `${prefix}-Stateless`, {
    config,
    description:
      'Model Repository: Lambda handlers, HTTP and WebSocket APIs, run-model state machine, runner task',
    table: stateful.table,
    userPool: stateful.userPool,
    webClient: stateful.webClient,
    hostedUiDomain: stateful.hostedUiDomain,
    mailIdentity: stateful.mailIdentity,
    mailFromAddress: stateful.mailFromAddress,
    ...(options.httpRoutes ? { httpRoutes: options.httpRoutes } : {}),
  });
  stateless.addStackDependency(stateful, 'Handlers address the files bucket by name');
  const web = new WebStack(app, `${prefix}-Web`, {
    config,
    description: 'Model Repository: the web app on CloudFront',
    apiUrl: stateless.httpApi.apiEndpoint,
    wsUrl: stateless.webSocketStage.url,
    userPoolId: stateful.userPool.userPoolId,
    userPoolClientId: stateful.webClient.userPoolClientId,
    hostedUiDomainPrefix: config.hostedUiDomainPrefix,
    identityProviderName: stateful.identityProviderName,
  });

  Tags.of(app).add('application', 'model-repository');
  Tags.of(app).add('stage', config.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, stateful, stateless, web };
}
