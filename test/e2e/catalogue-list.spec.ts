import type { Page } from '@playwright/test';
import { createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * The model list (000 §2): find an entry by table search and by the Dynamic View, download it after
 * the legal notice, and the action sidebar's permission states. The entries are created through the
 * API by the lead, so the test does not depend on seeded data.
 */
/** Set by beforeAll, which may run more than once in a worker (support/unique.ts). */
let tag = '';
const entry = { uuid: '', name: '' };

test.beforeAll(async () => {
  tag = uniqueTag('e2e list');
  Object.assign(entry, await createEntry('lead', tag));
});

/** The lazy list page has rendered (the first load of a deep link compiles its chunk). */
async function listReady(page: Page) {
  await expect(page.getByRole('tab', { name: 'Table View' })).toBeVisible({ timeout: 30_000 });
}

const actions = (page: Page) => page.getByRole('complementary', { name: 'Model entry actions' });

async function searchTable(page: Page, text: string) {
  await listReady(page);
  await page.getByPlaceholder('What are you looking for today?').fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
  const row = page.getByRole('row').filter({ hasText: entry.name });
  await expect(row).toBeVisible();
  return row;
}

test.describe('model list', () => {
  test('the lead finds the entry by table search, and a reload keeps the search and selection', async ({
    pageAs,
  }) => {
    const page = await pageAs('lead');
    const row = await searchTable(page, tag);
    await row.getByRole('cell', { name: 'Leo Lead', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`model=${entry.uuid}`));
    // Published: retire is possible, deleting the draft is not (disabled, not hidden).
    await expect(actions(page).getByRole('button', { name: 'Retire Model Entry' })).toBeEnabled();
    await expect(actions(page).getByRole('button', { name: 'Delete Model Entry' })).toBeDisabled();

    await page.reload();
    await expect(page.getByPlaceholder('What are you looking for today?')).toHaveValue(tag);
    await expect(page.getByRole('row').filter({ hasText: entry.name })).toBeVisible();
    await expect(actions(page).getByRole('button', { name: 'Retire Model Entry' })).toBeEnabled();
  });

  test('the lead downloads all files after ticking the legal notice', async ({ pageAs }) => {
    const page = await pageAs('lead', `/model?q=${encodeURIComponent(tag)}&model=${entry.uuid}`);
    await listReady(page);
    await actions(page).getByRole('button', { name: 'Download All Entries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Model Entry' });
    await expect(dialog.getByText('model.xlsx')).toBeVisible();
    const downloadAll = dialog.getByRole('button', { name: 'Download all' });
    await expect(downloadAll).toBeDisabled();
    await dialog.getByText('I have read the legal notice').click();
    const download = page.waitForEvent('download');
    await downloadAll.click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
  });

  test('the lead finds the entry in the Dynamic View', async ({ pageAs }) => {
    const page = await pageAs('lead', '/model?view=dynamic');
    await listReady(page);
    const intro = page.getByRole('dialog', { name: 'Begin your search with any filter' });
    await expect(intro).toBeVisible();
    await intro.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('No filters selected.')).toBeVisible();

    for (const [label, value] of [
      ['Therapeutic Area', 'Oncology'],
      ['Name Of Disease', 'Melanoma'],
    ] as const) {
      const filter = page.locator('.mr-dynamic__filter').filter({ hasText: label });
      await filter.locator('.p-dropdown').click();
      await page.locator('.p-dropdown-filter').fill(value);
      await page.getByRole('option', { name: new RegExp(`^${value} \\(\\d+\\)$`) }).click();
      await expect(page.getByText(`${label}: ${value}`)).toBeVisible({ timeout: 30_000 });
      // One value per filter: the dropdown is locked until its chip is removed.
      await expect(filter.locator('.p-dropdown')).toHaveClass(/p-disabled/);
    }
    await expect(page).toHaveURL(/f_therapeutic_area=Oncology/);
    await expect(page.getByRole('article', { name: entry.name })).toBeVisible();

    await page.getByLabel('Remove Name Of Disease: Melanoma').click();
    await expect(page.getByText('Name Of Disease: Melanoma')).toHaveCount(0);
    await expect(
      page.locator('.mr-dynamic__filter').filter({ hasText: 'Name Of Disease' }).locator('.p-dropdown'),
    ).not.toHaveClass(/p-disabled/);
  });

  test('a viewer sees no Delete or Publish', async ({ pageAs }) => {
    const page = await pageAs('viewer');
    const row = await searchTable(page, tag);
    await row.getByRole('cell', { name: 'Leo Lead', exact: true }).click();
    await expect(actions(page).getByRole('button', { name: 'Download All Entries' })).toBeEnabled();
    await expect(actions(page).getByRole('button', { name: 'Delete Model Entry' })).toHaveCount(0);
    await expect(actions(page).getByRole('button', { name: 'Publish Model Entry' })).toHaveCount(0);
    await expect(actions(page).getByRole('button', { name: 'Retire Model Entry' })).toHaveCount(0);
  });
});

test.describe('model list: count, delete and the entry page', () => {
  test('the pager says how many entries match', async ({ pageAs }) => {
    const page = await pageAs('lead', `/model?q=${encodeURIComponent(tag)}`);
    await listReady(page);
    await expect(page.getByRole('row').filter({ hasText: entry.name })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('1 model entry', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByText(/^\d+–\d+ of \d+ model entries$/)).toBeVisible();
  });

  test('deleting a draft clears the sidebar and never asks for the deleted entry again', async ({
    pageAs,
  }) => {
    const draftTag = uniqueTag('e2e delete');
    const draft = await createEntry('lead', draftTag, { publish: false });
    const page = await pageAs('lead', `/model?q=${encodeURIComponent(draftTag)}&model=${draft.uuid}`);
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404 && r.url().includes('/v2/models/')) missing.push(r.url());
    });
    await listReady(page);
    await actions(page).getByRole('button', { name: 'Delete Model Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Model Entry' });
    await dialog.getByText('I confirm that I want to delete this model entry').click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Model has been deleted')).toBeVisible();
    await expect(actions(page).getByText('Select a model entry to see its actions.')).toBeVisible();
    await expect(page.getByText('No models were found')).toBeVisible();
    await expect(page).not.toHaveURL(/model=/);
    expect(missing).toEqual([]);
  });

  test('the entry page offers one Download, in its header', async ({ pageAs }) => {
    const page = await pageAs('viewer', `/model/${entry.uuid}/detail`);
    await expect(page.getByRole('heading', { name: entry.name })).toBeVisible({ timeout: 30_000 });
    const download = page.getByRole('main').getByRole('button', { name: 'Download', exact: true });
    await expect(download).toHaveCount(1);
    await expect(page.getByRole('article').getByRole('button', { name: 'Download' })).toHaveCount(0);
    await download.click();
    await expect(page.getByRole('dialog', { name: 'Download Model Entry' })).toBeVisible();
  });
});
