import type { AppSettings } from '@shared/schemas/settings';
import { getAppSettings } from '../../core/settings/get-app-settings';
import { httpHandler } from '../http-handler';

/** GET /v2/settings (public: the landing page needs the privacy policy link before sign-in). */
export const handler = httpHandler({
  auth: 'public',
  handle: async (): Promise<AppSettings> => getAppSettings(),
});
