import type { VersionInfo } from '@shared/schemas/settings';
import { getVersionInfo } from '../../core/settings/get-app-settings';
import { httpHandler } from '../http-handler';

/** GET /v2/version: product version and build time for the footer. */
export const handler = httpHandler({
  auth: 'public',
  handle: async (): Promise<VersionInfo> => getVersionInfo(),
});
