/**
 * '15 minutes', '1 minute', '0.05 minutes (3 seconds)': a sub-model's timeout as a modeler set it. The
 * runner words its own timeout with it and so does MarkFailed (functions/core/runs) when Step Functions
 * stopped the runner, so both messages name the same number.
 */
export function formatMinutes(seconds: number): string {
  const minutes = seconds / 60;
  if (Number.isInteger(minutes)) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `${Number(minutes.toFixed(2)).toString()} minutes (${seconds} seconds)`;
}
