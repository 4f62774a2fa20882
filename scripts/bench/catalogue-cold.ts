import { performance } from 'node:perf_hooks';
import { DynamicFiltersSchema } from '@shared/schemas/model-api';
import type { UserType } from '@shared/schemas/user';
import { readEndpoints } from '../local/endpoints';
import { applyHandlerEnv, handlerEnv } from '../local/env';

/**
 * One cold catalogue start, measured inside a fresh process (run by scripts/bench/catalogue.ts with
 * `node --expose-gc --import tsx`): what a new search Lambda instance pays before its first answer.
 * - import: loading the projection and engine modules (tsx transpiles here; bench:bundles measures the
 *   bundled handler's import against its floor, so this figure is printed but not held to a target);
 * - load: the snapshot from S3, decoded, plus the replay of the change log after it;
 * - first search: the Dynamic View with no facet chosen, for the caller given;
 * - heap: V8's heap in use after a full collection, with the projection held (the ArrayBuffers the
 *   typed columns live in are reported beside it as `arrayBuffers`).
 * Prints one line `COLD {json}` last; everything else on stdout is the handlers' own logging.
 */
async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  applyHandlerEnv(handlerEnv(readEndpoints()));
  const userId = process.argv[2] ?? 'owner';
  const userType = (process.argv[3] ?? 'INTERNALUSER') as UserType;

  const t0 = performance.now();
  const { currentCatalogue } = await import('../../functions/core/catalogue/projection');
  const { searchCatalogue } = await import('../../functions/core/catalogue/facet-engine');
  const t1 = performance.now();
  const catalogue = await currentCatalogue();
  const t2 = performance.now();
  const result = searchCatalogue(catalogue, { id: userId, userType }, DynamicFiltersSchema.parse({}));
  const t3 = performance.now();

  const { objectSize } = await import('../../functions/data/file-objects');
  const snapshotBytes =
    (await objectSize('catalog/snapshot.v2.bin.gz')) ?? (await objectSize('catalog/snapshot.json.gz')) ?? 0;

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const memory = process.memoryUsage();
  const line = {
    importMs: t1 - t0,
    loadMs: t2 - t1,
    firstSearchMs: t3 - t2,
    total: result.total,
    snapshotMb: snapshotBytes / 1e6,
    heapUsedMb: memory.heapUsed / 1e6,
    arrayBuffersMb: memory.arrayBuffers / 1e6,
    maxRssMb: process.resourceUsage().maxRSS / 1e3,
    gc: gc !== undefined,
  };
  // Keeps the projection reachable until after the measurement.
  if (catalogue.size < 0) console.log(catalogue);
  console.log(`COLD ${JSON.stringify(line)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
