import { AREAS, type AreaName, CORS, type HttpRoute, routeKeyOf, UNMATCHED_ROUTE } from '@shared/api/routes';
import { Duration, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { pascalCase } from './pascal-case';

export interface AppHttpApiProps {
  readonly stage: string;
  readonly allowedOrigins: readonly string[];
  /** The routes to serve (HTTP_ROUTES of shared/api/routes.ts, or more in the stack-size test). */
  readonly routes: readonly HttpRoute[];
  /** The function of each area the routes name. */
  readonly functionOf: (area: AreaName) => IFunction;
  readonly userPool: IUserPool;
  readonly webClient: IUserPoolClient;
}

/**
 * The HTTP API of the route table: one integration per area function, a JWT authorizer on every route
 * the table marks `jwt`, the `$default` stage with its throttle and JSON access log.
 *
 * Not a construct of its own: it builds into the scope it is given (the stateless stack), so the API,
 * its ~90 routes, stage and log group keep the logical IDs they had before this class was cut out of
 * the stack. A new scope would rename them, and CloudFormation replaces a renamed resource (a new API
 * id: a new URL for the web app). The same holds for the other parts of the stateless stack
 * (web-socket-api.ts, runner-cluster.ts, run-model-workflow.ts).
 */
export class AppHttpApi {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, props: AppHttpApiProps) {
    // One integration per area function, reused by all its routes, with one API-wide invoke
    // permission instead of one per route: a route costs one AWS::ApiGatewayV2::Route and nothing else.
    const integrations = new Map<AreaName, HttpLambdaIntegration>();
    const integrationOf = (area: AreaName) => {
      let integration = integrations.get(area);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascalCase(area)}Integration`, props.functionOf(area), {
          scopePermissionToRoute: false,
        });
        integrations.set(area, integration);
      }
      return integration;
    };
    const api = new HttpApi(scope, 'HttpApi', {
      apiName: `${props.stage}-model-repository`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...props.allowedOrigins],
        allowHeaders: [...CORS.allowHeaders],
        allowMethods: CORS.allowMethods.map((m) => CorsHttpMethod[m]),
        exposeHeaders: [...CORS.exposeHeaders],
        maxAge: Duration.seconds(CORS.maxAgeSeconds),
      },
      // Unmatched requests (`$default` route) get the API's JSON 404 instead of API Gateway's own.
      defaultIntegration: integrationOf(UNMATCHED_ROUTE.area),
    });
    const accessLogs = new LogGroup(scope, 'HttpApiAccessLogs', { retention: RetentionDays.THREE_MONTHS });
    // AWS WAF cannot be associated with an HTTP API (only with REST APIs, CloudFront, ALB, AppSync,
    // Cognito and a few others): this API is protected by the stage throttle below and the JWT
    // authorizer; a WAF would need CloudFront in front of it. cdk-nag's WAF rule (APIG3) checks REST
    // API stages only, so nothing is acknowledged for it here.
    this.stage = new HttpStage(scope, 'HttpApiStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.webClient],
      identitySource: ['$request.header.Authorization'],
    });
    for (const route of props.routes) {
      if (AREAS[route.area].trigger !== 'http')
        throw new Error(`${routeKeyOf(route)}: ${route.area} is not an HTTP area`);
      const [apiRoute] = api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrationOf(route.area),
        ...(route.auth === 'jwt' ? { authorizer } : {}),
      });
      if (route.auth === 'public' && apiRoute) {
        Validations.of(apiRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (auth: 'public' in shared/api/routes.ts): ${route.summary}.`,
        });
      }
    }
    Validations.of(api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Only the $default route (unmatched requests) has no authorizer: its function answers 404 and has no data grant (its code reaches none).',
    });
    this.api = api;
  }
}
