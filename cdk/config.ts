import { execFileSync } from 'node:child_process';
import type { Node } from 'constructs';

/**
 * Deployment settings, read once from CDK context (`cdk.json` or `-c key=value`). Every key is
 * documented in docs/deploy.md. Nothing here looks up the account: the stacks stay
 * environment-agnostic so `cdk synth` runs offline.
 */
export interface FederatedIdpConfig {
  readonly type: 'SAML' | 'OIDC';
  /** Provider name shown to Cognito and passed by the web app to `signInWithRedirect`. */
  readonly name: string;
  /** SAML: the IdP metadata document URL. */
  readonly metadataUrl?: string;
  /** OIDC: issuer URL, client id and the Secrets Manager secret holding the client secret. */
  readonly issuer?: string;
  readonly clientId?: string;
  readonly clientSecretName?: string;
  /** IdP claim / SAML attribute names mapped to the Cognito attributes. */
  readonly attributes: {
    readonly email: string;
    readonly givenName: string;
    readonly familyName: string;
    readonly isid: string;
  };
}

export interface DeployConfig {
  /** Prefix of every stack name (`<stage>-ModelRepository-Stateful` ...). */
  readonly stage: string;
  /** Public origin of the web app, without trailing slash; undefined until the first deploy names it. */
  readonly webUrl?: string;
  /** Optional custom domain of the CloudFront distribution, with an ACM certificate in us-east-1. */
  readonly webDomain?: string;
  readonly webCertificateArn?: string;
  readonly callbackUrls: readonly string[];
  readonly logoutUrls: readonly string[];
  /** Origins allowed by the HTTP API's CORS and the files bucket's CORS. */
  readonly allowedOrigins: readonly string[];
  readonly hostedUiDomainPrefix: string;
  readonly idp?: FederatedIdpConfig;
  /** SES identity: an e-mail address (verified by a link) or a domain (verified by DKIM records). */
  readonly mailFrom?: string;
  readonly appVersion: string;
  readonly buildTime: string;
  readonly logLevel: string;
  /** Folder of the web build to deploy, relative to the repository root. */
  readonly webDist: string;
  /**
   * Model runs holding a Fargate task at once (the run queue, cdk/state-machine/run-model.asl.json);
   * more wait INQUEUE. Keep it at or below the account's Fargate vCPU quota divided by a runner task's
   * vCPUs (docs/deploy.md, "Quotas").
   */
  readonly maxConcurrentRuns: number;
}

/** Used for callbacks and CORS until `webUrl` is known, so the Vite dev server can sign in against AWS. */
export const DEV_WEB_URL = 'http://localhost:5173';

function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`CDK context "${key}" must be a string`);
  return value;
}

/** Six runner tasks of 1 vCPU: what a new account's Fargate vCPU quota may hold. */
export const DEFAULT_MAX_CONCURRENT_RUNS = 6;

function positiveInteger(node: Node, key: string): number | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  // `-c key=8` arrives as a string; cdk.json may hold a number.
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
    throw new Error(`CDK context "${key}" must be a positive integer`);
  return n;
}

function list(node: Node, key: string): string[] | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  // `-c key=a,b` arrives as a string; cdk.json may hold a real array.
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  throw new Error(`CDK context "${key}" must be a list of strings or a comma-separated string`);
}

function readIdp(node: Node): FederatedIdpConfig | undefined {
  const type = text(node, 'idpType');
  if (!type) return undefined;
  if (type !== 'SAML' && type !== 'OIDC') throw new Error('CDK context "idpType" must be SAML or OIDC');
  const idp: FederatedIdpConfig = {
    type,
    name: text(node, 'idpName') ?? 'CorporateSSO',
    metadataUrl: text(node, 'idpMetadataUrl'),
    issuer: text(node, 'idpIssuer'),
    clientId: text(node, 'idpClientId'),
    clientSecretName: text(node, 'idpClientSecretName'),
    attributes: {
      email: text(node, 'idpAttributeEmail') ?? 'email',
      givenName: text(node, 'idpAttributeGivenName') ?? 'given_name',
      familyName: text(node, 'idpAttributeFamilyName') ?? 'family_name',
      isid: text(node, 'idpAttributeIsid') ?? 'isid',
    },
  };
  if (type === 'SAML' && !idp.metadataUrl) throw new Error('idpType SAML needs idpMetadataUrl');
  if (type === 'OIDC' && !(idp.issuer && idp.clientId && idp.clientSecretName)) {
    throw new Error('idpType OIDC needs idpIssuer, idpClientId and idpClientSecretName');
  }
  return idp;
}

export function readDeployConfig(node: Node, appVersion: string): DeployConfig {
  const stage = text(node, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error('CDK context "stage" must be lower-case letters, digits and dashes (max 20)');
  }
  const webDomain = text(node, 'webDomain');
  const webCertificateArn = text(node, 'webCertificateArn');
  if (webDomain && !webCertificateArn) throw new Error('webDomain needs webCertificateArn (ACM, us-east-1)');
  const webUrl = (text(node, 'webUrl') ?? (webDomain ? `https://${webDomain}` : undefined))?.replace(
    /\/$/,
    '',
  );
  const origin = webUrl ?? DEV_WEB_URL;
  const extraOrigins = list(node, 'extraAllowedOrigins') ?? [];
  return {
    stage,
    webUrl,
    webDomain,
    webCertificateArn,
    callbackUrls: list(node, 'callbackUrls') ?? [`${origin}/`],
    logoutUrls: list(node, 'logoutUrls') ?? [`${origin}/landingPage`],
    allowedOrigins: [...new Set([origin, ...extraOrigins])],
    hostedUiDomainPrefix: text(node, 'hostedUiDomainPrefix') ?? `model-repository-${stage}`,
    idp: readIdp(node),
    mailFrom: text(node, 'mailFrom'),
    appVersion: text(node, 'appVersion') ?? appVersion,
    buildTime: text(node, 'buildTime') ?? commitTime(),
    logLevel: text(node, 'logLevel') ?? 'INFO',
    webDist: text(node, 'webDist') ?? 'web/dist',
    maxConcurrentRuns: positiveInteger(node, 'maxConcurrentRuns') ?? DEFAULT_MAX_CONCURRENT_RUNS,
  };
}

/**
 * The build time shown in the footer and set on every function: the commit time of HEAD, so two
 * synths of the same commit produce the same template and a deploy without changes updates nothing
 * (a wall-clock time changed every function's environment on every deploy). Without git (a source
 * archive) pass `-c buildTime=...`.
 */
function commitTime(): string {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%cI'], { encoding: 'utf8', stdio: 'pipe' });
    return new Date(out.trim()).toISOString();
  } catch {
    return '1970-01-01T00:00:00.000Z';
  }
}
