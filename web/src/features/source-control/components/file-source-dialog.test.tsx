import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { detail } from '../../../testing/model-fixtures';
import { withQueryClient } from '../../../testing/render';
import { FileSourceDialog } from './file-source-dialog';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

/** Stands in for the files feature's dialog. */
const LocalUpload = () => <p>File manager</p>;
const DiffView = () => null;
const linked = detail({
  metadata: {
    information_classification: 'Proprietary',
    platform: 'Model Repository',
    bitbucket_project: 'HEOR',
    bitbucket_repository: 'melanoma-markov',
  },
});

beforeEach(() => {
  configureTestApi();
  stubFetch(
    on('GET', '/source-control/projects', () => json(200, { projects: [{ key: 'HEOR', name: 'HEOR' }] })),
    on('GET', '/source-control/projects/HEOR/repos', () => json(200, { repositories: [] })),
  );
});

describe('FileSourceDialog (000 §4 file source mode)', () => {
  it('opens an entry linked to a repository on its source control, and switches to the local upload', async () => {
    const user = userEvent.setup();
    render(
      withQueryClient(
        <FileSourceDialog model={linked} onHide={() => {}} LocalUpload={LocalUpload} DiffView={DiffView} />,
      ),
    );
    expect(await screen.findByRole('region', { name: 'Source control' })).toBeInTheDocument();
    expect(screen.queryByText('File manager')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Local upload' }));
    expect(screen.getByText('File manager')).toBeInTheDocument();
  });

  it('opens the file manager directly for an entry without repository metadata', () => {
    render(
      withQueryClient(
        <FileSourceDialog model={detail()} onHide={() => {}} LocalUpload={LocalUpload} DiffView={DiffView} />,
      ),
    );
    expect(screen.getByText('File manager')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Source control' })).not.toBeInTheDocument();
  });
});
