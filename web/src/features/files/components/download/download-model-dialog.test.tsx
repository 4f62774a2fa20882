import { MESSAGES } from '@shared/messages';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLiveMessage } from '../../../../lib/live-channel';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { stubLocationAssign } from '../../../../testing/location';
import { detail, file, UUID_A } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { fileAccessRequestRoute, sendAccessRequest } from '../../../../testing/request-access';
import { ARCHIVE_POLL_MS, resetArchiveDownloads } from './archive-downloads';
import { DOWNLOAD_ALL_NEEDS_NOTICE, DownloadModelDialog } from './download-model-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const FILE_1 = '55555555-5555-4555-8555-555555555555';
const FILE_2 = '66666666-6666-4666-8666-666666666666';
const FILE_3 = '77777777-7777-4777-8777-777777777777';
const link = { url: 'http://s3.test/zip?sig=1', fileName: 'model.zip', expiresAt: '2030-01-01T00:00:00Z' };
const ARCHIVE_ID = '01J00000000000000000000000';
const started = { archiveId: ARCHIVE_ID, status: 'QUEUED', filesTotal: 2, bytesTotal: 1000 };
const job = (overrides: Record<string, unknown> = {}) => ({
  ...started,
  modelUuid: UUID_A,
  status: 'BUILDING',
  filesDone: 0,
  bytesDone: 0,
  fileName: 'Model.zip',
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
  ...overrides,
});
const readyJob = job({ status: 'READY', filesDone: 2, bytesDone: 1000, ...link, fileName: 'Model.zip' });
const progress = (filesDone: number, bytesDone: number) => ({
  type: 'archive-progress',
  archiveId: ARCHIVE_ID,
  modelUuid: UUID_A,
  filesDone,
  filesTotal: 2,
  bytesDone,
  bytesTotal: 1000,
});
const ready = { ...progress(2, 1000), type: 'archive-ready', fileName: 'Model.zip' };
const push = (message: unknown) => act(() => publishLiveMessage(message));
const archivePath = `/models/${UUID_A}/archives/${ARCHIVE_ID}`;

