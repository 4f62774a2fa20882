import * as z from 'zod/mini';

/**
 * Building blocks for what people and clients type or send, and the messages zod answers with.
 * Every schema of a request body, a query or a form takes its free text, links, dates and media types
 * from here, so that one rule holds on every route and in every form:
 * - `freeText()`: trimmed text without control characters (line breaks and tabs only where the text
 *   may span lines), without bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069: they
 *   make a name read differently from what it is, e.g. 'report‮fdp.exe') and without lone surrogates
 *   (half a character, which DynamoDB and JSON consumers may reject or mangle);
 * - `httpUrl()`: an absolute http or https link (a `javascript:` or `data:` link would run in the
 *   browser of whoever opens it);
 * - `isoDate()`: a real calendar date written yyyy-mm-dd (2024-13-45 matches the pattern, not the
 *   calendar);
 * - `mediaType()`: a Content-Type value (no CR/LF, which would split the header it ends up in).
 *
 * The error map below names the field and what is allowed ("expertiseTypeLevel must be one of 250,
 * 500, 750, 1000"). It is installed as zod's global error map when this module loads: every shared
 * schema imports it, so the API and the web forms answer with the same words.
 */

/** How a message names the field at `path`; forms pass their visible labels. */
export type FieldNamer = (path: readonly PropertyKey[]) => string;

/**
 * The last named key of the path ('metadata.country.2' → 'country'); 'This field' for a form's single
 * field checked on its own (`Schema.shape.description.safeParse(text)`).
 */
export const fieldKeyName: FieldNamer = (path) => {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'string') return key;
  }
  return 'This field';
};

// ---------- characters ----------

/** C0 and C1 control characters and DEL; a text that may span lines keeps tab, LF and CR. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL_CHARACTER_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'control' | 'bidi' | 'surrogate';

/** The first reason `value` is not acceptable free text, or undefined. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): TextProblem | undefined {
  const control = options.multiline ? CONTROL_CHARACTER_EXCEPT_LINE_BREAKS : CONTROL_CHARACTER;
  if (control.test(value)) return 'control';
  if (BIDI_CONTROL.test(value)) return 'bidi';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return undefined;
}

/** Custom issues of the building blocks carry their reason; the error map words them. */
type InputReason =
  | { reason: 'text'; problem: TextProblem; multiline: boolean }
  | { reason: 'httpUrl' }
  | { reason: 'isoDate' }
  | { reason: 'mediaType' }
  | { reason: 'noBody' };

/**
 * Schemas are immutable and zod builds each at import time; fields of the same kind share one
 * instance (the metadata alone has 40-odd fields, see model.ts).
 */
const cache = new Map<string, z.ZodMiniType>();
function once<T extends z.ZodMiniType>(key: string, build: () => T): T {
  let schema = cache.get(key) as T | undefined;
  if (!schema) {
    schema = build();
    cache.set(key, schema);
  }
  return schema;
}

export interface FreeTextOptions {
  /** Characters after trimming. */
  max: number;
  /** Characters after trimming; with a message, that message (e.g. 'This field is required.'). */
  min?: number;
  minMessage?: string;
  /** The text may span lines: tab, LF and CR are allowed. */
  multiline?: boolean;
  /** Trim surrounding blanks (default). File names and paths are kept exactly as sent. */
  trim?: boolean;
}

/** Text of at most `max` characters (trimmed) without control, bidirectional or broken characters. */
export function freeText(options: FreeTextOptions): z.ZodMiniString<string> {
  const { max, min, minMessage, multiline = false, trim = true } = options;
  return once(`freeText ${max} ${min ?? ''} ${minMessage ?? ''} ${multiline} ${trim}`, () => {
    const checks: z.core.$ZodCheck<string>[] = [];
    if (trim) checks.push(z.trim());
    if (min !== undefined) checks.push(minMessage ? z.minLength(min, minMessage) : z.minLength(min));
    checks.push(z.maxLength(max), z.superRefine(textCharacters({ multiline })));
    return z.string().check(...checks);
  });
}

