import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { withQueryClient } from '../../../../testing/render';
import { runResult, sha, UUID } from '../../api/test-fixtures';
import { type ExecutionTarget, useExecutionActions } from './execution-actions';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const INSTANCE = `/models/${UUID}/instances/01I`;
const OUTPUTS = `${INSTANCE}/outputs`;
const target: ExecutionTarget = { id: '01I', name: 'Budget run', lastGroupId: '01GROUP' };

/** Where the presigned links pointed: the browser follows them to download. */
let followed: string[];

beforeEach(() => {
  configureTestApi();
  followed = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push(this.href);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearMessages();
});

/** A stand-in for the sidebar or a row menu: one button runs Download Results. */
function Harness() {
  const actions = useExecutionActions(UUID);
  return (
    <>
      <button type="button" onClick={() => actions.run('download', target)}>
        Download Results
      </button>
      {actions.dialogs}
    </>
  );
}

const presigned = (url: URL) => {
  const path = url.searchParams.get('path');
  return json(200, {
    url: path ? `https://s3.test/out/${path}` : 'https://s3.test/out/Budget_run-outputs.zip',
    fileName: path ?? 'Budget_run-outputs.zip',
    expiresInSeconds: 900,
  });
};

describe('Download Results (spec 001 §2, §4)', { timeout: 30_000 }, () => {
  it('downloads the outputs.zip of a visualization result at once', async () => {
    const fetchMock = stubFetch(
      on('GET', `${INSTANCE}/result`, () => json(200, runResult())),
      on('GET', OUTPUTS, presigned),
    );
    const user = userEvent.setup();
    render(withQueryClient(<Harness />));
    await user.click(screen.getByRole('button', { name: 'Download Results' }));
    await waitFor(() => expect(followed).toEqual(['https://s3.test/out/Budget_run-outputs.zip']));
    expect(callsTo(fetchMock, 'GET', OUTPUTS)[0]?.url.searchParams.has('path')).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Download files' })).not.toBeInTheDocument();
  });

  it("offers a files result in 'Download files': each file with its size, and all as one zip", async () => {
    const fetchMock = stubFetch(
      on('GET', `${INSTANCE}/result`, () =>
        json(
          200,
          runResult({
            result: { kind: 'files' },
            files: [
              { path: 'budget/impact.xlsx', bytes: 1536, sha256: sha('a') },
              { path: 'summary.csv', bytes: 200, sha256: sha('b') },
            ],
          }),
        ),
      ),
      on('GET', OUTPUTS, presigned),
    );
    const user = userEvent.setup();
    render(withQueryClient(<Harness />));
    await user.click(screen.getByRole('button', { name: 'Download Results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download files' });
    const list = within(dialog).getByRole('list', { name: 'Output files' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('budget/impact.xlsx'),
      expect.stringContaining('summary.csv'),
    ]);
    expect(items[0]).toHaveTextContent('1.5 KB');
    expect(items[1]).toHaveTextContent('200 B');
    // Nothing downloads until asked; the first file's button has the focus.
    expect(callsTo(fetchMock, 'GET', OUTPUTS)).toHaveLength(0);
    const first = within(dialog).getByRole('button', { name: 'Download budget/impact.xlsx' });
    await waitFor(() => expect(first).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(followed).toEqual(['https://s3.test/out/budget/impact.xlsx']));
    expect(callsTo(fetchMock, 'GET', OUTPUTS)[0]?.url.searchParams.get('path')).toBe('budget/impact.xlsx');

    await user.click(within(dialog).getByRole('button', { name: 'Download all' }));
    await waitFor(() => expect(followed).toHaveLength(2));
    expect(followed[1]).toBe('https://s3.test/out/Budget_run-outputs.zip');
    expect(callsTo(fetchMock, 'GET', OUTPUTS)[1]?.url.searchParams.has('path')).toBe(false);

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Download files' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s reason when a file cannot be had', async () => {
    stubFetch(
      on('GET', `${INSTANCE}/result`, () =>
        json(
          200,
          runResult({ result: { kind: 'files' }, files: [{ path: 'a.csv', bytes: 1, sha256: sha('a') }] }),
        ),
      ),
      on('GET', OUTPUTS, () =>
        json(404, { code: 'NOT_FOUND', message: 'The run wrote no output file a.csv.' }),
      ),
    );
    const user = userEvent.setup();
    render(withQueryClient(<Harness />));
    await user.click(screen.getByRole('button', { name: 'Download Results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download files' });
    await user.click(within(dialog).getByRole('button', { name: 'Download a.csv' }));
    await waitFor(() =>
      expect(getMessages().map((m) => m.text)).toContain('The run wrote no output file a.csv.'),
    );
    expect(followed).toEqual([]);
  });

  it('says results of an unfinished run cannot be fetched', async () => {
    stubFetch(
      on('GET', `${INSTANCE}/result`, () =>
        json(409, { code: 'CONFLICT', message: 'Can not fetch results from unfinished scenario.' }),
      ),
    );
    const user = userEvent.setup();
    render(withQueryClient(<Harness />));
    await user.click(screen.getByRole('button', { name: 'Download Results' }));
    await waitFor(() =>
      expect(getMessages().map((m) => m.text)).toContain('Can not fetch results from unfinished scenario.'),
    );
    expect(followed).toEqual([]);
  });
});
