/** Business constants and limits from section 9 of the specification documents. */
export const LIMITS = {
  reportDescriptionMax: 500,
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
