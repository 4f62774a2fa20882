import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AREAS,
  type AreaDef,
  type AreaName,
  areaNames,
  DEPLOY_JOBS,
  HTTP_ROUTES,
  type HttpRoute,
  routeKeyOf,
  SCHEDULED_JOBS,
  UNMATCHED_ROUTE,
  WORKFLOW_AREA,
  WS_AREA,
  WS_ROUTES,
} from '@shared/api/routes';
import { ENV_VARS } from '@shared/config/env-vars';
import { WEB_SOURCE_MAPS_PREFIX } from '@shared/config/files-bucket';
import { TABLE_SCHEMA } from '@shared/config/table-schema';
import { type App, Duration, IgnoreStrategy } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_ENVIRONMENT_DEFAULTS } from './constructs/area-function';
import { ASL_FILE } from './constructs/run-model-workflow';
import { RUNNER_CONTAINER_NAME } from './constructs/runner-cluster';
import { SITE_EXCLUDES, SOURCE_MAP_EXCLUDES } from './stacks/web-stack';
import { buildTestApp, fakeWebBuild, removeTestOutput, sharedTestApp } from './testing/test-app';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

let app: App;
let stateful: Template;
let stateless: Template;
let web: Template;
let statelessStackName: string;
let built: ReturnType<typeof buildTestApp>;

beforeAll(() => {
  built = sharedTestApp();
  app = built.app;
  stateful = Template.fromStack(built.stateful);
  stateless = Template.fromStack(built.stateless);
  web = Template.fromStack(built.web);
  statelessStackName = built.stateless.stackName;
});

afterAll(() => removeTestOutput());

const allEnvVarNames = new Set<string>(Object.values(ENV_VARS));

/** The area functions by area (their description starts with the area's name). */
function functionsByArea(
  template: Template,
): Map<string, { logicalId: string; props: Record<string, unknown> }> {
  const result = new Map<string, { logicalId: string; props: Record<string, unknown> }>();
  for (const [logicalId, resource] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
    const props = (resource as Resource).Properties;
    const area = String(props.Description).split(':')[0] ?? '';
    if (area in AREAS) result.set(area, { logicalId, props });
  }
  return result;
}

/** The function an API route's integration invokes, by logical id. */
function integratedFunction(route: Resource): string | undefined {
  const integrationId = JSON.stringify(route.Properties.Target).match(/"Ref":"([^"]+)"/)?.[1] ?? '';
  const integration = stateless.findResources('AWS::ApiGatewayV2::Integration')[integrationId] as
    | Resource
    | undefined;
  const uri = JSON.stringify(integration?.Properties.IntegrationUri ?? '');
  return uri.match(/"Fn::GetAtt":\["([^"]+)","Arn"\]/)?.[1];
}

const resourceCount = (template: Template) => Object.keys(template.toJSON().Resources ?? {}).length;

