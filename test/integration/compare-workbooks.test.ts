import { beforeAll, describe, expect, it } from 'vitest';
import { buildXlsm, DISCOUNTING_MODULE, vbaSource } from '../../functions/testing/vba-fixtures';
import { waitFor } from '../support/local-cloud';
import { call, createEntry, type Json } from './catalogue-helpers';
import { filesByName } from './files-helpers';

/**
 * A workbook diff end to end (issue 18 §4): two real .xlsm versions uploaded, the diff computed once
 * by the jobs function (202 until then), then the overview, a sheet page and a VBA module served from
 * what was stored.
 */
const XLSM = 'application/vnd.ms-excel.sheet.macroEnabled.12';

/** Attaches one binary file to an entry (the shared helpers upload text only). */
async function attach(uuid: string, name: string, bytes: Uint8Array): Promise<void> {
  const ticket = await call('lead', 'POST', '/v2/uploads', {
    modelUuid: uuid,
    files: [{ name, size: bytes.byteLength, contentType: XLSM }],
  });
  if (ticket.status !== 201) throw new Error(`ticket: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  const [target] = ticket.body.files as Json[];
  // A copy on its own ArrayBuffer: fetch's types take no view of a shared buffer.
  const put = await fetch(target.url, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: target.headers,
  });
  if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
  const attached = await call('lead', 'POST', `/v2/models/${uuid}/files`, {
    uploadId: ticket.body.uploadId,
    files: [{ uploadFileId: target.uploadFileId, name, path: '', mainFile: false }],
  });
  if (attached.status !== 200) throw new Error(`attach: ${attached.status} ${JSON.stringify(attached.body)}`);
}

const changedModule = {
  ...DISCOUNTING_MODULE,
  code: vbaSource(
    'Discounting',
    'standard',
    [
      'Option Explicit',
      '',
      'Public Function DiscountFactor(ByVal rate As Double, ByVal t As Long) As Double',
      '    DiscountFactor = (1 + rate) ^ -t',
      'End Function',
      '',
    ].join('\n'),
  ),
};

describe('compare two workbook versions', () => {
  let a: Json;
  let b: Json;
  let path: string;

  beforeAll(async () => {
    const rows = [
      ['Parameter', 'Value'],
      ['Discount rate', 0.035],
      ['Horizon', 40],
    ];
    const before = await buildXlsm({ sheets: [{ name: 'Inputs', rows }], modules: [DISCOUNTING_MODULE] });
    const after = await buildXlsm({
      sheets: [
        { name: 'Inputs', rows: [rows[0] ?? [], ['Currency', 'EUR'], rows[1] ?? [], ['Horizon', 50]] },
      ],
      modules: [changedModule],
    });
    a = await createEntry({ files: [{ name: 'README.md', content: '# A\n', mainFile: true }] });
    b = await createEntry({ files: [{ name: 'README.md', content: '# B\n', mainFile: true }] });
    await attach(a.uuid, 'model.xlsm', before);
    await attach(b.uuid, 'model.xlsm', after);
    const fa = (await filesByName('lead', a.uuid)).get('model.xlsm');
    const fb = (await filesByName('lead', b.uuid)).get('model.xlsm');
    path = `/v2/models/${a.uuid}/files/${fa.uuid}/diff/${b.uuid}/${fb.uuid}`;
  }, 60_000);

  it('answers 202 first, then the overview with the changed sheet and VBA module', async () => {
    const first = await call('lead', 'GET', path);
    expect(first.status).toBe(202);
    const done = await waitFor('the workbook diff', async () => {
      const res = await call('lead', 'GET', path);
      return res.status === 202 ? undefined : res;
    });
    expect(done.status).toBe(200);
    expect(done.body.kind).toBe('spreadsheet');
    expect(done.body.status).toBe('READY');
    const { overview } = done.body;
    expect(overview.sheets).toEqual([
      expect.objectContaining({ id: 'Inputs', name: 'Inputs', status: 'changed', diffCount: 2 }),
    ]);
    expect(overview.macros).toEqual([expect.objectContaining({ name: 'Discounting', status: 'changed' })]);
  }, 60_000);

  it('serves a sheet page and a module diff from the stored result', async () => {
    await waitFor('the workbook diff', async () =>
      (await call('lead', 'GET', path)).status === 200 ? true : undefined,
    );
    const page = await call('lead', 'GET', `${path}/sheets/Inputs?page=0`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ sheet: 'Inputs', pageIndex: 0, diffCount: 2, maxPageIndex: 0 });
    expect(page.body.rowDiff).toEqual({ inserted: [2], deleted: [] });
    expect((await call('lead', 'GET', `${path}/sheets/Inputs?page=1`)).status).toBe(404);
    expect((await call('lead', 'GET', `${path}/sheets/Outputs?page=0`)).status).toBe(404);

    const module = await call('lead', 'GET', `${path}/macros/Discounting`);
    expect(module.status).toBe(200);
    expect(module.body).toMatchObject({ name: 'Discounting', status: 'changed' });
    expect(module.body.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tag: 'plus', text: '    DiscountFactor = (1 + rate) ^ -t' }),
      ]),
    );
    expect((await call('lead', 'GET', `${path}/macros/Nothing`)).status).toBe(404);
  }, 60_000);
});
