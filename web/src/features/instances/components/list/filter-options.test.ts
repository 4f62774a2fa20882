// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filterListView, MONTH_OPTIONS, withChosen } from './filter-options';

const options = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ value: `v${i + 1}`, label: `Option ${i + 1}` }));
const view = (n: number, state: Partial<{ search: string; expanded: boolean; hasSelection: boolean }> = {}) =>
  filterListView(options(n), { search: '', expanded: false, hasSelection: false, ...state });

describe('filter lists (spec 001 §2)', () => {
  it('hides a filter with 1 or fewer options, unless a value is chosen', () => {
    expect(view(0).hidden).toBe(true);
    expect(view(1).hidden).toBe(true);
    expect(view(1, { hasSelection: true }).hidden).toBe(false);
    expect(view(2).hidden).toBe(false);
  });

  it('shows a search box above 10 options', () => {
    expect(view(10).showSearch).toBe(false);
    expect(view(11).showSearch).toBe(true);
  });

  it('with more than 12 options shows 10 and "Show N More", then all and "Show Less"', () => {
    expect(view(12)).toMatchObject({ toggle: undefined });
    expect(view(12).shown).toHaveLength(12);
    const collapsed = view(15);
    expect(collapsed.shown.map((o) => o.label)).toEqual(options(10).map((o) => o.label));
    expect(collapsed.toggle).toBe('Show 5 More');
    const expanded = view(15, { expanded: true });
    expect(expanded.shown).toHaveLength(15);
    expect(expanded.toggle).toBe('Show Less');
  });

  it('searches the labels in any case, and counts the matches for the toggle', () => {
    const found = view(30, { search: 'option 1' });
    // Option 1, 10-19: 11 matches, not above 12.
    expect(found.shown.map((o) => o.value)).toEqual([
      'v1',
      'v10',
      'v11',
      'v12',
      'v13',
      'v14',
      'v15',
      'v16',
      'v17',
      'v18',
      'v19',
    ]);
    expect(found.toggle).toBeUndefined();
  });

  it('keeps a chosen value the facet no longer lists', () => {
    expect(withChosen(options(1), ['v1', 'gone'])).toEqual([
      { value: 'v1', label: 'Option 1' },
      { value: 'gone', label: 'gone' },
    ]);
  });

  it('offers the creation months January to December as 1-12', () => {
    expect(MONTH_OPTIONS[0]).toEqual({ value: '1', label: 'January' });
    expect(MONTH_OPTIONS[11]).toEqual({ value: '12', label: 'December' });
    expect(MONTH_OPTIONS).toHaveLength(12);
  });
});
