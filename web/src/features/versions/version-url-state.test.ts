// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseVersionUrl, toggleVersion, versionUrlParams } from './version-url-state';

const parse = (query: string) => parseVersionUrl(new URLSearchParams(query));

describe('the Version Control URL', () => {
  it('round-trips a deep link to a cell of a sheet comparison', () => {
    const link =
      'tab=version&mode=compare&a=A&b=B&file=f1%3Af2&view=sheets&sheet=Inputs&page=3&cell=C12&pane=single';
    const state = parse(link);
    expect(state).toMatchObject({
      mode: 'compare',
      selection: ['A', 'B'],
      file: 'f1:f2',
      diffTab: 'sheets',
      sheet: 'Inputs',
      page: 3,
      cell: 'C12',
      pane: 'single',
    });
    expect(versionUrlParams(state).toString()).toBe(link);
  });

  it('falls back to the lineage tree when the link has too few versions for its mode', () => {
    expect(parse('mode=compare&a=A').mode).toBe('lineage');
    expect(parse('mode=history').mode).toBe('lineage');
    expect(parse('mode=history&a=A').mode).toBe('history');
  });

  it('ignores what is not a cell address or a page', () => {
    const state = parse('mode=compare&a=A&b=B&file=x&cell=<script>&page=-4');
    expect(state.cell).toBeUndefined();
    expect(state.page).toBe(1);
  });

  it('keeps the file-level state out of the link outside compare mode', () => {
    const state = { ...parse('a=A&b=B&file=x&sheet=S'), mode: 'history' as const };
    expect(versionUrlParams(state).toString()).toBe('tab=version&mode=history&a=A&b=B');
  });
});

describe('picking versions', () => {
  const start = parse('');

  it('toggles a version on and off', () => {
    const once = toggleVersion(start, 'A');
    expect(once.selection).toEqual(['A']);
    expect(toggleVersion(once, 'A').selection).toEqual([]);
  });

  it('holds at most two: a third pick replaces the second', () => {
    const two = toggleVersion(toggleVersion(start, 'A'), 'B');
    expect(toggleVersion(two, 'C').selection).toEqual(['A', 'C']);
  });

  it('leaves compare when a version is unpicked, and forgets the file of the old pair', () => {
    const comparing = { ...parse('mode=compare&a=A&b=B&file=x&sheet=S&cell=B2'), mode: 'compare' as const };
    const after = toggleVersion(comparing, 'B');
    expect(after.mode).toBe('lineage');
    expect(after.file).toBeUndefined();
    expect(after.sheet).toBeUndefined();
    expect(after.cell).toBeUndefined();
  });
});
