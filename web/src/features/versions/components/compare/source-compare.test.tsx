import type { CompareVersion } from '@shared/schemas/compare';
import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../../lib/current-user';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { UUID_A, UUID_B } from '../../../../testing/model-fixtures';
import { SOURCE_COMPARE_TEXTS, SourceCompare } from './source-compare';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const REPO = '/source-control/projects/HEOR/repos/melanoma-markov';
const link = (commit?: string, repository = 'melanoma-markov') => ({
  project: 'HEOR',
  repository,
  path: 'R/markov_model.R',
  ...(commit ? { commit } : {}),
});
const version = (uuid: string, source?: CompareVersion['source']): CompareVersion => ({
  uuid,
  name: 'Melanoma',
  ...(source ? { source } : {}),
});

const diff = {
  since: 'a'.repeat(40),
  until: 'b'.repeat(40),
  files: [
    {
      source: 'R/markov_model.R',
      destination: 'R/markov_model.R',
      binary: false,
      hunks: [
        {
          sourceLine: 8,
          sourceSpan: 1,
          destinationLine: 8,
          destinationSpan: 1,
          lines: [
            { type: 'removed', text: 'discount_rate <- 0.035', source: 8 },
            { type: 'added', text: 'discount_rate <- 0.03', destination: 8 },
          ],
        },
      ],
    },
  ],
};

function renderAs(userType: CurrentUser['userType'], before: CompareVersion, after: CompareVersion) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQueryKey, { id: 'olivia', userType } as CurrentUser);
  return render(
    <QueryClientProvider client={client}>
      <SourceCompare before={before} after={after} />
    </QueryClientProvider>,
  );
}

beforeEach(() => configureTestApi());

describe('SourceCompare (compare mode, source control)', { timeout: 30_000 }, () => {
  it("diffs the commits the two versions record, A's as the older side", async () => {
    const fetchMock = stubFetch(on('GET', `${REPO}/diff`, () => json(200, diff)));
    renderAs(
      'INTERNALUSER',
      version(UUID_A, link('main')),
      version(UUID_B, link('scenario/nice-discounting')),
    );
    expect(await screen.findByRole('heading', { name: /R\/markov_model\.R/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Source control' })).toHaveTextContent(
      'HEOR/melanoma-markov: A main → B scenario/nice-discounting',
    );
    const [call] = callsTo(fetchMock, 'GET', `${REPO}/diff`);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      path: '',
      since: 'main',
      until: 'scenario/nice-discounting',
    });
    expect(callsTo(fetchMock, 'GET', `${REPO}/branches`)).toHaveLength(0);
  });

  it('takes the default branch for a version that records no commit, and says so', async () => {
    const fetchMock = stubFetch(
      on('GET', `${REPO}/branches`, () =>
        json(200, {
          branches: [
            { id: 'refs/heads/main', displayId: 'main', latestCommit: 'b'.repeat(40), isDefault: true },
          ],
        }),
      ),
      on('GET', `${REPO}/diff`, () => json(200, { ...diff, files: [] })),
    );
    renderAs('INTERNALUSER', version(UUID_A, link('a'.repeat(40))), version(UUID_B, link()));
    expect(await screen.findByText('No changes found')).toBeInTheDocument();
    expect(screen.getByText('main (default branch: no commit recorded)')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET', `${REPO}/diff`);
    expect(call?.url.searchParams.get('since')).toBe('a'.repeat(40));
    expect(call?.url.searchParams.get('until')).toBe('main');
  });

  it('explains instead of diffing when neither version records a commit', () => {
    const fetchMock = stubFetch();
    renderAs('INTERNALUSER', version(UUID_A, link()), version(UUID_B, link()));
    expect(screen.getByText(SOURCE_COMPARE_TEXTS.noCommits)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the versions are in different repositories, or only one is linked', () => {
    const fetchMock = stubFetch();
    const { unmount } = renderAs(
      'INTERNALUSER',
      version(UUID_A, link('main')),
      version(UUID_B, link('main', 'melanoma-markov-v2')),
    );
    expect(
      screen.getByText(
        SOURCE_COMPARE_TEXTS.otherRepositories('HEOR/melanoma-markov', 'HEOR/melanoma-markov-v2'),
      ),
    ).toBeInTheDocument();
    unmount();
    renderAs('INTERNALUSER', version(UUID_A), version(UUID_B, link('main')));
    expect(screen.getByText(SOURCE_COMPARE_TEXTS.oneLinked('B', 'HEOR/melanoma-markov'))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing to external users (source control is internal) or for unlinked versions', () => {
    const fetchMock = stubFetch();
    const { unmount } = renderAs('EXTERNALUSER', version(UUID_A, link('main')), version(UUID_B, link('x')));
    expect(screen.queryByRole('region', { name: 'Source control' })).not.toBeInTheDocument();
    unmount();
    renderAs('INTERNALUSER', version(UUID_A), version(UUID_B));
    expect(screen.queryByRole('region', { name: 'Source control' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
