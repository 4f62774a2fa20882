/**
 * Runtime configuration, loaded once from `/config.json` (written by the local cloud's start script
 * or by the CDK web deployment; shape in docs/development.md). Nothing else reads deployment values.
 */
import type { RumSettings } from '../lib/analytics';

export interface OAuthSettings {
  domain: string;
  redirectSignIn: string | string[];
  redirectSignOut: string | string[];
  identityProvider: string;
  scopes?: string[];
}

export interface WebConfig {
  stage: string;
  region: string;
  apiUrl: string;
  wsUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local only: cognito-local's endpoint (no SRP, no hosted UI there). */
  userPoolEndpoint?: string;
  /** AWS only: hosted UI with the corporate identity provider for employees. */
  oauth?: OAuthSettings;
  /** Local only: the seeded employee the single-sign-on stand-in signs in. */
  localEmployee?: { username: string; password: string; name: string };
  /** Local only: JSON list of the e-mails the local SES stand-in wrote. */
  outboxUrl?: string;
  /** Local only: where usage-analytics events go instead of RUM (the local cloud's log). */
  analyticsLogUrl?: string;
  /** AWS only: the CloudWatch RUM app monitor for usage analytics (web/src/lib/analytics.ts). */
  rum?: RumSettings;
}

let current: WebConfig | undefined;

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new Error(`config.json: "${name}" is missing`);
  return value;
}

export function parseConfig(raw: unknown): WebConfig {
  if (typeof raw !== 'object' || raw === null) throw new Error('config.json is not an object');
  const r = raw as Record<string, unknown>;
  return {
    ...(r as Partial<WebConfig>),
    stage: requireString(r.stage, 'stage'),
    region: requireString(r.region, 'region'),
    apiUrl: requireString(r.apiUrl, 'apiUrl').replace(/\/+$/, ''),
    wsUrl: requireString(r.wsUrl, 'wsUrl'),
    userPoolId: requireString(r.userPoolId, 'userPoolId'),
    userPoolClientId: requireString(r.userPoolClientId, 'userPoolClientId'),
  };
}

export async function loadConfig(): Promise<WebConfig> {
  if (current) return current;
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
  current = parseConfig(await response.json());
  return current;
}

export function getConfig(): WebConfig {
  if (!current) throw new Error('getConfig() called before loadConfig()');
  return current;
}

/** The configuration if it was loaded (callers that may run before the app starts, and tests). */
export function peekConfig(): WebConfig | undefined {
  return current;
}

export function isLocalStage(config: WebConfig = getConfig()): boolean {
  return config.stage === 'local';
}

/** Tests set a configuration without fetching. */
export function setConfig(config: WebConfig): void {
  current = config;
}
