import { type AppSettings, AppSettingsSchema, type VersionInfo } from '@shared/schemas/settings';
import { getStoredSettings } from '../../data/settings';
import { bundledBuildTime } from '../../lib/build-info';
import { env } from '../../lib/env';
import { DEFAULT_APP_SETTINGS } from './default-settings';

/**
 * Application settings for the shell.
 * 1. Read the stored settings item.
 * 2. Lay it over the defaults, so a field added in a later release has a value before anyone sets it.
 * 3. Validate the result (a broken item is a server error, not something to pass on).
 */
export async function getAppSettings(): Promise<AppSettings> {
  const stored = (await getStoredSettings()) ?? {};
  const merged = {
    ...DEFAULT_APP_SETTINGS,
    ...stored,
    documentation: { ...DEFAULT_APP_SETTINGS.documentation, ...asObject(stored.documentation) },
    trackingSettings: { ...DEFAULT_APP_SETTINGS.trackingSettings, ...asObject(stored.trackingSettings) },
    uploadConfig: { ...DEFAULT_APP_SETTINGS.uploadConfig, ...asObject(stored.uploadConfig) },
  };
  return AppSettingsSchema.parse(merged);
}

/** Version and build time of the deployed code (the build time is baked into the bundle; locally BUILD_TIME). */
export function getVersionInfo(): VersionInfo {
  return { version: env.appVersion, buildTime: bundledBuildTime() ?? env.buildTime };
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
