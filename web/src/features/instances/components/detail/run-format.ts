/** How the instance screens write a run's durations and hashes (sizes and dates: lib/format). */

/** A run's duration: '850 ms', '12.4 s', '3 min 5 s', '1 h 2 min'. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A SHA-256 shortened for the eye (the full value stays in the title and the copy button). */
export const shortHash = (sha256: string) =>
  sha256.length > 20 ? `${sha256.slice(0, 12)}…${sha256.slice(-8)}` : sha256;
