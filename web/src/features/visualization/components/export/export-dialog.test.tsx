import type { ExportInput } from '@shared/exports/index';
import { SAMPLE_RECORD, SAMPLE_RESULT } from '@shared/exports/testing/sample-result';
import type { CurrentUser } from '@shared/schemas/user';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import { configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { testQueryClient, withQueryClient } from '../../../../testing/render';
import { type ResultExportSource, useResultExport } from './export-dialog';

// The writers are loaded by `import()` when a file is written, so this stand-in reaches them even
// when an earlier test file loaded the dialog (the web project may share modules between files).
const exportResult = vi.fn<(format: string, input: ExportInput) => Promise<Uint8Array>>();
vi.mock('@shared/exports/index', async (original) => ({
  ...(await original<typeof import('@shared/exports/index')>()),
  exportResult: (format: string, input: ExportInput) => exportResult(format, input),
}));

const SOURCE: ResultExportSource = {
  modelUuid: 'model-uuid',
  result: SAMPLE_RESULT,
  title: 'Scenario Analysis',
  analysisName: 'My analysis',
  scenarios: [
    { id: 'high', name: 'High cost', order: 2 },
    { id: 'base', name: 'Base case', order: 1 },
  ],
};

function Page({ source }: { source: ResultExportSource }) {
  const exporter = useResultExport(source);
  return (
    <>
      <button type="button" onClick={() => exporter.open('xlsx')}>
        Export Excel
      </button>
      <button type="button" onClick={() => exporter.open('pdf')}>
        Export PDF
      </button>
      {exporter.dialog}
    </>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let downloads: string[];

const ERIN = {
  id: 'erin',
  firstName: 'Erin',
  lastName: 'Economist',
  email: 'erin@example.com',
  userType: 'EMPLOYEE',
  permissions: {},
} as unknown as CurrentUser;

/** The page as the signed-in layout shows it: the current user already loaded. */
function renderPage(source: ResultExportSource) {
  const client = testQueryClient();
  client.setQueryData(currentUserQueryKey, ERIN);
  return render(withQueryClient(<Page source={source} />, client));
}

/** GET …/instances/{id}/record answered by `record` (per instance id); others 404. */
function stubRecords(record: (instanceId: string) => Promise<unknown> | undefined) {
  const answer = (id: string) => async () => {
    const body = await record(id);
    return body === undefined ? json(404, { message: 'Not found.', code: 'NOT_FOUND' }) : json(200, body);
  };
  return stubFetch(
    ...['base', 'high'].map((id) => on('GET', `/models/model-uuid/instances/${id}/record`, answer(id))),
  );
}

beforeEach(() => {
  configureTestApi();
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  exportResult.mockReset();
});

describe('the export dialog', () => {
  it('goes from idle to downloading to exporting and downloads visualizationResults.xlsx with the provenance', async () => {
    const record = deferred<typeof SAMPLE_RECORD>();
    stubRecords((id) => (id === 'base' ? record.promise : undefined));
    const written = deferred<Uint8Array>();
    exportResult.mockReturnValue(written.promise);
    renderPage(SOURCE);

    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Excel' });
    expect(dialog.textContent).toContain('visualizationResults.xlsx');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('status')).textContent).toContain('Downloading…');

    record.resolve(SAMPLE_RECORD);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Exporting visualizationResults.xlsx…'),
    );
    written.resolve(new Uint8Array([1, 2, 3]));
    await waitFor(() => expect(downloads).toEqual(['visualizationResults.xlsx']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [format, input] = exportResult.mock.calls[0] ?? [];
    expect(format).toBe('xlsx');
    expect(input?.title).toBe('Scenario Analysis');
    expect(input?.provenance).toMatchObject({
      analysisName: 'My analysis',
      exportedBy: 'Erin Economist',
      scenarios: [
        { displayOrder: 1, name: 'Base case', instanceId: 'base', record: SAMPLE_RECORD },
        { displayOrder: 2, name: 'High cost', instanceId: 'high' },
      ],
    });
    expect(input?.provenance.scenarios[1]?.record).toBeUndefined();
  });

  it("stops a running export with 'Canceled' and downloads nothing", async () => {
    const record = deferred<typeof SAMPLE_RECORD>();
    stubRecords(() => record.promise);
    const error = vi.spyOn(notify, 'error');
    renderPage(SOURCE);

    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await screen.findByRole('status');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    record.resolve(SAMPLE_RECORD);

    await waitFor(() => expect(error).toHaveBeenCalledWith('Canceled'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(exportResult).not.toHaveBeenCalled();
    expect(downloads).toEqual([]);
  });

  it("shows the writer's export text when a file cannot be written", async () => {
    stubRecords(async () => SAMPLE_RECORD);
    const { ExportError, EXPORT_MESSAGES } = await import('@shared/exports/index');
    exportResult.mockRejectedValue(new ExportError(EXPORT_MESSAGES.wrongChartType));
    const error = vi.spyOn(notify, 'error');
    renderPage(SOURCE);

    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Undefined or wrong chart type'));
    expect(downloads).toEqual([]);
  });

  it('writes the PDF with Open Sans, both faces fetched from the build only when the PDF is written', async () => {
    exportResult.mockResolvedValue(new Uint8Array([1]));
    const fetched: string[] = [];
    // The fonts are files of the build (relative URLs), the records calls of the API.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!String(url).endsWith('.ttf')) return json(200, SAMPLE_RECORD);
        fetched.push(String(url));
        return String(url).includes('Bold')
          ? new Response('', { status: 404 })
          : new Response(new Uint8Array([0, 1, 0, 0]));
      }),
    );
    renderPage(SOURCE);
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual(['visualizationResults.pdf']));
    expect(fetched).toEqual([]);

    const [, input] = exportResult.mock.calls[0] ?? [];
    expect(input?.pdfFont?.name).toBe('OpenSans');
    expect(await input?.pdfFont?.load()).toEqual(new Uint8Array([0, 1, 0, 0]));
    expect(fetched[0]).toMatch(/OpenSans-Regular\.ttf/);
    // A failed fetch rejects: the PDF writer turns it into 'Fetching font has failed.'.
    await expect(input?.pdfFont?.loadBold?.()).rejects.toThrow('HTTP 404');
  });

  it("says 'Nothing to export.' for a result without elements and opens no dialog", async () => {
    const warning = vi.spyOn(notify, 'warning');
    renderPage({ ...SOURCE, result: { elements: [] } });
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(warning).toHaveBeenCalledWith('Nothing to export.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
