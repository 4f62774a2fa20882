import { compactCatalogue } from '../../functions/core/catalogue/catalogue-state';
import { readEndpoints } from './endpoints';
import { applyHandlerEnv, handlerEnv } from './env';

/**
 * `npm run catalogue:compact`: runs the catalogue compaction job (functions/jobs/compact-catalogue.ts,
 * scheduled every 15 minutes in AWS) once against a running local cloud found through its
 * endpoints.json (MR_ENDPOINTS_FILE, else .local/endpoints.json).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
applyHandlerEnv(handlerEnv(readEndpoints()));
const started = Date.now();
compactCatalogue()
  .then((r) =>
    console.log(
      r.skipped
        ? `catalogue unchanged since its snapshot (${r.entries} entries up to change ${r.lastChangeId || '(none)'}): nothing written; ${Date.now() - started} ms`
        : `catalogue snapshot: ${r.entries} entries up to change ${r.lastChangeId || '(none)'}, ` +
            `${(r.snapshotBytes / 1e6).toFixed(2)} MB gzip; ${r.deletedChanges} old changes deleted; ${Date.now() - started} ms`,
    ),
  )
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
