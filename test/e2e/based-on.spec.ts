import type { Locator, Page } from '@playwright/test';
import { createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * 'Based on an existing model' (000 §2, the wizard's second flow) where a user looks for it: the
 * wizard's start and the entry's detail page (issue 9 item 14); and a trial number that fills the
 * metadata as a starting point, the user's later choice being what the Confirm step names and the
 * server saves (item 10). Option values are the seeded option lists.
 */
const field = (page: Page, label: string): Locator =>
  page.locator('.mr-metadata-form__field').filter({ has: page.locator('label', { hasText: label }) });

/** What a dropdown of the metadata form shows. */
const shown = (page: Page, label: string) => field(page, label).locator('.p-dropdown-label');

async function choose(page: Page, label: string, value: string) {
  await field(page, label).locator('.p-dropdown').click();
  await page.getByRole('option', { name: value, exact: true }).click();
}

async function chooseMany(page: Page, label: string, value: string) {
  await field(page, label).locator('.p-multiselect').click();
  await page.getByRole('option', { name: value, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function pickUser(page: Page, role: string, text: string, name: RegExp) {
  const slot = page.getByRole('region', { name: role, exact: true });
  await slot.getByRole('combobox').fill(text);
  // The search waits 1000 ms after typing (000 §9).
  await slot.getByRole('option', { name }).click({ timeout: 10_000 });
}

test('the detail page starts a new entry based on this one', async ({ pageAs }) => {
  const entry = await createEntry('lead', uniqueTag('e2e based on detail'), {
    metadata: { disease: 'Melanoma', model_type: 'Markov Cohort Model' },
  });
  const page = await pageAs('owner', `/model/${entry.uuid}/detail`);
  const actions = page.getByRole('complementary', { name: 'Model actions' });
  await actions.getByRole('button', { name: 'New Entry Based on This Model' }).click();

  await expect(page).toHaveURL(new RegExp(`/model-upload\\?basedOn=${entry.uuid}$`));
  const start = page.getByRole('group', { name: 'How do you want to start?' });
  await expect(start.getByRole('radio', { name: 'Based on an existing model' })).toBeChecked();
  await expect(start.getByText(`Based on the metadata of ${entry.name}.`)).toBeVisible();

  await page.getByRole('button', { name: 'Save & proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Metadata', exact: true })).toBeVisible();
  await expect(shown(page, 'Disease')).toHaveText('Melanoma');
  await expect(shown(page, 'Model Type')).toHaveText('Markov Cohort Model');
  // The suffix names that entry: it is not copied.
  await page.getByRole('link', { name: /Confirm Name/ }).click();
  await expect(page.getByLabel('Suffix')).toHaveValue('');
});

test("the wizard's start offers 'Based on an existing model' with an entry picker", async ({ pageAs }) => {
  const tag = uniqueTag('e2e based on start');
  const entry = await createEntry('lead', tag, { metadata: { disease: 'Melanoma' } });
  const page = await pageAs('owner', '/model-upload');
  const start = page.getByRole('group', { name: 'How do you want to start?' });
  await expect(start.getByRole('radio', { name: 'Start from scratch' })).toBeChecked();

  await start.getByText('Based on an existing model', { exact: true }).click();
  await start.getByRole('combobox', { name: 'Model entry to start from' }).fill(tag);
  await start
    .getByRole('option', { name: new RegExp(entry.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .click();

  await expect(page).toHaveURL(new RegExp(`basedOn=${entry.uuid}`));
  await expect(start.getByText(`Based on the metadata of ${entry.name}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Save & proceed' }).click();
  await expect(shown(page, 'Disease')).toHaveText('Melanoma');

  // Back at the start, 'Start from scratch' forgets the entry and its metadata.
  await page.getByRole('button', { name: 'Back' }).click();
  await start.getByText('Start from scratch', { exact: true }).click();
  await expect(page).not.toHaveURL(/basedOn=/);
  await page.getByRole('button', { name: 'Save & proceed' }).click();
  await expect(shown(page, 'Disease')).toHaveText('Select');
});

test('a trial number fills the metadata; the Global/Adaptation chosen afterwards is what is named and saved', async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueTag('e2e trial');
  const page = await pageAs('owner', '/model-upload');
  await page.getByRole('button', { name: 'Save & proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Metadata', exact: true })).toBeVisible();

  // MR-1042-024 carries Oncology, NSCLC, Zentravimab, Partitioned Survival Model, Global, Confidential.
  await choose(page, 'Trial Number', 'MR-1042-024');
  await expect(shown(page, 'Disease')).toHaveText('Non-small cell lung cancer');
  await expect(shown(page, 'Global/Adaptation')).toHaveText('Global');
  await choose(page, 'Global/Adaptation', 'Country Adaptation');
  await expect(shown(page, 'Global/Adaptation')).toHaveText('Country Adaptation');
  await chooseMany(page, 'Country', 'France');
  await choose(page, 'Stage of Model Development', 'Under Development');
  await page.getByLabel('Version Release of Model *').fill('1');
  await page.getByRole('button', { name: 'Save & proceed' }).click();
  await page.getByRole('button', { name: 'Save & proceed' }).click();

  await pickUser(page, 'Value and Implementation Lead', 'Leo', /Leo Lead/);
  await pickUser(page, 'Model Steward', 'Stella', /Stella Steward/);
  await page.getByRole('button', { name: 'Save & proceed' }).click();

  await page.getByLabel('Suffix').fill(suffix);
  await expect(page.getByText('The name is available.')).toBeVisible({ timeout: 10_000 });
  const name = page.locator('output.mr-generated-name');
  await expect(name).toContainText(' - Country Adaptation - ');
  await expect(name).not.toContainText('Global');
  const confirmed = (await name.textContent()) ?? '';

  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(page).toHaveURL(/\/model\/[0-9a-f-]{36}\/detail$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(confirmed);
});