function envNames(props: Record<string, unknown>): string[] {
  const env = (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  return Object.keys(env);
}

describe('stateful stack', () => {
  it('creates the single table with the shared key schema, both GSIs, a stream, TTL and PITR', () => {
    stateful.resourceCountIs('AWS::DynamoDB::Table', 1);
    stateful.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
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
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
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
    stateful.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'mr-test-sign-in' });
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
  it('creates exactly one Node 22 ARM function per feature area, sized as the route table says', () => {
    const functions = functionsByArea(stateless);
    expect([...functions.keys()].sort()).toEqual([...areaNames()].sort());
    // Plus the custom-resources framework's function that runs the deploy jobs (one provider each),
    // and the AwsCustomResource provider that reads the S3 prefix list id (cdk/constructs/runner-network.ts).
    stateless.resourceCountIs('AWS::Lambda::Function', areaNames().length + DEPLOY_JOBS.length + 1);
    for (const [area, { props }] of functions) {
      const def: AreaDef = AREAS[area as AreaName];
      expect(props, area).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: def.memorySize ?? 512,
        Timeout: def.timeoutSeconds ?? 29,
        TracingConfig: { Mode: 'Active' },
        Handler: 'index.handler',
      });
    }
    // The catalogue list and search hold the 100,000-entry projection: a full vCPU.
    expect(functions.get('catalogue')?.props.MemorySize).toBe(1769);
  });

  it('runs each scheduled job on its rate, through its area with the job name as input', () => {
    const functions = functionsByArea(stateless);
    for (const job of SCHEDULED_JOBS) {
      stateless.hasResourceProperties('AWS::Events::Rule', {
        // As CDK writes it (60 minutes is 'rate(1 hour)').
        ScheduleExpression: Schedule.rate(Duration.minutes(job.everyMinutes)).expressionString,
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [functions.get(job.area)?.logicalId, 'Arn'] },
            InputTransformer: Match.objectLike({
              InputTemplate: Match.stringLikeRegexp(`"job":"${job.name}"`),
            }),
          }),
        ],
      });
    }
  });

  it('sets only environment variables from the shared list, each resource variable only where the code uses it', () => {
    const functions = functionsByArea(stateless);
    for (const [area, { props }] of functions) {
      const names = envNames(props);
      const usage = built.stateless.area(area as AreaName).usage;
      // Runtime-wide settings (NODE_OPTIONS) are the only names outside the shared list.
      expect(
        names.filter((n) => !allEnvVarNames.has(n)),
        area,
      ).toEqual(Object.keys(FUNCTION_ENVIRONMENT_DEFAULTS));
      expect((props.Environment as { Variables: Record<string, string> }).Variables.NODE_OPTIONS, area).toBe(
        '--enable-source-maps',
      );
      expect(names, area).toContain(ENV_VARS.userPoolClientId);
      expect(names.includes(ENV_VARS.tableName), area).toBe(Boolean(usage.operations.dynamodb));
      expect(names.includes(ENV_VARS.filesBucket), area).toBe(Boolean(usage.operations.s3));
      expect(names.includes(ENV_VARS.wsCallbackUrl), area).toBe(
        Boolean(usage.operations.apigatewaymanagementapi),
      );
      expect(names.includes(ENV_VARS.jobsFunctionName), area).toBe(Boolean(usage.operations.lambda));
    }
    expect(envNames(functions.get(UNMATCHED_ROUTE.area)?.props ?? {})).not.toContain(ENV_VARS.tableName);
  });

  it('routes every route-table entry to its area function, with the JWT authorizer exactly on jwt routes', () => {
    const functions = functionsByArea(stateless);
    const routes = Object.values(stateless.findResources('AWS::ApiGatewayV2::Route')) as Resource[];
    const byKey = new Map(routes.map((r) => [String(r.Properties.RouteKey), r]));
    for (const route of HTTP_ROUTES) {
      const apiRoute = byKey.get(routeKeyOf(route));
      expect(apiRoute, routeKeyOf(route)).toBeDefined();
      const props = apiRoute?.Properties;
      expect(props?.AuthorizationType, route.path).toBe(route.auth === 'jwt' ? 'JWT' : 'NONE');
      expect(Boolean(props?.AuthorizerId), route.path).toBe(route.auth === 'jwt');
      expect(apiRoute && integratedFunction(apiRoute), routeKeyOf(route)).toBe(
        functions.get(route.area)?.logicalId,
      );
    }
    const routeKeys = routes.map((r) => r.Properties.RouteKey);
    expect(routeKeys.filter((k) => typeof k === 'string' && k.includes(' /v2'))).toHaveLength(
      HTTP_ROUTES.length,
    );
    // One integration and one invoke permission per HTTP area, not per route.
    const httpAreas = new Set([...HTTP_ROUTES.map((r) => r.area), UNMATCHED_ROUTE.area]);
    const httpIntegrations = Object.values(stateless.findResources('AWS::ApiGatewayV2::Integration')).filter(
      (i) => (i as Resource).Properties.PayloadFormatVersion === '2.0',
    );
    expect(httpIntegrations).toHaveLength(httpAreas.size);
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
  });

  it('sends unmatched requests to the unmatched area without an authorizer, and logs access', () => {
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
    expect(defaultRoutes[0] && integratedFunction(defaultRoutes[0])).toBe(
      functionsByArea(stateless).get(UNMATCHED_ROUTE.area)?.logicalId,
    );

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

  it('serves $connect, $disconnect and $default of the WebSocket API with the websocket area, on a stage', () => {
    const websocket = functionsByArea(stateless).get(WS_AREA)?.logicalId;
    for (const route of WS_ROUTES) {
      const [found] = Object.values(
        stateless.findResources('AWS::ApiGatewayV2::Route', {
          Properties: { RouteKey: route.routeKey, AuthorizationType: 'NONE' },
        }),
      ).filter((r) => !JSON.stringify(r).includes('"ApiId":{"Ref":"HttpApi')) as Resource[];
      expect(found && integratedFunction(found), route.routeKey).toBe(websocket);
    }
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'live', AutoDeploy: true });
  });

  it('lets the functions that push post to WebSocket connections and tells them the callback URL', () => {
    const functions = functionsByArea(stateless);
    expect(envNames(functions.get(WS_AREA)?.props ?? {})).toContain(ENV_VARS.wsCallbackUrl);
    expect(envNames(functions.get('shell')?.props ?? {})).not.toContain(ENV_VARS.wsCallbackUrl);
    stateless.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: 'execute-api:ManageConnections' })]),
      },
    });
  });

  it('builds the state machine from the shared ASL file, its Lambda tasks all on the workflow area', () => {
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
    expect(substitutions.WorkflowFunctionArn).toEqual({
      'Fn::GetAtt': [functionsByArea(stateless).get(WORKFLOW_AREA)?.logicalId, 'Arn'],
    });
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
    // Besides the shared list's, only the run-access function's name: the runner's one way to storage
    // (cdk/runner-boundary.test.ts). No bucket, no table.
    expect(names.filter((n) => !allEnvVarNames.has(n))).toEqual(['RUN_ACCESS_FUNCTION_NAME']);
    expect(names).not.toContain(ENV_VARS.filesBucket);
    expect(names).not.toContain(ENV_VARS.tableName);
    stateless.resourceCountIs('AWS::EC2::NatGateway', 0);
    stateless.resourceCountIs('AWS::EC2::InternetGateway', 0);
    stateless.resourceCountIs('AWS::EC2::FlowLog', 1);
  });
});

