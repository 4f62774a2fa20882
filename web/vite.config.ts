import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import license from 'rollup-plugin-license';
import { defineConfig, type PluginOption } from 'vite';
import { isShippable } from '../scripts/lint/shippable-licences';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The build writes the notices of every third-party package bundled into the app (name, version,
 * licence and its text, which MIT and Apache-2.0 require to travel with copies) to
 * `dist/third-party-licenses.txt`, and fails on a package whose licence is missing or not allowed.
 */
const thirdPartyLicences: PluginOption = {
  ...license({
    thirdParty: {
      multipleVersions: true,
      output: { file: `${outDir}/third-party-licenses.txt` },
      allow: {
        test: (dependency) => isShippable(dependency.name, dependency.license),
        failOnUnlicensed: true,
        failOnViolation: true,
      },
    },
  }),
  apply: 'build',
};

/**
 * The SPA lives in `web/`; shared code is imported as `@shared/...`. The local cloud passes `--port`;
 * `strictPort` makes a busy port fail loudly instead of silently moving.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), thirdPartyLicences],
  resolve: { alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
  },
});
