import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * The add-entry wizard (000 §2): an owner creates an entry with two files and publishes it; an
 * external user cannot be made Model Steward. Option values are the seeded option lists (002 §2-3).
 */
const field = (page: Page, label: string): Locator =>
  page.locator('.mr-metadata-form__field').filter({ has: page.locator('label', { hasText: label }) });

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
  const box = slot.getByRole('combobox');
  await box.fill(text);
  // The search waits 1000 ms after typing (000 §9).
  await slot.getByRole('option', { name }).click({ timeout: 10_000 });
}

test('an owner creates an entry with two files through the wizard and publishes it', async ({ pageAs }) => {
  test.setTimeout(120_000);
  const suffix = uniqueTag('e2e wizard');
  const page = await pageAs('owner', '/model-upload');
  await expect(page.getByRole('heading', { name: 'Add Model Entry' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Add Model Entry · Model Repository');

  // 1. Files: two files, one is the main model file; both upload with progress.
  await page.getByTestId('file-input').setInputFiles([
    { name: 'model.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('main model body') },
    { name: 'readme.txt', mimeType: 'text/plain', buffer: Buffer.from('how to run it') },
  ]);
  await page.getByRole('checkbox', { name: 'model.xlsx is the main model file' }).click();
  await page.getByRole('button', { name: 'Save & proceed' }).click();

  // 2. Metadata.
  await expect(page.getByRole('heading', { name: 'Metadata', exact: true })).toBeVisible({ timeout: 30_000 });
  await choose(page, 'Therapeutic Area', 'Oncology');
  await choose(page, 'Disease', 'Melanoma');
  await chooseMany(page, 'Product', 'Tumivex');
  await choose(page, 'Model Type', 'Markov Cohort Model');
  await choose(page, 'Information Classification', 'Proprietary');
  await choose(page, 'Global/Adaptation', 'Global');
  await page.getByRole('checkbox', { name: 'Global', exact: true }).check();
  await choose(page, 'Stage of Model Development', 'Under Development');
  await page.getByLabel('Version Release of Model *').fill('1');
  await page.getByLabel('Version Log').fill('First version');
  await page.getByRole('button', { name: 'Save & proceed' }).click();

  // 3. Lineage: a new lineage.
  await expect(page.getByLabel('Start a new lineage')).toBeChecked();
  await page.getByRole('button', { name: 'Save & proceed' }).click();

  // 4. Owners and viewers: an external user is refused as steward.
  await pickUser(page, 'Model Steward', 'Xavier', /Xavier Vendor/);
  await expect(page.getByText('External user cannot be added as the Model Steward.')).toBeVisible();
  await pickUser(page, 'Value and Implementation Lead', 'Leo', /Leo Lead/);
  await pickUser(page, 'Model Steward', 'Stella', /Stella Steward/);
  await pickUser(page, 'Model Viewers', 'Victor', /Victor Viewer/);
  await page.getByRole('button', { name: 'Save & proceed' }).click();

  // 5. Confirm name with a unique suffix, then publish.
  await page.getByLabel('Suffix').fill(suffix);
  await expect(page.getByText('The name is available.')).toBeVisible({ timeout: 10_000 });
  const publish = page.getByRole('button', { name: 'Save and Publish' });
  await expect(publish).toBeEnabled();
  await publish.click();

  await expect(page).toHaveURL(/\/model\/[0-9a-f-]{36}\/detail$/, { timeout: 30_000 });
  await expect(page.getByText('Model created and published')).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(suffix) })).toBeVisible();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Folder View' }).click();
  await expect(page).toHaveURL(/tab=folder/);
  await expect(page.getByRole('row', { name: /model\.xlsx/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /readme\.txt/ })).toBeVisible();
});
