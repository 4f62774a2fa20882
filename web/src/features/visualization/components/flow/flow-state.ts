import type { DisplayScenarios } from '@shared/schemas/instance-api';
import { hasResults, type InstanceStatus } from '@shared/sub-models/instances';
import type { SubModelType } from '@shared/sub-models/sub-model';

/**
 * The visualization flow's rules and texts (spec 001 §2 visualization flow, §4, §5, §8, §9), pure so
 * that the pages stay thin and these are tested on their own. The flow keeps its state in the URL:
 * step 1 its selection (`selected`), step 2 the ordered scenarios (`scenarios`) and the analysis being
 * changed (`analysis`), step 3 the analysis in the path. Each step is a deep link that survives a reload.
 */

export const FLOW_TEXTS = {
  steps: ['Model Detail', 'Scenario selection', 'Setting Display Parameters', 'Dynamic data visualization'],
  showOnly: 'Show Only',
  noScenario: 'No scenario was found',
  noSelection: 'Unable to proceed. No scenario has been selected.',
  failedExecution: 'Failed to create an execution',
  invalidParametersTitle: 'Parameters are not valid',
  invalidParametersText: 'Parameters have to fixed before you can execute visualization.',
  unfinished: 'Can not fetch results from unfinished scenario.',
  invalidTestData: 'Invalid data structure. ',
  saved: 'Analysis Saved',
  updated: 'Analysis Updated',
  discard: 'Discard Changes',
  proceed: 'Save & Proceed',
  create: 'Create Data Visualization',
  downloadFiles: 'Download files',
  emailSent: 'Email has been sent',
  saveProgress: 'Save Progress',
  saveAsNew: 'Save as new',
  updateCurrent: 'Update current',
  /** Ours: the spec names the action, not its confirmation. */
  progressSaved: 'Progress saved',
  /** Ours: where Save Progress drafts are found again (Show Only: Saved Analyses). */
  drafts: 'Saved progress',
  /** Ours: the spec names the conditions, not these words. */
  notTickable: 'Only completed, accepted or superseded instances can be displayed',
  otherDisplay: 'This instance belongs to a sub-model with another display sub-model',
  noDisplay: 'This sub-model has no display sub-model',
  noDisplayInput: 'The display sub-model has no input definition.',
  failedRun: 'The visualization could not be generated.',
} as const;

export const SHOW_ONLY = [
  { key: 'all', label: 'All Instances' },
  { key: 'mine', label: 'All My Instances' },
  { key: 'completed', label: 'Completed Scenarios' },
  { key: 'saved', label: 'Saved Analyses' },
] as const;
export type ShowOnly = (typeof SHOW_ONLY)[number]['key'];

export const isShowOnly = (value: string | null): value is ShowOnly => SHOW_ONLY.some((s) => s.key === value);

/** Only finished instances can be ticked or have results fetched (§4 step 1). */
export const isTickable = (status: InstanceStatus) => hasResults(status);

/** Ids travel comma-separated in the URL; empty parts and repeats are dropped, the order is kept. */
export function parseIds(text: string | null | undefined): string[] {
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^[A-Za-z0-9_-]{1,64}$/.test(s)),
    ),
  ];
}

export const joinIds = (ids: readonly string[]) => (ids.length > 0 ? ids.join(',') : undefined);

/** The displayed scenarios in the table's order, numbered from 1 (§2 step 2). */
export const toDisplayScenarios = (
  ids: readonly string[],
  labels: ReadonlyMap<string, string | undefined> = new Map(),
): DisplayScenarios =>
  ids.map((id, i) => {
    const label = labels.get(id);
    return { id, order: i + 1, ...(label ? { label } : {}) };
  });

/** Moves the item at `from` to `to` (the drag-reorderable table, and its keyboard buttons). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** What an analysis is of: all its scenarios calibration instances, all scenario instances, or mixed. */
export function analysisKind(types: readonly SubModelType[]): 'calibration' | 'scenario' | undefined {
  if (types.length === 0) return undefined;
  if (types.every((t) => t === 'calibration')) return 'calibration';
  if (types.every((t) => t === 'scenario')) return 'scenario';
  return undefined;
}

/** §2 step 3: the result's title, else Calibration Analysis, Scenario Analysis or Analysis. */
export function pageTitleOf(resultTitle: string | undefined, kind: 'calibration' | 'scenario' | undefined) {
  if (resultTitle?.trim()) return resultTitle.trim();
  return kind === 'calibration'
    ? 'Calibration Analysis'
    : kind === 'scenario'
      ? 'Scenario Analysis'
      : 'Analysis';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** §4: 'Calibration Analysis' or 'Scenario Analysis' plus a timestamp (local time, to the second). */
export function defaultAnalysisName(kind: 'calibration' | 'scenario' | undefined, now = new Date()): string {
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return `${kind === 'calibration' ? 'Calibration Analysis' : 'Scenario Analysis'} ${stamp}`;
}

/** §9: the progress message names timeoutSeconds/60 minutes rounded, or 'few'. */
export function progressMessage(timeoutSeconds: number | undefined): string {
  const minutes = timeoutSeconds ? Math.round(timeoutSeconds / 60) : 0;
  return `The visualization is being generated. This may take up to ${minutes > 0 ? minutes : 'few'} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Where a Save Progress draft reopens: a draft that never ran at step 2 with its scenarios in order
 * (its values are the step's parameters), one that ran at step 3.
 */
export function draftStep(draft: {
  status: InstanceStatus;
  displayScenarios?: DisplayScenarios | undefined;
}): { step: 2 | 3; scenarios: string[] } {
  const scenarios = [...(draft.displayScenarios ?? [])].sort((a, b) => a.order - b.order).map((s) => s.id);
  return { step: draft.status === 'DRAFT' ? 2 : 3, scenarios };
}

/** Save Progress (§4): only while the analysis is a draft or absent and at least one instance is ticked. */
export const canSaveProgress = (status: InstanceStatus | undefined, ticked: number) =>
  ticked > 0 && (status === undefined || status === 'DRAFT');
