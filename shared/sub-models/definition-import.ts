import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type Converted, convert, kindOf, toText } from './converters';
import { DESIGNED_MESSAGES, SUB_MODEL_MESSAGES } from './messages';
import type { InputDefinitionType } from './model-input';
import {
  ColumnDataTypeSchema,
  ControlTypeSchema,
  expertiseLevelOrUndefined,
  isBoundedType,
  type ParameterType,
  ParameterTypeSchema,
  RangeDataTypeSchema,
} from './parameter-types';

/**
 * Importing an input definition from a file (spec 001 §5 "Definition import").
 *
 * - Only .json and .xml ('Unsupported File Extension'); .xml only for a template definition
 *   ('Unsupported Input Definition Type').
 * - A template's JSON file is a list of parameter definitions ('Invalid data structure' otherwise);
 *   a raw JSON definition's file is a JSON object.
 * - Empty, null and the text 'null' mean no value: such fields (min, max, default...) are dropped.
 * - Values are formatted for the parameter's type with the §5 converters ("5" becomes 5 for an
 *   integer, dates become yyyy-MM-dd); an unknown type fails with 'Formatting failed. Unsupported type'.
 * - A controlled-by value whose controller is a select is an option index (0-based) and becomes that
 *   option's key; for a boolean controller it is true when 1. An index with no option fails.
 *
 * The XML form (our design; the spec describes only its rules): a root element holding `parameter`
 * elements. Each field is an attribute or a child element of the same name; `expertise` names a level
 * (Basic, Intermediate, Advanced, Expert, or 250/500/750/1000); strings in quotes are unquoted;
 * min/max/defaultValue are only accepted on integer, real, decimal and date types (and range ends and
 * array columns of those types), otherwise 'Formatting failed. Unsupported type'.
 *
 *   <definitions>
 *     <parameter id="p1" name="age" type="INTEGER" expertise="Advanced" required="true">
 *       <title>"Age"</title><question>Age at entry</question>
 *       <min>0</min><max>100</max><defaultValue>40</defaultValue>
 *     </parameter>
 *     <parameter id="p2" name="arm" type="SINGLE_SELECT" controlledBy="p3" controlledByValue="1">
 *       <title>Arm</title><question>Which arm?</question>
 *       <option key="a">Arm A</option><option key="b" selected="true">Arm B</option>
 *     </parameter>
 *     <parameter id="p4" name="years" type="RANGE" dataType="DATE">
 *       <from min="2020-01-01" max="2030-12-31" defaultValue="2024-01-01"/> <to .../>
 *     </parameter>
 *     <parameter id="p5" name="rates" type="ARRAY" rowDescription="Age group">
 *       <row>0-17</row><row>18+</row>
 *       <column text="Rate" dataType="DECIMAL" min="0" max="1"><defaultValue>0.1</defaultValue>…</column>
 *     </parameter>
 *     <parameter id="p6" name="pick" type="SELECTOR"><row>Cost</row>
 *       <column key="a" text="A"><cell>10</cell></column></parameter>
 *     <parameter id="p7" name="data" type="FILE" size="1" files="help-file-id"/>
 *   </definitions>
 */

/** A definition as imported: the shape of ParameterDefinitionSchema; the editor rules may still fail. */
export type ImportedDefinition = Record<string, unknown> & { id: string; type: ParameterType };

export type DefinitionImport =
  | { ok: true; type: 'JSONTEMPLATE'; definitions: ImportedDefinition[] }
  | { ok: true; type: 'JSON'; value: Record<string, unknown> }
  | { ok: false; message: string };

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/** The problem with a chosen definition file before it is read, or undefined. */
export function definitionFileProblem(fileName: string, type: InputDefinitionType): string | undefined {
  const ext = extensionOf(fileName);
  if (ext !== 'json' && ext !== 'xml') return SUB_MODEL_MESSAGES.unsupportedFileExtension;
  if (ext === 'xml' && type !== 'JSONTEMPLATE') return SUB_MODEL_MESSAGES.unsupportedInputDefinitionType;
  return undefined;
}

/** Reads a definition file for an input definition of `type`. */
export function importDefinitionFile(
  fileName: string,
  content: string,
  type: InputDefinitionType,
): DefinitionImport {
  const problem = definitionFileProblem(fileName, type);
  if (problem) return { ok: false, message: problem };
  if (extensionOf(fileName) === 'xml') return importXml(content);
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return invalid();
  }
  if (type === 'JSON')
    return isObject(value) && !Array.isArray(value) ? { ok: true, type: 'JSON', value } : invalid();
  if (!Array.isArray(value)) return invalid();
  return formatDefinitions(value, 'json');
}

