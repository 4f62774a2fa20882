import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FileAttributesSchema, ShareModelBodySchema } from './collaboration';
import { CreateIncidentBodySchema } from './incident';
import { freeText, httpUrl, inputErrorMap, isoDate, mediaType, NoBodySchema } from './input';
import { ModelMetadataSchema } from './model';
import {
  CreateUploadBodySchema,
  ListModelsQuerySchema,
  UploadedFileRefSchema,
  UserExpertiseSchema,
} from './model-api';

const messageOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('freeText', () => {
  const line = freeText({ max: 20 });
  const lines = freeText({ max: 20, multiline: true });

  it.each([
    ['plain text', 'EU adaptation'],
    ['accents and CJK', 'Ünïcödé 日本'],
    ['an emoji (a surrogate pair)', 'model 🚀'],
    ['an Arabic word (right-to-left letters, no override)', 'نموذج'],
  ])('accepts %s', (_what, value) => {
    expect(line.safeParse(value).success).toBe(true);
  });

  it.each([
    ['a NUL', 'a\u0000b', 'control'],
    ['a line break in a one-line text', 'a\nb', 'control'],
    ['a tab in a one-line text', 'a\tb', 'control'],
    ['an escape sequence', 'a\u001b[31mred', 'control'],
    ['DEL', 'a\u007fb', 'control'],
    ['a C1 control', 'a\u0085b', 'control'],
    ['a right-to-left override (U+202E)', 'report\u202Efdp.exe', 'bidirectional'],
    ['a left-to-right embedding (U+202A)', '\u202Aabc', 'bidirectional'],
    ['a first-strong isolate (U+2068)', 'a\u2068b', 'bidirectional'],
    ['a pop directional isolate (U+2069)', 'a\u2069b', 'bidirectional'],
    ['a lone high surrogate', 'a\uD800b', 'broken characters'],
    ['a lone low surrogate', 'a\uDC00b', 'broken characters'],
    ['a high surrogate at the end', 'ab\uD83D', 'broken characters'],
  ])('refuses %s and says why', (_what, value, words) => {
    const message = messageOf(z.object({ suffix: line }), { suffix: value });
    expect(message).toMatch(/^suffix must not contain /);
    expect(message).toContain(words);
  });

  it('keeps line breaks and tabs in a text that may span lines, and still refuses other controls', () => {
    expect(lines.safeParse('first line\r\n\tsecond').success).toBe(true);
    expect(messageOf(z.object({ notes: lines }), { notes: 'a\u0007b' })).toBe(
      'notes must not contain control characters (line breaks and tabs are allowed)',
    );
  });

  it('trims, then counts characters; a minimum keeps its own message', () => {
    expect(line.parse('  padded  ')).toBe('padded');
    expect(messageOf(z.object({ suffix: line }), { suffix: 'x'.repeat(21) })).toBe(
      'suffix must have at most 20 characters',
    );
    const required = freeText({ min: 1, minMessage: 'This field is required.', max: 10 });
    expect(messageOf(required, '   ')).toBe('This field is required.');
  });

  it('keeps file names as sent when asked not to trim', () => {
    expect(freeText({ max: 20, trim: false }).parse(' a.txt')).toBe(' a.txt');
  });
});

describe('httpUrl', () => {
  const url = z.object({ ext_url: httpUrl() });

  it.each(['https://example.com/model', 'http://intranet.example.com:8080/a?b=c#d', ''])(
    'accepts %j',
    (value) => {
      expect(url.safeParse({ ext_url: value }).success).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    '//example.com/no-scheme',
    'example.com',
    'https://exa mple.com',
    'https://example.com/\u202Eevil',
  ])('refuses %j and names the allowed schemes', (value) => {
    expect(messageOf(url, { ext_url: value })).toBe(
      'ext_url must be a link starting with http:// or https://',
    );
  });
});

describe('isoDate', () => {
  const date = z.object({ asOfDate: isoDate({ allowEmpty: true }) });

  it.each(['2024-02-29', '2023-12-31', '1999-01-01', ''])('accepts %j', (value) => {
    expect(date.safeParse({ asOfDate: value }).success).toBe(true);
  });

  it.each([
    '2024-13-45',
    '2023-02-29',
    '2024-04-31',
    '2024-00-10',
    '2024-1-5',
    '24-01-05',
    '2024-01-05T00:00',
  ])('refuses %j', (value) => {
    expect(messageOf(date, { asOfDate: value })).toBe('asOfDate must be a real date written yyyy-mm-dd');
  });

  it('refuses an empty date where one is required', () => {
    expect(isoDate().safeParse('').success).toBe(false);
  });
});

describe('mediaType', () => {
  it.each([
    'text/csv',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/plain; charset=utf-8',
  ])('accepts %j', (value) => {
    expect(mediaType().safeParse(value).success).toBe(true);
  });

  it.each([
    'text/plain\r\nx-amz-meta-evil: 1',
    'text/plain\nSet-Cookie: a=b',
    'text/plain\r',
    'text',
    'text/',
    '',
  ])('refuses %j', (value) => {
    expect(messageOf(z.object({ contentType: mediaType() }), { contentType: value })).toBe(
      'contentType must be a media type such as text/csv or application/json',
    );
  });
});

