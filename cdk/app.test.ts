import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HTTP_ROUTES, NOT_FOUND_HANDLER, WORKFLOW_TASKS, WS_ROUTES } from '@shared/api/routes';
import { ENV_VARS } from '@shared/config/env-vars';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import type { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASL_FILE,
  CATALOG_COMPACTION_HANDLER,
  HANDLER_SIZING,
  RUNNER_CONTAINER_NAME,
} from './stacks/stateless-stack';
import { buildTestApp, fakeWebBuild, removeTestOutput } from './testing/test-app';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

let app: App;
let stateful: Template;
let stateless: Template;
let web: Template;
let statelessStackName: string;

beforeAll(() => {
  const built = buildTestApp({ webDist: fakeWebBuild() });
  app = built.app;
  stateful = Template.fromStack(built.stateful);
  stateless = Template.fromStack(built.stateless);
  web = Template.fromStack(built.web);
  statelessStackName = built.stateless.stackName;
});

afterAll(() => removeTestOutput());

const allEnvVarNames = new Set<string>(Object.values(ENV_VARS));

function functionsByHandler(
  template: Template,
): Map<string, { logicalId: string; props: Record<string, unknown> }> {
  const result = new Map<string, { logicalId: string; props: Record<string, unknown> }>();
  for (const [logicalId, resource] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
    const props = (resource as Resource).Properties;
    result.set(String(props.Description), { logicalId, props });
  }
  return result;
}

function envNames(props: Record<string, unknown>): string[] {
  const env = (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  return Object.keys(env);
}

describe('stateful stack', () => {
  it('creates the single table with the shared key schema, both GSIs, a stream, TTL and PITR', () => {
    stateful.resourceCountIs('AWS::DynamoDB::Table', 1);
    stateful.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        GlobalSecondaryIndexes: TABLE_SCHEMA.globalSecondaryIndexes.map((gsi) =>
          Match.objectLike({
            IndexName: gsi.indexName,
            KeySchema: [
              { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
            ],
          }),
        ),
      }),
    });
  });

  it('keeps files in a versioned, encrypted bucket that blocks all public access and logs access', () => {
    stateful.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'files/' }),
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedOrigins: ['https://web.example.com'],
              AllowedMethods: ['GET', 'PUT', 'HEAD'],
            }),
          ],
        },
      }),
    });
  });

  it('refuses plain-HTTP access to every bucket', () => {
    const buckets = Object.keys(stateful.findResources('AWS::S3::Bucket'));
    const policies = Object.values(stateful.findResources('AWS::S3::BucketPolicy')) as Resource[];
    const sslDenied = policies.filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('"aws:SecureTransport":"false"'),
    );
    expect(sslDenied).toHaveLength(buckets.length);
  });

  it('creates the three user groups, the isid attribute and a hosted UI domain, without self sign-up', () => {
    for (const groupName of ['SUPERUSER', 'INTERNALUSER', 'EXTERNALUSER']) {
      stateful.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: groupName });
    }
    stateful.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Schema: Match.arrayWith([Match.objectLike({ Name: 'isid', AttributeDataType: 'String' })]),
      UserPoolTier: 'PLUS',
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12 }) },
    });
    stateful.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'model-repository-dev' });
  });

  it('gives the web client password, SRP and code-flow sign-in, Cognito users only when no IdP is configured', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.not(Match.arrayWith(['aws.cognito.signin.user.admin'])),
      CallbackURLs: ['https://web.example.com/'],
      LogoutURLs: ['https://web.example.com/landingPage'],
      SupportedIdentityProviders: ['COGNITO'],
      GenerateSecret: false,
    });
    stateful.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    stateful.resourceCountIs('AWS::SES::EmailIdentity', 0);
  });

  it('federates a SAML IdP from context, mapping e-mail, names and custom:isid', () => {
    const { stateful: stack } = buildTestApp({
      idpType: 'SAML',
      idpName: 'Corp',
      idpMetadataUrl: 'https://idp.example.com/metadata.xml',
      idpAttributeIsid: 'urn:corp:isid',
      mailFrom: 'example.com',
    });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Corp',
      ProviderType: 'SAML',
      ProviderDetails: { MetadataURL: 'https://idp.example.com/metadata.xml' },
      AttributeMapping: {
        email: 'email',
        given_name: 'given_name',
        family_name: 'family_name',
        'custom:isid': 'urn:corp:isid',
      },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', { Ref: Match.stringLikeRegexp('CorporateIdp') }],
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
  });

  it('refuses an incomplete OIDC configuration', () => {
    expect(() => buildTestApp({ idpType: 'OIDC', idpIssuer: 'https://idp.example.com' })).toThrow(
      /idpClientId/,
    );
  });
});

