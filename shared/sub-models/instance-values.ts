import {
  type Converted,
  compareBounded,
  convert,
  formatDate,
  isEmptyValue,
  kindOf,
  toBoolean,
  toText,
} from './converters';
import { FORM_MESSAGES, SUB_MODEL_MESSAGES } from './messages';
import { type InputDefinitionType, validateTemplate } from './model-input';
import type { ArrayColumn, ParameterDefinition } from './parameter-definition';
import { type BoundedType, DEFAULT_EXPERTISE_LEVEL } from './parameter-types';

/**
 * Run-time inputs (spec 001 §5): the values of an instance for a template input definition.
 *
 * Values are a JSON object keyed by each parameter's variable name (`name`):
 * STRING, LABEL: string · BOOLEAN: boolean · INTEGER, REAL_NUMBER, DECIMAL: number · DATE: 'yyyy-MM-dd'
 * · SINGLE_SELECT: an option key · MULTI_SELECT: a list of option keys · RANGE: { from, to } ·
 * ARRAY: a list of rows (one per defined row), each a list of cells (one per column) ·
 * SELECTOR: the key of the chosen column · FILE: { id, name } of the uploaded parameter file.
 * LABEL is a heading and holds no value.
 *
 * A parameter is checked only when the user can see and change it: not above the user's expertise
 * level, `visible`, shown by its Hide/Show control and enabled by its Enable/Disable control.
 */

export type InstanceValues = Record<string, unknown>;
export interface FileValue {
  id: string;
  name: string;
}
export interface RangeValue {
  from: number | string | null;
  to: number | string | null;
}

