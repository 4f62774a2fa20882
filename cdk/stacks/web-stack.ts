import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_SOURCE_MAPS_PREFIX } from '@shared/config/files-bucket';
import {
  Annotations,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import { REPO_ROOT } from '../constructs/handler-bundling';
import { RumMonitor, type RumWebSettings } from '../constructs/rum-monitor';
import { filesBucketName } from './stateful-stack';

export interface WebStackProps extends StackProps {
  readonly config: DeployConfig;
  /** HTTP API base URL (routes are under `/v2`) and the WebSocket stage URL (wss://). */
  readonly apiUrl: string;
  readonly wsUrl: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** Hosted UI domain prefix (`<prefix>.auth.<region>.amazoncognito.com`). */
  readonly hostedUiDomainPrefix: string;
  readonly identityProviderName?: string;
}

/** The web config the SPA loads from `/config.json` (shape in docs/development.md). */
export interface WebConfig {
  stage: 'aws';
  region: string;
  apiUrl: string;
  wsUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  oauth: { domain: string; redirectSignIn: string; redirectSignOut: string; identityProvider: string };
  /** Usage analytics (issue 20 §8): the CloudWatch RUM app monitor the browser sends events to. */
  rum: RumWebSettings;
}

/**
 * The SPA: a private bucket behind CloudFront (Origin Access Control), deep links falling back to
 * index.html, security headers with a CSP that names exactly the API, WebSocket, Cognito and files
 * origins, and `config.json` written next to index.html at deploy time.
 */
/** What the site bucket gets of the web build: not the entry files (deployed uncached) nor the source maps. */
export const SITE_EXCLUDES = ['index.html', 'config.json', '*.map'];
/** What the files bucket gets of the web build: only assets/*.js.map (`webSourceMapKey`). */
export const SOURCE_MAP_EXCLUDES = ['*', '!assets', '!assets/*.js.map'];

export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  readonly webConfig: WebConfig;
  readonly rum: RumMonitor;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const hostedUiHost = `${props.hostedUiDomainPrefix}.auth.${this.region}.amazoncognito.com`;

    const logs = new Bucket(this, 'WebLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket is the log target of the distribution and the site bucket; logging it into itself would loop.',
    });

    this.siteBucket = new Bucket(this, 'Site', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      // Only build output lives here; a redeploy recreates it.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const connectSources = [
      "'self'",
      props.apiUrl,
      props.wsUrl,
      `https://cognito-idp.${this.region}.amazonaws.com`,
      `https://${hostedUiHost}`,
      // Presigned uploads and downloads go from the browser straight to the files bucket.
      `https://${filesBucketName(this, config.stage)}.s3.${this.region}.amazonaws.com`,
      // Usage analytics: the guest identity, its role and the RUM data plane (rum-monitor.ts).
      ...RumMonitor.connectSources(this.region),
    ];
    const csp = [
      "default-src 'self'",
      "script-src 'self'",
      // PrimeReact and ApexCharts set inline styles at run time.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src ${connectSources.join(' ')}`,
      "object-src 'none'",
      "base-uri 'self'",
      `form-action 'self' https://${hostedUiHost}`,
      "frame-ancestors 'none'",
    ].join('; ');
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Model Repository: security headers and CSP',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });

    const customDomain = config.webDomain && config.webCertificateArn;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Model Repository web (${config.stage})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
      },
      // Deep links (/model/123) are client-side routes: the private bucket answers 403 for them.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      ...(customDomain
        ? {
            domainNames: [config.webDomain as string],
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: Certificate.fromCertificateArn(
              this,
              'WebCertificate',
              config.webCertificateArn as string,
            ),
          }
        : {}),
    });
    const acknowledgements = [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'Users of the product work worldwide (internal staff, vendors, HTA bodies): no geo restriction.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'The distribution serves only static build files; every API call is authorized by Cognito JWTs. A WAF web ACL (us-east-1 only) can be attached per account when required.',
      },
    ];
    if (!customDomain) {
      acknowledgements.push({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without webDomain/webCertificateArn the default *.cloudfront.net certificate is used, whose minimum protocol CloudFront fixes; with a custom domain TLSv1.2_2021 is enforced.',
      });
    }
    Validations.of(this.distribution).acknowledge(...acknowledgements);

    const webUrl = config.webUrl ?? `https://${this.distribution.distributionDomainName}`;
    this.rum = new RumMonitor(this, 'Rum', {
      stage: config.stage,
      // The host the pages are opened on: RUM takes events only from it.
      domain: config.webUrl
        ? new URL(config.webUrl).host
        : (config.webDomain ?? this.distribution.distributionDomainName),
    });
    this.webConfig = {
      stage: 'aws',
      region: this.region,
      apiUrl: props.apiUrl,
      wsUrl: props.wsUrl,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      oauth: {
        domain: hostedUiHost,
        redirectSignIn: config.callbackUrls[0] ?? `${webUrl}/`,
        redirectSignOut: config.logoutUrls[0] ?? `${webUrl}/landingPage`,
        identityProvider: props.identityProviderName ?? 'COGNITO',
      },
      rum: this.rum.webSettings,
    };
    this.deploySite(path.resolve(REPO_ROOT, config.webDist), config.stage);

    new CfnOutput(this, 'WebUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
    new CfnOutput(this, 'RumAppMonitorId', { value: this.rum.webSettings.appMonitorId });
    new CfnOutput(this, 'RumIdentityPoolId', { value: this.rum.webSettings.identityPoolId });
  }

  private deploySite(webDist: string, stage: string): void {
    if (!existsSync(path.join(webDist, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'model-repository:web-build-missing',
        `No web build at ${path.relative(REPO_ROOT, webDist)}/index.html: the site is not deployed. Run "npm run build:web" before "npm run deploy".`,
      );
      return;
    }
    // Hashed assets may be cached for a year; index.html and config.json must never be stale.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(webDist, { exclude: SITE_EXCLUDES })],
      destinationBucket: this.siteBucket,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
      memoryLimit: 512,
    });
    const entry = new BucketDeployment(this, 'DeployEntry', {
      sources: [
        Source.asset(webDist, { exclude: ['*', '!index.html'] }),
        Source.jsonData('config.json', this.webConfig),
      ],
      destinationBucket: this.siteBucket,
      cacheControl: [CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      memoryLimit: 512,
    });
    entry.node.addDependency(assets);
    // The source maps go to the files bucket, never to the site: the admin incident detail resolves
    // browser stack traces with them (functions/core/incidents/resolve-stack.ts). Not pruned, so the
    // traces of an older build that users still had open resolve too.
    new BucketDeployment(this, 'DeploySourceMaps', {
      sources: [Source.asset(webDist, { exclude: SOURCE_MAP_EXCLUDES })],
      destinationBucket: Bucket.fromBucketName(this, 'FilesBucket', filesBucketName(this, stage)),
      destinationKeyPrefix: WEB_SOURCE_MAPS_PREFIX,
      prune: false,
      memoryLimit: 512,
    });
    this.acknowledgeDeploymentFunction(stage);
  }

  /** BucketDeployment's provider function (one per stack and memory size) is CDK's own code. */
  private acknowledgeDeploymentFunction(stage: string): void {
    const qualifier =
      (this.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') as string | undefined) ?? 'hnb659fds';
    const provider = this.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    const reason =
      'CDK BucketDeployment provider: copies the web build from the CDK asset bucket into the site bucket, and its source maps into web-sourcemaps/ of the files bucket (list, read, write, delete of objects), and invalidates the distribution; its policy and runtime are managed by aws-cdk-lib.';
    for (const construct of provider) {
      Validations.of(construct).acknowledge(
        ...[
          'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          'AwsSolutions-IAM5[Action::s3:GetBucket*]',
          'AwsSolutions-IAM5[Action::s3:GetObject*]',
          'AwsSolutions-IAM5[Action::s3:List*]',
          'AwsSolutions-IAM5[Action::s3:Abort*]',
          'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
          `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-<AWS::Region>/*]`,
          `AwsSolutions-IAM5[Resource::<${this.getLogicalId(this.siteBucket.node.defaultChild as CfnBucket)}.Arn>/*]`,
          // filesBucketName(), as cdk-nag prints its tokens.
          `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::mr-${stage}-files-<AWS::AccountId>-<AWS::Region>/*]`,
          'AwsSolutions-IAM5[Resource::*]',
          'AwsSolutions-L1',
        ].map((id) => ({ id, reason })),
      );
    }
  }
}
