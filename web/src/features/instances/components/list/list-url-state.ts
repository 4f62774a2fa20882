import { INSTANCE_ORDER_BY, type InstanceOrderBy } from '@shared/schemas/instance-api';
import { INSTANCE_STATUSES, type InstanceStatus } from '@shared/sub-models/instances';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import type { InstanceListQuery } from '../../api/instances-api';

/**
 * The instance list keeps its grid state in the URL query (spec 001 §2: page 0, 20 rows, order,
 * search, filters), so that a reload or a shared link shows the same screen:
 *   q · status · name · creator · month · page (1-based) · size · sort · order · instance (selected).
 * Defaults are left out. Unknown or invalid values fall back to the defaults.
 */
export interface InstanceGridState {
  query?: string;
  status: InstanceStatus[];
  name?: string;
  createdBy: string[];
  createdOnMonth?: number;
  /** 0-based page. */
  page: number;
  pageSize: number;
  orderBy: InstanceOrderBy;
  orderDesc: boolean;
  selected?: string;
}

export const PAGE_SIZES: readonly number[] = SUB_MODEL_LIMITS.pageSizeOptions;

/** §9: page 0, 20 rows; "default sort created on descending". */
export const DEFAULT_GRID: InstanceGridState = {
  status: [],
  createdBy: [],
  page: 0,
  pageSize: SUB_MODEL_LIMITS.instancePageSize,
  orderBy: 'createdOn',
  orderDesc: true,
};

const list = (params: URLSearchParams, key: string) =>
  (params.get(key) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) ? n : undefined;
};

export function parseGridUrl(params: URLSearchParams): InstanceGridState {
  const status = list(params, 'status').filter((s): s is InstanceStatus =>
    (INSTANCE_STATUSES as readonly string[]).includes(s),
  );
  const page = positiveInt(params.get('page'));
  const size = positiveInt(params.get('size'));
  const month = positiveInt(params.get('month'));
  const sort = params.get('sort');
  const query = params.get('q')?.trim();
  const name = params.get('name') ?? undefined;
  const selected = params.get('instance') ?? undefined;
  return {
    status,
    createdBy: list(params, 'creator'),
    page: page !== undefined && page > 1 ? page - 1 : 0,
    pageSize: size !== undefined && PAGE_SIZES.includes(size) ? size : DEFAULT_GRID.pageSize,
    orderBy: (INSTANCE_ORDER_BY as readonly string[]).includes(sort ?? '')
      ? (sort as InstanceOrderBy)
      : DEFAULT_GRID.orderBy,
    orderDesc: params.has('order') ? params.get('order') !== 'asc' : DEFAULT_GRID.orderDesc,
    ...(query ? { query } : {}),
    ...(name ? { name } : {}),
    ...(month !== undefined && month >= 1 && month <= 12 ? { createdOnMonth: month } : {}),
    ...(selected ? { selected } : {}),
  };
}

export function toGridParams(state: InstanceGridState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.query) p.set('q', state.query);
  if (state.status.length > 0) p.set('status', state.status.join(','));
  if (state.name) p.set('name', state.name);
  if (state.createdBy.length > 0) p.set('creator', state.createdBy.join(','));
  if (state.createdOnMonth) p.set('month', String(state.createdOnMonth));
  if (state.page > 0) p.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_GRID.pageSize) p.set('size', String(state.pageSize));
  if (state.orderBy !== DEFAULT_GRID.orderBy || state.orderDesc !== DEFAULT_GRID.orderDesc) {
    p.set('sort', state.orderBy);
    p.set('order', state.orderDesc ? 'desc' : 'asc');
  }
  if (state.selected) p.set('instance', state.selected);
  return p;
}

export type GridPatch = Partial<Omit<InstanceGridState, 'selected'>> & { selected?: string | undefined };

/** A change of search, filters, page size or order goes back to the first page. */
export function patchGrid(state: InstanceGridState, patch: GridPatch): InstanceGridState {
  const resetsPage = (
    ['query', 'status', 'name', 'createdBy', 'createdOnMonth', 'pageSize', 'orderBy', 'orderDesc'] as const
  ).some((k) => k in patch);
  const next: InstanceGridState = { ...state, ...(resetsPage ? { page: 0 } : {}), ...patch };
  for (const key of ['query', 'name', 'createdOnMonth', 'selected'] as const) {
    if (next[key] === undefined || next[key] === '') delete next[key];
  }
  return next;
}

/** The server query of a grid state for one sub-model. */
export function toListQuery(executionSetupId: string, state: InstanceGridState): InstanceListQuery {
  return {
    executionSetupId,
    pageIndex: state.page * state.pageSize,
    pageSize: state.pageSize,
    orderBy: state.orderBy,
    orderDesc: state.orderDesc,
    ...(state.status.length > 0 ? { status: state.status } : {}),
    ...(state.createdBy.length > 0 ? { createdBy: state.createdBy } : {}),
    ...(state.name ? { name: state.name } : {}),
    ...(state.createdOnMonth ? { createdOnMonth: state.createdOnMonth } : {}),
    ...(state.query ? { query: state.query } : {}),
  };
}