/**
 * The character rule of `freeText` for a string schema that keeps its own messages:
 * `z.string().check(z.minLength(1, '…'), z.superRefine(textCharacters({ multiline: true })))`.
 */
export function textCharacters(options: { multiline?: boolean } = {}) {
  const multiline = options.multiline ?? false;
  return (value: string, ctx: z.core.$RefinementCtx<string>): void => {
    const problem = textProblem(value, { multiline });
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        input: value,
        params: { reason: 'text', problem, multiline } satisfies InputReason,
      });
    }
  };
}

/** An absolute http: or https: URL of at most `max` characters; '' stands for "no link". */
export function httpUrl(max = 2000): z.ZodMiniString<string> {
  return once(`httpUrl ${max}`, () =>
    z.string().check(
      z.trim(),
      z.maxLength(max),
      z.superRefine((value, ctx) => {
        if (value === '' || isHttpUrl(value)) return;
        ctx.addIssue({ code: 'custom', input: value, params: { reason: 'httpUrl' } satisfies InputReason });
      }),
    ),
  );
}

export function isHttpUrl(value: string): boolean {
  if (textProblem(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A calendar date written yyyy-mm-dd; with `allowEmpty`, '' (clears the date) too. */
export function isoDate(options: { allowEmpty?: boolean } = {}): z.ZodMiniString<string> {
  const allowEmpty = options.allowEmpty ?? false;
  return once(`isoDate ${allowEmpty}`, () =>
    z.string().check(
      z.superRefine((value, ctx) => {
        if ((allowEmpty && value === '') || isIsoDate(value)) return;
        ctx.addIssue({ code: 'custom', input: value, params: { reason: 'isoDate' } satisfies InputReason });
      }),
    ),
  );
}

export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** RFC 9110 token characters. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[^"\\u0000-\\u001F\\u007F]*"))*$`,
);

/** A Content-Type value such as `text/csv` or `text/plain; charset=utf-8` (no CR/LF, no controls). */
export function mediaType(max = 255): z.ZodMiniString<string> {
  return once(`mediaType ${max}`, () =>
    z.string().check(
      z.maxLength(max),
      z.superRefine((value, ctx) => {
        if (MEDIA_TYPE.test(value)) return;
        ctx.addIssue({ code: 'custom', input: value, params: { reason: 'mediaType' } satisfies InputReason });
      }),
    ),
  );
}

/** The body of a route that takes none: nothing, or an empty JSON object. */
export const NoBodySchema = z.unknown().check(
  z.superRefine((value, ctx) => {
    const empty =
      value === undefined ||
      (typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length === 0);
    if (!empty)
      ctx.addIssue({ code: 'custom', input: value, params: { reason: 'noBody' } satisfies InputReason });
  }),
);

// ---------- query strings ----------

/**
 * A comma-separated query value as a list of at most `max` items ('DRAFT,PUBLISHED'); absent stays
 * absent. zod/mini has no `preprocess`: this is the pipe classic's builds, a transform feeding the list.
 */
export function commaSeparated<T extends z.ZodMiniType<string>>(item: T, max: number) {
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v)),
    z.optional(z.array(item).check(z.maxLength(max))),
  );
}

/** 'true' or 'false' in a query string, as a boolean. */
export function booleanText() {
  return once('booleanText', () =>
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((v) => v === 'true'),
    ),
  );
}

// ---------- messages ----------

const TEXT_PROBLEMS: Record<TextProblem, (multiline: boolean) => string> = {
  control: (multiline) =>
    multiline
      ? 'must not contain control characters (line breaks and tabs are allowed)'
      : 'must not contain control characters such as line breaks or tabs',
  bidi: () => 'must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069)',
  surrogate: () => 'must not contain broken characters (unpaired UTF-16 surrogates)',
};

/** Why a text is refused, without the field's name ('must not contain control characters …'). */
export const describeTextProblem = (problem: TextProblem, multiline = false) =>
  TEXT_PROBLEMS[problem](multiline);

const quote = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));
const list = (values: readonly unknown[]) => values.map(quote).join(', ');

function oneOf(values: readonly unknown[]): string {
  return values.length === 1 ? `must be ${quote(values[0])}` : `must be one of ${list(values)}`;
}

const EXPECTED: Record<string, string> = {
  number: 'must be a number',
  int: 'must be a whole number',
  bigint: 'must be a whole number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  date: 'must be a date',
  null: 'must be null',
};

const FORMATS: Record<string, string> = {
  uuid: 'must be a UUID',
  guid: 'must be a UUID',
  email: 'must be an e-mail address',
  url: 'must be a URL',
  datetime: 'must be a date and time (ISO 8601)',
  date: 'must be a date written yyyy-mm-dd',
  time: 'must be a time written hh:mm:ss',
  ulid: 'must be a ULID',
  starts_with: 'has the wrong beginning',
  ends_with: 'has the wrong ending',
};

const sizeUnit = (origin: string, n: number | bigint) =>
  origin === 'string'
    ? `${n} character${n === 1 ? '' : 's'}`
    : origin === 'array' || origin === 'set'
      ? `${n} item${n === 1 ? '' : 's'}`
      : String(n);

/** Why one issue arose, without the field's name ('must be one of 250, 500, 750, 1000'). */
function problemOf(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      return EXPECTED[issue.expected] ?? `must be ${issue.expected}`;
    }
    case 'invalid_value':
      return oneOf(issue.values);
    case 'invalid_union': {
      // A union of literals (or enums) fails as a union: name all the values it accepts.
      const values: unknown[] = [];
      for (const branch of issue.errors) {
        const only = branch.length === 1 ? branch[0] : undefined;
        if (only?.code !== 'invalid_value') return 'is not valid';
        values.push(...only.values);
      }
      return values.length > 0 ? oneOf(values) : 'is not valid';
    }
    case 'too_big': {
      const unit = sizeUnit(issue.origin, issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return `must have at most ${unit}`;
      return issue.inclusive === false ? `must be less than ${unit}` : `must be at most ${unit}`;
    }
    case 'too_small': {
      const unit = sizeUnit(issue.origin, issue.minimum);
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set')
        return `must have at least ${unit}`;
      return issue.inclusive === false ? `must be more than ${unit}` : `must be at least ${unit}`;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'has an invalid format';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'an unknown field' : 'unknown fields'}: ${issue.keys.join(', ')}`;
    case 'invalid_key':
      return 'has an invalid key';
    case 'invalid_element':
      return 'has an invalid item';
    case 'custom': {
      const params = issue.params as InputReason | undefined;
      switch (params?.reason) {
        case 'text':
          return TEXT_PROBLEMS[params.problem](params.multiline);
        case 'httpUrl':
          return 'must be a link starting with http:// or https://';
        case 'isoDate':
          return 'must be a real date written yyyy-mm-dd';
        case 'mediaType':
          return 'must be a media type such as text/csv or application/json';
        case 'noBody':
          return 'must be empty: this request takes no body';
        default:
          return 'is not valid';
      }
    }
    default:
      return 'is not valid';
  }
}

/** An error map that names the field (by `name`) and what is allowed. */
export function inputErrorMap(name: FieldNamer = fieldKeyName): z.core.$ZodErrorMap {
  return (issue) => {
    if (issue.code === 'custom' && (issue.params as InputReason | undefined)?.reason === 'noBody')
      return 'This request takes no body: send none, or {}.';
    return `${name(issue.path ?? [])} ${problemOf(issue)}`;
  };
}

/** The API's and the forms' error map (field keys as the client sends them). */
export const INPUT_ERROR_MAP = inputErrorMap();

// Installed once for every parse; a schema's own message (e.g. 'This field is required.') still wins.
z.config({ customError: INPUT_ERROR_MAP });
