import { SOURCE_CONTROL_MESSAGES, type SourceCommit } from '@shared/schemas/source-control';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { withQueryClient } from '../../../testing/render';
import { SOURCE_EDITOR_TEXTS, SourceFileView } from './source-file-view';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));
// CodeMirror needs layout jsdom does not have: a textarea stands in for the lazy code editor.
vi.mock('./source-code-editor', () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) => (
    // biome-ignore lint/a11y/noAutofocus: the real editor takes focus when it opens, as this stand-in does
    <textarea aria-label={label} value={value} autoFocus onChange={(e) => onChange(e.target.value)} />
  ),
}));

const REPO = '/source-control/projects/HEOR/repos/melanoma-markov';
const PATH = 'data/inputs.csv';
const MODEL = '11111111-1111-4111-8111-111111111111';
const D = 'd'.repeat(40);
const E = 'e'.repeat(40);

const saved = (id: string, message: string): SourceCommit => ({
  id: id.repeat(40),
  displayId: id.repeat(11),
  parents: [{ id: D, displayId: 'd'.repeat(11) }],
  author: { name: 'Olivia Owner' },
  message,
  authorTimestamp: Date.parse('2026-04-01T10:00:00Z'),
  committerTimestamp: Date.parse('2026-04-01T10:00:00Z'),
});

/** A repository whose `main` is at `head()`; the file's text at each commit from `texts`. */
function repository(head: () => string, texts: Record<string, string>, put: () => Response) {
  return stubFetch(
    on('GET', `${REPO}/branches`, () =>
      json(200, {
        branches: [
          { id: 'refs/heads/main', displayId: 'main', latestCommit: head(), isDefault: true },
          { id: 'refs/heads/scenario', displayId: 'scenario', latestCommit: D, isDefault: false },
        ],
      }),
    ),
    on('GET', `${REPO}/browse`, (url) =>
      json(200, {
        kind: 'file',
        path: PATH,
        content: texts[url.searchParams.get('at') ?? head()] ?? texts[head()],
        truncated: false,
      }),
    ),
    on('PUT', `${REPO}/files`, put),
  );
}

const coordinates = { project: 'HEOR', repo: 'melanoma-markov' };

beforeEach(() => {
  configureTestApi();
  clearMessages();
});

