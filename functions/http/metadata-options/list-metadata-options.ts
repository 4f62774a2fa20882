import { listAllMetadataOptions } from '../../core/options/list-metadata-options';
import { httpHandler } from '../http-handler';

/** GET /v2/metadata-options: the ten option lists (active and retired options). */
export const handler = httpHandler({
  handle: async () => listAllMetadataOptions(),
});
