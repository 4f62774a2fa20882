import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Which FILE parameter values a save may store (issue 16 §2): only files uploaded for the entry. */

const uploaded = vi.hoisted(() => new Set<string>());
vi.mock('../../data/file-objects', () => ({ objectExists: vi.fn(async (key: string) => uploaded.has(key)) }));

const { fileParameters, requireUploadedFileValues } = await import('./file-values');

const UUID = '2f1c7c9e-6a0b-4d55-9d1e-0a4c1f1b2c3d';
const ISSUED = '01JCZ8S6Q3W4Y5Z6A7B8C9D0EF';
const TEMPLATE = JSON.stringify({
  definitions: [
    { id: 'p1', name: 'cohort', title: 'Cohort', type: 'INTEGER' },
    { id: 'p2', name: 'data', title: 'Data file', type: 'FILE', size: 1, visible: false },
  ],
});
const definition = { type: 'JSONTEMPLATE' as const, value: TEMPLATE };

/** The 422's message, or 'saved' when the values pass. */
async function outcome(values: Record<string, unknown>, stored?: Record<string, unknown>): Promise<string> {
  try {
    await requireUploadedFileValues({ uuid: UUID, definition, stored, values });
    return 'saved';
  } catch (error) {
    expect(error).toMatchObject({ statusCode: 422, issues: [{ path: 'body.value.data' }] });
    return (error as Error).message;
  }
}

const INVALID = 'Data file: the value of a file parameter must be the id and name of a file uploaded for it.';
const NOT_UPLOADED = 'Data file: the file was not uploaded for this model entry. Upload the file again.';

beforeEach(() => {
  uploaded.clear();
  uploaded.add(`parameter-files/${UUID}/${ISSUED}`);
});

describe('FILE parameter values', () => {
  it('reads the FILE parameters of a template, also of one that is not valid', () => {
    expect(fileParameters(TEMPLATE)).toEqual([{ name: 'data', title: 'Data file' }]);
    expect(fileParameters(JSON.stringify({ definitions: [{ name: 'f', type: 'file' }, 'x'] }))).toEqual([
      { name: 'f', title: 'f' },
    ]);
    expect(fileParameters('not json')).toEqual([]);
  });

  it('accepts an uploaded file of the entry, no file, and an unchanged stored value', async () => {
    expect(await outcome({ data: { id: ISSUED, name: 'rates.csv' } })).toBe('saved');
    expect(await outcome({ data: null, cohort: 3 })).toBe('saved');
    const legacy = { id: 'file-1', name: 'old.csv' };
    expect(await outcome({ data: legacy }, { data: legacy })).toBe('saved');
  });

  it.each([
    ['a traversal to a run’s job', { id: `../../runs/${ISSUED}/job.json`, name: 'x.txt' }],
    ['a traversal to a model file', { id: `../../models/${UUID}/files/${UUID}`, name: 'x.txt' }],
    ['an encoded traversal', { id: '%2e%2e%2f%2e%2e', name: 'x.txt' }],
    ['an id the app never issues', { id: 'file-1', name: 'x.txt' }],
    ['a lower-case ULID', { id: ISSUED.toLowerCase(), name: 'x.txt' }],
    ['no name', { id: ISSUED }],
    ['a text', 'rates.csv'],
    ['a list', [ISSUED]],
  ])('refuses %s, hidden parameter or not', async (_what, value) => {
    expect(await outcome({ data: value })).toBe(INVALID);
  });

  it('refuses a name that is a path or holds characters a file system refuses', async () => {
    expect(await outcome({ data: { id: ISSUED, name: '../../x.csv' } })).toMatch(
      /^Data file: File name must not contain \/ or \\/,
    );
    expect(await outcome({ data: { id: ISSUED, name: '<img>.csv' } })).toMatch(
      /^Data file: File name must not/,
    );
    expect(await outcome({ data: { id: ISSUED, name: 'run.exe' } })).toMatch(
      /^Data file: File extension is unsupported/,
    );
  });

  it('refuses an issued id whose file was not uploaded for this entry', async () => {
    expect(await outcome({ data: { id: '01JCZ8S6Q3W4Y5Z6A7B8C9D0EG', name: 'x.csv' } })).toBe(NOT_UPLOADED);
  });

  it('checks nothing for a raw JSON input definition (it has no FILE parameters)', async () => {
    await expect(
      requireUploadedFileValues({
        uuid: UUID,
        definition: { type: 'JSON', value: '{}' },
        stored: undefined,
        values: { data: { id: '../x', name: 'y' } },
      }),
    ).resolves.toBeUndefined();
  });
});