describe('NoBodySchema', () => {
  it.each([undefined, {}])('accepts %j', (value) => {
    expect(NoBodySchema.safeParse(value).success).toBe(true);
  });

  it.each([[[]], ['x'], [1], [null], [{ seen: true }]])('refuses %j with a clear message', (value) => {
    expect(messageOf(NoBodySchema, value)).toBe('This request takes no body: send none, or {}.');
  });
});

describe('the error map names the field and what is allowed', () => {
  it('lists the allowed values of a choice', () => {
    expect(messageOf(UserExpertiseSchema, { userId: 'lead', expertiseTypeLevel: 3 })).toBe(
      'expertiseTypeLevel must be one of 250, 500, 750, 1000',
    );
    expect(messageOf(ListModelsQuerySchema, { view: 'everything' })).toBe(
      "view must be one of 'all', 'mine'",
    );
    expect(messageOf(ModelMetadataSchema, { type: 'Regional' })).toBe(
      "type must be one of 'Global', 'Country Adaptation', 'Global + Country Adaptation'",
    );
  });

  it('says in words that a page number is not a number', () => {
    expect(messageOf(ListModelsQuerySchema, { page: 'abc' })).toBe('page must be a number');
    expect(messageOf(ListModelsQuerySchema, { page: '1.5' })).toBe('page must be a whole number');
    expect(messageOf(ListModelsQuerySchema, { page: '-1' })).toBe('page must be at least 0');
  });

  it('names missing fields, wrong types, lengths and unions of literals', () => {
    expect(messageOf(ShareModelBodySchema, { message: 'hi' })).toBe('userIds is required');
    expect(messageOf(ShareModelBodySchema, { userIds: 'lead', message: 'hi' })).toBe(
      'userIds must be a list',
    );
    expect(messageOf(z.object({ n: z.union([z.literal(1), z.literal(2)]) }), { n: 3 })).toBe(
      'n must be one of 1, 2',
    );
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(
      'This field has an unknown field: b',
    );
  });

  it("names a form's single field 'This field'", () => {
    expect(messageOf(CreateIncidentBodySchema.shape.description, 'It broke\u0000')).toBe(
      'This field must not contain control characters (line breaks and tabs are allowed)',
    );
  });

  it('lets a form name fields by their labels', () => {
    const labels: Record<string, string> = { ext_url: 'External URL' };
    const result = ModelMetadataSchema.safeParse(
      { ext_url: 'javascript:alert(1)' },
      { error: inputErrorMap((path) => labels[String(path[0])] ?? String(path[0])) },
    );
    expect(result.error?.issues[0]?.message).toBe(
      'External URL must be a link starting with http:// or https://',
    );
  });
});

describe('free text everywhere it is accepted', () => {
  const bidi = 'EU\u202Egnp.exe';

  it.each([
    ['suffix', { suffix: bidi }],
    ['disease', { disease: 'a\u0000' }],
    ['notes', { notes: 'a\u202Db' }],
    ['veap_id.name', { veap_id: { id: 'V1', name: 'a\uDC00' } }],
    ['veap_id.url', { veap_id: { id: 'V1', url: 'javascript:alert(1)' } }],
    ['ext_url', { ext_url: 'javascript:alert(1)' }],
    ['country', { country: ['France\u2066'] }],
  ])('model metadata refuses a bad %s', (path, metadata) => {
    const result = ModelMetadataSchema.safeParse(metadata);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.filter((p) => typeof p === 'string').join('.')).toBe(path);
  });

  it('file attributes refuse an impossible date and a control character in the comment', () => {
    expect(messageOf(FileAttributesSchema, { asOfDate: '2024-13-45' })).toBe(
      'asOfDate must be a real date written yyyy-mm-dd',
    );
    expect(FileAttributesSchema.safeParse({ comment: 'ok\nfine' }).success).toBe(true);
    expect(FileAttributesSchema.safeParse({ comment: 'bad\u0000' }).success).toBe(false);
  });

  it('uploads refuse CR/LF in a content type and a bidirectional override in a file name', () => {
    const file = { name: 'a.csv', size: 1 };
    expect(
      CreateUploadBodySchema.safeParse({ files: [{ ...file, contentType: 'text/csv\r\nx-evil: 1' }] })
        .success,
    ).toBe(false);
    expect(CreateUploadBodySchema.safeParse({ files: [{ ...file, name: 'a\u202Evsc.exe' }] }).success).toBe(
      false,
    );
    expect(UploadedFileRefSchema.safeParse({ uploadFileId: 'u', name: 'a\u0000.csv' }).success).toBe(false);
    expect(CreateUploadBodySchema.safeParse({ files: [{ ...file, contentType: 'text/csv' }] }).success).toBe(
      true,
    );
  });

  it('texts people write refuse control characters but keep their line breaks', () => {
    expect(ShareModelBodySchema.safeParse({ userIds: ['a'], message: 'Hi,\n\nhave a look' }).success).toBe(
      true,
    );
    expect(ShareModelBodySchema.safeParse({ userIds: ['a'], message: 'Hi\u202E' }).success).toBe(false);
    expect(CreateIncidentBodySchema.safeParse({ description: 'Broken\u0000' }).success).toBe(false);
    expect(CreateIncidentBodySchema.safeParse({ description: 'Broken\nsince today' }).success).toBe(true);
  });
});