const invalid = (): DefinitionImport => ({ ok: false, message: SUB_MODEL_MESSAGES.invalidDataStructure });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** §5: empty, null and 'null' mean no value. */
const isNoValue = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && (v.trim() === '' || v.trim() === 'null'));

class ImportFailure extends Error {}
function failWith(message: string): never {
  throw new ImportFailure(message);
}
const unwrap = <T>(c: Converted<T>): T => (c.ok ? c.value : failWith(c.message));

type Source = 'json' | 'xml';

/** Formats a list of raw definition records (from a JSON list or the XML elements). */
export function formatDefinitions(list: readonly unknown[], source: Source = 'json'): DefinitionImport {
  try {
    if (!list.every((item) => isObject(item) && !Array.isArray(item))) return invalid();
    const records = list as Record<string, unknown>[];
    const definitions = records.map((raw) => formatDefinition(raw, source));
    assignMissingIds(definitions);
    resolveControls(definitions, records);
    return { ok: true, type: 'JSONTEMPLATE', definitions };
  } catch (error) {
    if (error instanceof ImportFailure) return { ok: false, message: error.message };
    throw error;
  }
}

/** 'real number', 'Single-Select', 'single_select' and 'REAL' all name their type. */
export function normalizeParameterType(raw: unknown): ParameterType | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const parsed = ParameterTypeSchema.safeParse(name === 'REAL' ? 'REAL_NUMBER' : name);
  return parsed.success ? parsed.data : undefined;
}

function formatDefinition(raw: Record<string, unknown>, source: Source): ImportedDefinition {
  const type = normalizeParameterType(raw.type) ?? failWith(SUB_MODEL_MESSAGES.formattingFailed);
  const out: Record<string, unknown> = { type };
  const text = (key: string, target = key) => {
    const v = raw[key];
    if (!isNoValue(v)) out[target] = unquote(unwrap(toText(v)), source);
  };
  const flag = (key: string) => {
    if (!isNoValue(raw[key])) out[key] = booleanOf(raw[key]);
  };
  for (const key of ['id', 'name', 'title', 'question', 'categoryId']) text(key);
  for (const key of ['visible', 'required', 'viewable']) flag(key);
  const level = raw.expertiseLevel ?? raw.expertise;
  if (!isNoValue(level))
    out.expertiseLevel = expertiseLevelOrUndefined(unquote(String(level), source)) ?? 500;
  if (!isNoValue(raw.controlType)) {
    const control = controlTypeOf(raw.controlType);
    if (control) out.controlType = control;
  }
  switch (type) {
    case 'STRING':
    case 'LABEL':
      text('defaultValue');
      if (type === 'STRING' && !isNoValue(raw.length)) out.length = unwrap(convert('integer', raw.length));
      rejectBounds(raw, source, ['min', 'max']);
      break;
    case 'BOOLEAN':
      if (!isNoValue(raw.defaultValue)) out.defaultValue = booleanOf(raw.defaultValue);
      rejectBounds(raw, source, ['min', 'max']);
      break;
    case 'INTEGER':
    case 'REAL_NUMBER':
    case 'DECIMAL':
    case 'DATE':
      Object.assign(out, formatBounds(raw, type, source));
      break;
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT':
      rejectBounds(raw, source, ['min', 'max']);
      out.options = formatOptions(raw, source);
      break;
    case 'RANGE': {
      const dataType = normalizeParameterType(raw.dataType ?? 'INTEGER');
      const parsed = RangeDataTypeSchema.safeParse(dataType);
      if (!parsed.success) failWith(SUB_MODEL_MESSAGES.formattingFailed);
      const rangeType = parsed.data;
      out.dataType = rangeType;
      out.from = formatBounds(isObject(raw.from) ? raw.from : {}, rangeType, source);
      out.to = formatBounds(isObject(raw.to) ? raw.to : {}, rangeType, source);
      break;
    }
    case 'ARRAY':
      text('rowDescription');
      out.rows = formatRows(raw.rows, source);
      out.columns = listOf(raw.columns).map((c) => formatArrayColumn(c, source));
      break;
    case 'SELECTOR':
      out.rows = formatRows(raw.rows, source);
      out.columns = listOf(raw.columns).map((c) => formatSelectorColumn(c, source));
      break;
    case 'FILE':
      if (!isNoValue(raw.size)) out.size = unwrap(convert('integer', raw.size));
      if (!isNoValue(raw.files ?? raw.helpFile))
        out.files = unquote(unwrap(toText(raw.files ?? raw.helpFile)), source);
      rejectBounds(raw, source, ['min', 'max', 'defaultValue']);
      break;
  }
  return out as ImportedDefinition;
}

