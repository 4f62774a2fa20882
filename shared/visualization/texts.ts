import type { RunResult } from '../schemas/run-result';

/** Legend entries longer than this are cut (spec 001 §9); the full name stays in tooltips and exports' data. */
export const LEGEND_MAX_CHARACTERS = 30;

/** Chart height on screen when the result does not set `options.chart.height` (spec 001 §9). */
export const DEFAULT_CHART_HEIGHT_PX = 400;

/** The pause before step 3 draws a result it just received, so the progress message paints first (spec 001 §9). */
export const RESULTS_RENDERING_DELAY_MS = 10;

/** A legend entry: the first 30 characters, and an ellipsis when something was cut. */
export function legendLabel(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= LEGEND_MAX_CHARACTERS) return name;
  return `${characters.slice(0, LEGEND_MAX_CHARACTERS).join('').trimEnd()}…`;
}

/** What the displayed scenarios are: calibration instances, scenario instances, or not known (a test file). */
export type AnalysisKind = 'calibration' | 'scenario' | null;

/** The step-3 page title (spec 001 §2): the result's own title, else one named for what is analysed. */
export function resultPageTitle(
  result: Pick<RunResult, 'options'> | null | undefined,
  kind: AnalysisKind,
): string {
  const own = result?.options?.title?.trim();
  if (own) return own;
  if (kind === 'calibration') return 'Calibration Analysis';
  if (kind === 'scenario') return 'Scenario Analysis';
  return 'Analysis';
}
