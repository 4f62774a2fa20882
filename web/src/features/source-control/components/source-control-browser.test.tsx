import type { TextHunk } from '@shared/schemas/compare';
import type { SourceCommit } from '@shared/schemas/source-control';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { withQueryClient } from '../../../testing/render';
import { SourceControlBrowser } from './source-control-browser';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const REPO = '/source-control/projects/HEOR/repos/melanoma-markov';
const commit = (id: string, message: string, parent?: string): SourceCommit => ({
  id: id.repeat(40),
  displayId: id.repeat(11),
  parents: parent ? [{ id: parent.repeat(40), displayId: parent.repeat(11) }] : [],
  author: { name: 'Olivia Owner' },
  message,
  authorTimestamp: Date.parse('2026-03-09T16:45:00Z'),
  committerTimestamp: Date.parse('2026-03-09T16:45:00Z'),
});

/** Stands in for the versions feature's view: shows what it was given. */
function FakeDiffView({ hunks, afterLabel }: { hunks: readonly TextHunk[]; afterLabel: string }) {
  return (
    <pre data-testid="diff-view" title={afterLabel}>
      {hunks.flatMap((h) => h.lines).join('\n')}
    </pre>
  );
}

const base = [
  on('GET', '/source-control/projects', () =>
    json(200, { projects: [{ key: 'HEOR', name: 'Health economics' }] }),
  ),
  on('GET', '/source-control/projects/HEOR/repos', () =>
    json(200, { repositories: [{ slug: 'melanoma-markov', name: 'melanoma-markov', project: 'HEOR' }] }),
  ),
  on('GET', `${REPO}/branches`, () =>
    json(200, {
      branches: [{ id: 'refs/heads/main', displayId: 'main', latestCommit: 'd'.repeat(40), isDefault: true }],
    }),
  ),
];

const browse = (url: URL) => {
  const path = url.searchParams.get('path') ?? '';
  if (path === '')
    return json(200, {
      kind: 'directory',
      path: '',
      entries: [
        { path: 'data', name: 'data', type: 'directory' },
        { path: 'README.md', name: 'README.md', type: 'file', size: 60 },
      ],
    });
  if (path === 'data')
    return json(200, {
      kind: 'directory',
      path: 'data',
      entries: [{ path: 'data/inputs.csv', name: 'inputs.csv', type: 'file', size: 120 }],
    });
  if (path === 'data/inputs.csv')
    return json(200, { kind: 'file', path, content: 'name,value\nc_rfs,1310\n', truncated: false });
  return json(404, { message: 'This path does not exist at this commit.', code: 'NOT_FOUND' });
};

beforeEach(() => configureTestApi());

describe('SourceControlBrowser', () => {
  it("opens at the entry's repository, browses into a file and shows its history and a commit's diff", async () => {
    const fetchMock = stubFetch(
      ...base,
      on('GET', `${REPO}/browse`, browse),
      on('GET', `${REPO}/commits`, (url) =>
        json(200, {
          commits:
            url.searchParams.get('path') === 'data/inputs.csv'
              ? [commit('d', 'Costs from the 2026 tariff\n\nTariff update', 'b'), commit('b', 'First model')]
              : [],
        }),
      ),
      on('GET', `${REPO}/diff`, () =>
        json(200, {
          since: 'b'.repeat(40),
          until: 'd'.repeat(40),
          files: [
            {
              source: 'data/inputs.csv',
              destination: 'data/inputs.csv',
              binary: false,
              hunks: [
                {
                  sourceLine: 1,
                  sourceSpan: 2,
                  destinationLine: 1,
                  destinationSpan: 2,
                  lines: [
                    { type: 'context', text: 'name,value', source: 1, destination: 1 },
                    { type: 'removed', text: 'c_rfs,1250', source: 2 },
                    { type: 'added', text: 'c_rfs,1310', destination: 2 },
                  ],
                },
              ],
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    render(
      withQueryClient(
        <SourceControlBrowser
          link={{ project: 'HEOR', repo: 'melanoma-markov', path: 'R/markov_model.R' }}
          DiffView={FakeDiffView}
        />,
      ),
    );
    // The linked execution file is not in the repository.
    expect(await screen.findByText('There is no execution file')).toBeInTheDocument();
    // The root has no commits in this stub: the empty state of 000 §8.
    await user.click(screen.getByRole('button', { name: '(root)' }));
    expect(await screen.findByText('No commits found')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'data' }));
    await user.click(await screen.findByRole('button', { name: 'inputs.csv' }));
    expect(await screen.findByText(/c_rfs,1310/)).toBeInTheDocument();
    const commits = await screen.findByRole('list', { name: 'Commits' });
    await user.click(within(commits).getByRole('button', { name: /Costs from the 2026 tariff/ }));
    const diff = await screen.findByTestId('diff-view');
    expect(diff).toHaveTextContent('-c_rfs,1250');
    expect(diff).toHaveTextContent('+c_rfs,1310');
    // The commit against its first parent, for the file shown.
    const [call] = callsTo(fetchMock, 'GET', `${REPO}/diff`);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      path: 'data/inputs.csv',
      until: 'd'.repeat(40),
      since: 'b'.repeat(40),
    });
  });
});