/** XML: numbers need an integer, real, decimal or date type. */
function rejectBounds(raw: Record<string, unknown>, source: Source, keys: readonly string[]): void {
  if (source === 'xml' && keys.some((k) => !isNoValue(raw[k]))) failWith(SUB_MODEL_MESSAGES.formattingFailed);
}

function formatBounds(raw: Record<string, unknown>, type: ParameterType, source: Source) {
  const kind = kindOf(type);
  if (!kind || !isBoundedType(type)) return failWith(SUB_MODEL_MESSAGES.formattingFailed);
  const out: Record<string, unknown> = {};
  for (const key of ['min', 'max', 'defaultValue']) {
    const v = raw[key];
    if (isNoValue(v)) continue;
    out[key] = unwrap(convert(kind, typeof v === 'string' ? unquote(v, source) : v));
  }
  return out;
}

function formatOptions(raw: Record<string, unknown>, source: Source) {
  const defaults = new Set(listOf(raw.defaultValue ?? []).flatMap((v) => (isNoValue(v) ? [] : [String(v)])));
  const options = listOf(raw.options).map((o) => {
    if (!isObject(o)) return failWith(SUB_MODEL_MESSAGES.invalidDataStructure);
    const key = isNoValue(o.key) ? '' : unquote(unwrap(toText(o.key)), source);
    const text = isNoValue(o.text) ? '' : unquote(unwrap(toText(o.text)), source);
    return { key, text, selected: isNoValue(o.selected) ? false : booleanOf(o.selected) };
  });
  // A JSON definition may name its default instead of flagging the option.
  if (!options.some((o) => o.selected)) for (const o of options) o.selected = defaults.has(o.key);
  return options;
}

function formatRows(raw: unknown, source: Source) {
  return listOf(raw).map((row) => {
    const value = isObject(row) ? row.text : row;
    return { text: isNoValue(value) ? '' : unquote(unwrap(toText(value)), source) };
  });
}

function formatArrayColumn(raw: unknown, source: Source) {
  if (!isObject(raw)) return failWith(SUB_MODEL_MESSAGES.invalidDataStructure);
  const dataType = normalizeParameterType(raw.dataType ?? 'STRING');
  const parsed = ColumnDataTypeSchema.safeParse(dataType);
  if (!parsed.success) return failWith(SUB_MODEL_MESSAGES.formattingFailed);
  const columnType = parsed.data;
  const kind = kindOf(columnType) ?? 'string';
  const out: Record<string, unknown> = {
    text: isNoValue(raw.text) ? '' : unquote(unwrap(toText(raw.text)), source),
    dataType: columnType,
  };
  if (!isNoValue(raw.required)) out.required = booleanOf(raw.required);
  if (columnType === 'STRING') {
    if (!isNoValue(raw.length)) out.length = unwrap(convert('integer', raw.length));
    rejectBounds(raw, source, ['min', 'max']);
  } else {
    for (const key of ['min', 'max']) {
      const v = raw[key];
      if (!isNoValue(v)) out[key] = unwrap(convert(kind, typeof v === 'string' ? unquote(v, source) : v));
    }
  }
  // Defaults keep their row positions: an empty default stays as a blank (null).
  out.defaultValue = listOf(raw.defaultValue).map((v) =>
    isNoValue(v) ? null : unwrap(convert(kind, typeof v === 'string' ? unquote(v, source) : v)),
  );
  return out;
}

function formatSelectorColumn(raw: unknown, source: Source) {
  if (!isObject(raw)) return failWith(SUB_MODEL_MESSAGES.invalidDataStructure);
  return {
    key: isNoValue(raw.key) ? '' : unquote(unwrap(toText(raw.key)), source),
    text: isNoValue(raw.text) ? '' : unquote(unwrap(toText(raw.text)), source),
    cellText: listOf(raw.cellText).map((v) => (isNoValue(v) ? '' : unquote(unwrap(toText(v)), source))),
  };
}

