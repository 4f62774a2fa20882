import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  addSubModel,
  callAs,
  createSubModelEntry,
  definitionEditorPath,
  inputsOf,
  type SubModelEntry,
  subModelListPath,
} from './support/sub-models';
import { uniqueTag } from './support/unique';

/**
 * Sub-models and input definitions (issue 10; spec 001 §2, §5, §8) as an owner of a WebModel 2.0
 * entry works with them: add a sub-model from the model detail page, define a template with one
 * parameter of each of the 13 types, import definitions from .json and .xml, edit and delete.
 */

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sub-model actions' });

/** Opens a PrimeReact Dropdown by its label and picks an option. */
async function choose(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  await scope.locator('.p-dropdown', { has: page.getByLabel(label, { exact: true }) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

let entry: SubModelEntry;

test.beforeAll(async () => {
  entry = await createSubModelEntry(uniqueTag('e2e sub-models'));
});

test('adds a sub-model from the model detail page and defines a template with one parameter of each of the 13 types', async ({
  pageAs,
}) => {
  test.setTimeout(240_000);
  const page = await pageAs('owner', `/model/${entry.uuid}/detail`);

  // Entry point: the Execution group of the detail page's sidebar.
  await page
    .getByRole('complementary', { name: 'Model actions' })
    .getByRole('button', { name: 'Scenario Management' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scenario Management' })).toBeVisible();
  await expect(page).toHaveTitle('Scenario Management · Model Repository');

  // Add Sub-model (§2): every field, the execution file picker filtered to Python files.
  await sidebar(page).getByRole('button', { name: 'Add Sub-model' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Sub-model' });
  const name = uniqueTag('All types');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Select file' }).click();
  const picker = page.getByRole('dialog', { name: 'Select file' });
  await expect(picker.getByRole('checkbox')).toHaveCount(2);
  await expect(picker.getByText('notes.txt')).toHaveCount(0);
  await picker.getByLabel('model.py').check();
  await picker.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByRole('list', { name: 'Selected execution files' })).toContainText('model.py');
  await dialog.getByLabel('Output Directory Path').fill('/absolute');
  await expect(dialog.getByLabel('Environment')).toHaveValue('Python 3.11');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Path must be relative path')).toBeVisible();
  await dialog.getByLabel('Output Directory Path').fill('out/all');
  await dialog.getByLabel('Execution timeout (minutes)').fill('45');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sub-model has been created')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The new sub-model is the selected one (the sidebar acts on it).
  await expect(page).toHaveURL(/\?subModel=/);
  await expect(page.getByRole('row', { name: new RegExp(name), selected: true })).toBeVisible();

  // The template editor (§2): one parameter per type.
  await sidebar(page).getByRole('button', { name: 'Input Definition Editor' }).click();
  await expect(page).toHaveTitle('Input Definition Editor · Model Repository');
  const form = page.getByRole('region', { name: 'Parameter' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  const add = async (type: string, n: number) => {
    await page.getByRole('button', { name: 'Add Parameter' }).click();
    await field('Title').fill(`${type} parameter`);
    await field('Variable Name').fill(`param_${n}`);
    await field('Question').fill(`What is ${type}?`);
    if (type !== 'String') await choose(form, page, 'Type', type);
  };

  await add('String', 1);
  await field('Length').fill('20');
  await field('Default Value').fill('a default that is far too long');
  await expect(form.getByText('Default Value is too long')).toBeVisible();
  await field('Default Value').fill('short');

  await add('Boolean', 2);
  await form.getByLabel('Default Value').check();

  await add('Integer', 3);
  await field('Min').fill('0');
  await field('Max').fill('100');
  await field('Default Value').fill('140');
  await expect(form.getByText('Default Value must be equal or smaller then 100')).toBeVisible();
  await field('Default Value').fill('40');

  await add('Real Number', 4);
  await field('Min').fill('0');
  await field('Max').fill('1');
  await field('Default Value').fill('0.5');

  await add('Decimal', 5);
  await field('Min').fill('-1.5');
  await field('Max').fill('1.5');
  await field('Default Value').fill('0.25');

  await add('Date', 6);
  await field('Min').fill('2020-01-01');
  await field('Max').fill('2030-12-31');
  await field('Default Value').fill('2025-06-30');

  await add('Single Select', 7);
  await form.getByRole('button', { name: 'Add Option' }).click();
  await form.getByRole('button', { name: 'Add Option' }).click();
  await field('Option 1 Key').fill('a');
  await field('Option 1 Text').fill('Arm A');
  await field('Option 2 Key').fill('b');
  await field('Option 2 Text').fill('Arm B');
  await form.getByLabel('Selected').nth(1).check();

  await add('Multi Select', 8);
  await form.getByRole('button', { name: 'Add Option' }).click();
  await form.getByRole('button', { name: 'Add Option' }).click();
  await field('Option 1 Key').fill('x');
  await field('Option 1 Text').fill('X');
  await field('Option 2 Key').fill('x');
  await expect(form.getByText('Key is not unique')).toBeVisible();
  await field('Option 2 Key').fill('y');
  await field('Option 2 Text').fill('Y');
  await form.getByLabel('Selected').nth(0).check();
  await form.getByLabel('Selected').nth(1).check();
  // A boolean controls this one (Hide/Show, 'controlled by').
  await choose(form, page, 'Control Type', 'Hide/Show');
  await choose(form, page, 'Controlled By', 'Boolean parameter');

  await add('Array', 9);
  await field('Row Description').fill('Age group');
  await form.getByRole('button', { name: 'Add Row' }).click();
  await field('Row 1 Text').fill('Adults');
  await form.getByRole('button', { name: 'Add Column' }).click();
  await field('Column 1 Text').fill('Rate');
  await choose(form, page, 'Column 1 Data Type', 'Decimal');
  await field('Column 1 Min').fill('0');
  await field('Column 1 Max').fill('1');
  await field('Column 1 Default Value for Adults').fill('0.2');

  await add('Range', 10);
  await field('From Min').fill('0');
  await field('From Max').fill('10');
  await field('From Default Value').fill('5');
  await field('To Min').fill('0');
  await field('To Max').fill('20');
  await field('To Default Value').fill('15');

  await add('Selector', 11);
  await form.getByRole('button', { name: 'Add Row' }).click();
  await field('Row 1 Text').fill('Cost');
  await form.getByRole('button', { name: 'Add Column' }).click();
  await field('Column 1 Key').fill('low');
  await field('Column 1 Text').fill('Low');
  await field('Column 1 Cell Text for Cost').fill('100');

  await add('Label', 12);
  await field('Default Value').fill('Section heading');

  await add('File', 13);
  await expect(field('Size (MB)')).toHaveValue('1');
  await choose(form, page, 'Help File', 'guide.txt');

  await expect(page.getByText(/problems? in this definition/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Input Definition has been updated')).toBeVisible();

  const subModels = await callAs('owner', 'GET', `/v2/models/${entry.uuid}/sub-models?type=scenario`);
  const created = (subModels.items as { id: string; name: string; timeoutSeconds: number }[]).find(
    (s) => s.name === name,
  );
  expect(created?.timeoutSeconds).toBe(2700);
  const [definition] = await inputsOf(entry, created?.id ?? '');
  expect(definition.valid).toBe(true);
  const definitions = JSON.parse(definition.value).definitions as { type: string; name: string }[];
  expect(definitions.map((d) => d.type)).toEqual([
    'STRING',
    'BOOLEAN',
    'INTEGER',
    'REAL_NUMBER',
    'DECIMAL',
    'DATE',
    'SINGLE_SELECT',
    'MULTI_SELECT',
    'ARRAY',
    'RANGE',
    'SELECTOR',
    'LABEL',
    'FILE',
  ]);
  expect(definitions[7]).toMatchObject({ controlType: 'HIDE_SHOW', controlledBy: { id: 'p2', value: true } });
  expect(definitions[12]).toMatchObject({ size: 1, files: entry.files['guide.txt'] });

  // A deep link survives a reload: the same template, parameter by parameter.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Parameters \(13\)/ })).toBeVisible();
  await page.getByRole('button', { name: /Range parameter/ }).click();
  await expect(field('To Default Value')).toHaveValue('15');
});

test('imports a definition from .xml when adding and from .json when editing a sub-model', async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const page = await pageAs('owner', subModelListPath(entry.uuid, 'calibration'));
  await expect(page.getByRole('heading', { level: 1, name: 'Calibration Management' })).toBeVisible();

  await sidebar(page).getByRole('button', { name: 'Add Sub-model' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Sub-model' });
  const name = uniqueTag('Imported');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Select file' }).click();
  await page.getByRole('dialog', { name: 'Select file' }).getByLabel('helpers.py').check();
  await page.getByRole('dialog', { name: 'Select file' }).getByRole('button', { name: 'OK' }).click();
  await dialog.getByLabel('Output Directory Path').fill('out/imported');
  // The calibration section offers the display link only.
  await expect(dialog.getByLabel('Calibration Sub-model')).toHaveCount(0);
  await expect(dialog.getByLabel('Display Sub-model')).toHaveCount(1);
  const fileInput = dialog.getByLabel('Import definition file');
  await fileInput.setInputFiles({ name: 'definition.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
  await expect(dialog.getByText('Unsupported File Extension')).toBeVisible();
  const xml = [
    '<definitions>',
    '  <parameter id="age" name="age" type="INTEGER" expertise="Advanced">',
    '    <title>"Age"</title><question>Age at entry</question>',
    '    <min>0</min><max>100</max><defaultValue>40</defaultValue>',
    '  </parameter>',
    '  <parameter id="arm" name="arm" type="SINGLE_SELECT">',
    '    <title>Arm</title><question>Which arm?</question>',
    '    <option key="a">Arm A</option><option key="b" selected="true">Arm B</option>',
    '  </parameter>',
    '</definitions>',
  ].join('\n');
  await fileInput.setInputFiles({ name: 'definition.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
  await expect(dialog.getByText('Unsupported File Extension')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sub-model has been created')).toBeVisible();

  const subModels = await callAs('owner', 'GET', `/v2/models/${entry.uuid}/sub-models?type=calibration`);
  const created = (subModels.items as { id: string; name: string }[]).find((s) => s.name === name);
  expect(created).toBeDefined();
  await expect
    .poll(
      async () =>
        JSON.parse((await inputsOf(entry, created?.id ?? ''))[0]?.value ?? '{}').definitions?.length,
    )
    .toBe(2);
  const fromXml = JSON.parse((await inputsOf(entry, created?.id ?? ''))[0]?.value).definitions;
  expect(fromXml[0]).toMatchObject({
    name: 'age',
    title: 'Age',
    type: 'INTEGER',
    expertiseLevel: 750,
    min: 0,
    max: 100,
  });
  expect(fromXml[1].options).toEqual([
    { key: 'a', text: 'Arm A', selected: false },
    { key: 'b', text: 'Arm B', selected: true },
  ]);

  // Edit: a .json definition (a list of parameters) replaces it; the definition type is fixed.
  await expect(page).toHaveURL(new RegExp(`subModel=${created?.id}`));
  await sidebar(page).getByRole('button', { name: 'Edit Sub-model' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Sub-model' });
  await expect(edit.getByLabel('Definition Type')).toBeDisabled();
  const json = JSON.stringify([
    {
      id: 'rate',
      name: 'rate',
      title: 'Rate',
      question: 'Which rate?',
      type: 'REAL_NUMBER',
      min: 0,
      max: 1,
      defaultValue: '0.25',
    },
    { id: 'note', name: 'note', title: 'Note', question: 'Anything?', type: 'STRING', defaultValue: 'null' },
    { id: 'flag', name: 'flag', title: 'Flag', question: 'On?', type: 'BOOLEAN' },
  ]);
  await edit.getByLabel('Import definition file').setInputFiles({
    name: 'definition.json',
    mimeType: 'application/json',
    buffer: Buffer.from(json),
  });
  await edit.getByRole('button', { name: 'Save' }).click();
  const question = page.getByRole('dialog', { name: 'Outdate instances?' });
  await question.getByRole('button', { name: 'Proceed without outdating' }).click();
  await expect(page.getByText('Sub-model has been updated')).toBeVisible();
  await expect
    .poll(
      async () =>
        JSON.parse((await inputsOf(entry, created?.id ?? ''))[0]?.value ?? '{}').definitions?.length,
    )
    .toBe(3);
  const fromJson = JSON.parse((await inputsOf(entry, created?.id ?? ''))[0]?.value).definitions;
  expect(fromJson[0]).toMatchObject({ name: 'rate', defaultValue: 0.25 });
  // §5: the text 'null' means no value.
  expect(fromJson[1]).not.toHaveProperty('defaultValue');

  // The editor shows what was imported.
  await page.goto(definitionEditorPath(entry.uuid, created?.id ?? ''));
  await expect(page.getByRole('heading', { name: /Parameters \(3\)/ })).toBeVisible();
});

test('edits a sub-model with the outdate question and deletes it after the confirmation tick', async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const sub = await addSubModel(entry, { name: uniqueTag('Editable') });
  const page = await pageAs('owner', subModelListPath(entry.uuid, 'scenario', sub.id));
  await expect(sidebar(page).getByRole('button', { name: 'Edit Sub-model' })).toBeEnabled();
  await sidebar(page).getByRole('button', { name: 'Edit Sub-model' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Sub-model' });
  await expect(edit.getByLabel('Execution timeout (minutes)')).toHaveValue('10');
  const renamed = uniqueTag('Renamed');
  await edit.getByLabel('Name', { exact: true }).fill(renamed);
  await edit.getByLabel('Execution timeout (minutes)').fill('1441');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Execution timeout must be equal or smaller then 1440')).toBeVisible();
  await edit.getByLabel('Execution timeout (minutes)').fill('90');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('dialog', { name: 'Outdate instances?' })
    .getByRole('button', { name: 'Outdate instances' })
    .click();
  await expect(page.getByText('Sub-model has been updated')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sub-model List' }).getByRole('cell', { name: renamed, exact: true }),
  ).toBeVisible();
  const stored = await callAs('owner', 'GET', `/v2/models/${entry.uuid}/sub-models/${sub.id}`);
  expect(stored).toMatchObject({ name: renamed, timeoutSeconds: 5400, version: 2 });

  await sidebar(page).getByRole('button', { name: 'Delete Sub-model' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Sub-model' });
  await expect(remove.getByRole('button', { name: 'Delete sub-model' })).toBeDisabled();
  await remove.getByLabel('I confirm that this sub-model will be permanently deleted.').check();
  await remove.getByRole('button', { name: 'Delete sub-model' }).click();
  await expect(page.getByText('Sub-model has been deleted')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Sub-model List' }).getByRole('cell', { name: renamed, exact: true }),
  ).toHaveCount(0);
  await callAs('owner', 'GET', `/v2/models/${entry.uuid}/sub-models/${sub.id}`, undefined, 404);
});

test('shows a viewer the sub-models without Edit and Delete, and the input definition read-only', async ({
  pageAs,
}) => {
  const sub = await addSubModel(entry, { name: uniqueTag('Viewed') });
  const page = await pageAs('viewer', subModelListPath(entry.uuid, 'scenario', sub.id));
  await expect(sidebar(page).getByRole('button', { name: 'Sub-model List' })).toBeEnabled();
  await expect(sidebar(page).getByRole('button', { name: 'Edit Sub-model' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('button', { name: 'Delete Sub-model' })).toHaveCount(0);
  await sidebar(page).getByRole('button', { name: 'Input Definition Editor' }).click();
  await expect(
    page.getByText('You can view this input definition; changing it needs edit permission.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Parameter' })).toHaveCount(0);
});
