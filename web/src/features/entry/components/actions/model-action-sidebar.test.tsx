import { MESSAGES } from '@shared/messages';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, stubFetch } from '../../../../testing/fetch-stubs';
import { UUID_A } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { ModelActionSidebar } from './model-action-sidebar';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const panels = { ShareDialog: () => null, DownloadDialog: () => null };

beforeEach(() => {
  configureTestApi();
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the list action sidebar of a preview-only entry (issue 21 §26)', () => {
  it('says why there are no actions instead of staying blank, and asks the server nothing', () => {
    const fetchMock = stubFetch();
    render(
      withQueryClient(
        <MemoryRouter>
          <ModelActionSidebar uuid={UUID_A} previewOnly onDeleted={vi.fn()} panels={panels} />
        </MemoryRouter>,
      ),
    );
    const sidebar = screen.getByRole('complementary', { name: 'Model entry actions' });
    expect(sidebar).toHaveTextContent(MESSAGES.detailPreviewOnly);
    expect(callsTo(fetchMock, 'GET', `/models/${UUID_A}`)).toHaveLength(0);
  });
});