describe('DownloadModelDialog', { timeout: 20_000 }, () => {
  // Where a presigned download ends: the browser's location (start-download.ts).
  let assign: ReturnType<typeof stubLocationAssign>;
  beforeEach(() => {
    configureTestApi();
    assign = stubLocationAssign();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetArchiveDownloads();
    clearMessages();
  });

  let unmount: () => void = () => undefined;
  const renderDialog = (onHide = vi.fn()) => {
    ({ unmount } = render(withQueryClient(<DownloadModelDialog uuid={UUID_A} visible onHide={onHide} />)));
    return onHide;
  };
  /** The page without the dialog (its parent hides it on onHide). */
  const cleanupDialog = () => unmount();

  it('waits for the legal notice, then starts the archive, shows its progress and downloads it when ready', async () => {
    const fetchMock = stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () =>
        json(200, { items: [file({ uuid: FILE_1, name: 'model.xlsx' })] }),
      ),
      on('POST', `/models/${UUID_A}/download-all`, () => json(202, started)),
      on('GET', archivePath, () => json(200, readyJob)),
    );
    renderDialog();
    expect(await screen.findByText('model.xlsx')).toBeInTheDocument();
    // No legal notice on the entry: the default one names proprietary materials and the procedure.
    expect(screen.getByRole('region', { name: 'Legal notice' })).toHaveTextContent(/proprietary/);
    expect(screen.getByRole('region', { name: 'Legal notice' })).toHaveTextContent(
      /model-adaptation procedure/,
    );
    expect(screen.getByText('Proprietary')).toBeInTheDocument();
    const all = screen.getByRole('button', { name: 'Download all' });
    expect(all).toBeDisabled();
    // The reason is on screen, not only in a hover title (issue 21 §18).
    expect(all).toHaveAccessibleDescription(DOWNLOAD_ALL_NEEDS_NOTICE);
    expect(screen.getByText(DOWNLOAD_ALL_NEEDS_NOTICE)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download model.xlsx' })).toBeDisabled();

    await userEvent.click(screen.getByLabelText('I have read the legal notice'));
    expect(all).toBeEnabled();
    expect(screen.queryByText(DOWNLOAD_ALL_NEEDS_NOTICE)).toBeNull();
    expect(screen.getByRole('button', { name: 'Download model.xlsx' })).toBeEnabled();
    await userEvent.click(all);
    const [call] = callsTo(fetchMock, 'POST', `/models/${UUID_A}/download-all`);
    expect(JSON.parse(call?.init.body as string)).toEqual({ legalNoticeAccepted: true });
    expect(await screen.findByText('Preparing the archive: 0 of 2 files (0%).')).toBeInTheDocument();
    expect(screen.getByText(/You can close this window: the archive continues to be prepared/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue in background' })).toBeEnabled();

    await push(progress(1, 250));
    expect(screen.getByText('Preparing the archive: 1 of 2 files (25%).')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Archive progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    // Another archive's progress is not this one's.
    await push({ ...progress(2, 900), archiveId: '01J99999999999999999999999' });
    expect(screen.getByText('Preparing the archive: 1 of 2 files (25%).')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await push(ready);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(link.url));
    expect(await screen.findByText(/is ready: its download has started/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', archivePath)).toHaveLength(1);
    // The dialog told it: nothing in the message stack.
    expect(getMessages()).toEqual([]);
  });

  it('follows the archive by asking the server when no message arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = job({ filesDone: 1, bytesDone: 600 });
    const fetchMock = stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: [file()] })),
      on('POST', `/models/${UUID_A}/download-all`, () => json(202, started)),
      on('GET', archivePath, () => json(200, answer)),
    );
    renderDialog();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByLabelText('I have read the legal notice'));
    await user.click(screen.getByRole('button', { name: 'Download all' }));
    await screen.findByText('Preparing the archive: 0 of 2 files (0%).');
    expect(callsTo(fetchMock, 'GET', archivePath)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(ARCHIVE_POLL_MS + 1000));
    expect(await screen.findByText('Preparing the archive: 1 of 2 files (60%).')).toBeInTheDocument();
    answer = readyJob;
    await act(() => vi.advanceTimersByTimeAsync(ARCHIVE_POLL_MS + 1000));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(link.url));
    const polls = callsTo(fetchMock, 'GET', archivePath).length;
    await act(() => vi.advanceTimersByTimeAsync(3 * ARCHIVE_POLL_MS));
    expect(callsTo(fetchMock, 'GET', archivePath)).toHaveLength(polls);
  });

  it('can be closed while the archive is prepared; the download still starts, with a message', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: [file()] })),
      on('POST', `/models/${UUID_A}/download-all`, () => json(202, started)),
      on('GET', archivePath, () => json(200, readyJob)),
    );
    const onHide = renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    await userEvent.click(screen.getByRole('button', { name: 'Download all' }));
    await screen.findByText(/You can close this window/);
    await userEvent.click(screen.getByRole('button', { name: 'Continue in background' }));
    expect(onHide).toHaveBeenCalled();
    cleanupDialog();

    await push(ready);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(link.url));
    expect(getMessages().map((m) => [m.severity, m.text])).toEqual([
      ['success', 'The archive Model.zip is ready: its download has started.'],
    ]);
  });

  it("shows the server's reason when the archive cannot be made", async () => {
    const missing =
      "The file 'inputs/lost.csv' has no content in storage, so the archive cannot be made. Please report this problem (it was logged).";
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: [file()] })),
      on('POST', `/models/${UUID_A}/download-all`, () => json(409, { message: missing, code: 'CONFLICT' })),
    );
    renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    const all = screen.getByRole('button', { name: 'Download all' });
    await userEvent.click(all);
    expect(await screen.findByRole('alert')).toHaveTextContent(missing);
    expect(all).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so when the server could not build the archive', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: [file()] })),
      on('POST', `/models/${UUID_A}/download-all`, () => json(202, started)),
    );
    renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    await userEvent.click(screen.getByRole('button', { name: 'Download all' }));
    await screen.findByText(/Preparing the archive/);
    await push({
      type: 'archive-failed',
      archiveId: ARCHIVE_ID,
      modelUuid: UUID_A,
      message: 'The archive could not be built. Please try again.',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The archive could not be built. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Download all' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it("shows the entry's own legal notice and downloads one file", async () => {
    const fetchMock = stubFetch(
      on('GET', `/models/${UUID_A}`, () =>
        json(200, detail({ metadata: { legal_notice: 'Only for HTA submissions in Spain.' } })),
      ),
      on('GET', `/models/${UUID_A}/files`, () =>
        json(200, { items: [file({ uuid: FILE_1, name: 'model.xlsx' })] }),
      ),
      on('POST', `/models/${UUID_A}/files/${FILE_1}/download`, () =>
        json(200, { ...link, url: 'http://s3.test/one' }),
      ),
    );
    renderDialog();
    expect(await screen.findByText('Only for HTA submissions in Spain.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('I have read the legal notice'));
    await userEvent.click(await screen.findByRole('button', { name: 'Download model.xlsx' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://s3.test/one'));
    expect(callsTo(fetchMock, 'POST', `/models/${UUID_A}/files/${FILE_1}/download`)).toHaveLength(1);
  });

  it("offers 'Request Access' instead of Download for files the caller may not read", async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () =>
        json(200, {
          items: [
            {
              ...file({ uuid: FILE_1, name: 'model.xlsx' }),
              callerAccess: { download: true, requestAccess: false, manage: false },
            },
            {
              ...file({ uuid: FILE_2, name: 'prices.csv', mainFile: false, cdd: 'Yes' }),
              callerAccess: { download: false, requestAccess: true, manage: false },
            },
            {
              ...file({ uuid: FILE_3, name: 'private.docx', mainFile: false, isPrivate: true }),
              callerAccess: { download: false, requestAccess: false, manage: false },
            },
          ],
        }),
      ),
      fileAccessRequestRoute(UUID_A, FILE_2),
    );
    renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    expect(screen.getByRole('button', { name: 'Download model.xlsx' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Download prices.csv' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download private.docx' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request Access to private.docx' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Request Access to prices.csv' }));
    await sendAccessRequest('Ask the owner of the file prices.csv for access.');
    expect(screen.getByRole('button', { name: 'Request Access to prices.csv' })).toBeDisabled();
  });

  it('Cancel aborts a pending download of one file and closes', async () => {
    let signal: AbortSignal | undefined;
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () =>
        json(200, { items: [file({ uuid: FILE_1, name: 'model.xlsx' })] }),
      ),
      on(
        'POST',
        `/models/${UUID_A}/files/${FILE_1}/download`,
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const onHide = renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    await userEvent.click(screen.getByRole('button', { name: 'Download model.xlsx' }));
    await waitFor(() => expect(signal).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(signal?.aborted).toBe(true);
    expect(onHide).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('ends the busy state when a download fails', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () =>
        json(200, { items: [file({ uuid: FILE_1, name: 'model.xlsx' })] }),
      ),
      on('POST', `/models/${UUID_A}/files/${FILE_1}/download`, () =>
        json(500, { message: 'x', code: 'INTERNAL_ERROR' }),
      ),
    );
    renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    const one = screen.getByRole('button', { name: 'Download model.xlsx' });
    await userEvent.click(one);
    await waitFor(() => expect(one).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Download all' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('names the report id when the archive fails on the server', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items: [file()] })),
      on('POST', `/models/${UUID_A}/download-all`, () =>
        json(500, { message: 'Internal error', code: 'INTERNAL_ERROR', reportId: 'r-123' }),
      ),
    );
    renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    await userEvent.click(screen.getByRole('button', { name: 'Download all' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('r-123');
  });

  it('splits THEOREM entries into two tabs, data cuts by as-of date ascending', async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () =>
        json(
          200,
          detail({
            theorem: true,
            metadata: { platform: 'Oncology', information_classification: 'Confidential' },
          }),
        ),
      ),
      on('GET', `/models/${UUID_A}/files`, () =>
        json(200, {
          items: [
            file({
              uuid: FILE_1,
              name: 'cut-2024.csv',
              asOfDate: '2024-06-30',
              isPrivate: true,
              comment: 'DBL',
            }),
            file({ uuid: FILE_2, name: 'cut-2023.csv', asOfDate: '2023-12-31' }),
            file({ uuid: FILE_3, name: 'protocol.pdf' }),
          ],
        }),
      ),
    );
    renderDialog();
    expect(await screen.findByRole('tab', { name: 'THEOREM files' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Supporting Documents' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'As-of Date',
      'File Name',
      'File Uploaded On',
      'File Owner',
      'Private Files',
      'Comments',
      'File type',
      'Action',
    ]);
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[1]?.textContent);
    expect(names).toEqual(['cut-2023.csv', 'cut-2024.csv']);
    expect(screen.queryByText('protocol.pdf')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Supporting Documents' }));
    expect(await screen.findByText('protocol.pdf')).toBeInTheDocument();
  });

  it('keeps Request Access of a file disabled after a reload while the request is pending', async () => {
    const items = [
      {
        ...file({ uuid: FILE_2, name: 'prices.csv', mainFile: false, cdd: 'Yes' }),
        callerAccess: { download: false, requestAccess: true, manage: false, reason: 'x' },
      },
      {
        ...file({ uuid: FILE_3, name: 'costs.csv', mainFile: false, cdd: 'Yes' }),
        callerAccess: { download: false, requestAccess: true, manage: false, reason: 'x' },
      },
    ];
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () => json(200, { items })),
      fileAccessRequestRoute(UUID_A, FILE_2),
    );
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Request Access to prices.csv' }));
    await sendAccessRequest('Ask the owner of the file prices.csv for access.');
    expect(screen.getByRole('button', { name: 'Request Access to prices.csv' })).toBeDisabled();
    // A reload: the page and its state are gone, the browser session stays.
    cleanupDialog();
    renderDialog();
    expect(await screen.findByRole('button', { name: 'Request Access to prices.csv' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request Access to costs.csv' })).toBeEnabled();
  });

  it("disables 'Download all' and says why when no file may be downloaded", async () => {
    const theoremMissing = MESSAGES.theoremMissingAccess(['Trail', 'Database Lock', 'Country']);
    const refused = {
      download: false,
      requestAccess: false,
      manage: false,
      reason: theoremMissing,
      refusal: 'theorem' as const,
    };
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () =>
        json(200, {
          items: [
            { ...file({ uuid: FILE_1, name: 'model.xlsx' }), callerAccess: refused },
            { ...file({ uuid: FILE_2, name: 'cut.csv', mainFile: false }), callerAccess: refused },
          ],
        }),
      ),
    );
    renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    const all = screen.getByRole('button', { name: 'Download all' });
    expect(all).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent(`Download all is not possible: ${theoremMissing}`);
    expect(all).toHaveAccessibleDescription(`Download all is not possible: ${theoremMissing}`);
    expect(screen.getAllByText(`: ${theoremMissing}`)).toHaveLength(2);
    // The THEOREM message is on the page once, with the access guide (issue 21 §20).
    expect(screen.getByText(theoremMissing)).toBeVisible();
  });

  it("keeps 'Download all' enabled when some file may be downloaded", async () => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () => json(200, detail())),
      on('GET', `/models/${UUID_A}/files`, () =>
        json(200, {
          items: [
            {
              ...file({ uuid: FILE_1, name: 'model.xlsx' }),
              callerAccess: { download: true, requestAccess: false, manage: true },
            },
            {
              ...file({ uuid: FILE_2, name: 'cut.csv', mainFile: false }),
              callerAccess: { download: false, requestAccess: true, manage: false, reason: 'No.' },
            },
          ],
        }),
      ),
    );
    renderDialog();
    await userEvent.click(await screen.findByLabelText('I have read the legal notice'));
    expect(screen.getByRole('button', { name: 'Download all' })).toBeEnabled();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