/** Ids are required; a file without them gets p1, p2... (skipping ids already used). */
function assignMissingIds(definitions: Record<string, unknown>[]): void {
  const used = new Set(definitions.flatMap((d) => (typeof d.id === 'string' ? [d.id] : [])));
  let next = 1;
  for (const d of definitions) {
    if (typeof d.id === 'string') continue;
    while (used.has(`p${next}`)) next++;
    const id = `p${next}`;
    d.id = id;
    used.add(id);
  }
}

/**
 * Controlled-by names its controller by id (or variable name); the value is an option index for a
 * select and 1 (true) or anything else (false) for a boolean.
 */
function resolveControls(definitions: Record<string, unknown>[], records: Record<string, unknown>[]): void {
  definitions.forEach((d, index) => {
    const raw = records[index] as Record<string, unknown>;
    const spec = isObject(raw.controlledBy)
      ? raw.controlledBy
      : isNoValue(raw.controlledBy)
        ? undefined
        : { id: raw.controlledBy, value: raw.controlledByValue };
    delete d.controlledBy;
    if (!spec || isNoValue(spec.id)) return;
    const ref = String(spec.id).trim();
    const controller =
      definitions.find((c) => c.id === ref) ?? definitions.find((c) => c.name === ref) ?? undefined;
    if (!controller) failWith(DESIGNED_MESSAGES.controllerNotFound(ref));
    const value = spec.value;
    let mapped: string | boolean;
    if (controller.type === 'BOOLEAN') {
      mapped =
        value === 1 || value === true || (typeof value === 'string' && ['1', 'true'].includes(value.trim()));
    } else if (controller.type === 'SINGLE_SELECT' || controller.type === 'MULTI_SELECT') {
      const options = controller.options as { key: string }[];
      const position =
        typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      const option = Number.isInteger(position) ? options[position] : undefined;
      if (!option) failWith(DESIGNED_MESSAGES.controlledByUnmatched(String(value), ref));
      mapped = option.key;
    } else {
      mapped = isNoValue(value) ? '' : String(value);
    }
    d.controlledBy = { id: controller.id, value: mapped };
    if (d.controlType === undefined) d.controlType = 'HIDE_SHOW';
  });
}

function controlTypeOf(raw: unknown): string | undefined {
  const letters = String(raw)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (letters === 'HIDESHOW') return ControlTypeSchema.def.entries.HIDE_SHOW;
  if (letters === 'ENABLEDISABLE') return ControlTypeSchema.def.entries.ENABLE_DISABLE;
  return undefined;
}

/** Flags in files: true, 'true' (any case) and 1 are true. */
function booleanOf(raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1;
  const text = String(raw).trim().toLowerCase();
  return text === 'true' || text === '1';
}

/** XML: a string written in quotes ("text" or 'text') is unquoted. */
function unquote(text: string, source: Source): string {
  if (source !== 'xml') return text;
  const t = text.trim();
  if (t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0]) return t.slice(1, -1);
  return t;
}

const listOf = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

// ---------- XML ----------

const ATTR = '@_';
const TEXT = '#text';

/** The deepest element nesting read; a definition file needs four or five levels. */
export const XML_MAX_DEPTH = 100;

/** Built on first use: modules that import this file for JSON only do not pay for it. */
let xmlParser: XMLParser | undefined;
const parser = () =>
  (xmlParser ??= new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTR,
    textNodeName: TEXT,
    // Values stay text: the formatter types them by the parameter's type (§5).
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    // Stated rather than left to the library's default: the message below names it.
    maxNestedTags: XML_MAX_DEPTH,
  }));

/**
 * The DOCTYPE problem of an XML file, or undefined (issue 16 §2). Definition files need no DTD: an
 * entity declaration can expand past the parser's limits (or is a SYSTEM entity that names a file or
 * URL), and a DTD that is SYSTEM or PUBLIC names one too. Both are refused before parsing; a plain
 * `<!DOCTYPE definitions>` and the predefined entities (`&amp;`...) stay readable.
 */
