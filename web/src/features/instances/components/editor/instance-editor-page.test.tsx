import type { ParameterDefinition } from '@shared/sub-models/parameter-definition';
import { sampleDefinition, sampleTemplate, sampleValues } from '@shared/sub-models/sample-template';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, type Route, stubFetch } from '../../../../testing/fetch-stubs';
import type { InstanceDetailView } from '../../api/instances-api';
import {
  detail,
  INPUT_ID,
  inWorkspace,
  linkedScenarioRoutes,
  SUB_MODEL_ID,
  templateInput,
  UUID,
} from '../../api/test-fixtures';
import { CALIBRATION_TEXTS } from '../form/calibration-picker';
import { InstanceEditorPage } from './instance-editor-page';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const INSTANCE = `/models/${UUID}/instances/01I`;
const { definitions } = sampleTemplate();
const stored = sampleValues(definitions);

beforeEach(() => configureTestApi());
// CodeMirror (the JSON editor) measures text ranges, which jsdom does not lay out.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

function serve({
  instance = detail({
    id: '01I',
    name: 'Base run',
    input: { modelInputId: INPUT_ID, value: JSON.stringify(stored) },
  }),
  input = templateInput(),
  level = 500,
  extra = [],
}: {
  instance?: InstanceDetailView;
  input?: ReturnType<typeof templateInput>;
  level?: number;
  extra?: Route[];
} = {}) {
  return stubFetch(
    on('GET', INSTANCE, () => json(200, instance)),
    on('GET', `/models/${UUID}/sub-models/${SUB_MODEL_ID}/inputs/${INPUT_ID}`, () => json(200, input)),
    on('GET', `/models/${UUID}/expertise/owner`, () =>
      json(200, { userId: 'owner', expertiseTypeLevel: level, subModelIdList: [] }),
    ),
    on('PUT', `${INSTANCE}/inputs`, (_url, init) =>
      json(200, {
        ...instance,
        input: { modelInputId: INPUT_ID, value: JSON.parse(String(init.body)).value },
        valid: true,
        issues: [],
      }),
    ),
    ...extra,
  );
}

const open = () =>
  render(
    inWorkspace(<InstanceEditorPage />, {
      path: `/model/${UUID}/instance/01I/editor`,
      pattern: '/model/:modelUuid/instance/:scenarioId/editor',
    }),
  );
/**
 * The Paste JSON dialog's text area. A JSON input's page shows its own "Input Data (JSON)" editor
 * behind the dialog once CodeMirror has loaded (lazily, so sometimes before the dialog opens).
 */
const pasteDialogArea = () =>
  within(screen.getByRole('dialog', { name: 'Paste JSON' })).getByRole('textbox', {
    name: 'Input Data (JSON)',
  });
const saved = (fetchMock: ReturnType<typeof stubFetch>) =>
  callsTo(fetchMock, 'PUT', `${INSTANCE}/inputs`).map((c) => JSON.parse(String(c.init.body)));