export interface ValueIssue {
  /** The parameter's variable name. */
  name: string;
  /** Dotted path inside the values, e.g. 'ages.2.0' (row 2, column 0 of an array). */
  path: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

// ---------- expertise ----------

/** §6: a parameter is hidden when its expertise level exceeds the user's (default 500). */
export function isAboveExpertise(definition: ParameterDefinition, userLevel: number): boolean {
  return definition.expertiseLevel > userLevel;
}

/** The definitions a user with `userLevel` sees. */
export function definitionsForExpertise(
  definitions: readonly ParameterDefinition[],
  userLevel: number = DEFAULT_EXPERTISE_LEVEL,
): ParameterDefinition[] {
  return definitions.filter((d) => !isAboveExpertise(d, userLevel));
}

/**
 * The values to store when a user saves: parameters above the user's level are ignored if sent and keep
 * their stored value (or lose it if none was stored); everything else comes from `incoming`.
 */
export function mergeIncomingValues(input: {
  definitions: readonly ParameterDefinition[];
  stored: InstanceValues | undefined;
  incoming: InstanceValues;
  userLevel: number;
}): InstanceValues {
  const merged: InstanceValues = { ...input.incoming };
  for (const d of input.definitions) {
    if (!isAboveExpertise(d, input.userLevel)) continue;
    if (input.stored && Object.hasOwn(input.stored, d.name)) merged[d.name] = input.stored[d.name];
    else delete merged[d.name];
  }
  return merged;
}

// ---------- defaults and controls ----------

/** The initial values of a new instance, from the definitions' defaults and selected options. */
export function defaultInstanceValues(definitions: readonly ParameterDefinition[]): InstanceValues {
  const values: InstanceValues = {};
  for (const d of definitions) {
    switch (d.type) {
      case 'LABEL':
        break;
      case 'STRING':
        values[d.name] = d.defaultValue ?? '';
        break;
      case 'BOOLEAN':
        values[d.name] = d.defaultValue ?? false;
        break;
      case 'INTEGER':
      case 'REAL_NUMBER':
      case 'DECIMAL':
      case 'DATE':
        values[d.name] = d.defaultValue ?? null;
        break;
      case 'SINGLE_SELECT':
        values[d.name] = d.options.find((o) => o.selected)?.key ?? null;
        break;
      case 'MULTI_SELECT':
        values[d.name] = d.options.filter((o) => o.selected).map((o) => o.key);
        break;
      case 'RANGE':
        values[d.name] = { from: d.from.defaultValue ?? null, to: d.to.defaultValue ?? null };
        break;
      case 'ARRAY':
        values[d.name] = d.rows.map((_, row) => d.columns.map((c) => c.defaultValue[row] ?? null));
        break;
      case 'SELECTOR':
      case 'FILE':
        values[d.name] = null;
        break;
    }
  }
  return values;
}

export interface ParameterState {
  /** Shown in the editor (visible, within expertise, shown by its Hide/Show control). */
  shown: boolean;
  /** Editable (shown and enabled by its Enable/Disable control). */
  enabled: boolean;
}

/**
 * Shown/enabled state of every parameter, by id. A parameter controlled by another is shown (Hide/Show)
 * or enabled (Enable/Disable) only while its controller is shown and has the controlled-by value: true
 * or false for a boolean, the option key for a single select, one of the keys for a multi select.
 */
export function parameterStates(
  definitions: readonly ParameterDefinition[],
  values: InstanceValues,
  userLevel: number = DEFAULT_EXPERTISE_LEVEL,
): Map<string, ParameterState> {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const states = new Map<string, ParameterState>();
  const visiting = new Set<string>();
  const stateOf = (d: ParameterDefinition): ParameterState => {
    const known = states.get(d.id);
    if (known) return known;
    let shown = d.visible && !isAboveExpertise(d, userLevel);
    let enabled = shown;
    const controller = d.controlledBy ? byId.get(d.controlledBy.id) : undefined;
    if (shown && d.controlType && d.controlledBy && controller && !visiting.has(d.id)) {
      visiting.add(d.id);
      const on = stateOf(controller).shown && controlMatches(controller, values, d.controlledBy.value);
      visiting.delete(d.id);
      if (d.controlType === 'HIDE_SHOW') shown = on;
      enabled = shown && on;
    }
    const state = { shown, enabled };
    states.set(d.id, state);
    return state;
  };
  for (const d of definitions) stateOf(d);
  return states;
}

function controlMatches(controller: ParameterDefinition, values: InstanceValues, expected: unknown): boolean {
  const actual = Object.hasOwn(values, controller.name)
    ? values[controller.name]
    : defaultInstanceValues([controller])[controller.name];
  switch (controller.type) {
    case 'BOOLEAN': {
      const value = toBoolean(actual);
      const wanted = toBoolean(expected);
      return value.ok && wanted.ok && value.value !== null && value.value === wanted.value;
    }
    case 'SINGLE_SELECT':
      return actual === expected;
    case 'MULTI_SELECT':
      return Array.isArray(actual) && actual.includes(expected);
    default:
      return false;
  }
}

// ---------- converters applied to a whole value set ----------

/**
 * Converts raw values (typed text, an imported file) to the value types of their parameters with the
 * converters of §5. Values that cannot be read stay as they were and give 'Failed to parse ... from
 * ...'. Keys without a definition are kept unchanged.
 */
export function convertInstanceValues(
  definitions: readonly ParameterDefinition[],
  raw: InstanceValues,
): { values: InstanceValues; issues: ValueIssue[] } {
  const values: InstanceValues = { ...raw };
  const issues: ValueIssue[] = [];
  for (const d of definitions) {
    if (!Object.hasOwn(raw, d.name) || d.type === 'LABEL') continue;
    const converted = convertParameterValue(d, raw[d.name]);
    if (converted.ok) values[d.name] = converted.value;
    else issues.push({ name: d.name, path: d.name, message: converted.message });
  }
  return { values, issues };
}

/** Converts one parameter's raw value (see convertInstanceValues). */
export function convertParameterValue(d: ParameterDefinition, raw: unknown): Converted<unknown> {
  const kind = kindOf(d.type);
  if (kind) return convert(kind, raw);
  switch (d.type) {
    case 'SINGLE_SELECT':
    case 'SELECTOR':
      return isEmptyValue(raw) ? { ok: true, value: null } : toText(raw);
    case 'MULTI_SELECT': {
      if (isEmptyValue(raw)) return { ok: true, value: [] };
      const list = Array.isArray(raw) ? raw : [raw];
      const keys: string[] = [];
      for (const item of list) {
        const key = toText(item);
        if (!key.ok) return key;
        keys.push(key.value);
      }
      return { ok: true, value: keys };
    }
    case 'RANGE': {
      if (isEmptyValue(raw)) return { ok: true, value: { from: null, to: null } };
      if (!isObject(raw)) return { ok: false, message: FORM_MESSAGES.invalid(d.title) };
      const rangeKind = kindOf(d.dataType) ?? 'integer';
      const from = convert(rangeKind, raw.from);
      if (!from.ok) return from;
      const to = convert(rangeKind, raw.to);
      if (!to.ok) return to;
      return { ok: true, value: { from: from.value, to: to.value } };
    }
    case 'ARRAY': {
      if (isEmptyValue(raw)) return { ok: true, value: [] };
      if (!Array.isArray(raw)) return { ok: false, message: FORM_MESSAGES.invalid(d.title) };
      const rows: unknown[][] = [];
      for (const row of raw) {
        if (!Array.isArray(row)) return { ok: false, message: FORM_MESSAGES.invalid(d.title) };
        const cells: unknown[] = [];
        for (let c = 0; c < row.length; c++) {
          const column = d.columns[c];
          const cell = column
            ? convert(kindOf(column.dataType) ?? 'string', row[c])
            : { ok: true as const, value: row[c] };
          if (!cell.ok) return cell;
          cells.push(cell.value);
        }
        rows.push(cells);
      }
      return { ok: true, value: rows };
    }
    case 'FILE':
      return { ok: true, value: isEmptyValue(raw) ? null : raw };
    default:
      return { ok: true, value: raw };
  }
}

// ---------- validation ----------

const hasValue = (v: unknown) =>
  !(v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0));

