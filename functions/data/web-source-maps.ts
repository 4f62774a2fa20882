import { getObjectBytes } from './file-objects';
import { webSourceMapKey } from './storage-keys';

/**
 * The deployed web build's source maps in the files bucket (WEB_SOURCE_MAPS_PREFIX). Read only by the
 * admin incident detail; a frame naming an asset without a map (an older build) reads undefined.
 */
export async function readWebSourceMap(assetPath: string): Promise<string | undefined> {
  const bytes = await getObjectBytes(webSourceMapKey(assetPath));
  return bytes?.toString('utf8');
}
