/**
 * Option usage counts at 100,000 entries without a Scan (issue 20 §5, §10): the projection's columns as
 * a cold admin function decodes them from the catalogue snapshot, then `usageCounts` per property and
 * `entriesUsing` for one product, timed over several rounds (median and p95 printed).
 * Usage: npx tsx scripts/bench/admin-options.ts [--entries 100000]
 */
import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { CatalogueIndex } from '../../functions/core/catalogue/catalogue-index';
import { decodeSnapshot, encodeSnapshot } from '../../functions/core/catalogue/snapshot-format';
import { entriesUsing, usageCounts } from '../../functions/core/options/option-usage';

const arg = process.argv.indexOf('--entries');
const COUNT = arg > 0 ? Number(process.argv[arg + 1]) : 100_000;
const PRODUCTS = Array.from({ length: 120 }, (_, i) => `Product ${i}`);
const DISEASES = Array.from({ length: 60 }, (_, i) => `Disease ${i}`);

function entry(i: number): CatalogueEntry {
  return {
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Entry ${i}`,
    status: i % 10 === 0 ? 'DRAFT' : 'PUBLISHED',
    disease: DISEASES[i % DISEASES.length],
    modelType: i % 2 ? 'Markov Cohort Model' : 'Budget Impact Model',
    product: [PRODUCTS[i % PRODUCTS.length] as string, PRODUCTS[(i * 7) % PRODUCTS.length] as string],
    country: ['France', 'Germany'].slice(0, (i % 2) + 1),
    creatorId: 'owner',
    creatorName: 'Olivia Owner',
    createdOn: '2026-01-01T00:00:00.000Z',
    managers: ['owner'],
    viewers: [],
    others: [],
    rev: 1,
  };
}

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`;
};

const columns = CatalogueIndex.columnsOf({
  lastChangeId: '',
  entries: Array.from({ length: COUNT }, (_, i) => entry(i)),
  tombstones: [],
});
const index = new CatalogueIndex(decodeSnapshot(encodeSnapshot(columns)));
const rounds = 30;
for (const type of ['product', 'disease', 'model_type', 'country'] as const) {
  const times: number[] = [];
  let options = 0;
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    options = usageCounts(index, type)?.size ?? 0;
    times.push(performance.now() - started);
  }
  console.log(`usage counts of ${type} over ${COUNT} entries (${options} options): ${stats(times)}`);
}
const times: number[] = [];
let affected = 0;
for (let r = 0; r < rounds; r++) {
  const started = performance.now();
  affected = entriesUsing(index, 'product', 'Product 7').length;
  times.push(performance.now() - started);
}
console.log(`affected entries of one product (${affected} entries, listed and sorted): ${stats(times)}`);
