import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { model } from '../../../../testing/model-detail-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { CHANGELOG_NOT_AVAILABLE, TextView } from './text-view';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const CHANGELOG = '22222222-2222-4222-8222-222222222222';
const entry = model({ metadata: { ...model().metadata, changelog_file: CHANGELOG } });
const FILES = `/models/${entry.uuid}/files`;

const file = (uuid: string, name: string, path: string) => ({
  uuid,
  name,
  path,
  folder: false,
  mainFile: false,
  owner: { id: 'lead', firstName: 'Leo', lastName: 'Lead' },
  isPrivate: false,
  cdd: 'No',
  createdOn: '2026-01-01T00:00:00.000Z',
  updatedOn: '2026-01-01T00:00:00.000Z',
  updatedBy: 'lead',
});

const changelogValue = async () => {
  const section = screen.getByRole('region', { name: 'Version Control' });
  const term = within(section).getByText('Changelog File', { exact: false });
  return term.nextElementSibling as HTMLElement;
};

beforeEach(() => configureTestApi());
afterEach(() => vi.unstubAllGlobals());

describe('Text View: the changelog file (issue 21; 000 §3 changelog_file is a file uuid)', () => {
  it('names the changelog file with its folder instead of showing its uuid', async () => {
    stubFetch(on('GET', FILES, () => json(200, { items: [file(CHANGELOG, 'CHANGELOG.md', 'docs')] })));
    render(withQueryClient(<TextView model={entry} previewOnly={false} />));
    expect(await screen.findByText('docs/CHANGELOG.md')).toBeInTheDocument();
    expect(screen.queryByText(CHANGELOG)).not.toBeInTheDocument();
    expect(await changelogValue()).toHaveTextContent('docs/CHANGELOG.md');
  });

  it('says the file is not available when the caller does not see it', async () => {
    stubFetch(on('GET', FILES, () => json(200, { items: [] })));
    render(withQueryClient(<TextView model={entry} previewOnly={false} />));
    expect(await screen.findByText(CHANGELOG_NOT_AVAILABLE)).toBeInTheDocument();
    expect(screen.queryByText(CHANGELOG)).not.toBeInTheDocument();
  });
});
