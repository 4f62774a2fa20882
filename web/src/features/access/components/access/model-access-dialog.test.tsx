import { EMPTY_ROLES } from '@shared/schemas/model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { configureTestApi, json, routeFetch } from '../../../../testing/fetch-stubs';
import { model, users } from '../../../../testing/model-detail-fixtures';
import { ModelAccessDialog } from './model-access-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const uuid = model().uuid;
const roles = {
  ...EMPTY_ROLES,
  vestLead: 'leo',
  steward: 'stella',
  owners: ['olivia', 'leo'],
  viewers: ['victor'],
};

describe('ModelAccessDialog', () => {
  let putBody: unknown;
  const fetchMock = routeFetch({
    [`GET /models/${uuid}/roles`]: () => json(200, { roles, users, rev: 3 }),
    'GET /users/search': (url) =>
      json(200, {
        items: Object.values(users).filter((u) =>
          u.firstName.toLowerCase().startsWith(url.searchParams.get('q') ?? ''),
        ),
      }),
    [`PUT /models/${uuid}/roles`]: (_url, init) => {
      putBody = JSON.parse(String(init?.body));
      return json(200, { ...(putBody as object), users, rev: 4 });
    },
  });
  beforeEach(() => {
    configureTestApi();
    putBody = undefined;
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    clearMessages();
  });

  const open = (m = model(), onHide: () => void = () => undefined, actorId = 'olivia') =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ModelAccessDialog model={m} actor={{ id: actorId, userType: 'INTERNALUSER' }} onHide={onHide} />
      </QueryClientProvider>,
    );
  const search = async (
    user: ReturnType<typeof userEvent.setup>,
    region: HTMLElement,
    text: string,
    option: RegExp,
  ) => {
    await user.type(within(region).getByRole('combobox'), text);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await user.click(await within(region).findByRole('option', { name: option }));
  };

  it('moves a viewer made owner out of the viewers and saves with the rev', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    const owners = await screen.findByRole('region', { name: 'Model Owners' });
    const viewers = screen.getByRole('region', { name: 'Model Viewers' });
    expect(within(viewers).getByText('Victor Viewer')).toBeInTheDocument();
    await user.type(within(owners).getByRole('combobox'), 'vic');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await user.click(await within(owners).findByRole('option', { name: /Victor Viewer/ }));
    expect(within(owners).getByText('Victor Viewer')).toBeInTheDocument();
    expect(within(viewers).queryByText('Victor Viewer')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Permissions' }));
    await waitFor(() => expect(putBody).toBeDefined());
    expect(putBody).toMatchObject({ rev: 3, roles: { owners: ['olivia', 'leo', 'victor'], viewers: [] } });
    await waitFor(() => expect(getMessages().map((m) => m.text)).toContain('Model Permissions updated'));
  });

  it('closes after a successful update, leaving no search text or error behind', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onHide = vi.fn();
    open(model(), onHide, 'stella');
    const steward = await screen.findByRole('region', { name: 'Model Steward' });
    // An error and a search text in the pickers…
    await user.type(within(steward).getByRole('combobox'), 'xav');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await user.click(await within(steward).findByRole('option', { name: /Xavier Vendor/ }));
    expect(within(steward).getByRole('alert')).toBeInTheDocument();
    const owners = screen.getByRole('region', { name: 'Model Owners' });
    await user.type(within(owners).getByRole('combobox'), 'zz');
    // …and an update that succeeds: the dialog is done.
    await user.click(screen.getByRole('button', { name: 'Update Permissions' }));
    await waitFor(() => expect(onHide).toHaveBeenCalledTimes(1));
    expect(getMessages().map((m) => m.text)).toContain('Model Permissions updated');
  });

  it('stays open when the update fails', async () => {
    const onHide = vi.fn();
    fetchMock.mockImplementationOnce(async () => json(200, { roles, users, rev: 3 }));
    fetchMock.mockImplementationOnce(async () => json(409, { message: 'stale' }));
    open(model(), onHide);
    await screen.findByRole('region', { name: 'Model Owners' });
    await userEvent.click(screen.getByRole('button', { name: 'Update Permissions' }));
    await waitFor(() => expect(getMessages().map((m) => m.severity)).toContain('warning'));
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Update Permissions' })).toBeEnabled();
  });

  it('keeps the lead and the caller in the owners', async () => {
    open();
    const owners = await screen.findByRole('region', { name: 'Model Owners' });
    expect(within(owners).getByRole('button', { name: 'Remove Olivia Owner' })).toBeDisabled();
    expect(within(owners).getByRole('button', { name: 'Remove Leo Lead' })).toBeDisabled();
  });

  it('refuses an external user as steward', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open(model(), undefined, 'leo');
    const steward = await screen.findByRole('region', { name: 'Model Steward' });
    await user.type(within(steward).getByRole('combobox'), 'xav');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await user.click(await within(steward).findByRole('option', { name: /Xavier Vendor/ }));
    expect(within(steward).getByRole('alert')).toHaveTextContent(
      'External user cannot be added as the Model Steward.',
    );
    expect(within(steward).getByText('Stella Steward')).toBeInTheDocument();
  });

  it('refuses the steward as a viewer, so that what is shown is what is saved', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    const viewers = await screen.findByRole('region', { name: 'Model Viewers' });
    await search(user, viewers, 'ste', /Stella Steward/);
    expect(within(viewers).getByRole('alert')).toHaveTextContent(
      'Stella Steward cannot be both Model Steward and Model Viewer: a user holds one role on a model entry.',
    );
    expect(within(viewers).queryByRole('button', { name: 'Remove Stella Steward' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Permissions' }));
    await waitFor(() => expect(putBody).toBeDefined());
    expect(putBody).toMatchObject({ roles: { steward: 'stella', viewers: ['victor'] } });
  });

  it('lets only the lead, the steward or a super user change the lead and the steward', async () => {
    const reason = (slot: string) =>
      `Only the Value and Implementation Lead, the Model Steward or a super user can change the ${slot}.`;
    const { unmount } = open();
    const lead = await screen.findByRole('region', { name: 'Value and Implementation Lead' });
    const steward = screen.getByRole('region', { name: 'Model Steward' });
    expect(within(lead).getByRole('combobox')).toBeDisabled();
    expect(within(lead).getByText(reason('Value and Implementation Lead'))).toBeInTheDocument();
    expect(within(lead).getByRole('button', { name: 'Remove Leo Lead' })).toBeDisabled();
    expect(within(steward).getByRole('combobox')).toBeDisabled();
    expect(within(steward).getByText(reason('Model Steward'))).toBeInTheDocument();
    unmount();
    open(model(), undefined, 'stella');
    const byTheSteward = await screen.findByRole('region', { name: 'Value and Implementation Lead' });
    expect(within(byTheSteward).getByRole('combobox')).toBeEnabled();
    expect(within(byTheSteward).queryByText(reason('Value and Implementation Lead'))).not.toBeInTheDocument();
  });

  it('disables Update Permissions for PNEU-insights models', async () => {
    open(model({ pneu: true, metadata: { ...model().metadata, platform: 'Pneumococcal Vaccines' } }));
    await screen.findByRole('region', { name: 'Model Owners' });
    expect(screen.getByRole('button', { name: 'Update Permissions' })).toBeDisabled();
  });

  it("offers User Settings only on WebModel 2.0 models, listing the entry's sub-models per section", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const subModel = (id: string, name: string, type: string, extra: { createdByName?: string } = {}) => ({
      id,
      name,
      type,
      createdBy: 'olivia',
      createdOn: '2025-03-04T10:00:00.000Z',
      ...extra,
    });
    let settingsBody: unknown;
    const withSubModels = routeFetch({
      [`GET /models/${uuid}/roles`]: () => json(200, { roles, users, rev: 3 }),
      [`GET /models/${uuid}/sub-models`]: (url) =>
        json(200, {
          items:
            url.searchParams.get('type') === 'calibration'
              ? [
                  subModel('cal-2', 'Zeta calibration', 'calibration'),
                  subModel('cal-1', 'Alpha calibration', 'calibration', { createdByName: 'Olivia Owner' }),
                ]
              : [],
          access: { sections: {}, add: {} },
        }),
      [`GET /models/${uuid}/expertise/victor`]: () =>
        json(200, { userId: 'victor', expertiseTypeLevel: 750, subModelIdList: ['scn-gone'] }),
      [`PUT /models/${uuid}/expertise/victor`]: (_url, init) => {
        settingsBody = JSON.parse(String(init?.body));
        return json(200, settingsBody);
      },
    });
    vi.stubGlobal('fetch', withSubModels);
    const { unmount } = open();
    await screen.findByRole('region', { name: 'Model Owners' });
    expect(screen.queryByRole('button', { name: /User Settings of/ })).not.toBeInTheDocument();
    unmount();
    open(model({ metadata: { ...model().metadata, platform: 'WebModel 2.0' } }));
    expect(await screen.findByRole('region', { name: 'Calibration Modelers' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'User Settings of Victor Viewer' }));

    const calibration = await screen.findByRole('region', { name: 'Calibration Management' });
    await within(calibration).findByText('Alpha calibration');
    const names = within(calibration)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).queryAllByRole('cell')[1]?.textContent);
    expect(names).toEqual(['Alpha calibration', 'Zeta calibration']);
    // 'Created By' names the creator where the server kept the name, else the id (issue 21 §26).
    const creators = within(calibration)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).queryAllByRole('cell')[2]?.textContent);
    expect(creators).toEqual(['Olivia Owner', 'olivia']);
    const scenario = screen.getByRole('region', { name: 'Scenario Management' });
    expect(within(scenario).getByText('No SubModel was found')).toBeInTheDocument();

    // Ticking a calibration sub-model keeps the ids the other table holds.
    const settings = screen.getByRole('dialog', { name: /User Settings/ });
    // The stored settings have arrived once the level shows (the hidden <select> lists every level).
    await waitFor(() => expect(settings.querySelector('.p-dropdown-label')).toHaveTextContent('Advanced'));
    const alphaRow = within(calibration).getByText('Alpha calibration').closest('tr') as HTMLElement;
    await user.click(within(alphaRow).getAllByRole('checkbox').at(-1) as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Update Settings' }));
    await waitFor(() => expect(settingsBody).toBeDefined());
    expect(settingsBody).toEqual({
      userId: 'victor',
      expertiseTypeLevel: 750,
      subModelIdList: ['scn-gone', 'cal-1'],
    });
  });
});
