/**
 * The step-3 result view (issue 19): what the flow's render page embeds.
 * - `ResultView`: the whole result with its section list; `<ResultView result={r} analysisKind="calibration" />`.
 * - `ResultTable`, `ResultChart`: one element each (a preview, a dialog).
 * - `resultPageTitle` (re-exported from shared/visualization): the page title rule.
 */
export { resultPageTitle } from '@shared/visualization';
export { ResultChart } from './result-chart';
export { ResultTable } from './result-table';
export { ResultView, type ResultViewProps } from './result-view';
