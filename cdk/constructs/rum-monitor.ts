import { Stack, Validations } from 'aws-cdk-lib';
import { CfnIdentityPool, CfnIdentityPoolRoleAttachment } from 'aws-cdk-lib/aws-cognito';
import { FederatedPrincipal, PolicyDocument, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { CfnAppMonitor } from 'aws-cdk-lib/aws-rum';
import { Construct } from 'constructs';

export interface RumMonitorProps {
  /** Stage name: part of the monitor's and the pool's names. */
  readonly stage: string;
  /** The web app's host name (the CloudFront domain or the custom one): RUM accepts events from it. */
  readonly domain: string;
}

/** What the web app's config.json carries (web/src/lib/analytics.ts RumSettings). */
export interface RumWebSettings {
  appMonitorId: string;
  identityPoolId: string;
  guestRoleArn: string;
  region: string;
}

/**
 * Usage analytics in AWS (issue 20 §8): a CloudWatch RUM app monitor that takes custom events only
 * (the app sends the spec's actions; page views, errors, performance and session replay are off in
 * the client), kept in CloudWatch Logs for the usage queries, and the Cognito identity pool whose
 * unauthenticated (guest) role lets a browser send events to this one monitor and do nothing else.
 *
 * The guest identity is unauthenticated on purpose: events are recorded for every visitor of the
 * site, before and after sign-in, and carry no token of our user pool. What it can do is one action
 * on one resource (rum:PutRumEvents on this monitor), which is all CloudWatch RUM needs. Classic
 * (basic) flow is allowed because the client takes the guest role's ARN and assumes it with the
 * identity's OpenID token (aws-rum-web's BasicAuthentication when both ids are given).
 */
export class RumMonitor extends Construct {
  readonly appMonitor: CfnAppMonitor;
  readonly identityPool: CfnIdentityPool;
  readonly guestRole: Role;
  readonly webSettings: RumWebSettings;

  constructor(scope: Construct, id: string, props: RumMonitorProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const name = `model-repository-${props.stage}`;
    const monitorArn = stack.formatArn({ service: 'rum', resource: 'appmonitor', resourceName: name });

    this.identityPool = new CfnIdentityPool(this, 'IdentityPool', {
      identityPoolName: `model_repository_rum_${props.stage}`.replace(/[^\w]/g, '_'),
      allowUnauthenticatedIdentities: true,
      allowClassicFlow: true,
    });
    Validations.of(this.identityPool).acknowledge({
      id: 'AwsSolutions-COG7',
      reason:
        'The RUM identity pool exists to give browsers a guest identity: its role may only send RUM events to this app monitor (rum:PutRumEvents on one ARN).',
    });

    this.guestRole = new Role(this, 'GuestRole', {
      description: 'CloudWatch RUM guest: send usage events to the Model Repository app monitor only',
      assumedBy: new FederatedPrincipal(
        'cognito-identity.amazonaws.com',
        {
          StringEquals: { 'cognito-identity.amazonaws.com:aud': this.identityPool.ref },
          'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'unauthenticated' },
        },
        'sts:AssumeRoleWithWebIdentity',
      ),
      inlinePolicies: {
        PutRumEvents: new PolicyDocument({
          statements: [new PolicyStatement({ actions: ['rum:PutRumEvents'], resources: [monitorArn] })],
        }),
      },
    });

    new CfnIdentityPoolRoleAttachment(this, 'Roles', {
      identityPoolId: this.identityPool.ref,
      roles: { unauthenticated: this.guestRole.roleArn },
    });

    this.appMonitor = new CfnAppMonitor(this, 'AppMonitor', {
      name,
      domain: props.domain,
      // Events to CloudWatch Logs as well, where the usage figures can be queried for longer than RUM's 30 days.
      cwLogEnabled: true,
      customEvents: { status: 'ENABLED' },
      appMonitorConfiguration: {
        allowCookies: false,
        enableXRay: false,
        sessionSampleRate: 1,
        telemetries: [],
        identityPoolId: this.identityPool.ref,
        guestRoleArn: this.guestRole.roleArn,
      },
    });

    this.webSettings = {
      appMonitorId: this.appMonitor.attrId,
      identityPoolId: this.identityPool.ref,
      guestRoleArn: this.guestRole.roleArn,
      region: stack.region,
    };
  }

  /** The origins the browser calls (the site's CSP connect-src). */
  static connectSources(region: string): string[] {
    return [
      `https://dataplane.rum.${region}.amazonaws.com`,
      `https://cognito-identity.${region}.amazonaws.com`,
      `https://sts.${region}.amazonaws.com`,
    ];
  }
}
