/**
 * The 14 colours of result charts (spec 001 §9), used in this order for the series of a chart (a pie's
 * slices) on screen and in every export, so a series keeps its colour from the page to the deck. The
 * order puts strongly different hues first (most charts have two to five series); colours repeat after
 * the fourteenth series. Each colour keeps at least 3:1 contrast against white (WCAG 1.4.11, graphics).
 */
export const CHART_PALETTE = [
  '#1F5FA8', // blue
  '#D9480F', // orange
  '#2B8A3E', // green
  '#C2255C', // raspberry
  '#6741D9', // violet
  '#0B7285', // teal
  '#A06000', // ochre
  '#5C7080', // slate
  '#862E9C', // purple
  '#2F9E44', // light green
  '#E03131', // red
  '#1971C2', // mid blue
  '#7A5C3E', // brown
  '#364FC7', // indigo
] as const;

export function paletteColor(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length] as string;
}

/** Lines that are not data (the willingness-to-pay line, a base case) are drawn in this grey. */
export const REFERENCE_LINE_COLOR = '#495057';
