import type { ModelInputView } from '@shared/schemas/sub-models-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../config/paths';
import { currentUserQueryKey } from '../../../../lib/current-user';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { configureTestApi, json, routeFetch } from '../../../../testing/fetch-stubs';
import { fullAccess, input, MODEL_UUID, subModel, user, webModel } from '../../test-fixtures';
import { SubModelWorkspace } from '../workspace/sub-model-workspace';
import { InputDefinitionEditorPage } from './input-definition-editor-page';
import { VARIABLE_NAME_CHECK_KEY } from './template-editor';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));
// Pages load lazily and call several routes: a generous wait keeps the tests independent of machine speed.
configure({ asyncUtilTimeout: 10_000 });
// CodeMirror needs layout jsdom does not have: a textarea stands in for the lazy JSON editor.
vi.mock('./json-code-editor', () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

describe('the input definition editor (001 §2, §5)', { timeout: 60_000 }, () => {
  let stored: ModelInputView;
  let helpFiles: { uuid: string; name: string }[];
  let saved: { value: string } | undefined;
  const fetchMock = routeFetch({
    [`GET /models/${MODEL_UUID}`]: () => json(200, webModel()),
    [`GET /models/${MODEL_UUID}/sub-models`]: () => json(200, { items: [subModel()], access: fullAccess }),
    [`GET /models/${MODEL_UUID}/sub-models/sm-1`]: () => json(200, subModel({ definitionType: stored.type })),
    [`GET /models/${MODEL_UUID}/sub-models/sm-1/inputs`]: () => json(200, { items: [stored] }),
    [`GET /models/${MODEL_UUID}/help-files`]: () => json(200, { items: helpFiles }),
    [`PUT /models/${MODEL_UUID}/sub-models/sm-1/inputs/in-1`]: (_u, init) => {
      saved = JSON.parse(String(init?.body));
      stored = { ...stored, value: saved?.value ?? '' };
      return json(200, stored);
    },
  });
  beforeEach(() => {
    configureTestApi();
    stored = input();
    helpFiles = [];
    saved = undefined;
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    clearMessages();
  });

  const open = (me = user('olivia')) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(currentUserQueryKey, me);
    const router = createMemoryRouter(
      [
        {
          element: <SubModelWorkspace />,
          children: [{ path: paths.inputDefinitionEditor.path, element: <InputDefinitionEditorPage /> }],
        },
      ],
      { initialEntries: [paths.inputDefinitionEditor.getHref(MODEL_UUID, 'sm-1')] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  };
  const form = () => screen.getByRole('region', { name: 'Parameter' });
  const field = (label: string) => within(form()).getByLabelText(label);
  const addParameter = async (u: ReturnType<typeof userEvent.setup>) => {
    // The first render loads the workspace, the sub-model and its definitions.
    await u.click(await screen.findByRole('button', { name: 'Add Parameter' }, { timeout: 15_000 }));
    return form();
  };
  /** PrimeReact's Dropdown opens on a click on its box (its focusable input is visually hidden). */
  const openDropdown = (u: ReturnType<typeof userEvent.setup>, input: HTMLElement) =>
    u.click(input.closest('.p-dropdown') as HTMLElement);
  const chooseType = async (u: ReturnType<typeof userEvent.setup>, type: string) => {
    await openDropdown(u, within(form()).getByLabelText('Type'));
    await u.click(await screen.findByRole('option', { name: type, hidden: true }));
  };

  it('asks before leaving with an unsaved parameter, and keeps it on No (issue 21 §11)', async () => {
    const u = userEvent.setup();
    open();
    await addParameter(u);
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('By leaving this page all changes will be lost. Do you want to continue?'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('region', { name: 'Parameter' })).toBeInTheDocument();
  });

  it('reports the variable name rules with both messages of §5, and can switch that check off', async () => {
    const u = userEvent.setup();
    open();
    await addParameter(u);
    // The new parameter takes the focus in its first field.
    expect(field('Title')).toHaveFocus();
    const name = field('Variable Name');
    expect(await within(form()).findByText('Variable Name is required')).toBeInTheDocument();
    await u.type(name, '1st');
    expect(await within(form()).findByText(SUB_MODEL_MESSAGES.variableNameStart)).toBeInTheDocument();
    await u.clear(name);
    await u.type(name, 'rate$');
    expect(await within(form()).findByText(SUB_MODEL_MESSAGES.specialCharacters)).toBeInTheDocument();
    await u.clear(name);
    await u.type(name, 'rate 2');
    await waitFor(() =>
      expect(within(form()).queryByText(SUB_MODEL_MESSAGES.specialCharacters)).not.toBeInTheDocument(),
    );
  });

  it('leaves the variable name check to the server when the local setting is off', async () => {
    window.localStorage.setItem(VARIABLE_NAME_CHECK_KEY, 'off');
    const u = userEvent.setup();
    open();
    await addParameter(u);
    await u.type(field('Variable Name'), '1st');
    await u.type(field('Title'), 'First');
    expect(within(form()).queryByText(SUB_MODEL_MESSAGES.variableNameStart)).not.toBeInTheDocument();
  });

  it('checks a string length and its default, and number bounds by type', async () => {
    const u = userEvent.setup();
    open();
    await addParameter(u);
    await u.clear(field('Length'));
    await u.type(field('Length'), '3');
    await u.type(field('Default Value'), 'long text');
    expect(await within(form()).findByText('Default Value is too long')).toBeInTheDocument();
    await chooseType(u, 'Integer');
    expect(await within(form()).findByText('Min is required')).toBeInTheDocument();
    await u.type(field('Min'), '10');
    await u.type(field('Max'), '5');
    await u.type(field('Default Value'), '2.5');
    expect(await within(form()).findByText('Max must be equal or greater then 10')).toBeInTheDocument();
    await u.clear(field('Max'));
    await u.type(field('Max'), '20');
    expect(await within(form()).findByText('Default Value must be integer')).toBeInTheDocument();
    await u.clear(field('Default Value'));
    await u.type(field('Default Value'), 'abc');
    expect(await within(form()).findByText('Default Value must be a number')).toBeInTheDocument();
    await chooseType(u, 'Date');
    await u.type(field('Min'), '2024-05-01');
    await u.type(field('Max'), '2024-01-01');
    expect(
      await within(form()).findByText('Max must be equal or greater then 2024-05-01'),
    ).toBeInTheDocument();
  });

  it('keeps one option selected in a single select and requires unique keys', async () => {
    const u = userEvent.setup();
    open();
    await addParameter(u);
    await chooseType(u, 'Single Select');
    expect(await within(form()).findByText('Options is required')).toBeInTheDocument();
    await u.click(within(form()).getByRole('button', { name: 'Add Option' }));
    await u.click(within(form()).getByRole('button', { name: 'Add Option' }));
    await u.type(field('Option 1 Key'), 'a');
    await u.type(field('Option 2 Key'), 'a');
    expect(await within(form()).findByText('Key is not unique')).toBeInTheDocument();
    const [first, second] = within(form()).getAllByLabelText('Selected');
    await u.click(first as HTMLElement);
    await u.click(second as HTMLElement);
    expect(first).not.toBeChecked();
    expect(second).toBeChecked();
  });

  it("says there are no help files for a file parameter, in the spec's words", async () => {
    const u = userEvent.setup();
    open();
    await addParameter(u);
    await chooseType(u, 'File');
    expect(await within(form()).findByText(SUB_MODEL_MESSAGES.noHelpFiles)).toBeInTheDocument();
    expect(field('Size (MB)')).toHaveValue('1');
  });

  it("offers a file parameter the entry's help files", async () => {
    helpFiles = [{ uuid: 'h-1', name: 'guide.pdf' }];
    const u = userEvent.setup();
    open();
    await addParameter(u);
    await chooseType(u, 'File');
    await openDropdown(u, within(form()).getByLabelText('Help File'));
    expect(await screen.findByRole('option', { name: 'guide.pdf', hidden: true })).toBeInTheDocument();
  });

  it("lets a parameter be controlled by a boolean one ('controlled by' picker)", async () => {
    const u = userEvent.setup();
    open();
    await addParameter(u);
    await chooseType(u, 'Boolean');
    await u.type(field('Title'), 'Switch');
    await addParameter(u);
    await openDropdown(u, within(form()).getByLabelText('Control Type'));
    await u.click(await screen.findByRole('option', { name: 'Hide/Show', hidden: true }));
    await openDropdown(u, within(form()).getByLabelText('Controlled By'));
    await u.click(await screen.findByRole('option', { name: 'Switch', hidden: true }));
    expect(within(form()).getByLabelText('Controlled By Value')).toHaveValue('true');
  });

  it("asks 'Do you want to save it anyway?' for an invalid template, saves on Yes with 'Input Definition has been updated'", async () => {
    const u = userEvent.setup();
    open();
    await addParameter(u);
    await u.type(field('Title'), 'Age');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save input definition' });
    expect(within(confirm).getByText(SUB_MODEL_MESSAGES.saveAnyway)).toBeInTheDocument();
    await u.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(JSON.parse(saved?.value ?? '')).toMatchObject({
      definitions: [{ id: 'p1', type: 'STRING', title: 'Age', length: 255 }],
    });
    expect(getMessages().map((m) => m.text)).toContain(SUB_MODEL_MESSAGES.inputDefinitionUpdated);
  });

  it('saves a valid template without asking', async () => {
    stored = input({
      value: JSON.stringify({
        definitions: [
          {
            id: 'p1',
            name: 'age',
            title: 'Age',
            question: 'Age?',
            type: 'INTEGER',
            min: 0,
            max: 99,
            defaultValue: 40,
          },
        ],
      }),
    });
    const u = userEvent.setup();
    open();
    await screen.findByRole('button', { name: /Age/ });
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(screen.queryByRole('dialog', { name: 'Save input definition' })).not.toBeInTheDocument();
  });

  it('edits a JSON definition as raw JSON: Save needs valid JSON, an array asks first', async () => {
    stored = input({ type: 'JSON', value: '{"rate": 0.1}' });
    const u = userEvent.setup();
    open();
    const editor = await screen.findByRole('textbox', { name: 'Input definition JSON' });
    await u.clear(editor);
    // user-event reads '{{' and '[[' as the literal brackets.
    await u.type(editor, '{{"rate": ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(/The text is not valid JSON/)).toBeInTheDocument();
    await u.clear(editor);
    await u.type(editor, '[[1]');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Save input definition' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(saved).toEqual({ value: '[1]' }));
  });

  it('opens read-only for a viewer: no Save, no Add Parameter', async () => {
    stored = input({
      value: JSON.stringify({
        definitions: [{ id: 'p1', name: 'age', title: 'Age', question: 'Age?', type: 'STRING' }],
      }),
    });
    open(user('victor'));
    expect(await screen.findByRole('button', { name: /Age/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Parameter' })).not.toBeInTheDocument();
    expect(within(form()).getByLabelText('Title')).toHaveAttribute('readonly');
  });
});
