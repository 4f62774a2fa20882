import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { type DefinitionIssue, validateTemplate } from '@shared/sub-models/model-input';
import {
  changeColumnDataType,
  changeRangeDataType,
  type DefinitionOf,
  newArrayColumn,
  newParameterDefinition,
} from '@shared/sub-models/parameter-definition';
import {
  CONTROLLER_TYPES,
  type ColumnDataType,
  type ControlType,
  type ParameterType,
  type RangeDataType,
} from '@shared/sub-models/parameter-types';

/**
 * The state of the template editor (spec 001 §2 "Input definition editor", §3, §5): the list of
 * parameter definitions as the user is writing them. Drafts are loose (a half-typed min may be NaN, a
 * required text empty); the shared TemplateSchema judges them (`templateIssues`) with the spec's
 * messages at their paths, and the editor rules of §4 ("selecting a single-select option clears the
 * others", "changing a range's data type resets", "changing a column's data type rebuilds it") are the
 * shared helpers applied here. Every function returns new objects (React state).
 */

export interface DraftOption {
  key: string;
  text: string;
  selected: boolean;
}
export interface DraftBounds {
  min?: number | string;
  max?: number | string;
  defaultValue?: number | string;
}
/** An array column (text, required, dataType, length, min, max, defaultValue) or a selector column (key, text, cellText). */
export interface DraftColumn {
  text: string;
  key?: string;
  required?: boolean;
  dataType?: ColumnDataType;
  length?: number;
  min?: number | string;
  max?: number | string;
  defaultValue?: (string | number | null)[];
  cellText?: string[];
}
export interface DraftParameter {
  id: string;
  type: ParameterType;
  categoryId?: string;
  name: string;
  title: string;
  question: string;
  visible?: boolean;
  required?: boolean;
  viewable?: boolean;
  controlType?: ControlType;
  controlledBy?: { id: string; value: string | boolean };
  expertiseLevel?: number;
  length?: number;
  defaultValue?: string | number | boolean;
  min?: number | string;
  max?: number | string;
  options?: DraftOption[];
  dataType?: RangeDataType;
  from?: DraftBounds;
  to?: DraftBounds;
  rowDescription?: string;
  rows?: { text: string }[];
  columns?: DraftColumn[];
  size?: number;
  files?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export type ParsedTemplate = { ok: true; definitions: DraftParameter[] } | { ok: false; message: string };

/** A stored template value (JSON text `{"definitions": [...]}`) as drafts. */
export function parseTemplateValue(value: string): ParsedTemplate {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { ok: false, message: SUB_MODEL_MESSAGES.invalidDataStructure };
  }
  if (!isObject(parsed) || Array.isArray(parsed))
    return { ok: false, message: SUB_MODEL_MESSAGES.invalidDataStructure };
  const definitions = parsed.definitions ?? [];
  if (!Array.isArray(definitions) || !definitions.every((d) => isObject(d) && !Array.isArray(d)))
    return { ok: false, message: SUB_MODEL_MESSAGES.invalidDataStructure };
  return { ok: true, definitions: definitions as unknown as DraftParameter[] };
}

/** The stored text of drafts. NaN (a number being typed) is stored as null, which the rules report. */
export const templateValue = (definitions: readonly DraftParameter[]) => JSON.stringify({ definitions });

/** The problems of the drafts, as the shared TemplateSchema reports them. */
export function templateIssues(definitions: readonly DraftParameter[]): DefinitionIssue[] {
  const check = validateTemplate({ definitions });
  return check.valid ? [] : check.issues;
}

/** The first message per path ('definitions.3.min'). */
export function issuesByPath(issues: readonly DefinitionIssue[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const issue of issues) if (!map.has(issue.path)) map.set(issue.path, issue.message);
  return map;
}

/** Whether parameter `index` has a problem (for the marker in the parameter list). */
export const parameterHasIssues = (issues: readonly DefinitionIssue[], index: number) =>
  issues.some((i) => i.path === `definitions.${index}` || i.path.startsWith(`definitions.${index}.`));

/** A fresh id: 'p' and the lowest number no parameter uses. */
export function nextParameterId(definitions: readonly Pick<DraftParameter, 'id'>[]): string {
  const used = new Set(definitions.map((d) => d.id));
  let n = definitions.length + 1;
  while (used.has(`p${n}`)) n++;
  return `p${n}`;
}

export function addParameter(
  definitions: readonly DraftParameter[],
  type: ParameterType = 'STRING',
): DraftParameter[] {
  return [...definitions, newParameterDefinition(type, nextParameterId(definitions)) as DraftParameter];
}

export function removeParameter(definitions: readonly DraftParameter[], index: number): DraftParameter[] {
  const removed = definitions[index];
  return definitions
    .filter((_, i) => i !== index)
    .map((d) =>
      // A parameter controlled by the removed one loses its control (it would point nowhere).
      removed && d.controlledBy?.id === removed.id ? withoutControl(d) : d,
    );
}

