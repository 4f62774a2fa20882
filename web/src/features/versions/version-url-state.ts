import { useUrlState } from '../../lib/use-url-state';

/** The three modes of the Version Control tab (000 §4 "Version view modes"). */
export type VersionMode = 'lineage' | 'compare' | 'history';
/** The tabs of a spreadsheet comparison (000 §2). */
export type SheetDiffTab = 'overview' | 'sheets' | 'macros';
export type PaneView = 'single' | 'double';

/**
 * Everything the Version Control tab shows, kept in the URL so a reload or a link pasted into an
 * e-mail opens the same comparison: `?tab=version&mode=compare&a=…&b=…&file=…&sheet=…&cell=…`.
 * `a` and `b` are the selected versions (entry uuids) in the order they were picked; `file` is the
 * compared file pair (`<fileUuid>:<otherFileUuid>`, either side empty for an added or removed file).
 */
export interface VersionUrlState {
  mode: VersionMode;
  selection: string[];
  file?: string;
  diffTab: SheetDiffTab;
  sheet?: string;
  /** 1-based page of 200 rows. */
  page: number;
  /** The cell in focus, A1 notation. */
  cell?: string;
  pane: PaneView;
  macro?: string;
}

const MODES: readonly VersionMode[] = ['lineage', 'compare', 'history'];
const DIFF_TABS: readonly SheetDiffTab[] = ['overview', 'sheets', 'macros'];
const CELL = /^[A-Z]{1,3}[1-9]\d{0,6}$/;

/** The mode a selection allows: compare needs exactly two versions, history at least one. */
export function allowedMode(mode: VersionMode, selection: readonly string[]): VersionMode {
  if (mode === 'compare' && selection.length !== 2) return 'lineage';
  if (mode === 'history' && selection.length < 1) return 'lineage';
  return mode;
}

export function parseVersionUrl(params: URLSearchParams): VersionUrlState {
  const selection = [params.get('a'), params.get('b')].filter(
    (v, i, all): v is string => !!v && all.indexOf(v) === i,
  );
  const requested = params.get('mode');
  const mode = allowedMode(
    MODES.includes(requested as VersionMode) ? (requested as VersionMode) : 'lineage',
    selection,
  );
  const diffTab = params.get('view');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const cell = params.get('cell')?.toUpperCase();
  return {
    mode,
    selection,
    file: params.get('file') || undefined,
    diffTab: DIFF_TABS.includes(diffTab as SheetDiffTab) ? (diffTab as SheetDiffTab) : 'overview',
    sheet: params.get('sheet') || undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
    cell: cell && CELL.test(cell) ? cell : undefined,
    pane: params.get('pane') === 'single' ? 'single' : 'double',
    macro: params.get('macro') || undefined,
  };
}

/** Writes the state; defaults are left out so links stay short. `tab=version` keeps the tab open. */
export function versionUrlParams(state: VersionUrlState): URLSearchParams {
  const params = new URLSearchParams({ tab: 'version' });
  const set = (key: string, value: string | undefined) => {
    if (value) params.set(key, value);
  };
  if (state.mode !== 'lineage') params.set('mode', state.mode);
  set('a', state.selection[0]);
  set('b', state.selection[1]);
  if (state.mode === 'compare') {
    set('file', state.file);
    if (state.file) {
      if (state.diffTab !== 'overview') params.set('view', state.diffTab);
      set('sheet', state.sheet);
      if (state.page > 1) params.set('page', String(state.page));
      set('cell', state.cell);
      if (state.pane === 'single') params.set('pane', 'single');
      set('macro', state.macro);
    }
  }
  return params;
}

/**
 * A click on a version toggles it (000 §4 "Selecting toggles"). The selection holds at most two: a
 * third pick replaces the second. A mode the new selection no longer allows falls back to lineage.
 */
export function toggleVersion(state: VersionUrlState, uuid: string): VersionUrlState {
  const picked = state.selection.includes(uuid)
    ? state.selection.filter((v) => v !== uuid)
    : state.selection.length < 2
      ? [...state.selection, uuid]
      : [state.selection[0] as string, uuid];
  const changedPair = picked.join() !== state.selection.join();
  return {
    ...state,
    selection: picked,
    mode: allowedMode(state.mode, picked),
    // Another pair of versions has other files: the file-level state would point nowhere.
    ...(changedPair ? { file: undefined, sheet: undefined, cell: undefined, macro: undefined, page: 1 } : {}),
  };
}

export const useVersionUrlState = () => useUrlState(parseVersionUrl, versionUrlParams);
