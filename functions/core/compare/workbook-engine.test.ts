import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UnprocessableError } from '../../lib/errors';
import { buildXlsm, DISCOUNTING_MODULE } from '../../testing/vba-fixtures';
import { buildWorkbook } from '../../testing/workbooks';
import { workbookDiffer } from './workbook-engine';

const source = (name: string, bytes: Uint8Array) => ({
  name,
  size: bytes.byteLength,
  open: async () => Readable.from([Buffer.from(bytes)]),
});
const collect = async (pages: AsyncIterable<object> | Iterable<object>) => {
  const out: object[] = [];
  for await (const page of pages) out.push(page);
  return out;
};

describe('the workbook engine behind the compare port', () => {
  it('gives the overview, every page of every sheet and each VBA module of two .xlsm files', async () => {
    const rows = [
      ['Parameter', 'Value'],
      ['Horizon', 40],
    ];
    const before = await buildXlsm({ sheets: [{ name: 'Inputs', rows }], modules: [DISCOUNTING_MODULE] });
    const after = await buildXlsm({
      sheets: [{ name: 'Inputs', rows: [rows[0] ?? [], ['Horizon', 50]] }],
      modules: [],
    });
    const result = await workbookDiffer.diff(source('a.xlsm', before), source('b.xlsm', after), {
      deadline: Number.POSITIVE_INFINITY,
    });
    expect(result.overview.sheets).toEqual([
      expect.objectContaining({ id: 'Inputs', status: 'changed', diffCount: 1, maxPageIndex: 0 }),
    ]);
    expect(result.sheetPages).toHaveLength(1);
    const pages = await collect((result.sheetPages[0] as () => Iterable<object>)());
    expect(pages).toEqual([expect.objectContaining({ sheet: 'Inputs', pageIndex: 0, diffCount: 1 })]);
    expect(result.macros.map((m) => m.summary)).toEqual([
      expect.objectContaining({ name: 'Discounting', status: 'removed' }),
    ]);
    expect(await result.macros[0]?.diff()).toMatchObject({ name: 'Discounting', status: 'removed' });
  });

  it('reads no VBA project from an .xlsx', async () => {
    const book = await buildWorkbook({ sheets: [{ name: 'S', rows: [[1]] }] });
    const result = await workbookDiffer.diff(source('a.xlsx', book), source('b.xlsx', book), {
      deadline: Number.POSITIVE_INFINITY,
    });
    expect(result.macros).toEqual([]);
    expect(result.overview.sheets).toEqual([expect.objectContaining({ id: 'S', status: 'unchanged' })]);
  });

  it("passes the engine's refusal of a damaged file on as a 422 with its message", async () => {
    const junk = new TextEncoder().encode('not a workbook');
    await expect(
      workbookDiffer.diff(source('a.xlsx', junk), source('b.xlsx', junk), {
        deadline: Number.POSITIVE_INFINITY,
      }),
    ).rejects.toBeInstanceOf(UnprocessableError);
  });
});
