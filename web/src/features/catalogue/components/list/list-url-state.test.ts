// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { listQueryString } from '../../../../api/models';
import { DEFAULT_QUERY, parseListUrl, toSearchParams, withQueryPatch } from './list-url-state';

const parse = (search: string) => parseListUrl(new URLSearchParams(search));

describe('model list URL state', () => {
  it('defaults to the table, all entries, newest first, Draft + Published, 10 a page', () => {
    const state = parse('');
    expect(state.tab).toBe('table');
    expect(state.query).toEqual(DEFAULT_QUERY);
    expect(state.query.status).toEqual(['DRAFT', 'PUBLISHED']);
    expect(toSearchParams(state).toString()).toBe('');
  });

  it('reads and writes every choice so that a reload keeps it', () => {
    const search =
      'view=dynamic&entries=mine&q=lung+cancer&sort=name&order=asc&page=3&size=50&status=RETIRED&type=CEM&area=Oncology%2CVaccines&platform=Oncology&model=m-1&f_therapeutic_area=Oncology';
    const state = parse(search);
    expect(state).toEqual({
      tab: 'dynamic',
      selected: 'm-1',
      query: {
        view: 'mine',
        search: 'lung cancer',
        sort: 'name',
        order: 'asc',
        page: 2,
        pageSize: 50,
        status: ['RETIRED'],
        modelType: ['CEM'],
        therapeuticArea: ['Oncology', 'Vaccines'],
        platform: ['Oncology'],
      },
      filters: expect.objectContaining({ therapeutic_area: ['Oncology'], disease: [] }),
    });
    expect(parse(toSearchParams(state).toString())).toEqual(state);
  });

  it('falls back to defaults for values it does not know', () => {
    const state = parse('sort=password&order=up&page=-4&size=7&status=BOGUS&platform=Mars&view=grid');
    expect(state.tab).toBe('table');
    expect(state.query).toEqual(DEFAULT_QUERY);
  });

  it('goes back to the first page when the search, a filter, the sort or the view changes', () => {
    const onPage3 = parse('page=3&q=old');
    expect(withQueryPatch(onPage3, { search: 'new' }).query.page).toBe(0);
    expect(withQueryPatch(onPage3, { status: ['RETIRED'] }).query.page).toBe(0);
    expect(withQueryPatch(onPage3, { view: 'mine' }).query.page).toBe(0);
    expect(withQueryPatch(onPage3, { sort: 'status' }).query.page).toBe(0);
    expect(withQueryPatch(onPage3, { page: 4 }).query.page).toBe(4);
    expect(withQueryPatch(onPage3, { search: '' }).query).not.toHaveProperty('search');
  });

  it('sends lists comma-separated to GET /v2/models', () => {
    expect(
      listQueryString({ ...DEFAULT_QUERY, search: ' heart ', modelType: ['CEM', 'BIM'], platform: [] }),
    ).toEqual({
      view: 'all',
      search: 'heart',
      sort: 'createdOn',
      order: 'desc',
      status: 'DRAFT,PUBLISHED',
      modelType: 'CEM,BIM',
      therapeuticArea: undefined,
      platform: undefined,
      page: 0,
      pageSize: 10,
    });
  });
});