/**
 * Checks instance values against the definitions (§5 run-time inputs): required values, string
 * lengths, min and max, a range's 'to' at least its 'from', option keys, array cells per column.
 * Parameters the user cannot see or change are not checked (see the module comment).
 */
export function validateInstanceValues(
  definitions: readonly ParameterDefinition[],
  values: InstanceValues,
  userLevel: number = DEFAULT_EXPERTISE_LEVEL,
): ValueIssue[] {
  const issues: ValueIssue[] = [];
  const states = parameterStates(definitions, values, userLevel);
  for (const d of definitions) {
    if (d.type === 'LABEL' || !states.get(d.id)?.enabled) continue;
    const value = values[d.name];
    const add = (message: string, path = d.name) => issues.push({ name: d.name, path, message });
    if (!hasValue(value)) {
      if (d.required) add(FORM_MESSAGES.required(d.title));
      continue;
    }
    switch (d.type) {
      case 'STRING':
        if (typeof value !== 'string') add(FORM_MESSAGES.invalid(d.title));
        else if (value.length > d.length) add(FORM_MESSAGES.tooLong(d.title));
        break;
      case 'BOOLEAN':
        if (typeof value !== 'boolean') add(FORM_MESSAGES.invalid(d.title));
        break;
      case 'INTEGER':
      case 'REAL_NUMBER':
      case 'DECIMAL':
      case 'DATE': {
        const problem = boundedProblem(d.type, value, d, d.title);
        if (problem) add(problem);
        break;
      }
      case 'SINGLE_SELECT':
        if (!d.options.some((o) => o.key === value)) add(FORM_MESSAGES.invalid(d.title));
        break;
      case 'MULTI_SELECT':
        if (!Array.isArray(value) || !value.every((k) => d.options.some((o) => o.key === k)))
          add(FORM_MESSAGES.invalid(d.title));
        break;
      case 'SELECTOR':
        if (!d.columns.some((c) => c.key === value)) add(FORM_MESSAGES.invalid(d.title));
        break;
      case 'FILE':
        if (!isObject(value) || typeof value.id !== 'string' || value.id === '')
          add(FORM_MESSAGES.invalid(d.title));
        break;
      case 'RANGE':
        rangeProblems(d, value, add);
        break;
      case 'ARRAY':
        arrayProblems(d.title, d.rows.length, d.columns, value, d.name, add);
        break;
    }
  }
  return issues;
}

function boundedProblem(
  kind: BoundedType,
  value: unknown,
  bounds: { min?: number | string; max?: number | string },
  label: string,
): string | undefined {
  let v: number | string;
  if (kind === 'DATE') {
    const date = typeof value === 'string' ? formatDate(value) : undefined;
    if (date === undefined || date !== value) return FORM_MESSAGES.wrongFormat(label);
    v = date;
  } else {
    if (typeof value !== 'number' || Number.isNaN(value)) return FORM_MESSAGES.mustBeNumber(label);
    if (kind === 'INTEGER' && !Number.isInteger(value)) return FORM_MESSAGES.mustBeInteger(label);
    if (kind === 'REAL_NUMBER' && !Number.isFinite(value)) return FORM_MESSAGES.mustBeNumber(label);
    v = value;
  }
  const min = bounds.min;
  const max = bounds.max;
  if (min !== undefined && min !== null && typeof min === typeof v && compareBounded(v, min) < 0)
    return FORM_MESSAGES.equalOrGreaterThan(label, min);
  if (max !== undefined && max !== null && typeof max === typeof v && compareBounded(v, max) > 0)
    return FORM_MESSAGES.equalOrSmallerThan(label, max);
  return undefined;
}