describe('stateless stack', () => {
  const expectedHandlers = [
    ...HTTP_ROUTES.map((r) => r.handler),
    NOT_FOUND_HANDLER,
    ...WS_ROUTES.map((r) => r.handler),
    ...Object.values(WORKFLOW_TASKS),
    CATALOG_COMPACTION_HANDLER,
  ];

  it('creates exactly one Node 22 ARM function per route, WebSocket route and workflow task', () => {
    const functions = functionsByHandler(stateless);
    expect([...functions.keys()].sort()).toEqual([...expectedHandlers].sort());
    for (const [handler, { props }] of functions) {
      expect(props).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: HANDLER_SIZING[handler]?.memorySize ?? 512,
        TracingConfig: { Mode: 'Active' },
      });
    }
  });

  it('runs the catalogue compaction every 15 minutes', () => {
    const compaction = functionsByHandler(stateless).get(CATALOG_COMPACTION_HANDLER);
    expect(compaction).toBeDefined();
    stateless.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: Match.arrayWith([Match.objectLike({ Arn: Match.anyValue() })]),
    });
  });

  it('sets only environment variables from the shared list, and the table on every function', () => {
    for (const [handler, { props }] of functionsByHandler(stateless)) {
      const names = envNames(props);
      expect(
        names.filter((n) => !allEnvVarNames.has(n)),
        handler,
      ).toEqual([]);
      expect(names, handler).toContain(ENV_VARS.tableName);
      expect(names, handler).toContain(ENV_VARS.userPoolClientId);
    }
  });

  it('gives GET handlers read-only table access and never allows a Scan', () => {
    const functions = functionsByHandler(stateless);
    const policies = Object.values(stateless.findResources('AWS::IAM::Policy')) as Resource[];
    const policyOf = (handler: string) => {
      const fn = functions.get(handler);
      const role = fn?.props.Role as { 'Fn::GetAtt': string[] } | undefined;
      const roleRef = JSON.stringify(role?.['Fn::GetAtt'][0] ?? 'missing role');
      return JSON.stringify(policies.filter((p) => JSON.stringify(p.Properties.Roles).includes(roleRef)));
    };
    expect(policyOf('http/users/get-current-user')).toContain('dynamodb:Query');
    // A read-only handler may put only error reports (the id of a 500), never anything else.
    const readOnly = JSON.parse(policyOf('http/users/get-current-user')) as Resource[];
    const statements = readOnly.flatMap(
      (p) =>
        (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Condition?: unknown }[] })
          .Statement,
    );
    const writes = statements.filter((st) =>
      [st.Action].flat().some((a) => /dynamodb:(Put|Update|Delete|BatchWrite|TransactWrite)/.test(a)),
    );
    expect(writes).toHaveLength(1);
    expect(writes[0]?.Action).toBe('dynamodb:PutItem');
    expect(writes[0]?.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ERRORREPORT#*'] },
    });
    expect(policyOf('http/incidents/create-incident')).toContain('dynamodb:PutItem');
    expect(JSON.stringify(policies)).not.toContain('dynamodb:Scan');
  });

  it('creates one HTTP API route per route-table entry, with the JWT authorizer exactly on jwt routes', () => {
    const routes = Object.values(stateless.findResources('AWS::ApiGatewayV2::Route')) as Resource[];
    const httpRoutes = routes.filter(
      (r) => !String(r.Properties.RouteKey).startsWith('$') || r.Properties.RouteKey === '$default',
    );
    const byKey = new Map(httpRoutes.map((r) => [String(r.Properties.RouteKey), r.Properties]));
    for (const route of HTTP_ROUTES) {
      const props = byKey.get(`${route.method} ${route.path}`);
      expect(props, `${route.method} ${route.path}`).toBeDefined();
      expect(props?.AuthorizationType, route.path).toBe(route.auth === 'jwt' ? 'JWT' : 'NONE');
      expect(Boolean(props?.AuthorizerId), route.path).toBe(route.auth === 'jwt');
    }
    const routeKeys = routes.map((r) => r.Properties.RouteKey);
    expect(routeKeys.filter((k) => typeof k === 'string' && k.includes(' /v2'))).toHaveLength(
      HTTP_ROUTES.length,
    );
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
  });

  it('sends unmatched requests to the not-found handler without an authorizer, and logs access', () => {
    const [httpApiId] = Object.keys(
      stateless.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }),
    );
    const defaultRoutes = Object.values(
      stateless.findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: '$default', ApiId: { Ref: httpApiId } },
      }),
    ) as Resource[];
    expect(defaultRoutes).toHaveLength(1);
    expect(defaultRoutes[0]?.Properties.AuthorizationType).toBe('NONE');
    const target = JSON.stringify(defaultRoutes[0]?.Properties.Target);
    const integrationId = target.match(/"Ref":"([^"]+)"/)?.[1] ?? '';
    const integration = stateless.findResources('AWS::ApiGatewayV2::Integration')[integrationId] as
      | Resource
      | undefined;
    const notFound = functionsByHandler(stateless).get(NOT_FOUND_HANDLER);
    expect(integration?.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [notFound?.logicalId, 'Arn'] });

    stateless.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['https://web.example.com'],
        AllowHeaders: Match.arrayWith(['authorization']),
      }),
    });
  });

  it('creates the WebSocket API with $connect, $disconnect and $default and a stage', () => {
    for (const route of WS_ROUTES) {
      stateless.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: route.routeKey,
        AuthorizationType: 'NONE',
      });
    }
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'live', AutoDeploy: true });
  });

  it('lets pushing functions post to WebSocket connections and tells them the callback URL', () => {
    const functions = functionsByHandler(stateless);
    const wsDefault = functions.get('ws/default');
    expect(envNames(wsDefault?.props ?? {})).toContain(ENV_VARS.wsCallbackUrl);
    expect(envNames(functions.get('ws/connect')?.props ?? {})).not.toContain(ENV_VARS.wsCallbackUrl);
    stateless.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: 'execute-api:ManageConnections' })]),
      },
    });
  });

  it('builds the state machine from the shared ASL file with every placeholder substituted', () => {
    const asl = readFileSync(ASL_FILE, 'utf8');
    const placeholders = [...new Set([...asl.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]))];
    const [machine] = Object.values(
      stateless.findResources('AWS::StepFunctions::StateMachine'),
    ) as Resource[];
    expect(machine?.Properties.StateMachineType).toBe('STANDARD');
    expect(JSON.stringify(machine?.Properties.DefinitionString)).toContain(
      'arn:aws:states:::ecs:runTask.sync',
    );
    const substitutions = machine?.Properties.DefinitionSubstitutions as Record<string, unknown>;
    expect(Object.keys(substitutions).sort()).toEqual([...placeholders].sort());

    const functions = functionsByHandler(stateless);
    for (const [state, handler] of Object.entries(WORKFLOW_TASKS)) {
      expect(substitutions[`${state}FunctionArn`]).toEqual({
        'Fn::GetAtt': [functions.get(handler)?.logicalId, 'Arn'],
      });
    }
    expect(machine?.Properties).toMatchObject({
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
    });
  });

  it('grants the state machine exactly what its tasks need', () => {
    const policies = JSON.stringify(stateless.findResources('AWS::IAM::Policy'));
    for (const action of [
      'lambda:InvokeFunction',
      'ecs:RunTask',
      'ecs:StopTask',
      'ecs:DescribeTasks',
      'iam:PassRole',
      'events:PutRule',
    ]) {
      expect(policies).toContain(action);
    }
    expect(policies).toContain('rule/StepFunctionsGetEventsForECSTaskRule');
  });

  it('runs the model runner as a Fargate container named runner, in isolated subnets with logs', () => {
    stateless.hasResourceProperties('AWS::ECS::Cluster', {
      ClusterSettings: [{ Name: 'containerInsights', Value: 'enabled' }],
    });
    const [taskDef] = Object.values(stateless.findResources('AWS::ECS::TaskDefinition')) as Resource[];
    const [container] = (taskDef?.Properties.ContainerDefinitions ?? []) as Array<Record<string, unknown>>;
    expect(container).toMatchObject({
      Name: RUNNER_CONTAINER_NAME,
      LogConfiguration: { LogDriver: 'awslogs' },
    });
    const names = ((container?.Environment ?? []) as Array<{ Name: string }>).map((e) => e.Name);
    expect(names.filter((n) => !allEnvVarNames.has(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining([ENV_VARS.tableName, ENV_VARS.filesBucket]));
    stateless.resourceCountIs('AWS::EC2::NatGateway', 0);
    stateless.resourceCountIs('AWS::EC2::InternetGateway', 0);
    stateless.resourceCountIs('AWS::EC2::FlowLog', 1);
  });
});

