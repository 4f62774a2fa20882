import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { UUID_A, UUID_B } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { readGrantLink, withoutGrantLink } from './grant-link';
import { GrantLinkHandler, INVALID_GRANT_LINK } from './grant-link-handler';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const emma = {
  id: 'employee',
  firstName: 'Emma',
  lastName: 'Employee',
  email: 'e@x.test',
  userType: 'INTERNALUSER',
};
const texts = () => getMessages().map((m) => m.text);

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

function renderAt(search: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/model/:uuid/detail',
        element: <GrantLinkHandler model={{ uuid: UUID_A, name: 'Lung model' }} />,
      },
      { path: '/model', element: <p>Model list</p> },
    ],
    { initialEntries: [`/model/${UUID_A}/detail${search}`] },
  );
  render(withQueryClient(<RouterProvider router={router} />));
  return router;
}

/** A response that waits until the test lets it go, to see the progress dialog. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('grant link query (000 §2)', () => {
  it('reads model and file links and refuses mixtures and bad values', () => {
    const q = (s: string) => readGrantLink(new URLSearchParams(s));
    expect(q('tab=folder')).toEqual({ kind: 'none' });
    // The Version Control tab's compared file is no grant link (it was read as a broken one and removed).
    expect(q(`tab=version&mode=compare&a=${UUID_B}&b=${UUID_B}&file=${UUID_B}%3A${UUID_B}`)).toEqual({
      kind: 'none',
    });
    expect(q('role=VIEWER&userId=employee')).toEqual({ kind: 'model', role: 'VIEWER', userId: 'employee' });
    expect(q(`file=${UUID_B}&fileName=a.xlsx&userId=employee`)).toEqual({
      kind: 'file',
      fileUuid: UUID_B,
      fileName: 'a.xlsx',
      userId: 'employee',
    });
    expect(q('role=STEWARD&userId=employee')).toEqual({ kind: 'invalid' });
    expect(q('role=VIEWER')).toEqual({ kind: 'invalid' });
    expect(q('file=not-a-uuid&fileName=a&userId=employee')).toEqual({ kind: 'invalid' });
    expect(q(`role=VIEWER&file=${UUID_B}&fileName=a&userId=employee`)).toEqual({ kind: 'invalid' });
  });

  it('removes only the link parameters', () => {
    expect(withoutGrantLink(new URLSearchParams('tab=folder&role=VIEWER&userId=x')).toString()).toBe(
      'tab=folder',
    );
  });
});

describe('GrantLinkHandler', { timeout: 20_000 }, () => {
  it('grants the model role, shows progress, then Access Granted, and cleans the URL', async () => {
    const { open, opened } = gate();
    const fetchMock = stubFetch(
      on('POST', `/models/${UUID_A}/grants`, async () => {
        await opened;
        return json(200, { role: 'VIEWER', user: emma, changed: true });
      }),
    );
    const router = renderAt('?tab=folder&role=VIEWER&userId=employee');
    expect(
      await screen.findByRole('dialog', { name: 'Setting up your model permissions' }),
    ).toBeInTheDocument();
    open();
    const granted = await screen.findByRole('dialog', { name: 'Access Granted' });
    expect(granted).toHaveTextContent('Emma Employee has been granted Model Viewer access to Lung model.');
    expect(screen.queryByRole('dialog', { name: 'Setting up your model permissions' })).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=folder'));
    expect(router.state.location.pathname).toBe(`/model/${UUID_A}/detail`);
    const calls = callsTo(fetchMock, 'POST', `/models/${UUID_A}/grants`);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ role: 'VIEWER', userId: 'employee' });

    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Access Granted' })).toBeNull());
    expect(callsTo(fetchMock, 'POST', `/models/${UUID_A}/grants`)).toHaveLength(1);
  });

  it('grants file access with the file link', async () => {
    const fetchMock = stubFetch(
      on('PUT', `/models/${UUID_A}/files/${UUID_B}/access`, () =>
        json(200, {
          fileUuid: UUID_B,
          fileName: 'model.xlsx',
          owner: emma,
          sharedWith: [emma],
          candidates: [],
        }),
      ),
    );
    const router = renderAt(`?file=${UUID_B}&fileName=model.xlsx&userId=employee`);
    const granted = await screen.findByRole('dialog', { name: 'Access Granted' });
    expect(granted).toHaveTextContent('Emma Employee has been granted access to the file model.xlsx.');
    const [call] = callsTo(fetchMock, 'PUT', `/models/${UUID_A}/files/${UUID_B}/access`);
    expect(JSON.parse(String(call?.init.body))).toEqual({ userId: 'employee', status: 'ACTIVE' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("says 'Failed to Grant Model access' with the server's message and stays on the page", async () => {
    stubFetch(
      on('POST', `/models/${UUID_A}/grants`, () =>
        json(403, { message: 'You do not have permission to do this.', code: 'FORBIDDEN' }),
      ),
    );
    const router = renderAt('?role=OWNER&userId=employee');
    await waitFor(() =>
      expect(texts()).toEqual(['Failed to Grant Model access: You do not have permission to do this.']),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(`/model/${UUID_A}/detail`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Failed to Grant File access' when the file grant fails", async () => {
    stubFetch(
      on('PUT', `/models/${UUID_A}/files/${UUID_B}/access`, () =>
        json(404, { message: 'Not found.', code: 'NOT_FOUND' }),
      ),
    );
    renderAt(`?file=${UUID_B}&fileName=model.xlsx&userId=employee`);
    await waitFor(() => expect(texts()).toEqual(['Failed to Grant File access: Not found.']));
  });

  it('ignores a malformed link with a warning and grants nothing', async () => {
    const fetchMock = stubFetch();
    const router = renderAt('?tab=folder&role=SUPERUSER&userId=employee');
    await waitFor(() => expect(texts()).toEqual([INVALID_GRANT_LINK]));
    expect(getMessages()[0]?.severity).toBe('warning');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=folder'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