function doctypeProblem(content: string): string | undefined {
  const start = content.search(/<!DOCTYPE/i);
  if (start < 0) return undefined;
  const rest = content.slice(start);
  const head = rest.slice(0, rest.search(/[[>]/) + 1 || rest.length);
  const subset = head.endsWith('[') ? rest.slice(head.length, rest.indexOf(']') + 1 || rest.length) : '';
  if (/\b(?:SYSTEM|PUBLIC)\b/i.test(head) || /\b(?:SYSTEM|PUBLIC)\b/i.test(subset))
    return DESIGNED_MESSAGES.xmlExternal;
  if (/<!ENTITY/i.test(subset)) return DESIGNED_MESSAGES.xmlEntities;
  return undefined;
}

/** The document, or the message of a file the parser refuses although the validator took it. */
function parseXml(content: string): { document: unknown } | { message: string } {
  try {
    return { document: parser().parse(content) };
  } catch (error) {
    // The parser's errors are plain Errors; its nesting limit is told apart by its text, which the
    // unit test pins so that a library update that rewords it is noticed.
    const detail = error instanceof Error ? error.message : String(error);
    if (/nested tags/i.test(detail)) return { message: DESIGNED_MESSAGES.xmlTooDeep(XML_MAX_DEPTH) };
    return { message: DESIGNED_MESSAGES.unreadableFile(detail) };
  }
}

function importXml(content: string): DefinitionImport {
  const problem = doctypeProblem(content);
  if (problem) return { ok: false, message: problem };
  if (XMLValidator.validate(content) !== true) return invalid();
  const parsed = parseXml(content);
  if ('message' in parsed) return { ok: false, message: parsed.message };
  const document = parsed.document;
  if (!isObject(document)) return invalid();
  const roots = Object.entries(document).filter(([name]) => !name.startsWith('?'));
  if (roots.length !== 1) return invalid();
  const root = roots[0]?.[1];
  const parameters = isObject(root) ? listOf(root.parameter) : [];
  if (!parameters.every(isObject)) return invalid();
  return formatDefinitions(parameters.map(xmlParameter), 'xml');
}

/** The text of an element or attribute: a plain string, or an element's text node. */
function textOf(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return textOf(node[0]);
  if (isObject(node)) return typeof node[TEXT] === 'string' ? node[TEXT] : '';
  return String(node);
}

/** A field given as a child element or as an attribute (the element wins). */
function field(node: Record<string, unknown>, name: string): string | undefined {
  return textOf(node[name]) ?? textOf(node[`${ATTR}${name}`]);
}

function fields(node: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const v = field(node, name);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

const SCALARS = [
  'id',
  'name',
  'type',
  'title',
  'question',
  'categoryId',
  'visible',
  'required',
  'viewable',
  'expertise',
  'expertiseLevel',
  'controlType',
  'controlledBy',
  'controlledByValue',
  'min',
  'max',
  'defaultValue',
  'length',
  'size',
  'files',
  'helpFile',
  'dataType',
  'rowDescription',
] as const;

function xmlParameter(node: Record<string, unknown>): Record<string, unknown> {
  const raw = fields(node, SCALARS);
  const nested = (name: string, child: string) =>
    listOf(
      node[child] ?? (isObject(node[name]) ? (node[name] as Record<string, unknown>)[child] : undefined),
    );
  const options = nested('options', 'option').filter(isObject);
  if (options.length > 0)
    raw.options = options.map((o) => ({
      key: field(o, 'key'),
      text: field(o, 'text') ?? textOf(o),
      selected: field(o, 'selected'),
    }));
  const rows = nested('rows', 'row');
  if (rows.length > 0)
    raw.rows = rows.map((r) => (isObject(r) ? (field(r, 'text') ?? textOf(r)) : textOf(r)));
  const columns = nested('columns', 'column').filter(isObject);
  if (columns.length > 0)
    raw.columns = columns.map((c) => ({
      ...fields(c, ['key', 'text', 'required', 'dataType', 'length', 'min', 'max']),
      defaultValue: listOf(c.defaultValue ?? c[`${ATTR}defaultValue`]).map(textOf),
      cellText: listOf(c.cell ?? c.cellText).map(textOf),
    }));
  const control = node.controlledBy;
  if (isObject(control) && !Array.isArray(control) && field(control, 'id') !== undefined)
    raw.controlledBy = { id: field(control, 'id'), value: field(control, 'value') };
  for (const end of ['from', 'to'] as const) {
    const e = node[end];
    if (isObject(e)) raw[end] = fields(e, ['min', 'max', 'defaultValue']);
  }
  return raw;
}