describe('stack size', () => {
  // CloudFormation refuses a template above 500 resources; 400 keeps a fifth of that as headroom. The
  // stateless stack passed 300 with the admin and registration areas of issue 20 (316): the next
  // step, should it near 400, is moving an area group into a nested stack as the alarms are.
  const LIMIT = 400;

  it(`keeps every stack under ${LIMIT} resources, and one more route in an area costs one resource`, () => {
    // The alarms and the dashboard are a nested stack of the stateless one (cdk/constructs/monitoring.ts):
    // a template of its own, with CloudFormation's limit of its own.
    const alarms = Template.fromStack(built.stateless.monitoring.alarmsStack);
    const counts = Object.fromEntries(
      [stateful, stateless, alarms, web].map((t, i) => [
        ['stateful', 'stateless', 'stateless alarms (nested)', 'web'][i],
        resourceCount(t),
      ]),
    );
    for (const [stack, count] of Object.entries(counts)) expect(count, stack).toBeLessThan(LIMIT);

    // The same app with one more route in an existing area (a copy of a models route on a new path).
    const model = HTTP_ROUTES.find((r) => r.area === 'models') as HttpRoute;
    const extra: HttpRoute = { ...model, path: '/v2/models/{uuid}/extra-route-for-the-size-test' };
    const grown = buildTestApp({ webDist: fakeWebBuild() }, { httpRoutes: [...HTTP_ROUTES, extra] });
    const perRoute = resourceCount(Template.fromStack(grown.stateless)) - counts.stateless;
    const headroom = Math.floor((LIMIT - counts.stateless) / Math.max(perRoute, 1));
    console.log(
      `Resources per stack: ${Object.entries(counts)
        .map(([s, c]) => `${s} ${c}`)
        .join(
          ', ',
        )} (limit ${LIMIT}, CloudFormation's own 500). One more route in an existing area: +${perRoute} resource(s) ` +
        `(an AWS::ApiGatewayV2::Route); room for about ${headroom} more routes in the stateless stack.`,
    );
    expect(perRoute).toBe(1);
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
    web.resourceCountIs('Custom::CDKBucketDeployment', 3);
    const deployments = JSON.stringify(web.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toContain('config.json');
  });

  it('keeps the source maps off the site and copies them to web-sourcemaps/ in the files bucket (issue 20 §4)', () => {
    const site = IgnoreStrategy.fromCopyOptions({ exclude: SITE_EXCLUDES }, '/dist');
    const maps = IgnoreStrategy.fromCopyOptions({ exclude: SOURCE_MAP_EXCLUDES }, '/dist');
    const shipped = (strategy: IgnoreStrategy) =>
      ['assets', 'assets/index-abc.js', 'assets/index-abc.js.map', 'assets/app.css', 'favicon.svg'].filter(
        (file) => !strategy.ignores(`/dist/${file}`),
      );
    expect(shipped(site)).toEqual(['assets', 'assets/index-abc.js', 'assets/app.css', 'favicon.svg']);
    expect(shipped(maps)).toEqual(['assets', 'assets/index-abc.js.map']);
    const [toFiles] = Object.values(
      web.findResources('Custom::CDKBucketDeployment', {
        Properties: { DestinationBucketKeyPrefix: WEB_SOURCE_MAPS_PREFIX },
      }),
    ) as Resource[];
    expect(JSON.stringify(toFiles?.Properties.DestinationBucketName)).toContain('-files-');
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

describe('first deploy', () => {
  it('expires unattached uploads, download archives and computed diffs, and keeps only a few old catalogue snapshots', () => {
    const [bucket] = Object.values(
      stateful.findResources('AWS::S3::Bucket', {
        Properties: { VersioningConfiguration: Match.anyValue() },
      }),
    ) as Resource[];
    if (!bucket) throw new Error('no versioned bucket in the stateful stack');
    const config = bucket.Properties.LifecycleConfiguration as { Rules: Array<Record<string, unknown>> };
    const rules = config.Rules;
    const byPrefix = (prefix: string) => rules.find((r) => r.Prefix === prefix);
    expect(byPrefix('uploads/')).toMatchObject({ ExpirationInDays: 2, Status: 'Enabled' });
    expect(byPrefix('downloads/')).toMatchObject({ ExpirationInDays: 1, Status: 'Enabled' });
    // Computed diffs are shared by content (no entry owns them): they expire 30 days after writing.
    expect(byPrefix('diffs/')).toMatchObject({
      ExpirationInDays: 30,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      Status: 'Enabled',
    });
    expect(byPrefix('catalog/')).toMatchObject({
      NoncurrentVersionExpiration: { NoncurrentDays: 1, NewerNoncurrentVersions: 3 },
    });
  });

  it('seeds option lists and settings on deploy through the jobs function, again when the seed values change', () => {
    const [seed] = Object.values(stateless.findResources('Custom::DeployJob')) as Resource[];
    expect(seed?.Properties).toMatchObject({
      job: 'seed-app-data',
      inputsHash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const areas = functionsByArea(stateless);
    const jobs = areas.get('jobs');
    // The custom resource's provider, not the area functions that invoke jobs (JOBS_FUNCTION_NAME).
    const areaIds = new Set([...areas.values()].map((f) => f.logicalId));
    const providers = Object.entries(stateless.findResources('AWS::Lambda::Function')).filter(
      ([id, r]) =>
        !areaIds.has(id) &&
        JSON.stringify((r as Resource).Properties.Environment ?? {}).includes(jobs?.logicalId ?? '-'),
    );
    expect(providers.length).toBe(1);
  });
});
