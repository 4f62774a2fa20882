import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';

/**
 * The rules of a filter list (spec 001 §2 "Filter lists"): a search box above 10 options; with more
 * than 12 options only 10 are shown with a 'Show N More' or 'Show Less' toggle; a filter with 1 or
 * fewer options is hidden. A filter that has a value chosen stays, so that the choice can be undone.
 */
export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterListView {
  hidden: boolean;
  showSearch: boolean;
  /** The options to render now. */
  shown: FilterOption[];
  /** The toggle's text ('Show 5 More', 'Show Less'), or undefined when there is none. */
  toggle: string | undefined;
}

const { filterSearchAbove, filterCollapseAbove, filterCollapsedCount } = SUB_MODEL_LIMITS;

export function filterListView(
  options: readonly FilterOption[],
  state: { search: string; expanded: boolean; hasSelection: boolean },
): FilterListView {
  const hidden = options.length <= 1 && !state.hasSelection;
  const showSearch = options.length > filterSearchAbove;
  const needle = showSearch ? state.search.trim().toLowerCase() : '';
  const matching = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : [...options];
  if (matching.length <= filterCollapseAbove)
    return { hidden, showSearch, shown: matching, toggle: undefined };
  return state.expanded
    ? { hidden, showSearch, shown: matching, toggle: 'Show Less' }
    : {
        hidden,
        showSearch,
        shown: matching.slice(0, filterCollapsedCount),
        toggle: `Show ${matching.length - filterCollapsedCount} More`,
      };
}

/** The options of a filter: the facet's values plus any chosen value the facet no longer lists. */
export function withChosen(options: readonly FilterOption[], chosen: readonly string[]): FilterOption[] {
  const missing = chosen.filter((c) => !options.some((o) => o.value === c));
  return [...options, ...missing.map((value) => ({ value, label: value }))];
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const MONTH_OPTIONS: FilterOption[] = MONTHS.map((label, i) => ({ value: String(i + 1), label }));
