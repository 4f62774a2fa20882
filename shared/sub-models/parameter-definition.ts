import * as z from 'zod/mini';
import { compareBounded, formatDate } from './converters';
import { SUB_MODEL_LIMITS } from './limits';
import { DESIGNED_MESSAGES, FORM_MESSAGES, SUB_MODEL_MESSAGES } from './messages';
import {
  type BoundedType,
  ColumnDataTypeSchema,
  ControlTypeSchema,
  DEFAULT_CATEGORY_ID,
  DEFAULT_EXPERTISE_LEVEL,
  ExpertiseLevelSchema,
  type ParameterType,
  RangeDataTypeSchema,
} from './parameter-types';

/**
 * Parameter definitions (spec 001 §3) and the rules of the parameter definition editor (§5).
 *
 * `ParameterDefinitionSchema` is one zod schema per type, discriminated on `type`, that both shapes a
 * definition (applying the defaults of §3) and reports every editor rule with the spec's message at the
 * field's path, all at once: a form resolver and the API share it. Field names in messages are the
 * editor's labels (`FIELD_LABELS`).
 *
 * Value conventions used across this folder: INTEGER, REAL_NUMBER and DECIMAL bounds and defaults are
 * numbers; DATE ones are 'yyyy-MM-dd' strings, compared as dates. A range or array column holds either,
 * by its dataType.
 */

export const FIELD_LABELS = {
  id: 'Id',
  name: 'Variable Name',
  title: 'Title',
  question: 'Question',
  type: 'Type',
  categoryId: 'Category',
  expertiseLevel: 'Expertise Level',
  controlType: 'Control Type',
  controlledBy: 'Controlled By',
  length: 'Length',
  min: 'Min',
  max: 'Max',
  defaultValue: 'Default Value',
  dataType: 'Data Type',
  options: 'Options',
  key: 'Key',
  text: 'Text',
  rows: 'Rows',
  columns: 'Columns',
  columnText: 'Column Text',
  rowText: 'Row Text',
  cellText: 'Cell Text',
  size: 'Size',
  helpFile: 'Help File',
} as const;

const L = FIELD_LABELS;
const M = FORM_MESSAGES;

/** A character the variable name input accepts (others give the special-characters message). */
export const VARIABLE_NAME_CHARACTER = /^[A-Za-z0-9_ ]$/;
const SPECIAL_CHARACTER = /[^A-Za-z0-9_ ]/;
const STARTS_WITH_LETTER = /^[A-Za-z]/;

/**
 * The variable name rule (§5): required; any character other than letters, digits, underscore or space
 * gives the special-characters message; otherwise it must begin with a letter.
 */
export function variableNameProblem(name: string): string | undefined {
  if (name.trim() === '') return M.required(L.name);
  if (SPECIAL_CHARACTER.test(name)) return SUB_MODEL_MESSAGES.specialCharacters;
  if (!STARTS_WITH_LETTER.test(name)) return SUB_MODEL_MESSAGES.variableNameStart;
  return undefined;
}

/** Required text: a missing, null or blank value reads '{label} is required'. */
const requiredText = (label: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? M.required(label) : M.invalid(label)) })
    .check(z.refine((s) => s.trim() !== '', M.required(label)));

const optionalText = (label: string) => z.optional(z.string({ error: M.invalid(label) }));

