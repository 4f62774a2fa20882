import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { putObject } from '../../functions/data/file-objects';
import { webSourceMapKey } from '../../functions/data/storage-keys';

/**
 * Copies a built web app's source maps (web/dist/assets/*.js.map) to the files bucket under
 * web-sourcemaps/, as the web stack's DeploySourceMaps does in AWS, so the admin incident detail
 * resolves browser stack traces locally too (issue 20 §4). Only a built app has them: `vite` in dev
 * mode serves the sources themselves, and its stack traces already name them. Answers how many.
 */
export async function publishWebSourceMaps(distDir: string): Promise<number> {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) return 0;
  const maps = readdirSync(assets).filter((file) => file.endsWith('.js.map'));
  for (const map of maps) {
    const asset = `assets/${map.slice(0, -'.map'.length)}`;
    await putObject(webSourceMapKey(asset), readFileSync(join(assets, map)), {
      contentType: 'application/json',
    });
  }
  return maps.length;
}