export function moveParameter(
  definitions: readonly DraftParameter[],
  index: number,
  by: -1 | 1,
): DraftParameter[] {
  const target = index + by;
  if (target < 0 || target >= definitions.length) return [...definitions];
  const next = [...definitions];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

const withoutControl = (d: DraftParameter): DraftParameter => {
  const { controlType: _t, controlledBy: _c, ...rest } = d;
  return rest;
};

/**
 * A new type keeps what every parameter has (names, texts, flags, category, level, control) and takes
 * the type's own parts with the defaults of §3.
 */
export function changeParameterType(d: DraftParameter, type: ParameterType): DraftParameter {
  if (d.type === type) return d;
  const fresh = newParameterDefinition(type, d.id) as DraftParameter;
  return {
    ...fresh,
    categoryId: d.categoryId,
    name: d.name,
    title: d.title,
    question: d.question,
    visible: d.visible,
    required: d.required,
    viewable: d.viewable,
    expertiseLevel: d.expertiseLevel,
    ...(d.controlType ? { controlType: d.controlType } : {}),
    ...(d.controlledBy ? { controlledBy: d.controlledBy } : {}),
  };
}

/** Sets or clears the control: no control type means no controlled-by either. */
export function setControlType(d: DraftParameter, controlType: ControlType | undefined): DraftParameter {
  if (!controlType) return withoutControl(d);
  return { ...d, controlType, controlledBy: d.controlledBy ?? { id: '', value: '' } };
}

/** The parameters that may control `self`: boolean, single and multi select parameters other than itself. */
export function controllerCandidates(
  definitions: readonly DraftParameter[],
  self: Pick<DraftParameter, 'id'>,
): DraftParameter[] {
  return definitions.filter(
    (d) => d.id !== self.id && (CONTROLLER_TYPES as readonly string[]).includes(d.type),
  );
}

/** The values a controller can take: true/false, or its option keys. */
export function controllerValues(
  controller: DraftParameter | undefined,
): { label: string; value: string | boolean }[] {
  if (!controller) return [];
  if (controller.type === 'BOOLEAN')
    return [
      { label: 'true', value: true },
      { label: 'false', value: false },
    ];
  return (controller.options ?? [])
    .filter((o) => o.key.trim() !== '')
    .map((o) => ({ label: o.text ? `${o.text} (${o.key})` : o.key, value: o.key }));
}

/** Choosing a controller resets the value to the controller's first value. */
export function setController(d: DraftParameter, controller: DraftParameter | undefined): DraftParameter {
  return {
    ...d,
    controlledBy: { id: controller?.id ?? '', value: controllerValues(controller)[0]?.value ?? '' },
  };
}

// ---------- type-specific parts ----------

/** §4: a single select keeps one option selected; a multi select toggles. */
export function toggleOption(d: DraftParameter, index: number): DraftParameter {
  const options = d.options ?? [];
  const option = options[index];
  if (!option) return d;
  if (d.type === 'SINGLE_SELECT') {
    // Unticking the selected option leaves none selected; ticking one clears the others (§4).
    if (option.selected)
      return { ...d, options: options.map((o, i) => (i === index ? { ...o, selected: false } : o)) };
    // By position rather than selectOption's key: keys may still be blank or repeated while typing.
    return { ...d, options: options.map((o, i) => ({ ...o, selected: i === index })) };
  }
  return { ...d, options: options.map((o, i) => (i === index ? { ...o, selected: !o.selected } : o)) };
}

/** §4: changing a range's data type resets min, max and default of from and to. */
export function setRangeDataType(d: DraftParameter, dataType: RangeDataType): DraftParameter {
  return changeRangeDataType(d as DefinitionOf<'RANGE'>, dataType) as DraftParameter;
}

/** §4: changing an array column's data type rebuilds the column with blank defaults. */
export function setColumnDataType(
  d: DraftParameter,
  index: number,
  dataType: ColumnDataType,
): DraftParameter {
  const rows = d.rows?.length ?? 0;
  return {
    ...d,
    columns: (d.columns ?? []).map((c, i) =>
      i === index
        ? changeColumnDataType(
            { ...newArrayColumn(rows), ...c } as ReturnType<typeof newArrayColumn>,
            dataType,
            rows,
          )
        : c,
    ),
  };
}

/** A new row: array columns get a blank default, selector columns an empty cell text. */
export function addRow(d: DraftParameter): DraftParameter {
  const columns = (d.columns ?? []).map((c) =>
    d.type === 'SELECTOR'
      ? { ...c, cellText: [...(c.cellText ?? []), ''] }
      : { ...c, defaultValue: [...(c.defaultValue ?? []), null] },
  );
  return { ...d, rows: [...(d.rows ?? []), { text: '' }], columns };
}

export function removeRow(d: DraftParameter, index: number): DraftParameter {
  const drop = <T>(list: T[] | undefined) => (list ?? []).filter((_, i) => i !== index);
  const columns = (d.columns ?? []).map((c) =>
    d.type === 'SELECTOR'
      ? { ...c, cellText: drop(c.cellText) }
      : { ...c, defaultValue: drop(c.defaultValue) },
  );
  return { ...d, rows: drop(d.rows), columns };
}

export function addColumn(d: DraftParameter): DraftParameter {
  const rows = d.rows?.length ?? 0;
  const column: DraftColumn =
    d.type === 'SELECTOR'
      ? { key: '', text: '', cellText: Array.from({ length: rows }, () => '') }
      : (newArrayColumn(rows) as DraftColumn);
  return { ...d, columns: [...(d.columns ?? []), column] };
}

export function removeColumn(d: DraftParameter, index: number): DraftParameter {
  return { ...d, columns: (d.columns ?? []).filter((_, i) => i !== index) };
}

export function addOption(d: DraftParameter): DraftParameter {
  return { ...d, options: [...(d.options ?? []), { key: '', text: '', selected: false }] };
}

export function removeOption(d: DraftParameter, index: number): DraftParameter {
  return { ...d, options: (d.options ?? []).filter((_, i) => i !== index) };
}

/** Replaces item `index` of a list field with `patch` applied. */
export function patchAt<T>(list: readonly T[] | undefined, index: number, patch: Partial<T>): T[] {
  return (list ?? []).map((item, i) => (i === index ? { ...item, ...patch } : item));
}

/** The bounds of a number or date field: a date type keeps text, others numbers. */
export const isDateKind = (kind: string | undefined) => kind === 'DATE';
