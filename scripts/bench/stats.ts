/** Helpers shared by the benchmarks: percentiles and a plain-text table. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

/** `align` has one letter per column, `l` or `r`; by default the first column is left-aligned, the rest right. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align?: string,
): string {
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((row) => (row[col] ?? '').length)));
  const left = (col: number) => (align ? align[col] !== 'r' : col === 0);
  const line = (row: readonly string[]) =>
    row
      .map((cell, col) => (left(col) ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
/** Decimal units, as Vite reports them (1 kB = 1000 bytes). */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');

/** The value after `--name` on the command line, or `fallback`. */
export function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return (index >= 0 ? process.argv[index + 1] : undefined) ?? fallback;
}