function rangeProblems(
  d: Extract<ParameterDefinition, { type: 'RANGE' }>,
  value: unknown,
  add: (message: string, path?: string) => void,
): void {
  if (!isObject(value)) {
    add(FORM_MESSAGES.invalid(d.title));
    return;
  }
  const fromLabel = `${d.title} From`;
  const toLabel = `${d.title} To`;
  let ok = true;
  for (const [end, bounds, label] of [
    ['from', d.from, fromLabel],
    ['to', d.to, toLabel],
  ] as const) {
    const v = value[end];
    const path = `${d.name}.${end}`;
    if (!hasValue(v)) {
      ok = false;
      if (d.required) add(FORM_MESSAGES.required(label), path);
      continue;
    }
    const problem = boundedProblem(d.dataType, v, bounds, label);
    if (problem) {
      ok = false;
      add(problem, path);
    }
  }
  if (ok && compareBounded(value.to as number | string, value.from as number | string) < 0)
    add(FORM_MESSAGES.equalOrGreaterThan(toLabel, `${d.title} From`), `${d.name}.to`);
}

function arrayProblems(
  title: string,
  rowCount: number,
  columns: readonly ArrayColumn[],
  value: unknown,
  name: string,
  add: (message: string, path?: string) => void,
): void {
  if (!Array.isArray(value) || value.length !== rowCount) {
    add(FORM_MESSAGES.invalid(title));
    return;
  }
  value.forEach((row, r) => {
    if (!Array.isArray(row)) {
      add(FORM_MESSAGES.invalid(title), `${name}.${r}`);
      return;
    }
    columns.forEach((column, c) => {
      const cell = row[c];
      const path = `${name}.${r}.${c}`;
      const label = `${title} ${column.text} (${r + 1})`;
      if (!hasValue(cell)) {
        if (column.required) add(FORM_MESSAGES.required(label), path);
        return;
      }
      if (column.dataType === 'STRING') {
        if (typeof cell !== 'string') add(FORM_MESSAGES.invalid(label), path);
        else if (cell.length > column.length) add(FORM_MESSAGES.tooLong(label), path);
        return;
      }
      const problem = boundedProblem(column.dataType, cell, column, label);
      if (problem) add(problem, path);
    });
  });
}

// ---------- the parameters editor ----------

export type ParsedParameters = { ok: true; values: InstanceValues } | { ok: false; message: string };

/** JSON typed or pasted into the parameters editor: must be JSON, and not an array (§5). */
export function parseParametersJson(text: string): ParsedParameters {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: SUB_MODEL_MESSAGES.invalidDataStructure };
  }
  if (Array.isArray(value)) return { ok: false, message: SUB_MODEL_MESSAGES.inputDataMustNotBeArray };
  if (!isObject(value)) return { ok: false, message: SUB_MODEL_MESSAGES.invalidDataStructure };
  return { ok: true, values: value };
}

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** §2/§5: the parameters editor imports .json files only. */
export function parametersEditorImportProblem(fileName: string): string | undefined {
  return extensionOf(fileName) === 'json' ? undefined : SUB_MODEL_MESSAGES.unsupportedFileExtension;
}

/**
 * §5 "Parameters file for an instance": .json or .xml, else 'Unsupported File Extension'; JSON applies
 * to a JSON or template input, XML only to a template input.
 */
export function instanceParametersFileProblem(
  fileName: string,
  inputType: InputDefinitionType,
): string | undefined {
  const ext = extensionOf(fileName);
  if (ext !== 'json' && ext !== 'xml') return SUB_MODEL_MESSAGES.unsupportedFileExtension;
  if (ext === 'xml' && inputType !== 'JSONTEMPLATE') return SUB_MODEL_MESSAGES.unsupportedInputDefinitionType;
  return undefined;
}

// ---------- save anyway ----------

export interface SaveCheck {
  definitionsValid: boolean;
  parametersValid: boolean;
  /** 'Do you want to save it anyway?' when something is invalid, else undefined. */
  confirm: string | undefined;
  valueIssues: ValueIssue[];
}

/**
 * §2: saving invalid definitions or parameters asks 'Do you want to save it anyway?'. `template` is
 * the parsed template value (or undefined for a raw JSON input); `values` the instance values, if any.
 */
export function saveCheck(input: {
  template?: unknown;
  values?: InstanceValues;
  userLevel?: number;
}): SaveCheck {
  const template = input.template === undefined ? undefined : validateTemplate(input.template);
  const definitionsValid = template === undefined || template.valid;
  const valueIssues =
    input.values !== undefined && template?.valid
      ? validateInstanceValues(template.definitions, input.values, input.userLevel)
      : [];
  const parametersValid = valueIssues.length === 0;
  return {
    definitionsValid,
    parametersValid,
    confirm: definitionsValid && parametersValid ? undefined : SUB_MODEL_MESSAGES.saveAnyway,
    valueIssues,
  };
}
