// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID, parseGridUrl, patchGrid, toGridParams, toListQuery } from './list-url-state';

const parse = (query: string) => parseGridUrl(new URLSearchParams(query));

describe('instance grid state in the URL (spec 001 §2, §9)', () => {
  it('defaults to page 0, 20 rows, created on descending, no search and no filter', () => {
    expect(parse('')).toEqual(DEFAULT_GRID);
    expect(DEFAULT_GRID).toMatchObject({ page: 0, pageSize: 20, orderBy: 'createdOn', orderDesc: true });
    expect(toGridParams(DEFAULT_GRID).toString()).toBe('');
  });

  it('keeps search, filters, page, rows, order and the selected instance through a round trip', () => {
    const state = parse(
      'q=base&status=DRAFT,FAILED&name=Run%201&creator=owner,lead&month=3&page=3&size=50&sort=name&order=asc&instance=01X',
    );
    expect(state).toEqual({
      query: 'base',
      status: ['DRAFT', 'FAILED'],
      name: 'Run 1',
      createdBy: ['owner', 'lead'],
      createdOnMonth: 3,
      page: 2,
      pageSize: 50,
      orderBy: 'name',
      orderDesc: false,
      selected: '01X',
    });
    expect(parse(toGridParams(state).toString())).toEqual(state);
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(parse('status=DONE,DRAFT&size=30&sort=label&month=13&page=-2')).toEqual({
      ...DEFAULT_GRID,
      status: ['DRAFT'],
    });
  });

  it('offers the page sizes 10, 20, 50 and 100', () => {
    for (const size of [10, 20, 50, 100]) expect(parse(`size=${size}`).pageSize).toBe(size);
    expect(parse('size=1000').pageSize).toBe(20);
  });

  it('goes back to the first page when the search, a filter, the rows or the order change', () => {
    const onPage3 = { ...DEFAULT_GRID, page: 2 };
    expect(patchGrid(onPage3, { query: 'x' }).page).toBe(0);
    expect(patchGrid(onPage3, { status: ['DRAFT'] }).page).toBe(0);
    expect(patchGrid(onPage3, { createdOnMonth: 5 }).page).toBe(0);
    expect(patchGrid(onPage3, { pageSize: 50 }).page).toBe(0);
    expect(patchGrid(onPage3, { orderBy: 'name' }).page).toBe(0);
    expect(patchGrid(onPage3, { selected: '01X' }).page).toBe(2);
    expect(patchGrid({ ...onPage3, name: 'a' }, { name: undefined })).not.toHaveProperty('name');
  });

  it('asks the server for an offset: page 3 of 20 rows starts at row 40', () => {
    const query = toListQuery('01SUB', {
      ...DEFAULT_GRID,
      page: 2,
      status: ['COMPLETED'],
      createdOnMonth: 12,
    });
    expect(query).toEqual({
      executionSetupId: '01SUB',
      pageIndex: 40,
      pageSize: 20,
      orderBy: 'createdOn',
      orderDesc: true,
      status: ['COMPLETED'],
      createdOnMonth: 12,
    });
  });
});
