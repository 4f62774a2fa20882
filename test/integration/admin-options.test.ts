import { describe, expect, it } from 'vitest';
import { call, createEntry, type Json, metadataOf } from './catalogue-helpers';

/**
 * Admin Space against the local cloud (issue 20 §4, §5): who may call the incident and option routes,
 * usage counts from the catalogue projection, and the rename job that changes every entry and the
 * catalogue search.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/v2/admin/incidents'],
  ['GET', '/v2/admin/incidents/01JAAAAAAAAAAAAAAAAAAAAAAA'],
  ['PATCH', '/v2/admin/incidents/01JAAAAAAAAAAAAAAAAAAAAAAA', { status: 'CLOSED', comments: 'x' }],
  ['GET', '/v2/admin/metadata-options/product'],
  ['POST', '/v2/admin/metadata-options/product', { value: 'Forbidden product' }],
  ['PUT', '/v2/admin/metadata-options/product/Glucora', { retire: true }],
  ['DELETE', '/v2/admin/metadata-options/product/Glucora'],
  ['GET', '/v2/admin/metadata-options/product/Glucora/entries'],
  ['GET', '/v2/admin/metadata-option-jobs/01JAAAAAAAAAAAAAAAAAAAAAAA'],
  ['POST', '/v2/admin/metadata-option-jobs/01JAAAAAAAAAAAAAAAAAAAAAAA/resume'],
];

/** Polls the job until it is no longer RUNNING (bounded: a hung job fails the test, no clock assertion). */
async function finishedJob(jobId: string): Promise<Json> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const res = await call('admin', 'GET', `/v2/admin/metadata-option-jobs/${jobId}`);
    expect(res.status).toBe(200);
    if (res.body.status !== 'RUNNING') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The rename job ${jobId} did not finish`);
}

const usageOf = async (value: string) => {
  const list = await call('admin', 'GET', '/v2/admin/metadata-options/product');
  return list.body.items.find((o: Json) => o.value === value);
};

describe('admin routes: persona × route', () => {
  it.each(['lead', 'viewer', 'vendor'])(
    '%s is refused (403) on every incident and option route',
    async (persona) => {
      for (const [method, path, body] of ADMIN_ROUTES) {
        const res = await call(persona, method, path, body);
        expect(res.status, `${persona} ${method} ${path}`).toBe(403);
      }
      // Nothing was written: the option the refused POST named does not exist.
      expect(await usageOf('Forbidden product')).toBeUndefined();
    },
  );
});

describe('metadata options', () => {
  it('adds, counts, renames across entries (catalogue search included), retires and refuses by the rules', async () => {
    const from = `Renamix ${unique()}`;
    const to = `${from} Plus`;
    const added = await call('admin', 'POST', '/v2/admin/metadata-options/product', { value: from });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ type: 'product', value: from, retired: false, usage: 0 });
    const duplicate = await call('admin', 'POST', '/v2/admin/metadata-options/product', {
      value: from.toUpperCase(),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('This option already exists.');

    const entries = [];
    for (let i = 0; i < 3; i++)
      entries.push(await createEntry({ metadata: metadataOf({ product: ['Tumivex', from] }) }));
    expect((await usageOf(from)).usage).toBe(3);
    const affected = await call(
      'admin',
      'GET',
      `/v2/admin/metadata-options/product/${encodeURIComponent(from)}/entries`,
    );
    expect(affected.body.total).toBe(3);
    expect(affected.body.items.map((e: Json) => e.uuid).sort()).toEqual(entries.map((e) => e.uuid).sort());

    const used = await call(
      'admin',
      'DELETE',
      `/v2/admin/metadata-options/product/${encodeURIComponent(from)}`,
    );
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('An option that model entries use cannot be deleted.');

    const renamed = await call(
      'admin',
      'PUT',
      `/v2/admin/metadata-options/product/${encodeURIComponent(from)}`,
      {
        value: to,
      },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ affected: 3, job: { from, to, status: 'RUNNING', total: 3 } });
    const job = await finishedJob(renamed.body.job.jobId);
    expect(job).toMatchObject({ status: 'DONE', done: 3, total: 3 });

    for (const entry of entries) {
      const detail = await call('lead', 'GET', `/v2/models/${entry.uuid}`);
      expect(detail.body.metadata.product).toEqual(expect.arrayContaining(['Tumivex', to]));
      expect(detail.body.metadata.product).not.toContain(from);
      expect(detail.body.name).toContain(to);
    }
    const search = await call('lead', 'GET', `/v2/models?search=${encodeURIComponent(to)}&pageSize=50`);
    expect(search.body.items.map((e: Json) => e.uuid).sort()).toEqual(entries.map((e) => e.uuid).sort());
    const old = await call('lead', 'GET', `/v2/models?search=${encodeURIComponent(`${from} -`)}&pageSize=50`);
    expect(old.body.items.filter((e: Json) => String(e.name).includes(`${from} -`))).toEqual([]);
    expect(await usageOf(from)).toBeUndefined();
    expect(await usageOf(to)).toMatchObject({ usage: 3, retired: false });
    expect((await usageOf(to)).renameJobId).toBeUndefined();

    const retired = await call(
      'admin',
      'PUT',
      `/v2/admin/metadata-options/product/${encodeURIComponent(to)}`,
      {
        retire: true,
      },
    );
    expect(retired.status).toBe(200);
    const editRetired = await call(
      'admin',
      'PUT',
      `/v2/admin/metadata-options/product/${encodeURIComponent(to)}`,
      {
        value: `${to} 2`,
      },
    );
    expect(editRetired.status).toBe(409);
    expect(editRetired.body.message).toBe('A retired option cannot be edited.');
  });

  it('counts and renames stages and environments like the other properties', async () => {
    const stage = `Stage ${unique()}`;
    const python = `Python ${unique()}`;
    const mathematica = `Mathematica ${unique()}`;
    for (const [type, value] of [
      ['stage_of_model_development', stage],
      ['python_environment', python],
      ['mathematica_environment', mathematica],
    ] as const) {
      const added = await call('admin', 'POST', `/v2/admin/metadata-options/${type}`, { value });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ value, usage: 0 });
    }
    const entries = [];
    for (let i = 0; i < 2; i++)
      entries.push(
        await createEntry({
          metadata: metadataOf({
            stage_of_model_development: stage,
            python_environment: python,
            ...(i === 0 ? { mathematica_environment: mathematica } : {}),
          }),
        }),
      );
    const row = async (type: string, value: string) => {
      const list = await call('admin', 'GET', `/v2/admin/metadata-options/${type}`);
      expect(list.body.counted).toBe(true);
      return list.body.items.find((o: Json) => o.value === value);
    };
    expect(await row('stage_of_model_development', stage)).toMatchObject({ usage: 2 });
    expect(await row('python_environment', python)).toMatchObject({ usage: 2 });
    expect(await row('mathematica_environment', mathematica)).toMatchObject({ usage: 1 });
    const used = await call(
      'admin',
      'DELETE',
      `/v2/admin/metadata-options/python_environment/${encodeURIComponent(python)}`,
    );
    expect(used.status).toBe(409);

    const renamed = await call(
      'admin',
      'PUT',
      `/v2/admin/metadata-options/python_environment/${encodeURIComponent(python)}`,
      { value: `${python} LTS` },
    );
    expect(renamed.body).toMatchObject({ affected: 2, job: { status: 'RUNNING', total: 2 } });
    expect(await finishedJob(renamed.body.job.jobId)).toMatchObject({ status: 'DONE', done: 2 });
    for (const entry of entries) {
      const detail = await call('lead', 'GET', `/v2/models/${entry.uuid}`);
      expect(detail.body.metadata.python_environment).toBe(`${python} LTS`);
      expect(detail.body.metadata.stage_of_model_development).toBe(stage);
    }
    expect(await row('python_environment', `${python} LTS`)).toMatchObject({ usage: 2 });
  });

  it('counts a File Type by the entries whose files carry it, renames it on the files, deletes it once unused', async () => {
    const tag = `Tag${unique().replace(/[^a-z]/g, 'x')}`;
    const renamedTag = `${tag}Renamed`;
    const fileTypeRow = async (value: string) => {
      const list = await call('admin', 'GET', '/v2/admin/metadata-options/file_tag');
      expect(list.body.counted).toBe(true);
      return list.body.items.find((o: Json) => o.value === value);
    };
    const filesOf = async (uuid: string) =>
      (await call('lead', 'GET', `/v2/models/${uuid}/files`)).body.items;
    const tagFile = async (uuid: string, fileTag: string) => {
      const [rev, [file]] = await Promise.all([
        call('lead', 'GET', `/v2/models/${uuid}`).then((r) => r.body.rev),
        filesOf(uuid),
      ]);
      const save = await call('lead', 'PATCH', `/v2/models/${uuid}/files`, {
        rev,
        folders: [],
        add: [],
        remove: [],
        update: [{ uuid: file.uuid, fileTag }],
        clone: [],
      });
      expect(save.status, JSON.stringify(save.body)).toBe(200);
    };

    const added = await call('admin', 'POST', '/v2/admin/metadata-options/file_tag', { value: tag });
    expect(added.body).toMatchObject({ value: tag, usage: 0 });
    const entry = await createEntry({ metadata: metadataOf() });
    const other = await createEntry({ metadata: metadataOf() });
    await tagFile(entry.uuid, tag);
    // Read-your-writes: the file manager's save is in the next count.
    expect(await fileTypeRow(tag)).toMatchObject({ usage: 1 });
    const affected = await call('admin', 'GET', `/v2/admin/metadata-options/file_tag/${tag}/entries`);
    expect(affected.body).toEqual({ total: 1, items: [{ uuid: entry.uuid, name: entry.name }] });
    const used = await call('admin', 'DELETE', `/v2/admin/metadata-options/file_tag/${tag}`);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('An option that model entries use cannot be deleted.');

    const renamed = await call('admin', 'PUT', `/v2/admin/metadata-options/file_tag/${tag}`, {
      value: renamedTag,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ affected: 1, job: { from: tag, to: renamedTag, total: 1 } });
    expect(await finishedJob(renamed.body.job.jobId)).toMatchObject({ status: 'DONE', done: 1, total: 1 });
    expect((await filesOf(entry.uuid))[0]).toMatchObject({ fileTag: renamedTag });
    expect((await filesOf(other.uuid))[0].fileTag).toBeUndefined();
    expect(await fileTypeRow(tag)).toBeUndefined();
    expect(await fileTypeRow(renamedTag)).toMatchObject({ usage: 1, retired: false });

    // The count follows the file: with its tag cleared the type is unused, and Delete goes through.
    await tagFile(entry.uuid, '');
    expect(await fileTypeRow(renamedTag)).toMatchObject({ usage: 0 });
    const deleted = await call('admin', 'DELETE', `/v2/admin/metadata-options/file_tag/${renamedTag}`);
    expect(deleted.status).toBe(204);
    expect(await fileTypeRow(renamedTag)).toBeUndefined();
  });

  it('refuses a retired File Type again and a File Type that is not letters only', async () => {
    const tag = `Tag${unique().replace(/[^a-z]/g, 'x')}`;
    expect((await call('admin', 'POST', '/v2/admin/metadata-options/file_tag', { value: tag })).status).toBe(
      201,
    );
    expect(
      (await call('admin', 'PUT', `/v2/admin/metadata-options/file_tag/${tag}`, { retire: true })).status,
    ).toBe(200);
    const again = await call('admin', 'POST', '/v2/admin/metadata-options/file_tag', {
      value: tag.toLowerCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Retired File Type cannot be used again. Please add a new File Type.');
    const digits = await call('admin', 'POST', '/v2/admin/metadata-options/file_tag', { value: 'Report2' });
    expect(digits.status).toBe(400);
    expect(digits.body.message).toBe('Only letters are allowed.');
  });
});

describe('incidents', () => {
  it('closes an open incident with a comment once; the worklog says so', async () => {
    const created = await call('viewer', 'POST', '/v2/incidents', { description: `Broken ${unique()}` });
    expect(created.status).toBe(201);
    const id = created.body.incidentId;
    const noComment = await call('admin', 'PATCH', `/v2/admin/incidents/${id}`, {
      status: 'CLOSED',
      comments: ' ',
    });
    expect(noComment.status).toBe(400);
    const closed = await call('admin', 'PATCH', `/v2/admin/incidents/${id}`, {
      status: 'CLOSED',
      comments: 'Fixed',
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'CLOSED', comments: 'Fixed', modifiedBy: 'admin' });
    const detail = await call('admin', 'GET', `/v2/admin/incidents/${id}`);
    expect(detail.body.worklog).toEqual([
      expect.objectContaining({ by: 'admin', text: 'Status changes from Open to Closed', comment: 'Fixed' }),
    ]);
    const again = await call('admin', 'PATCH', `/v2/admin/incidents/${id}`, {
      status: 'OPEN',
      comments: 'Reopen',
    });
    expect(again.status).toBe(409);
    const list = await call('admin', 'GET', `/v2/admin/incidents?search=${id}`);
    expect(list.body).toMatchObject({ total: 1, items: [{ incidentId: id, status: 'CLOSED' }] });
  });
});
