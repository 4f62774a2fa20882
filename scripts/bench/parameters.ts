import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseParametersJson, validateInstanceValues } from '@shared/sub-models/instance-values';
import { validateTemplateText } from '@shared/sub-models/model-input';
import { PARAMETER_TYPES } from '@shared/sub-models/parameter-types';
import { generateTemplate, sampleValues } from '@shared/sub-models/sample-template';
import { formatTable, median, ms, option, percentile, verdict } from './stats';

/**
 * Validating a large input definition and its instance values (issue 10): a generated template of
 * `--parameters` (500) parameters cycling through all 13 types, stored as JSON text, and one instance's
 * values as JSON text. Cases, measured interleaved over `--iterations` (200) after `--warm-up` (20):
 * - floor: JSON.parse of both texts plus a walk over every node (what any validation must at least do);
 * - template: validateTemplateText (zod schemas with every editor rule of §5, cross-parameter rules);
 * - values: parseParametersJson + validateInstanceValues for an expert user (every parameter checked);
 * - total: template + values, the work of the 'Do you want to save it anyway?' check on save.
 * Target: total p95 ≤ 20 ms. The code is the same module the web bundle and the Lambdas import.
 *
 * Usage: npx tsx scripts/bench/parameters.ts [--parameters 500] [--iterations 200] [--warm-up 20]
 */
const TARGET_MS = 20;

function walk(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + walk(v), 1);
  if (typeof value === 'object' && value !== null)
    return Object.values(value).reduce((n: number, v) => n + walk(v), 1);
  return 1;
}

function main(): void {
  const count = Number(option('parameters', '500'));
  const iterations = Number(option('iterations', '200'));
  const warmUp = Number(option('warm-up', '20'));

  const template = generateTemplate(count);
  const templateText = JSON.stringify(template);
  const valuesText = JSON.stringify(sampleValues(template.definitions));
  const types = new Set(template.definitions.map((d) => d.type));
  if (types.size !== PARAMETER_TYPES.length) throw new Error('The generated template misses a type.');

  // Sanity: the generated document is valid, so every case does the full work.
  const check = validateTemplateText(templateText);
  if (!check.valid) throw new Error(`Generated template is invalid: ${JSON.stringify(check.issues[0])}`);
  const parsed = parseParametersJson(valuesText);
  if (!parsed.ok || validateInstanceValues(check.definitions, parsed.values, 1000).length > 0)
    throw new Error('Generated values are invalid.');

  let sink = 0;
  const cases: { name: string; run: () => void; samples: number[] }[] = [
    {
      name: 'floor: JSON.parse + walk',
      run: () => {
        sink += walk(JSON.parse(templateText)) + walk(JSON.parse(valuesText));
      },
      samples: [],
    },
    {
      name: 'template (validateTemplateText)',
      run: () => {
        sink += validateTemplateText(templateText).valid ? 1 : 0;
      },
      samples: [],
    },
    {
      name: 'values (parse + validateInstanceValues)',
      run: () => {
        const values = parseParametersJson(valuesText);
        if (values.ok && check.valid)
          sink += validateInstanceValues(check.definitions, values.values, 1000).length;
      },
      samples: [],
    },
    {
      name: 'total (template + values)',
      run: () => {
        const t = validateTemplateText(templateText);
        const values = parseParametersJson(valuesText);
        if (t.valid && values.ok) sink += validateInstanceValues(t.definitions, values.values, 1000).length;
      },
      samples: [],
    },
  ];

  for (let i = 0; i < warmUp; i++) for (const c of cases) c.run();
  for (let i = 0; i < iterations; i++) {
    // Rotate the order so that no case always runs right after the garbage of another.
    for (let k = 0; k < cases.length; k++) {
      const c = cases[(i + k) % cases.length] as (typeof cases)[number];
      const start = performance.now();
      c.run();
      c.samples.push(performance.now() - start);
    }
  }

  const floor = cases[0] as (typeof cases)[number];
  const floorMedian = median(floor.samples);
  const rows = cases.map((c) => [
    c.name,
    ms(median(c.samples)),
    ms(percentile(c.samples, 95)),
    `${(median(c.samples) / floorMedian).toFixed(1)}×`,
  ]);
  const total = cases[3] as (typeof cases)[number];
  const totalP95 = percentile(total.samples, 95);
  console.log(
    `Parameters: ${count} (${types.size} types), template ${(templateText.length / 1000).toFixed(1)} kB, values ${(valuesText.length / 1000).toFixed(1)} kB; ${iterations} iterations after ${warmUp} warm-up.`,
  );
  console.log(formatTable(['case', 'median', 'p95', 'median / floor'], rows));
  console.log(`\nTarget: total p95 ≤ ${TARGET_MS} ms → ${ms(totalP95)} ${verdict(totalP95 <= TARGET_MS)}`);
  // A p95 far above the median on the floor too means the machine was busy (other processes, GC), not slow code.
  const floorSpread = percentile(floor.samples, 95) / floorMedian;
  console.log(
    `Machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}; floor p95/median ${floorSpread.toFixed(1)}×${floorSpread > 3 ? ' (noisy run: compare medians)' : ''}`,
  );
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink);
}

main();
