import type { AppSettings } from '@shared/schemas/settings';
import { putSettingsIfAbsent } from '../../data/settings';
import { putTourContent } from '../../data/tours';
import { DEFAULT_APP_SETTINGS, HOMEPAGE_TOUR, HOMEPAGE_TOUR_STEPS } from './default-settings';

/**
 * Seeds the application settings and the home-page tour. Safe to run on every start.
 * 1. Write the default settings (with the caller's overrides: the local demo switches usage analytics
 *    on) unless settings exist (an administrator's edits survive re-seeding).
 * 2. Write the home-page tour content (product content: always the current version).
 */
export async function seedDefaultSettings(overrides: Partial<AppSettings> = {}): Promise<void> {
  await putSettingsIfAbsent({ ...DEFAULT_APP_SETTINGS, ...overrides });
  await putTourContent(HOMEPAGE_TOUR.type, HOMEPAGE_TOUR.code, HOMEPAGE_TOUR_STEPS);
}
