import { listAllMetadataOptions } from '../../core/options/list-metadata-options';
import { httpHandler } from '../../lib/http';

/** GET /v2/metadata-options: the ten option lists (active and retired options). */
export const handler = httpHandler({
  handle: async () => listAllMetadataOptions(),
});