describe('SourceFileView', { timeout: 60_000 }, () => {
  it('lets an editor of the linked entry edit the file and commit it with a message', async () => {
    const fetchMock = repository(
      () => D,
      { [D]: 'name,value\nc_rfs,1310\n' },
      () => json(200, saved('f', 'Costs 2027')),
    );
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(
      withQueryClient(
        <SourceFileView
          coordinates={coordinates}
          path={PATH}
          at={undefined}
          modelUuid={MODEL}
          onSaved={onSaved}
        />,
      ),
    );
    expect(await screen.findByText(/c_rfs,1310/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: SOURCE_EDITOR_TEXTS.edit }));
    const editor = await screen.findByRole('textbox', { name: `Contents of ${PATH}` });
    expect(editor).toHaveFocus();
    // Opened at the branch's newest commit, not at the branch name.
    expect(callsTo(fetchMock, 'GET', `${REPO}/browse`).at(-1)?.url.searchParams.get('at')).toBe(D);
    const commit = screen.getByRole('button', { name: SOURCE_EDITOR_TEXTS.save });
    expect(commit).toBeDisabled();
    await user.clear(editor);
    await user.type(editor, 'name,value\nc_rfs,1400\n');
    // Still no message: nothing to commit yet.
    expect(commit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: SOURCE_EDITOR_TEXTS.message }), 'Costs 2027');
    await user.click(commit);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved('f', 'Costs 2027')));
    const [put] = callsTo(fetchMock, 'PUT', `${REPO}/files`);
    expect(JSON.parse(String(put?.init.body))).toEqual({
      modelUuid: MODEL,
      path: PATH,
      content: 'name,value\nc_rfs,1400\n',
      message: 'Costs 2027',
      branch: 'main',
      sourceCommitId: D,
    });
    expect(getMessages().map((m) => m.text)).toContain(SOURCE_EDITOR_TEXTS.saved('f'.repeat(11)));
    // Back to the file, focus on Edit.
    await waitFor(() => expect(screen.getByRole('button', { name: SOURCE_EDITOR_TEXTS.edit })).toHaveFocus());
  });

  it('says the file changed since it was opened (409) and reloads it at the new commit', async () => {
    let head = D;
    let answer = () => json(409, { message: 'Bitbucket says so', code: 'CONFLICT' });
    const fetchMock = repository(
      () => head,
      { [D]: 'a\n', [E]: 'a\nb from a colleague\n' },
      () => answer(),
    );
    const user = userEvent.setup();
    render(
      withQueryClient(
        <SourceFileView
          coordinates={coordinates}
          path={PATH}
          at="main"
          modelUuid={MODEL}
          onSaved={() => {}}
        />,
      ),
    );
    await user.click(await screen.findByRole('button', { name: SOURCE_EDITOR_TEXTS.edit }));
    const editor = await screen.findByRole('textbox', { name: `Contents of ${PATH}` });
    await user.type(editor, 'mine\n');
    await user.type(screen.getByRole('textbox', { name: SOURCE_EDITOR_TEXTS.message }), 'My change');
    head = E; // a colleague committed meanwhile
    await user.click(screen.getByRole('button', { name: SOURCE_EDITOR_TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SOURCE_CONTROL_MESSAGES.fileChanged);
    const reload = screen.getByRole('button', { name: SOURCE_EDITOR_TEXTS.reload });
    expect(reload).toHaveFocus();
    expect(screen.getByRole('button', { name: SOURCE_EDITOR_TEXTS.save })).toBeDisabled();

    await user.click(reload);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: `Contents of ${PATH}` })).toHaveValue(
        'a\nb from a colleague\n',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The message is kept; the next save starts from the new commit.
    expect(screen.getByRole('textbox', { name: SOURCE_EDITOR_TEXTS.message })).toHaveValue('My change');
    answer = () => json(200, saved('f', 'My change'));
    await user.type(screen.getByRole('textbox', { name: `Contents of ${PATH}` }), 'mine\n');
    await user.click(screen.getByRole('button', { name: SOURCE_EDITOR_TEXTS.save }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `${REPO}/files`)).toHaveLength(2));
    const last = callsTo(fetchMock, 'PUT', `${REPO}/files`).at(-1);
    expect(JSON.parse(String(last?.init.body))).toMatchObject({
      sourceCommitId: E,
      content: 'a\nb from a colleague\nmine\n',
    });
  });

  it('shows the server message of another refusal in place', async () => {
    repository(
      () => D,
      { [D]: 'a\n' },
      () => json(403, { message: 'This model entry is not linked to this repository.', code: 'FORBIDDEN' }),
    );
    const user = userEvent.setup();
    render(
      withQueryClient(
        <SourceFileView
          coordinates={coordinates}
          path={PATH}
          at={undefined}
          modelUuid={MODEL}
          onSaved={() => {}}
        />,
      ),
    );
    await user.click(await screen.findByRole('button', { name: SOURCE_EDITOR_TEXTS.edit }));
    await user.type(await screen.findByRole('textbox', { name: `Contents of ${PATH}` }), 'b\n');
    await user.type(screen.getByRole('textbox', { name: SOURCE_EDITOR_TEXTS.message }), 'Change');
    await user.click(screen.getByRole('button', { name: SOURCE_EDITOR_TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This model entry is not linked to this repository.',
    );
    expect(screen.queryByRole('button', { name: SOURCE_EDITOR_TEXTS.reload })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SOURCE_EDITOR_TEXTS.cancel }));
    expect(await screen.findByText('a')).toBeInTheDocument();
  });

  it('is read-only for a caller who may not edit the entry', async () => {
    const fetchMock = repository(
      () => D,
      { [D]: 'name,value\n' },
      () => json(200, saved('f', 'x')),
    );
    render(
      withQueryClient(
        <SourceFileView
          coordinates={coordinates}
          path={PATH}
          at={undefined}
          modelUuid={undefined}
          onSaved={() => {}}
        />,
      ),
    );
    expect(await screen.findByText(/name,value/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SOURCE_EDITOR_TEXTS.edit })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${REPO}/branches`)).toHaveLength(0);
  });

  it('is read-only at a commit, which cannot move', async () => {
    repository(
      () => D,
      { [D]: 'name,value\n' },
      () => json(200, saved('f', 'x')),
    );
    render(
      withQueryClient(
        <SourceFileView
          coordinates={coordinates}
          path={PATH}
          at={'c'.repeat(40)}
          modelUuid={MODEL}
          onSaved={() => {}}
        />,
      ),
    );
    expect(await screen.findByText(SOURCE_EDITOR_TEXTS.onCommit)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SOURCE_EDITOR_TEXTS.edit })).not.toBeInTheDocument();
  });
});
