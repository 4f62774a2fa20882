import { monthOf, monthsBefore, type UsageMonth } from '@shared/schemas/usage';
import { markOpened, putUsageIfAbsent } from '../../../functions/data/usage';
import type { DemoContext, DemoStep } from './seed-demo';

/** Months of demo usage: this one and the five before. */
const DEMO_USAGE_MONTHS = 6;

/**
 * Demo figures for /admin/usage (issue 20 §8): per demo entry and month of the last six, views,
 * downloads and runs that differ from entry to entry (a fixed pseudo-random spread, so every start
 * writes the same figures), a few entries busy, most occasional, some never opened. A month row that
 * exists is left alone, so a restart neither doubles the figures nor overwrites what people did since.
 */
export function demoUsageFigures(
  key: string,
  monthsAgo: number,
): { views: number; downloads: number; runs: number } | undefined {
  let hash = 2166136261;
  for (const c of `${key}#${monthsAgo}`) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0;
  const popularity = hash % 10;
  // Entries whose key hashes to 0 or 1 in a month are not opened in it.
  if (popularity < 2) return undefined;
  const views = popularity * popularity + (hash % 7);
  return {
    views,
    downloads: Math.floor(views / 3) + ((hash >>> 4) % 3),
    runs: key.startsWith('demo-run') || popularity > 7 ? (hash >>> 8) % 6 : 0,
  };
}

async function seedUsage(ctx: DemoContext): Promise<number> {
  const current = monthOf(Date.now());
  let added = 0;
  for (const [key, modelUuid] of ctx.uuids) {
    // Oldest month first, so an entry's last-opened month ends at its newest opened month.
    for (let monthsAgo = DEMO_USAGE_MONTHS - 1; monthsAgo >= 0; monthsAgo--) {
      const figures = demoUsageFigures(key, monthsAgo);
      if (!figures) continue;
      const month: UsageMonth = monthsBefore(current, monthsAgo);
      if (await putUsageIfAbsent({ month, modelUuid, ...figures })) {
        await markOpened(modelUuid, month);
        added++;
      }
    }
  }
  if (added > 0) ctx.log(`demo: usage figures for ${added} entry-months`);
  return added;
}

export const USAGE_STEP: DemoStep = { name: 'usage', run: seedUsage };