describe('web stack', () => {
  it('serves the private site bucket through CloudFront with Origin Access Control over HTTPS', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: [
          Match.objectLike({
            OriginAccessControlId: Match.anyValue(),
            S3OriginConfig: { OriginAccessIdentity: '' },
          }),
        ],
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
  });

  it('falls back to index.html with 200 for deep links (403 and 404)', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CustomErrorResponses: [403, 404].map((code) =>
          Match.objectLike({ ErrorCode: code, ResponseCode: 200, ResponsePagePath: '/index.html' }),
        ),
      }),
    });
  });

  it('sends security headers with a CSP that allows the API, WebSocket and Cognito origins', () => {
    const [policy] = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as Resource[];
    const config = JSON.stringify(policy?.Properties);
    expect(config).toContain("default-src 'self'");
    expect(config).toContain("frame-ancestors 'none'");
    expect(config).toContain('connect-src');
    expect(config).toContain('cognito-idp.');
    expect(config).toContain('.auth.');
    // The API and WebSocket URLs are imported from the stateless stack.
    expect(config).toMatch(/Stateless:ExportsOutput\w*HttpApi/);
    expect(config).toMatch(/Stateless:ExportsOutput\w*WebSocket/);
    expect(config).toContain('StrictTransportSecurity');
    expect(config).toContain('"FrameOption":"DENY"');
  });

  it('deploys the web build and a config.json for the aws stage', () => {
    web.resourceCountIs('Custom::CDKBucketDeployment', 2);
    const deployments = JSON.stringify(web.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toContain('config.json');
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('synthesizes with no unacknowledged finding and no error or warning annotation', () => {
    const assembly = app.synth();
    const report = JSON.parse(
      readFileSync(path.join(assembly.directory, 'validation-report.json'), 'utf8'),
    ) as {
      pluginReports: Array<{ pluginName: string; violations: Array<{ ruleName: string; severity: string }> }>;
    };
    const findings = report.pluginReports.flatMap((p) =>
      p.violations
        .filter((v) => p.pluginName === 'AwsSolutions' || v.severity === 'error' || v.severity === 'fatal')
        .map((v) => `${p.pluginName}: ${v.severity} ${v.ruleName}`),
    );
    expect(findings).toEqual([]);
    for (const stack of assembly.stacks) {
      const annotations = Annotations.fromStack(app.node.findChild(stack.stackName) as never);
      expect(annotations.findError('*', Match.anyValue()), stack.stackName).toEqual([]);
      expect(annotations.findWarning('*', Match.anyValue()), stack.stackName).toEqual([]);
    }
    expect(assembly.getStackByName(statelessStackName).template).toBeDefined();
  });
});
