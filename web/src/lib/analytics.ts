import type { OperationId } from '@shared/api/operations';

/**
 * Usage analytics in the browser (issue 20 §8; 001 §9 "Analytics events are pushed for these
 * actions; user ids are hashed to 8 characters"). In AWS the events go to the CloudWatch RUM app
 * monitor that the web stack creates (cdk/constructs/rum-monitor.ts), through the kept `aws-rum-web`
 * client, and only when the deployment's config.json names that monitor (`rum`) AND the application
 * settings switch tracking on (`trackingSettings.enabled`, which also shows the footer's note). The
 * local cloud writes no `rum` block but an `analyticsLogUrl` instead: there the same events are
 * posted to the local cloud's log (the "locally into the local cloud's log"), and aws-rum-web
 * is never loaded.
 *
 * What is recorded: the event's name, the ids of what was acted on (entry, file, instance...) and the
 * caller's user id hashed to 8 hex characters: nothing else personal (no names, e-mails, texts).
 * The client is loaded on demand (a dynamic import), so a deployment without analytics never downloads
 * it.
 */

/** What config.json carries when the stack has an app monitor (written by cdk/stacks/web-stack.ts). */
export interface RumSettings {
  appMonitorId: string;
  identityPoolId: string;
  /** The identity pool's unauthenticated role, limited to rum:PutRumEvents on this monitor. */
  guestRoleArn: string;
  region: string;
}

/** The part of the aws-rum-web client this module uses (tests stub it). */
interface RumClient {
  recordEvent(eventType: string, eventData: object): void;
}

/** Where the deployment sends events: a RUM app monitor in AWS, the local cloud's log locally. */
export interface AnalyticsDestination {
  rum?: RumSettings;
  analyticsLogUrl?: string;
}

/**
 * Locally: each event is posted to the local cloud (scripts/local/gateway.ts writes it to its log), in
 * the shape RUM's recordEvent takes. text/plain keeps it a simple cross-origin request (no preflight);
 * keepalive lets an event sent while the page unloads (a download link) still arrive.
 */
function localLogClient(url: string): RumClient {
  return {
    recordEvent(eventType, eventData) {
      void fetch(url, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ type: eventType, data: eventData }),
      }).catch(() => undefined);
    },
  };
}

/** Custom event types are namespaced, so they are told apart from RUM's own events in queries. */
export const EVENT_PREFIX = 'modelrepository.';

let client: RumClient | undefined;
let starting: Promise<boolean> | undefined;
let userHash: string | undefined;

/**
 * Starts the RUM client once, when both the deployment and the settings allow it; answers whether
 * events are recorded. Page views and errors are not collected (telemetries off): only the events below.
 */
export function startAnalytics(
  destination: AnalyticsDestination | undefined,
  enabled: boolean,
  appVersion = '1.0.0',
): Promise<boolean> {
  const settings = destination?.rum;
  if (enabled && !settings && destination?.analyticsLogUrl) {
    client ??= localLogClient(destination.analyticsLogUrl);
    return Promise.resolve(true);
  }
  if (!enabled || !settings) return Promise.resolve(client !== undefined);
  starting ??= import('aws-rum-web')
    .then(({ AwsRum }) => {
      client = new AwsRum(settings.appMonitorId, appVersion, settings.region, {
        identityPoolId: settings.identityPoolId,
        guestRoleArn: settings.guestRoleArn,
        // The client's default endpoint is another region's: the monitor's own region is named.
        endpoint: `https://dataplane.rum.${settings.region}.amazonaws.com`,
        sessionSampleRate: 1,
        telemetries: [],
        disableAutoPageView: true,
        // No cookies: nothing identifies a browser across visits.
        allowCookies: false,
        enableXRay: false,
      });
      return true;
    })
    .catch(() => {
      // Analytics must never break the app: a client that cannot start records nothing.
      starting = undefined;
      return false;
    });
  return starting;
}

/** The first 8 hex characters of the SHA-256 of a user id (001 §9). */
export async function hashUserId(userId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userId));
  return [...new Uint8Array(digest)]
    .slice(0, 4)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/** Remembers the signed-in caller (hashed) for the events that follow. */
export async function identifyUser(userId: string): Promise<void> {
  userHash = await hashUserId(userId);
}

/** Records one event (a no-op while analytics is off). */
export function recordEvent(name: string, attrs: Record<string, string | number | boolean> = {}): void {
  if (!client) return;
  try {
    client.recordEvent(`${EVENT_PREFIX}${name}`, { ...attrs, ...(userHash ? { user: userHash } : {}) });
  } catch {
    // Never let analytics fail a user's action.
  }
}

/**
 * The actions the spec names (issue 20 §8: opening entries and analyses, downloads, shares,
 * executions, exports, access requests), by the API operation that performs them. Recorded when the
 * call succeeded (api-client.ts), with the path ids as attributes.
 */
export const OPERATION_EVENTS: Partial<Record<OperationId, string>> = {
  getModel: 'entry_opened',
  getInstance: 'instance_opened',
  downloadModelFile: 'file_downloaded',
  downloadAllFiles: 'files_downloaded',
  shareModel: 'entry_shared',
  shareInstance: 'instance_shared',
  createExecution: 'execution_requested',
  startExecution: 'execution_requested',
  saveAnalysis: 'analysis_saved',
  requestModelAccess: 'access_requested',
  requestFileAccess: 'file_access_requested',
  requestAppAccess: 'app_access_requested',
};

/** Path params that are ids of things (never names or e-mails). */
const ID_PARAMS = ['uuid', 'fileUuid', 'instanceId', 'groupId'];

/** Called by the API client after a successful call. */
export function trackOperation(
  operation: string,
  params: Record<string, string> | undefined,
  answer: unknown,
): void {
  if (operation === 'getCurrentUser') {
    const id = (answer as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') void identifyUser(id);
    return;
  }
  const name = OPERATION_EVENTS[operation as OperationId];
  if (!name || !client) return;
  const attrs: Record<string, string> = {};
  for (const key of ID_PARAMS) {
    const value = params?.[key];
    if (value) attrs[key] = value;
  }
  recordEvent(name, attrs);
}

/** Tests: forget the client and the caller. */
export function resetAnalyticsForTests(): void {
  client = undefined;
  starting = undefined;
  userHash = undefined;
}
