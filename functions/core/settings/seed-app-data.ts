import type { AppSettings } from '@shared/schemas/settings';
import { seedMetadataOptions } from '../options/seed-metadata-options';
import { seedDefaultSettings } from './seed-default-settings';

/**
 * The data every deployment needs before anybody signs in: the ten metadata option lists, the
 * application settings and the home-page tour. One use case for both worlds: the local cloud runs
 * it at every start (scripts/local/seed.ts) and AWS on every deploy (a CloudFormation custom
 * resource, functions/deploy/seed-app-data.ts). Idempotent: what an administrator changed survives.
 * Returns how many option values were added.
 */
export async function seedAppData(
  settingsOverrides: Partial<AppSettings> = {},
): Promise<{ optionsAdded: number }> {
  const [optionsAdded] = await Promise.all([seedMetadataOptions(), seedDefaultSettings(settingsOverrides)]);
  return { optionsAdded };
}
