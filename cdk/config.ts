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
  /** The Cognito hosted-UI domain prefix: required, unique per region across all AWS accounts. */
  readonly hostedUiDomainPrefix: string;
  readonly idp?: FederatedIdpConfig;
  /** SES identity: an e-mail address (verified by a link) or a domain (verified by DKIM records). */
  readonly mailFrom?: string;
  /**
   * An SES identity that already exists (verified) in the account and region, by name: the stack
   * uses it instead of creating one (creating an identity that exists fails the deploy).
   */
  readonly existingMailIdentity?: string;
  /**
   * Deletion protection of the table and the user pool. A failed CREATE cannot roll back a protected
   * table or pool (CloudFormation's delete is refused), so the first deploy of a stage turns it off
   * (docs/deploy.md); every later deploy keeps the default.
   */
  readonly deletionProtection: boolean;
  readonly appVersion: string;
  readonly buildTime: string;
  readonly logLevel: string;
  /** Folder of the web build to deploy, relative to the repository root. */
  readonly webDist: string;
  /** E-mail addresses subscribed to the alarm topic (each confirms by a link AWS sends). */
  readonly alarmEmails: readonly string[];
  /**
   * Model runs holding a Fargate task at once (the run queue, cdk/state-machine/run-model.asl.json);
   * more wait INQUEUE. Keep it at or below the account's Fargate vCPU quota divided by a runner task's
   * vCPUs (docs/deploy.md, "Quotas").
   */
  readonly maxConcurrentRuns: number;
  /**
   * Bitbucket Server/Data Center for source control (issue 18 §5; docs/deploy.md "Source control"):
   * `bitbucketBaseUrl` (https) and `bitbucketTokenSecretArn`, the complete ARN of a Secrets Manager
   * secret holding an HTTP access token. Both or neither; neither: no source control (503).
   */
  readonly sourceControl?: { readonly bitbucketBaseUrl: string; readonly tokenSecretArn: string };
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

function flag(node: Node, key: string): boolean | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  // `-c key=false` arrives as a string; cdk.json may hold a boolean.
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`CDK context "${key}" must be true or false`);
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
    hostedUiDomainPrefix: hostedUiDomainPrefix(node),
    idp: readIdp(node),
    ...readMail(node),
    deletionProtection: flag(node, 'deletionProtection') ?? true,
    appVersion: text(node, 'appVersion') ?? appVersion,
    buildTime: text(node, 'buildTime') ?? commitTime(),
    logLevel: text(node, 'logLevel') ?? 'INFO',
    webDist: text(node, 'webDist') ?? 'web/dist',
    alarmEmails: alarmEmails(node),
    maxConcurrentRuns: positiveInteger(node, 'maxConcurrentRuns') ?? DEFAULT_MAX_CONCURRENT_RUNS,
    sourceControl: readSourceControl(node),
  };
}

function readSourceControl(node: Node): DeployConfig['sourceControl'] {
  const bitbucketBaseUrl = text(node, 'bitbucketBaseUrl')?.replace(/\/+$/, '');
  const tokenSecretArn = text(node, 'bitbucketTokenSecretArn');
  if (!bitbucketBaseUrl && !tokenSecretArn) return undefined;
  if (!bitbucketBaseUrl || !tokenSecretArn)
    throw new Error(
      'Source control needs both bitbucketBaseUrl and bitbucketTokenSecretArn (docs/deploy.md)',
    );
  if (!/^https:\/\/[^/\s]+/.test(bitbucketBaseUrl))
    throw new Error(
      'CDK context "bitbucketBaseUrl" must be an https URL, e.g. https://bitbucket.example.com',
    );
  // The complete ARN (with the 6-character suffix): the grant names exactly this secret.
  if (!/^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:.+-[A-Za-z0-9]{6}$/.test(tokenSecretArn))
    throw new Error(
      'CDK context "bitbucketTokenSecretArn" must be the complete ARN of a Secrets Manager secret',
    );
  return { bitbucketBaseUrl, tokenSecretArn };
}

/**
 * Cognito's rules for a prefix domain (lower-case letters, digits and hyphens, at most 63, not
 * starting or ending with a hyphen, no reserved words). There is no default: a prefix is taken
 * across all AWS accounts of the region, and a taken one fails the first deploy after the table, bucket
 * and pool were created.
 */
function hostedUiDomainPrefix(node: Node): string {
  const prefix = text(node, 'hostedUiDomainPrefix');
  if (!prefix) {
    throw new Error(
      'CDK context "hostedUiDomainPrefix" is not set: choose a prefix for the Cognito sign-in domain (<prefix>.auth.<region>.amazoncognito.com), unique in the region across all AWS accounts, e.g. `-c hostedUiDomainPrefix=acme-models-prod` or in cdk.json (docs/deploy.md)',
    );
  }
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(prefix) || /aws|amazon|cognito/.test(prefix)) {
    throw new Error(
      `CDK context "hostedUiDomainPrefix" "${prefix}" is not a valid Cognito domain prefix: lower-case letters, digits and hyphens, 1-63 characters, not starting or ending with a hyphen, without "aws", "amazon" or "cognito"`,
    );
  }
  return prefix;
}

/**
 * The sender: `mailFrom` alone creates the SES identity (an address, or a domain sending as
 * no-reply@<domain>); with `existingMailIdentity` (name or `arn:...:identity/<name>`) the stack uses
 * that verified identity and `mailFrom`, when set, must be sendable through it.
 */
function readMail(node: Node): { mailFrom?: string; existingMailIdentity?: string } {
  const mailFrom = text(node, 'mailFrom');
  const existing = text(node, 'existingMailIdentity')?.replace(/^arn:[^:]+:ses:[^:]*:[^:]*:identity\//, '');
  if (existing === undefined) return { mailFrom };
  if (!existing || existing.includes('/') || existing.includes(':'))
    throw new Error('CDK context "existingMailIdentity" must be an SES identity name or its ARN');
  if (mailFrom && !sendableThrough(mailFrom, existing)) {
    throw new Error(
      `CDK context "mailFrom" (${mailFrom}) cannot be sent through the SES identity "${existing}": use that address, or an address or the domain itself when the identity is a domain`,
    );
  }
  return { mailFrom: mailFrom ?? existing, existingMailIdentity: existing };
}

function sendableThrough(from: string, identity: string): boolean {
  const [lower, id] = [from.toLowerCase(), identity.toLowerCase()];
  if (id.includes('@')) return lower === id;
  return lower === id || lower.endsWith(`@${id}`);
}

function alarmEmails(node: Node): string[] {
  const emails = list(node, 'alarmEmails') ?? [];
  const invalid = emails.filter((e) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e));
  if (invalid.length > 0)
    throw new Error(`CDK context "alarmEmails" holds invalid addresses: ${invalid.join(', ')}`);
  return [...new Set(emails)];
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
