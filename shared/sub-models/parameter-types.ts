import * as z from 'zod/mini';

/**
 * The vocabulary of input definitions (spec 001 §3): parameter types, the data types of range and
 * array columns, parameter categories, control kinds and expertise levels.
 */

export const PARAMETER_TYPES = [
  'STRING',
  'BOOLEAN',
  'INTEGER',
  'REAL_NUMBER',
  'DECIMAL',
  'DATE',
  'SINGLE_SELECT',
  'MULTI_SELECT',
  'ARRAY',
  'RANGE',
  'SELECTOR',
  'LABEL',
  'FILE',
] as const;
export const ParameterTypeSchema = z.enum(PARAMETER_TYPES);
export type ParameterType = z.infer<typeof ParameterTypeSchema>;

export const PARAMETER_TYPE_LABELS: Record<ParameterType, string> = {
  STRING: 'String',
  BOOLEAN: 'Boolean',
  INTEGER: 'Integer',
  REAL_NUMBER: 'Real Number',
  DECIMAL: 'Decimal',
  DATE: 'Date',
  SINGLE_SELECT: 'Single Select',
  MULTI_SELECT: 'Multi Select',
  ARRAY: 'Array',
  RANGE: 'Range',
  SELECTOR: 'Selector',
  LABEL: 'Label',
  FILE: 'File',
};

/** Types whose min, max and default are bounded values (numbers, or dates as yyyy-MM-dd). */
export const BOUNDED_TYPES = ['INTEGER', 'REAL_NUMBER', 'DECIMAL', 'DATE'] as const;
export type BoundedType = (typeof BOUNDED_TYPES)[number];
export const isBoundedType = (type: string): type is BoundedType =>
  (BOUNDED_TYPES as readonly string[]).includes(type);

/** A range's data type: integer, real number, decimal or date. */
export const RangeDataTypeSchema = z.enum(BOUNDED_TYPES);
export type RangeDataType = z.infer<typeof RangeDataTypeSchema>;

/** An array column's data type: the range types plus string. */
export const ColumnDataTypeSchema = z.enum([...BOUNDED_TYPES, 'STRING']);
export type ColumnDataType = z.infer<typeof ColumnDataTypeSchema>;

export interface ParameterCategory {
  id: string;
  name: string;
}

/** The default category set; a new parameter is in category '3' (Demographics). */
export const PARAMETER_CATEGORIES: readonly ParameterCategory[] = [
  { id: '3', name: 'Demographics' },
  { id: '12', name: 'Behavioral' },
  { id: '43', name: 'Screening' },
  { id: '6', name: 'Natural History of Disease' },
  { id: '9', name: 'Disease/Treatment Patterns' },
  { id: '46', name: 'Vaccine Assumptions' },
  { id: '15', name: 'Vaccination Strategy' },
  { id: '49', name: 'Costs' },
  { id: '52', name: 'QALYs' },
  { id: '18', name: 'Other' },
];

/** The alternative category set (display parameters). */
export const ALTERNATIVE_PARAMETER_CATEGORIES: readonly ParameterCategory[] = [
  { id: '1', name: 'Content Options' },
  { id: '2', name: 'Presentation Options' },
  { id: '18', name: 'Other' },
];

export const DEFAULT_CATEGORY_ID = '3';

/** Category name of an id from either set, or undefined. */
export function categoryName(id: string): string | undefined {
  return (
    PARAMETER_CATEGORIES.find((c) => c.id === id)?.name ??
    ALTERNATIVE_PARAMETER_CATEGORIES.find((c) => c.id === id)?.name
  );
}

/** Control kinds: the controlled parameter is shown (or enabled) only when its controller has the value. */
export const ControlTypeSchema = z.enum(['HIDE_SHOW', 'ENABLE_DISABLE']);
export type ControlType = z.infer<typeof ControlTypeSchema>;
export const CONTROL_TYPE_LABELS: Record<ControlType, string> = {
  HIDE_SHOW: 'Hide/Show',
  ENABLE_DISABLE: 'Enable/Disable',
};

/** Parameter types that can control others (their values can be compared with a controlled-by value). */
export const CONTROLLER_TYPES = ['BOOLEAN', 'SINGLE_SELECT', 'MULTI_SELECT'] as const;

export const EXPERTISE_LEVELS = [
  { level: 250, label: 'Basic' },
  { level: 500, label: 'Intermediate' },
  { level: 750, label: 'Advanced' },
  { level: 1000, label: 'Expert' },
] as const;
export type ExpertiseLevel = (typeof EXPERTISE_LEVELS)[number]['level'];
export const DEFAULT_EXPERTISE_LEVEL: ExpertiseLevel = 500;
export const ExpertiseLevelSchema = z.union([
  z.literal(250),
  z.literal(500),
  z.literal(750),
  z.literal(1000),
]);

/**
 * Reads an expertise level from its stored or imported forms: a number, '750', '750-Advanced' (§3: "a
 * string whose number before a dash is the level") or a label ('Advanced', any case). Anything else,
 * including empty, gives the default 500.
 */
export function parseExpertiseLevel(value: unknown): ExpertiseLevel {
  return expertiseLevelOrUndefined(value) ?? DEFAULT_EXPERTISE_LEVEL;
}

/** As parseExpertiseLevel, but undefined for a value that names no level (imports report it). */
export function expertiseLevelOrUndefined(value: unknown): ExpertiseLevel | undefined {
  if (typeof value === 'number') return EXPERTISE_LEVELS.find((e) => e.level === value)?.level;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const byLabel = EXPERTISE_LEVELS.find((e) => e.label.toLowerCase() === text.toLowerCase());
  if (byLabel) return byLabel.level;
  const number = /^(\d+)\s*(?:-.*)?$/.exec(text)?.[1];
  return number === undefined ? undefined : expertiseLevelOrUndefined(Number(number));
}

export function expertiseLabel(level: number): string | undefined {
  return EXPERTISE_LEVELS.find((e) => e.level === level)?.label;
}
