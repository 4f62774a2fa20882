import { ModelStatusSchema, PlatformSchema } from '@shared/schemas/model';
import {
  DYNAMIC_FACETS,
  type DynamicFacet,
  type DynamicFilters,
  type ListModelsQuery,
  ListSortSchema,
} from '@shared/schemas/model-api';
import { normalizeFilters } from '../../../../api/models';

/**
 * The model list keeps everything a user chose in the URL query, so that a reload or a shared link
 * shows the same screen:
 *   view=dynamic · entries=mine · q · sort · order · page (1-based) · size · status · type · area ·
 *   platform · model (the selected entry) · f_<facet> (Dynamic View filters).
 * Defaults are left out of the URL. Unknown or invalid values fall back to the defaults.
 */
export type ModelsTab = 'table' | 'dynamic';

export interface ListUrlState {
  tab: ModelsTab;
  query: ListModelsQuery;
  selected?: string;
  filters: DynamicFilters;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_STATUSES: ListModelsQuery['status'] = ['DRAFT', 'PUBLISHED'];
export const DEFAULT_QUERY: ListModelsQuery = {
  view: 'all',
  sort: 'createdOn',
  order: 'desc',
  status: DEFAULT_STATUSES,
  page: 0,
  pageSize: 10,
};

const list = (params: URLSearchParams, key: string) =>
  (params.get(key) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

export function parseListUrl(params: URLSearchParams): ListUrlState {
  const status = list(params, 'status').filter((s) => ModelStatusSchema.safeParse(s).success);
  const platform = list(params, 'platform').filter((p) => PlatformSchema.safeParse(p).success);
  const modelType = list(params, 'type');
  const therapeuticArea = list(params, 'area');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const search = params.get('q')?.trim();
  const query: ListModelsQuery = {
    view: params.get('entries') === 'mine' ? 'mine' : 'all',
    sort: oneOf(params.get('sort'), ListSortSchema.options) ?? DEFAULT_QUERY.sort,
    order: oneOf(params.get('order'), ['asc', 'desc'] as const) ?? DEFAULT_QUERY.order,
    status: status.length > 0 ? (status as ListModelsQuery['status']) : DEFAULT_STATUSES,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_QUERY.pageSize,
    ...(search ? { search } : {}),
    ...(modelType.length > 0 ? { modelType } : {}),
    ...(therapeuticArea.length > 0 ? { therapeuticArea } : {}),
    ...(platform.length > 0 ? { platform: platform as ListModelsQuery['platform'] } : {}),
  };
  const filters = normalizeFilters(
    Object.fromEntries(
      DYNAMIC_FACETS.map((f) => {
        const value = params.get(`f_${f}`);
        return [f, value ? [value] : []];
      }),
    ) as Partial<Record<DynamicFacet, string[]>>,
  );
  const selected = params.get('model') ?? undefined;
  return {
    tab: params.get('view') === 'dynamic' ? 'dynamic' : 'table',
    query,
    filters,
    ...(selected ? { selected } : {}),
  };
}

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).join(',') === (b ?? []).join(',');

export function toSearchParams(state: ListUrlState): URLSearchParams {
  const p = new URLSearchParams();
  const q = state.query;
  if (state.tab === 'dynamic') p.set('view', 'dynamic');
  if (q.view === 'mine') p.set('entries', 'mine');
  if (q.search) p.set('q', q.search);
  if (q.sort !== DEFAULT_QUERY.sort || q.order !== DEFAULT_QUERY.order) {
    p.set('sort', q.sort);
    p.set('order', q.order);
  }
  if (q.page > 0) p.set('page', String(q.page + 1));
  if (q.pageSize !== DEFAULT_QUERY.pageSize) p.set('size', String(q.pageSize));
  if (q.status && q.status.length > 0 && !sameList(q.status, DEFAULT_STATUSES))
    p.set('status', q.status.join(','));
  if (q.modelType?.length) p.set('type', q.modelType.join(','));
  if (q.therapeuticArea?.length) p.set('area', q.therapeuticArea.join(','));
  if (q.platform?.length) p.set('platform', q.platform.join(','));
  if (state.selected) p.set('model', state.selected);
  for (const f of DYNAMIC_FACETS) {
    const value = state.filters[f][0];
    if (value) p.set(`f_${f}`, value);
  }
  return p;
}

/**
 * A change of search, filters, view or page size goes back to the first page; a change of the
 * query deselects nothing (the sidebar keeps following the chosen entry).
 */
export function withQueryPatch(state: ListUrlState, patch: Partial<ListModelsQuery>): ListUrlState {
  const resetsPage = (
    [
      'search',
      'status',
      'modelType',
      'therapeuticArea',
      'platform',
      'view',
      'pageSize',
      'sort',
      'order',
    ] as const
  ).some((k) => k in patch);
  const query = { ...state.query, ...(resetsPage ? { page: 0 } : {}), ...patch };
  if (!query.search) delete query.search;
  return { ...state, query };
}
