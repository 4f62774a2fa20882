import { WS_ROUTES } from '@shared/api/routes';
import { Validations } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

export const WS_STAGE_NAME = 'live';

export interface AppWebSocketApiProps {
  readonly stage: string;
  /** The websocket area's function: it serves every route of WS_ROUTES. */
  readonly fn: IFunction;
}

/**
 * The WebSocket API (live updates): `$connect`, `$disconnect` and `$default` on the websocket area's
 * function, one throttled stage. Builds into the scope it is given, like AppHttpApi (http-api.ts says
 * why): the API id is part of the URL the web app holds.
 */
export class AppWebSocketApi {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;

  constructor(scope: Construct, props: AppWebSocketApiProps) {
    const ws = new WebSocketLambdaIntegration('WebSocket', props.fn);
    const wsRoute = (routeKey: string) => {
      if (!WS_ROUTES.some((r) => r.routeKey === routeKey))
        throw new Error(`${routeKey} is not in WS_ROUTES (shared/api/routes.ts)`);
      return { integration: ws };
    };
    this.api = new WebSocketApi(scope, 'WebSocketApi', {
      apiName: `${props.stage}-model-repository-ws`,
      connectRouteOptions: wsRoute('$connect'),
      disconnectRouteOptions: wsRoute('$disconnect'),
      defaultRouteOptions: wsRoute('$default'),
    });
    this.stage = new WebSocketStage(scope, 'WebSocketStage', {
      webSocketApi: this.api,
      stageName: WS_STAGE_NAME,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Browsers cannot set headers on a WebSocket: $connect verifies the ID token given as ?token= in its handler (aws-jwt-verify against the user pool) and refuses the connection otherwise; $disconnect and $default only run on connections that passed $connect.',
    });
    Validations.of(this.stage).acknowledge({
      id: 'AwsSolutions-APIG1',
      reason:
        'A WebSocket stage writes access logs only through the API Gateway CloudWatch Logs role of the account and region (AWS::ApiGateway::Account, one setting shared by every REST and WebSocket API there), which this app does not take over. Instead the websocket function logs one line per $connect, $disconnect and $default event with the route, connection id and status (functions/areas/area-handler.ts), in its own log group.',
    });
  }
}
