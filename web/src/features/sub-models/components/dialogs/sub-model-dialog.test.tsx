import type { SectionAccess } from '@shared/schemas/sub-models-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { configureTestApi, json, routeFetch } from '../../../../testing/fetch-stubs';
import { withQueryClient } from '../../../../testing/render';
import { file, fullAccess, MODEL_UUID, subModel, webModel } from '../../test-fixtures';
import { SUB_MODEL_DIALOG_TEXTS, SubModelDialog, type SubModelDialogProps } from './sub-model-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));
// Pages load lazily and call several routes: a generous wait keeps the tests independent of machine speed.
configure({ asyncUtilTimeout: 10_000 });

const files = [file('model.py', { mainFile: true }), file('helpers.py'), file('inputs.xlsx')];
const calibrationModels = [subModel({ id: 'cal-1', name: 'Fit to data', type: 'calibration' })];
const displayModels = [subModel({ id: 'dsp-1', name: 'Charts', type: 'display' })];

describe('SubModelDialog (001 §2, §5)', { timeout: 30_000 }, () => {
  let created: Record<string, unknown> | undefined;
  let updated: Record<string, unknown> | undefined;
  let imported: Record<string, unknown> | undefined;
  const fetchMock = routeFetch({
    [`GET /models/${MODEL_UUID}/files`]: () => json(200, { items: files }),
    [`GET /models/${MODEL_UUID}/sub-models`]: (url) =>
      json(200, {
        items: url.searchParams.get('type') === 'calibration' ? calibrationModels : displayModels,
        access: fullAccess,
      }),
    [`POST /models/${MODEL_UUID}/sub-models`]: (_u, init) => {
      created = JSON.parse(String(init?.body));
      return json(201, subModel({ id: 'new-1', ...(created as object) }));
    },
    [`PUT /models/${MODEL_UUID}/sub-models/sm-1`]: (_u, init) => {
      updated = JSON.parse(String(init?.body));
      return json(200, subModel());
    },
    [`POST /models/${MODEL_UUID}/sub-models/new-1/inputs/import`]: (_u, init) => {
      imported = JSON.parse(String(init?.body));
      return json(200, {});
    },
  });
  beforeEach(() => {
    configureTestApi();
    created = undefined;
    updated = undefined;
    imported = undefined;
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    clearMessages();
  });

  const open = (props: Partial<SubModelDialogProps> = {}) => {
    const onSaved = vi.fn();
    render(
      withQueryClient(
        <SubModelDialog
          mode="add"
          model={webModel()}
          section="scenario"
          access={fullAccess}
          onHide={() => undefined}
          onSaved={onSaved}
          {...props}
        />,
      ),
    );
    return { onSaved };
  };
  /** The dialog once the entry's files have loaded and the form shows. */
  const dialog = async (name: RegExp | string = /Sub-model$/) => {
    // The loading dialog is replaced by the form's own once the files are there.
    await screen.findByLabelText('Name');
    return screen.getByRole('dialog', { name });
  };

  it('reports every rule of the form with its message', async () => {
    const user = userEvent.setup();
    open();
    const form = await dialog();
    const timeout = within(form).getByLabelText('Execution timeout (minutes)');
    await user.clear(timeout);
    await user.type(timeout, '0');
    await user.type(within(form).getByLabelText('Output Directory Path'), '/results');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Execution Files is required')).toBeInTheDocument();
    expect(within(form).getByText(SUB_MODEL_MESSAGES.pathMustBeRelative)).toBeInTheDocument();
    expect(within(form).getByText('Execution timeout must be equal or greater then 1')).toBeInTheDocument();
    await user.clear(timeout);
    await user.type(timeout, '1441');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('Execution timeout must be equal or smaller then 1440'),
    ).toBeInTheDocument();
    expect(created).toBeUndefined();
  });

  it('shows the environment read-only and the links each section offers', async () => {
    open();
    const scenario = await dialog();
    expect(within(scenario).getByLabelText('Environment')).toHaveValue('Python 3.11');
    expect(within(scenario).getByLabelText('Environment')).toHaveAttribute('readonly');
    expect(within(scenario).getByLabelText('Calibration Sub-model')).toBeInTheDocument();
    expect(within(scenario).getByLabelText('Display Sub-model')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Cancel' }).click();
  });

  it('offers only the display link in the calibration section and no link in the display section', async () => {
    open({ section: 'calibration' });
    const calibration = await dialog();
    expect(within(calibration).queryByLabelText('Calibration Sub-model')).not.toBeInTheDocument();
    expect(within(calibration).getByLabelText('Display Sub-model')).toBeInTheDocument();
  });

  it('has no links in the display section', async () => {
    open({ section: 'display' });
    const display = await dialog();
    expect(within(display).queryByLabelText('Calibration Sub-model')).not.toBeInTheDocument();
    expect(within(display).queryByLabelText('Display Sub-model')).not.toBeInTheDocument();
  });

  it("picks execution files in 'Select file' from the files the model's language runs", async () => {
    const user = userEvent.setup();
    open();
    const form = await dialog();
    await user.click(within(form).getByRole('button', { name: 'Select file' }));
    const picker = await screen.findByRole('dialog', { name: 'Select file' });
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(picker).queryByText('inputs.xlsx')).not.toBeInTheDocument();
    await user.click(within(picker).getByLabelText('model.py'));
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    expect(within(form).getByRole('list', { name: 'Selected execution files' })).toHaveTextContent(
      'model.py',
    );
    await user.click(within(form).getByRole('button', { name: 'Remove model.py' }));
    expect(within(form).getByRole('list', { name: 'Selected execution files' })).toBeEmptyDOMElement();
  });

  it("disables 'Select file' when the model type has no environment", async () => {
    open({ model: webModel({ metadata: { platform: 'WebModel 2.0' } }) });
    const form = await dialog();
    expect(within(form).getByRole('button', { name: 'Select file' })).toBeDisabled();
  });

  it('checks the definition file: json or xml, xml only for a template, a JSON template file must be a list', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open();
    const form = await dialog();
    const fileInput = within(form).getByLabelText('Import definition file');
    await user.upload(fileInput, new File(['a,b'], 'definition.csv', { type: 'text/csv' }));
    expect(await within(form).findByText(SUB_MODEL_MESSAGES.unsupportedFileExtension)).toBeInTheDocument();
    await user.upload(fileInput, new File(['{"a": 1}'], 'definition.json', { type: 'application/json' }));
    expect(await within(form).findByText(SUB_MODEL_MESSAGES.invalidDataStructure)).toBeInTheDocument();
    await user.upload(fileInput, new File(['<definitions/>'], 'definition.xml', { type: 'text/xml' }));
    await waitFor(() =>
      expect(within(form).queryByText(SUB_MODEL_MESSAGES.invalidDataStructure)).not.toBeInTheDocument(),
    );
    expect(within(form).getByLabelText('Import definition file')).toHaveAttribute('aria-invalid', 'false');
    // Switching to a JSON definition makes the XML file unsupported.
    // PrimeReact's Dropdown opens on a click on its box (its focusable input is visually hidden).
    await user.click(within(form).getByLabelText('Definition Type').closest('.p-dropdown') as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'JSON', hidden: true }));
    expect(
      await within(form).findByText(SUB_MODEL_MESSAGES.unsupportedInputDefinitionType),
    ).toBeInTheDocument();
  });

  it('checks an .xml file refused under JSON again when the type becomes JSON Template, and says what it will import (issue 21 §8)', async () => {
    const user = userEvent.setup({ applyAccept: false });
    open();
    const form = await dialog();
    const chooseType = async (name: string) => {
      await user.click(within(form).getByLabelText('Definition Type').closest('.p-dropdown') as HTMLElement);
      await user.click(await screen.findByRole('option', { name, hidden: true }));
    };
    await chooseType('JSON');
    const xml =
      '<definitions><parameter id="p1" name="age" type="INTEGER"><title>Age</title><question>Age?</question></parameter></definitions>';
    await user.upload(
      within(form).getByLabelText('Import definition file'),
      new File([xml], 'definition.xml', { type: 'text/xml' }),
    );
    expect(
      await within(form).findByText(SUB_MODEL_MESSAGES.unsupportedInputDefinitionType),
    ).toBeInTheDocument();
    await chooseType('JSON Template');
    expect(
      await within(form).findByText(SUB_MODEL_DIALOG_TEXTS.fileReady('definition.xml', 1)),
    ).toBeVisible();
    expect(within(form).queryByText(SUB_MODEL_MESSAGES.invalidDataStructure)).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Import definition file')).toHaveAttribute('aria-invalid', 'false');
  });

  it('creates the sub-model in seconds with its definition type, then imports the chosen file', async () => {
    const user = userEvent.setup();
    const { onSaved } = open();
    const form = await dialog();
    await user.type(within(form).getByLabelText('Name'), 'Base case');
    await user.click(within(form).getByRole('button', { name: 'Select file' }));
    const picker = await screen.findByRole('dialog', { name: 'Select file' });
    await user.click(within(picker).getByLabelText('helpers.py'));
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    await user.type(within(form).getByLabelText('Output Directory Path'), 'out/base');
    const timeout = within(form).getByLabelText('Execution timeout (minutes)');
    await user.clear(timeout);
    await user.type(timeout, '15');
    const definitions = JSON.stringify([
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
    ]);
    await user.upload(
      within(form).getByLabelText('Import definition file'),
      new File([definitions], 'age.json'),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(created).toEqual({
      type: 'scenario',
      name: 'Base case',
      environment: 'Python 3.11',
      executionModels: ['f-helpers.py'],
      timeoutSeconds: 900,
      outputPathDir: 'out/base',
      definitionType: 'JSONTEMPLATE',
    });
    expect(imported).toEqual({ fileName: 'age.json', content: definitions });
    expect(getMessages().map((m) => m.text)).toContain(SUB_MODEL_MESSAGES.subModelCreated);
    expect(getMessages().map((m) => m.text)).toContain(SUB_MODEL_DIALOG_TEXTS.imported('age.json'));
  });

  it("keeps the definition type on edit and asks whether to outdate the instances ('Outdate instances')", async () => {
    const user = userEvent.setup();
    const access: SectionAccess = fullAccess;
    const { onSaved } = open({ mode: 'edit', subModel: subModel({ timeoutSeconds: 1830 }), access });
    const form = await dialog('Edit Sub-model');
    expect(within(form).getByLabelText('Execution timeout (minutes)')).toHaveValue('31');
    expect(within(form).getByLabelText('Definition Type')).toBeDisabled();
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Base case 2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Outdate instances?' });
    expect(
      within(question).getByRole('button', { name: SUB_MODEL_MESSAGES.proceedWithoutOutdating }),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: SUB_MODEL_MESSAGES.outdateInstances }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updated).toMatchObject({ name: 'Base case 2', timeoutSeconds: 1860, outdateInstances: true });
    expect(updated).not.toHaveProperty('definitionType');
    expect(getMessages().map((m) => m.text)).toContain(SUB_MODEL_MESSAGES.subModelUpdated);
  });
});
