import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/local-cloud';
import { call, createEntry, type Json, metadataOf, rolesOf, tokenOf } from './catalogue-helpers';

/**
 * Bad input the API used to accept (issue 9 item 8) and the study number that overrode the user's
 * choice (item 10), against the local cloud. Each refusal names the field and what is allowed.
 */

/** Sends a raw body (as typed, so that escapes such as \ud800 reach the server unchanged). */
async function raw(
  persona: string,
  method: string,
  path: string,
  body: string,
  contentType: string | undefined = 'application/json',
): Promise<{ status: number; body: Json }> {
  const res = await api(path, {
    method,
    token: await tokenOf(persona),
    body,
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const issuePaths = (body: Json): string[] => (body?.issues ?? []).map((i: Json) => i.path);

describe('free text refuses control, bidirectional and broken characters', () => {
  it.each([
    [
      'a right-to-left override in the suffix',
      { suffix: 'EU\u202Eexe.fdp' },
      'body.metadata.suffix',
      'bidirectional',
    ],
    [
      'a pop directional isolate in the suffix',
      { suffix: 'EU\u2069' },
      'body.metadata.suffix',
      'bidirectional',
    ],
    ['a NUL in the disease', { disease: 'Melanoma\u0000' }, 'body.metadata.disease', 'control characters'],
    ['an escape sequence in the notes', { notes: '\u001b[2J' }, 'body.metadata.notes', 'control characters'],
    ['a line break in the suffix', { suffix: 'EU\nsecond' }, 'body.metadata.suffix', 'control characters'],
  ])('refuses %s on create (400 naming the field)', async (_what, overrides, path, words) => {
    const res = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf(overrides),
      roles: rolesOf(),
      files: [],
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(path);
    expect(res.body.message).toContain(words);
  });

  it('refuses a lone surrogate sent as a JSON escape', async () => {
    const body = JSON.stringify({
      metadata: metadataOf({ suffix: 'SURROGATE' }),
      roles: rolesOf(),
      files: [],
    });
    const res = await raw('lead', 'POST', '/v2/models/name-check', body.replace('SURROGATE', 'EU\\ud800'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'suffix must not contain broken characters (unpaired UTF-16 surrogates) (body.metadata.suffix)',
    );
  });

  it('refuses a bidirectional override in a renamed suffix (PATCH) and in a share message', async () => {
    const entry = await createEntry({ publish: true });
    const patch = await call('lead', 'PATCH', `/v2/models/${entry.uuid}`, {
      metadata: { ...entry.metadata, suffix: `${entry.metadata.suffix}\u202D` },
      rev: entry.rev,
    });
    expect(patch.status).toBe(400);
    expect(issuePaths(patch.body)).toEqual(['body.metadata.suffix']);
    const share = await call('lead', 'POST', `/v2/models/${entry.uuid}/share`, {
      userIds: ['employee'],
      message: 'Look\u202E',
    });
    expect(share.status).toBe(400);
    expect(issuePaths(share.body)).toEqual(['body.message']);
  });
});

describe('links are http or https only', () => {
  it.each([
    ['ext_url', { ext_url: 'javascript:alert(document.cookie)' }, 'body.metadata.ext_url'],
    ['veap_id.url', { veap_id: { id: 'VEAP-1', url: 'javascript:alert(1)' } }, 'body.metadata.veap_id.url'],
    ['ext_url with data:', { ext_url: 'data:text/html,<script>alert(1)</script>' }, 'body.metadata.ext_url'],
  ])('refuses a script link in %s', async (_what, overrides, path) => {
    const res = await call('lead', 'POST', '/v2/models', {
      metadata: metadataOf(overrides),
      roles: rolesOf(),
      files: [],
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toContain(path);
    expect(res.body.message).toContain('must be a link starting with http:// or https://');
  });

  it('keeps an https link', async () => {
    const entry = await createEntry({
      metadata: metadataOf({
        ext_url: 'https://example.com/model',
        veap_id: { id: 'VEAP-2', url: 'http://veap.example.com/2' },
      }),
    });
    expect(entry.metadata.ext_url).toBe('https://example.com/model');
    expect(entry.metadata.veap_id.url).toBe('http://veap.example.com/2');
  });
});

describe('dates, content types and other values', () => {
  let entry: Json;
  let fileUuid: string;

  beforeAll(async () => {
    entry = await createEntry();
    const files = await call('lead', 'GET', `/v2/models/${entry.uuid}/files`);
    fileUuid = files.body.items.find((f: Json) => !f.folder).uuid;
  });

  it('refuses an impossible as-of date and keeps a real one', async () => {
    const bad = await call('lead', 'PATCH', `/v2/models/${entry.uuid}/files`, {
      update: [{ uuid: fileUuid, asOfDate: '2024-13-45' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('asOfDate must be a real date written yyyy-mm-dd (body.update.0.asOfDate)');
    const leap = await call('lead', 'PATCH', `/v2/models/${entry.uuid}/files`, {
      update: [{ uuid: fileUuid, asOfDate: '2024-02-29' }],
    });
    expect(leap.status).toBe(200);
  });

  it('refuses CR/LF in the content type of an upload', async () => {
    const res = await call('lead', 'POST', '/v2/uploads', {
      files: [{ name: 'a.csv', size: 3, contentType: 'text/csv\r\nx-amz-meta-injected: 1' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'contentType must be a media type such as text/csv or application/json (body.files.0.contentType)',
    );
  });

  it('names the allowed expertise levels', async () => {
    const res = await call('lead', 'PUT', `/v2/models/${entry.uuid}/expertise/lead`, {
      userId: 'lead',
      expertiseTypeLevel: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'body.expertiseTypeLevel', message: 'expertiseTypeLevel must be one of 250, 500, 750, 1000' },
    ]);
  });

  it('says in words that a page parameter is not a number', async () => {
    const res = await call('lead', 'GET', '/v2/models?page=abc');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('page must be a number (query.page)');
  });
});

describe('bodies are JSON sent as application/json', () => {
  const share = () => ({ userIds: ['employee'], message: `Unsent ${Date.now()}` });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
  ])('answers 415 for JSON sent as %s', async (_what, contentType) => {
    const res = await raw(
      'lead',
      'POST',
      '/v2/notifications/clear',
      JSON.stringify({ ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] }),
      contentType,
    );
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      message: 'The request body must be JSON sent with the header Content-Type: application/json.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('refuses a form post to a mailing route before anything is sent', async () => {
    const entry = await createEntry({ publish: true });
    const body = new URLSearchParams({ message: share().message }).toString();
    const res = await raw(
      'lead',
      'POST',
      `/v2/models/${entry.uuid}/share`,
      body,
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(415);
  });
});

describe('routes that take no body', () => {
  it.each([
    ['POST', '/v2/notifications/seen'],
    ['PUT', '/v2/tours/GT/HOMEPAGE/viewed'],
  ])('%s %s answers 400 for malformed JSON or a body, 204 for none or {}', async (method, path) => {
    for (const body of ['{"seen":', '[1]', '"all"', '{"all":true}']) {
      const res = await raw('owner', method, path, body);
      expect(res.status, body).toBe(400);
    }
    const withBody = await raw('owner', method, path, '{"all":true}');
    expect(withBody.body.message).toContain('This request takes no body');
    expect((await raw('owner', method, path, '{}')).status).toBe(204);
    const none = await api(path, { method, token: await tokenOf('owner') });
    expect(none.status).toBe(204);
  });
});

describe('a trial number fills the metadata as a starting point (issue 9 item 10)', () => {
  // MR-1042-024 is a seeded study assigned Oncology, NSCLC, Zentravimab, Partitioned Survival Model,
  // 'Global' and Confidential: the form fills these when the study is picked; the user then chooses.
  const chosen = () =>
    metadataOf({
      study_number: 'MR-1042-024',
      therapeutic_area: 'Oncology',
      disease: 'Non-small cell lung cancer',
      product: ['Zentravimab'],
      model_type: 'Partitioned Survival Model',
      information_classification: 'Confidential',
      type: 'Country Adaptation',
      global: 'false',
      country: ['France'],
    });

  it('saves, shows and names the Global/Adaptation the user chose', async () => {
    const metadata = chosen();
    const check = await call('lead', 'POST', '/v2/models/name-check', { metadata });
    expect(check.status).toBe(200);
    expect(check.body.name).toContain(' - Country Adaptation - ');

    const entry = await createEntry({ metadata });
    expect(entry.metadata.type).toBe('Country Adaptation');
    expect(entry.name).toBe(check.body.name);
    expect(entry.name).not.toContain('Global');

    const read = await call('viewer', 'GET', `/v2/models/${entry.uuid}`);
    expect(read.body.metadata.type).toBe('Country Adaptation');
  });

  it('keeps the choice when another study is picked on an update', async () => {
    const entry = await createEntry({ metadata: metadataOf() });
    const res = await call('lead', 'PATCH', `/v2/models/${entry.uuid}`, {
      metadata: { ...chosen(), suffix: entry.metadata.suffix },
      rev: entry.rev,
    });
    expect(res.status).toBe(200);
    expect(res.body.metadata.type).toBe('Country Adaptation');
    expect(res.body.name).toContain(' - Country Adaptation - ');
  });
});