describe('instance parameters editor (spec 001 §2, §5)', { timeout: 30_000 }, () => {
  it('leaves an unchanged editor without asking (issue 21 §11)', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await screen.findByRole('textbox', { name: 'Parameter 3' });
    // Unchanged: Cancel leaves at once.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('keeps unsaved changes when the user answers No to leaving', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    open();
    const integer = await screen.findByRole('textbox', { name: 'Parameter 3' });
    await user.clear(integer);
    await user.type(integer, '77');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('By leaving this page all changes will be lost. Do you want to continue?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('Elsewhere')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Parameter 3' })).toHaveValue('77');

    // Saved: leaving no longer asks.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('saves the changed parameters and says so', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    open();
    const integer = await screen.findByRole('textbox', { name: 'Parameter 3' });
    await user.clear(integer);
    await user.type(integer, '77');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    const [body] = saved(fetchMock);
    expect(body.modelInputId).toBe(INPUT_ID);
    expect(JSON.parse(body.value)).toEqual({ ...stored, param_3: 77 });
    expect(getMessages().map((m) => m.text)).toContain('Scenario Parameters have been updated');
  });

  it('asks "Do you want to save it anyway?" for invalid parameters, and saves only on Yes', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    open();
    const integer = await screen.findByRole('textbox', { name: 'Parameter 3' });
    await user.clear(integer);
    await user.type(integer, '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const ask = screen.getByRole('dialog', { name: 'Save Parameters' });
    expect(ask).toHaveTextContent('Do you want to save it anyway?');
    expect(ask).toHaveTextContent('Parameter 3 must be equal or smaller then 100');
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    expect(saved(fetchMock)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Save Parameters' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    expect(JSON.parse(saved(fetchMock)[0].value).param_3).toBe(500);
  });

  it('shows a Basic user only the parameters of the Basic level, and an Expert user all', async () => {
    const template: ParameterDefinition[] = [
      { ...sampleDefinition('STRING', 1), title: 'Cohort size', expertiseLevel: 250 },
      { ...sampleDefinition('STRING', 2), title: 'Discount rate', expertiseLevel: 1000 },
    ];
    const input = templateInput({ value: JSON.stringify({ definitions: template }) });
    serve({ input, level: 250 });
    const { unmount } = open();
    expect(await screen.findByRole('textbox', { name: 'Cohort size' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Discount rate' })).not.toBeInTheDocument();
    unmount();
    serve({ input, level: 1000 });
    open();
    expect(await screen.findByRole('textbox', { name: 'Discount rate' })).toBeInTheDocument();
  });

  it('is read-only without edit permission: no inputs, no import, Save disabled', async () => {
    serve({
      instance: detail({
        id: '01I',
        status: 'COMPLETED',
        input: { modelInputId: INPUT_ID, value: JSON.stringify(stored) },
        permissions: { edit: 'forbidden', clone: 'allowed', delete: 'allowed', share: 'allowed' },
      }),
    });
    open();
    expect(
      await screen.findByText(/Only draft, failed or cancelled instances can be edited/),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Import JSON' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('hello')).toBeInTheDocument();
  });

  it('takes pasted JSON, converted to the parameter types, and refuses an array', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Paste JSON' }));
    const area = pasteDialogArea();
    await user.click(area);
    await user.paste('[{"param_3": 1}]');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Input Data must not be an Array.')).toBeInTheDocument();
    await user.clear(area);
    await user.paste('{"param_3": "12", "param_2": "TRUE", "param_4": "abc"}');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog', { name: 'Paste JSON' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Parameter 3' })).toHaveValue('12');
    expect(screen.getByRole('checkbox', { name: 'Parameter 2' })).toBeChecked();
    expect(screen.getAllByText('Failed to parse real number from abc').length).toBeGreaterThan(0);
  });

  it('imports .json files only', async () => {
    serve();
    const user = userEvent.setup({ applyAccept: false });
    const { container } = open();
    await screen.findByRole('button', { name: 'Import JSON' });
    const input = container.ownerDocument.querySelector(
      'input[type=file][accept^=".json"]',
    ) as HTMLInputElement;
    await user.upload(input, new File(['{}'], 'values.txt'));
    expect(screen.getByText('Unsupported File Extension')).toBeInTheDocument();
    await user.upload(input, new File(['{"param_1": "from file"}'], 'values.json'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Parameter 1' })).toHaveValue('from file'),
    );
  });

  it('goes back to the instance list on Cancel', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
  });

  it('edits a JSON input as JSON, saving only valid JSON that is not an array', async () => {
    const fetchMock = serve({
      input: templateInput({ type: 'JSON', value: '{}' }),
      instance: detail({ id: '01I', input: { modelInputId: INPUT_ID, value: '{"rate": 1}' } }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Paste JSON' }));
    await user.click(pasteDialogArea());
    await user.paste('{"rate": 2, "arms": ["a"]}');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    expect(JSON.parse(saved(fetchMock)[0].value)).toEqual({ rate: 2, arms: ['a'] });
  });
});

describe('the calibration of a linked scenario in the editor (issue 21 §1)', { timeout: 30_000 }, () => {
  it('says the calibration it names is no longer accepted, and saves the accepted one chosen with the values', async () => {
    const instance = detail({
      id: '01I',
      name: 'Base run',
      scenarioId: '01OLD',
      calibration: { id: '01OLD', name: 'Fit 2024', status: 'SUPERSEDED' },
      input: { modelInputId: INPUT_ID, value: JSON.stringify(stored) },
    });
    const order: string[] = [];
    const fetchMock = serve({
      instance,
      extra: [
        ...linkedScenarioRoutes([
          { id: '01FIT25', name: 'Fit 2025' },
          { id: '01FIT26', name: 'Fit 2026' },
        ]),
        on('PATCH', INSTANCE, (_url, init) => {
          order.push('calibration');
          return json(200, { ...instance, scenarioId: JSON.parse(String(init.body)).calibrationInstanceId });
        }),
      ],
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(CALIBRATION_TEXTS.superseded('Survival fit'))).toBeVisible();
    const picker = screen.getByLabelText(CALIBRATION_TEXTS.label);
    await user.click(picker.closest('.p-dropdown') as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Fit 2026', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    const patches = callsTo(fetchMock, 'PATCH', INSTANCE).map((c) => JSON.parse(String(c.init.body)));
    expect(patches).toEqual([{ calibrationInstanceId: '01FIT26' }]);
    expect(order).toEqual(['calibration']);
  });

  it('saves only the values when the calibration is unchanged', async () => {
    const instance = detail({
      id: '01I',
      name: 'Base run',
      scenarioId: '01FIT25',
      calibration: { id: '01FIT25', name: 'Fit 2025', status: 'ACCEPTED' },
      input: { modelInputId: INPUT_ID, value: JSON.stringify(stored) },
    });
    const fetchMock = serve({ instance, extra: linkedScenarioRoutes([{ id: '01FIT25', name: 'Fit 2025' }]) });
    const user = userEvent.setup();
    open();
    await screen.findByLabelText(CALIBRATION_TEXTS.label);
    expect(screen.queryByText(CALIBRATION_TEXTS.superseded('Survival fit'))).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved(fetchMock)).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', INSTANCE)).toHaveLength(0);
  });
});