const VariableNameSchema = z
  .string({ error: (issue) => (issue.input == null ? M.required(L.name) : M.invalid(L.name)) })
  .check(
    z.superRefine((name, ctx) => {
      const problem = variableNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );

const numberOrMessage = (label: string) =>
  z.number({ error: (issue) => (issue.input == null ? M.required(label) : M.mustBeNumber(label)) });

/** A number field the refinements check for presence (so that every message shows at once). */
const numberField = (label: string) => z.optional(numberOrMessage(label));
const dateField = (label: string) =>
  z.optional(
    z.string({ error: (issue) => (issue.input == null ? M.required(label) : M.wrongFormat(label)) }),
  );
/** A bound of a range or an array column: a number or a date, checked against its dataType. */
const boundField = (label: string) =>
  z.optional(
    z.union([z.number(), z.string()], {
      error: (issue) => (issue.input == null ? M.required(label) : M.invalid(label)),
    }),
  );

/** The value a controlled parameter's controller must have: a boolean or an option key. */
export const ControlledBySchema = z.object({
  id: requiredText(L.controlledBy),
  value: z.union([z.string(), z.boolean()], { error: M.invalid(L.controlledBy) }),
});
export type ControlledBy = z.infer<typeof ControlledBySchema>;

const baseShape = {
  id: requiredText(L.id),
  categoryId: z._default(z.string({ error: M.invalid(L.categoryId) }), DEFAULT_CATEGORY_ID),
  name: VariableNameSchema,
  title: requiredText(L.title),
  question: requiredText(L.question),
  visible: z._default(z.boolean(), true),
  required: z._default(z.boolean(), false),
  viewable: z._default(z.boolean(), true),
  controlType: z.optional(z.enum(ControlTypeSchema.options, { error: M.invalid(L.controlType) })),
  controlledBy: z.optional(ControlledBySchema),
  expertiseLevel: z._default(
    z.union(ExpertiseLevelSchema.def.options, { error: M.invalid(L.expertiseLevel) }),
    DEFAULT_EXPERTISE_LEVEL,
  ),
};

export const OptionSchema = z.object({
  key: requiredText(L.key),
  text: requiredText(L.text),
  selected: z._default(z.boolean(), false),
});
export type ParameterOption = z.infer<typeof OptionSchema>;

export const RowSchema = z.object({ text: requiredText(L.rowText) });
export type ParameterRow = z.infer<typeof RowSchema>;

export const BoundsSchema = z.object({
  min: boundField(L.min),
  max: boundField(L.max),
  defaultValue: boundField(L.defaultValue),
});
export type Bounds = z.infer<typeof BoundsSchema>;

const cellDefault = z.union([z.string(), z.number(), z.null()], { error: M.invalid(L.defaultValue) });

export const ArrayColumnSchema = z.object({
  text: requiredText(L.columnText),
  required: z._default(z.boolean(), false),
  dataType: z._default(z.enum(ColumnDataTypeSchema.options, { error: M.invalid(L.dataType) }), 'STRING'),
  /** STRING columns: maximum length (default 200). */
  length: z._default(numberOrMessage(L.length), SUB_MODEL_LIMITS.arrayColumnLength),
  min: boundField(L.min),
  max: boundField(L.max),
  /** One default per row ('' or null: blank). */
  defaultValue: z._default(z.array(cellDefault), []),
});
export type ArrayColumn = z.infer<typeof ArrayColumnSchema>;

export const SelectorColumnSchema = z.object({
  key: requiredText(L.key),
  text: requiredText(L.columnText),
  /** The text shown in this column's cell of each row, by row index. */
  cellText: z._default(z.array(z.string({ error: M.invalid(L.cellText) })), []),
});
export type SelectorColumn = z.infer<typeof SelectorColumnSchema>;

// One object schema per type. `when: () => true` runs the rules even when a field already failed, so
// the editor shows every message at once; the rules therefore read raw values defensively.
const always = { when: () => true };

export const StringParameterSchema = z
  .object({
    ...baseShape,
    type: z.literal('STRING'),
    length: z._default(numberOrMessage(L.length), SUB_MODEL_LIMITS.stringParameterLength),
    defaultValue: optionalText(L.defaultValue),
  })
  .check(
    z.superRefine((p, ctx) => {
      base(p, ctx);
      lengthRule(p.length, p.defaultValue === undefined ? [] : [[p.defaultValue, ['defaultValue']]], ctx);
    }, always),
  );

export const BooleanParameterSchema = z
  .object({
    ...baseShape,
    type: z.literal('BOOLEAN'),
    defaultValue: z.optional(z.boolean({ error: M.invalid(L.defaultValue) })),
  })
  .check(z.superRefine(base, always));

const numericParameter = <T extends 'INTEGER' | 'REAL_NUMBER' | 'DECIMAL'>(type: T) =>
  z
    .object({
      ...baseShape,
      type: z.literal(type),
      min: numberField(L.min),
      max: numberField(L.max),
      defaultValue: numberField(L.defaultValue),
    })
    .check(
      z.superRefine((p, ctx) => {
        base(p, ctx);
        boundsRule(type, p, [], ctx, { required: true, typeChecked: true });
      }, always),
    );

export const IntegerParameterSchema = numericParameter('INTEGER');
export const RealNumberParameterSchema = numericParameter('REAL_NUMBER');
export const DecimalParameterSchema = numericParameter('DECIMAL');

export const DateParameterSchema = z
  .object({
    ...baseShape,
    type: z.literal('DATE'),
    min: dateField(L.min),
    max: dateField(L.max),
    defaultValue: dateField(L.defaultValue),
  })
  .check(
    z.superRefine((p, ctx) => {
      base(p, ctx);
      boundsRule('DATE', p, [], ctx, { required: true, typeChecked: true });
    }, always),
  );

const selectParameter = <T extends 'SINGLE_SELECT' | 'MULTI_SELECT'>(type: T) =>
  z.object({ ...baseShape, type: z.literal(type), options: z._default(z.array(OptionSchema), []) }).check(
    z.superRefine((p, ctx) => {
      base(p, ctx);
      optionsRule(p.options, type === 'SINGLE_SELECT', ctx);
    }, always),
  );

export const SingleSelectParameterSchema = selectParameter('SINGLE_SELECT');
export const MultiSelectParameterSchema = selectParameter('MULTI_SELECT');

export const ArrayParameterSchema = z
  .object({
    ...baseShape,
    type: z.literal('ARRAY'),
    rowDescription: z.optional(z.string()),
    rows: z._default(z.array(RowSchema), []),
    columns: z._default(z.array(ArrayColumnSchema), []),
  })
  .check(
    z.superRefine((p, ctx) => {
      base(p, ctx);
      arrayRule(p, ctx);
    }, always),
  );

export const RangeParameterSchema = z
  .object({
    ...baseShape,
    type: z.literal('RANGE'),
    dataType: z._default(z.enum(RangeDataTypeSchema.options, { error: M.invalid(L.dataType) }), 'INTEGER'),
    from: z._default(BoundsSchema, {}),
    to: z._default(BoundsSchema, {}),
  })
  .check(
    z.superRefine((p, ctx) => {
      base(p, ctx);
      if (!isObject(p.from) || !isObject(p.to) || !RangeDataTypeSchema.safeParse(p.dataType).success) return;
      boundsRule(p.dataType, p.from, ['from'], ctx, { required: true, typeChecked: false });
      boundsRule(p.dataType, p.to, ['to'], ctx, { required: true, typeChecked: false });
    }, always),
  );

export const SelectorParameterSchema = z
  .object({
    ...baseShape,
    type: z.literal('SELECTOR'),
    rows: z._default(z.array(RowSchema), []),
    columns: z._default(z.array(SelectorColumnSchema), []),
  })
  .check(
    z.superRefine((p, ctx) => {
      base(p, ctx);
      selectorRule(p, ctx);
    }, always),
  );

export const LabelParameterSchema = z
  .object({ ...baseShape, type: z.literal('LABEL'), defaultValue: optionalText(L.defaultValue) })
  .check(z.superRefine(base, always));

export const FileParameterSchema = z
  .object({
    ...baseShape,
    type: z.literal('FILE'),
    /** Largest accepted file in MB (default 1; the tooltip says not above 1 MB). */
    size: z._default(numberOrMessage(L.size), SUB_MODEL_LIMITS.fileParameterSizeMb.default),
    /** The help file (a file id of the entry tagged 'Help File'). */
    files: z.optional(z.string({ error: M.invalid(L.helpFile) })),
  })
  .check(
    z.superRefine((p, ctx) => {
      base(p, ctx);
      if (typeof p.size === 'number') {
        if (!Number.isInteger(p.size)) issue(ctx, ['size'], M.mustBeInteger(L.size));
        else if (p.size <= 0) issue(ctx, ['size'], M.greaterThan(L.size, 0));
        else if (p.size > SUB_MODEL_LIMITS.fileParameterSizeMb.max)
          issue(ctx, ['size'], M.equalOrSmallerThan(L.size, SUB_MODEL_LIMITS.fileParameterSizeMb.max));
      }
      if (typeof p.files !== 'string' || p.files.trim() === '') issue(ctx, ['files'], M.required(L.helpFile));
    }, always),
  );

export const PARAMETER_SCHEMAS = {
  STRING: StringParameterSchema,
  BOOLEAN: BooleanParameterSchema,
  INTEGER: IntegerParameterSchema,
  REAL_NUMBER: RealNumberParameterSchema,
  DECIMAL: DecimalParameterSchema,
  DATE: DateParameterSchema,
  SINGLE_SELECT: SingleSelectParameterSchema,
  MULTI_SELECT: MultiSelectParameterSchema,
  ARRAY: ArrayParameterSchema,
  RANGE: RangeParameterSchema,
  SELECTOR: SelectorParameterSchema,
  LABEL: LabelParameterSchema,
  FILE: FileParameterSchema,
} as const satisfies Record<ParameterType, z.ZodMiniType>;

export const ParameterDefinitionSchema = z.discriminatedUnion(
  'type',
  [
    StringParameterSchema,
    BooleanParameterSchema,
    IntegerParameterSchema,
    RealNumberParameterSchema,
    DecimalParameterSchema,
    DateParameterSchema,
    SingleSelectParameterSchema,
    MultiSelectParameterSchema,
    ArrayParameterSchema,
    RangeParameterSchema,
    SelectorParameterSchema,
    LabelParameterSchema,
    FileParameterSchema,
  ],
  {
    error: (issue) => {
      const input = issue.input as { type?: unknown } | undefined;
      return input?.type == null ? M.required(L.type) : M.invalid(L.type);
    },
  },
);
/** A definition after parsing (defaults applied). */
export type ParameterDefinition = z.output<typeof ParameterDefinitionSchema>;
/** A definition as written (defaults optional). */
export type ParameterDefinitionInput = z.input<typeof ParameterDefinitionSchema>;
export type DefinitionOf<T extends ParameterType> = Extract<ParameterDefinition, { type: T }>;

// ---------- rules ----------

type Ctx = z.core.$RefinementCtx;
type Path = (string | number)[];

function issue(ctx: Ctx, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Control type and controlled-by go together (the template checks the reference itself). */
function base(p: { controlType?: unknown; controlledBy?: unknown }, ctx: Ctx): void {
  if (p.controlType !== undefined && p.controlledBy === undefined)
    issue(ctx, ['controlledBy'], M.required(L.controlledBy));
  if (p.controlledBy !== undefined && p.controlType === undefined)
    issue(ctx, ['controlType'], M.required(L.controlType));
}

/** A length is required and an integer; defaults must not exceed it. */
function lengthRule(length: unknown, defaults: [unknown, Path][], ctx: Ctx, at: Path = []): void {
  if (typeof length !== 'number') return; // reported by the field
  if (!Number.isInteger(length)) {
    issue(ctx, [...at, 'length'], M.mustBeInteger(L.length));
    return;
  }
  if (length <= 0) {
    issue(ctx, [...at, 'length'], M.greaterThan(L.length, 0));
    return;
  }
  for (const [value, path] of defaults)
    if (typeof value === 'string' && value.length > length) issue(ctx, path, M.tooLong(L.defaultValue));
}

interface BoundsRuleOptions {
  /** Min, max and default must all be present (parameters, range ends); array columns: optional. */
  required: boolean;
  /** The field schema already checked the JS type (a number, or a string for dates). */
  typeChecked: boolean;
  /** Array columns check their defaults themselves (one per row). */
  skipDefault?: boolean;
}

/**
 * §5: min, max and default required; max at least min; default within [min, max]; integers for
 * INTEGER, numbers for REAL_NUMBER and DECIMAL, dates (yyyy-MM-dd, compared as dates) for DATE.
 */
function boundsRule(
  kind: BoundedType,
  bounds: { min?: unknown; max?: unknown; defaultValue?: unknown },
  at: Path,
  ctx: Ctx,
  options: BoundsRuleOptions,
): void {
  const fields = options.skipDefault ? (['min', 'max'] as const) : (['min', 'max', 'defaultValue'] as const);
  const valid: Partial<Record<(typeof fields)[number], number | string>> = {};
  for (const field of fields) {
    const raw = bounds[field];
    const label = L[field];
    if (raw === undefined || raw === null || raw === '') {
      // null, and '' in a number field, were already reported by the field's schema.
      const reported = raw === null || (raw === '' && options.typeChecked && kind !== 'DATE');
      if (options.required && !reported) issue(ctx, [...at, field], M.required(label));
      continue;
    }
    const problem = boundedValueProblem(kind, raw, label, options.typeChecked);
    if (problem === undefined) valid[field] = kind === 'DATE' ? (formatDate(raw) as string) : (raw as number);
    else if (problem !== '') issue(ctx, [...at, field], problem);
  }
  const { min, max, defaultValue } = valid;
  if (min !== undefined && max !== undefined && compareBounded(max, min) < 0) {
    // With inverted bounds the default cannot be judged: fix the bounds first.
    issue(ctx, [...at, 'max'], M.equalOrGreaterThan(L.max, min));
    return;
  }
  if (defaultValue !== undefined) {
    if (min !== undefined && compareBounded(defaultValue, min) < 0)
      issue(ctx, [...at, 'defaultValue'], M.equalOrGreaterThan(L.defaultValue, min));
    else if (max !== undefined && compareBounded(defaultValue, max) > 0)
      issue(ctx, [...at, 'defaultValue'], M.equalOrSmallerThan(L.defaultValue, max));
  }
}

/**
 * The problem of one bounded value, undefined when fine, '' when the field schema already reported it.
 * Exported for the run-time checks, which share it.
 */
export function boundedValueProblem(
  kind: BoundedType,
  raw: unknown,
  label: string,
  typeChecked = false,
): string | undefined {
  if (kind === 'DATE') {
    if (typeof raw !== 'string') return typeChecked ? '' : M.wrongFormat(label);
    return formatDate(raw) === undefined ? M.wrongFormat(label) : undefined;
  }
  if (typeof raw !== 'number' || Number.isNaN(raw)) return typeChecked ? '' : M.mustBeNumber(label);
  if (kind === 'INTEGER' && !Number.isInteger(raw)) return M.mustBeInteger(label);
  if (kind === 'REAL_NUMBER' && !Number.isFinite(raw)) return M.mustBeNumber(label);
  return undefined;
}

/** Option keys and texts are required and unique among siblings; a single select has one selected. */
function optionsRule(options: unknown, single: boolean, ctx: Ctx): void {
  if (!Array.isArray(options)) return;
  if (options.length === 0) {
    issue(ctx, ['options'], M.required(L.options));
    return;
  }
  uniqueAmongSiblings(options, 'key', L.key, ['options'], ctx);
  uniqueAmongSiblings(options, 'text', L.text, ['options'], ctx);
  if (single && options.filter((o) => isObject(o) && o.selected === true).length > 1)
    issue(ctx, ['options'], DESIGNED_MESSAGES.onlyOneSelected);
}

function uniqueAmongSiblings(list: unknown[], field: string, label: string, at: Path, ctx: Ctx): void {
  const seen = new Set<string>();
  list.forEach((item, index) => {
    const value = isObject(item) ? item[field] : undefined;
    if (typeof value !== 'string' || value.trim() === '') return;
    if (seen.has(value)) issue(ctx, [...at, index, field], M.notUnique(label));
    seen.add(value);
  });
}

function arrayRule(p: { rows?: unknown; columns?: unknown }, ctx: Ctx): void {
  if (Array.isArray(p.rows) && p.rows.length === 0) issue(ctx, ['rows'], M.required(L.rows));
  if (!Array.isArray(p.columns)) return;
  if (p.columns.length === 0) {
    issue(ctx, ['columns'], M.required(L.columns));
    return;
  }
  const rowCount = Array.isArray(p.rows) ? p.rows.length : 0;
  p.columns.forEach((column, index) => {
    if (!isObject(column)) return;
    const at: Path = ['columns', index];
    const defaults = Array.isArray(column.defaultValue) ? column.defaultValue : [];
    if (defaults.length > rowCount) issue(ctx, [...at, 'defaultValue'], M.invalid(L.defaultValue));
    if (column.dataType === 'STRING') {
      lengthRule(
        column.length,
        defaults.map((value, row): [unknown, Path] => [value, [...at, 'defaultValue', row]]),
        ctx,
        at,
      );
      return;
    }
    const kind = column.dataType as BoundedType;
    if (!RangeDataTypeSchema.safeParse(kind).success) return;
    // A column's data type forces the format of its bounds and defaults (§5).
    boundsRule(kind, column, at, ctx, { required: false, typeChecked: false, skipDefault: true });
    const min = validBound(kind, column.min);
    const max = validBound(kind, column.max);
    defaults.forEach((value, row) => {
      if (value === null || value === '') return;
      const path = [...at, 'defaultValue', row];
      const problem = boundedValueProblem(kind, value, L.defaultValue);
      if (problem) {
        issue(ctx, path, problem);
        return;
      }
      const v = kind === 'DATE' ? (formatDate(value) as string) : (value as number);
      if (min !== undefined && compareBounded(v, min) < 0)
        issue(ctx, path, M.equalOrGreaterThan(L.defaultValue, min));
      else if (max !== undefined && compareBounded(v, max) > 0)
        issue(ctx, path, M.equalOrSmallerThan(L.defaultValue, max));
    });
  });
}

function validBound(kind: BoundedType, raw: unknown): number | string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (boundedValueProblem(kind, raw, '') !== undefined) return undefined;
  return kind === 'DATE' ? formatDate(raw) : (raw as number);
}

function selectorRule(p: { rows?: unknown; columns?: unknown }, ctx: Ctx): void {
  if (Array.isArray(p.rows) && p.rows.length === 0) issue(ctx, ['rows'], M.required(L.rows));
  if (!Array.isArray(p.columns)) return;
  if (p.columns.length === 0) {
    issue(ctx, ['columns'], M.required(L.columns));
    return;
  }
  uniqueAmongSiblings(p.columns, 'key', L.key, ['columns'], ctx);
  const rowCount = Array.isArray(p.rows) ? p.rows.length : 0;
  p.columns.forEach((column, index) => {
    if (!isObject(column)) return;
    const cells = Array.isArray(column.cellText) ? column.cellText : [];
    for (let row = 0; row < rowCount; row++) {
      const text = cells[row];
      if (typeof text !== 'string' || text.trim() === '')
        issue(ctx, ['columns', index, 'cellText', row], M.required(L.cellText));
    }
  });
}

// ---------- factories and editor helpers ----------

/** A new definition of `type` with the defaults of §3 (bounds left empty for the user to fill). */
export function newParameterDefinition(type: ParameterType, id: string): ParameterDefinition {
  const common = {
    id,
    categoryId: DEFAULT_CATEGORY_ID,
    name: '',
    title: '',
    question: '',
    visible: true,
    required: false,
    viewable: true,
    expertiseLevel: DEFAULT_EXPERTISE_LEVEL,
  };
  switch (type) {
    case 'STRING':
      return { ...common, type, length: SUB_MODEL_LIMITS.stringParameterLength };
    case 'BOOLEAN':
      return { ...common, type, defaultValue: false };
    case 'INTEGER':
    case 'REAL_NUMBER':
    case 'DECIMAL':
    case 'DATE':
      return { ...common, type };
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT':
      return { ...common, type, options: [] };
    case 'ARRAY':
      return { ...common, type, rows: [], columns: [] };
    case 'RANGE':
      return { ...common, type, dataType: 'INTEGER', from: {}, to: {} };
    case 'SELECTOR':
      return { ...common, type, rows: [], columns: [] };
    case 'LABEL':
      return { ...common, type };
    case 'FILE':
      return { ...common, type, size: SUB_MODEL_LIMITS.fileParameterSizeMb.default };
  }
}

/** A new array column (§9: default length 200) with one blank default per row. */
export function newArrayColumn(rowCount: number, dataType: ArrayColumn['dataType'] = 'STRING'): ArrayColumn {
  return {
    text: '',
    required: false,
    dataType,
    length: SUB_MODEL_LIMITS.arrayColumnLength,
    defaultValue: Array.from({ length: rowCount }, () => null),
  };
}

/** §4: changing a range's data type resets min, max and default of from and to. */
export function changeRangeDataType(
  range: DefinitionOf<'RANGE'>,
  dataType: DefinitionOf<'RANGE'>['dataType'],
): DefinitionOf<'RANGE'> {
  return { ...range, dataType, from: {}, to: {} };
}

/** §4: changing an array column's data type rebuilds the column with blank defaults. */
export function changeColumnDataType(
  column: ArrayColumn,
  dataType: ArrayColumn['dataType'],
  rowCount: number,
): ArrayColumn {
  return { ...newArrayColumn(rowCount, dataType), text: column.text, required: column.required };
}

/** §4: selecting a single-select option clears the selected flag on the others; multi select toggles. */
export function selectOption(
  options: readonly ParameterOption[],
  key: string,
  single: boolean,
): ParameterOption[] {
  return options.map((o) =>
    single ? { ...o, selected: o.key === key } : o.key === key ? { ...o, selected: !o.selected } : o,
  );
}
