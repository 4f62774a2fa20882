/** Business constants and limits from section 9 of the specification documents. */
export const LIMITS = {
  reportDescriptionMax: 500,
  incidentUserNotesMax: 2000,
  incidentSummaryMax: 200,
  /** An administrator's closing comment on an incident. */
  incidentCommentMax: 2000,
  /** A stack trace a browser reports with an incident. */
  incidentStackTraceMax: 16000,
  notificationMenuSize: 3,
  zoom: { default: 1, step: 0.1, min: 0.7, max: 1.1 },
  sessionWarningSeconds: 60,
  crossTabToleranceMs: 1000,
  tourManualStartDelayMs: 1000,
  messageDurationsMs: { short: 3000, medium: 5000, long: 7000, infinite: 0 },
  userSearchLimit: 10,
  stewardSearchLimit: 20,
  searchDebounceMs: 300,
  nameCheckDebounceMs: 1000,
  userSearchDebounceMs: 1000,
  dataCacheMs: 600_000,
} as const;

/** Server-side retention and throttling (design decisions; not in the spec). */
export const RETENTION = {
  /** WebSocket connection records expire after this many seconds (API Gateway's own limit is 2 h). */
  connectionTtlSeconds: 24 * 60 * 60,
  /** Server-side error reports (looked up when a user files an incident with the report id). */
  errorReportTtlSeconds: 90 * 24 * 60 * 60,
  /** One access request per user per this many seconds. */
  accessRequestCooldownSeconds: 600,
} as const;
