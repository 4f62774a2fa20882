import type { Locator } from '@playwright/test';
import { createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * The file manager (000 §2 Edit dialogs › Files, §4 file states): a Model Owner opens Files on an
 * entry, uploads two files, deletes one with undo, saves in one go, is asked 'Notify Model Users ?'
 * and finds the files in the Folder View. The entry is created through the API by the lead, with
 * the owner persona as Model Owner, so the test does not depend on seeded data.
 */
const entry = { uuid: '', name: '' };

test.beforeAll(async () => {
  // A draft by the lead with the owner persona as Model Owner: the owner edits its files.
  Object.assign(
    entry,
    await createEntry('lead', uniqueTag('e2e files'), {
      files: { 'model.xlsx': 'main model body', 'notes.txt': 'notes about the model' },
      publish: false,
    }),
  );
});

const row = (scope: Locator, name: string) => scope.getByRole('row').filter({ hasText: name });

test('an owner uploads two files, deletes one with undo, saves and is asked to notify the model users', async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const page = await pageAs('owner', `/model/${entry.uuid}/detail`);
  await expect(page.getByRole('heading', { name: entry.name })).toBeVisible({ timeout: 30_000 });

  // Editing › Files opens the file manager on the stored files.
  await page
    .getByRole('complementary', { name: 'Model actions' })
    .getByRole('button', { name: 'Files', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Files', exact: true });
  await expect(row(dialog, 'notes.txt')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // Two new files wait as 'Not uploaded yet'.
  await dialog.getByTestId('files-upload-input').setInputFiles([
    { name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from('arm,cost\nA,100\n') },
    { name: 'summary.txt', mimeType: 'text/plain', buffer: Buffer.from('what the results say') },
  ]);
  await expect(row(dialog, 'results.csv')).toContainText('Not uploaded yet');
  await expect(row(dialog, 'summary.txt')).toContainText('Not uploaded yet');

  // A stored file is marked for deletion until saved; undo restores it; then it goes for good.
  await dialog.getByRole('button', { name: 'Delete notes.txt', exact: true }).click();
  await expect(row(dialog, 'notes.txt')).toContainText('Marked for deletion');
  await dialog.getByRole('button', { name: 'Undo delete of notes.txt', exact: true }).click();
  await expect(row(dialog, 'notes.txt')).not.toContainText('Marked for deletion');
  await dialog.getByRole('button', { name: 'Delete notes.txt', exact: true }).click();
  await expect(row(dialog, 'notes.txt')).toContainText('Marked for deletion');

  // One save: uploads, then one PATCH; then the notify prompt.
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Files have been updated')).toBeVisible({ timeout: 30_000 });
  const prompt = page.getByRole('dialog', { name: 'Notify Model Users ?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'No', exact: true }).click();
  await expect(prompt).toBeHidden();
  await expect(dialog).toBeHidden();

  // The Folder View lists the saved files, without the deleted one.
  await page.getByRole('tab', { name: 'Folder View' }).click();
  await expect(page).toHaveURL(/tab=folder/);
  const files = page.getByRole('table', { name: 'Files', exact: true });
  await expect(row(files, 'results.csv')).toBeVisible();
  await expect(row(files, 'summary.txt')).toBeVisible();
  await expect(row(files, 'model.xlsx')).toBeVisible();
  await expect(row(files, 'notes.txt')).toHaveCount(0);
  await expect(files.getByRole('button', { name: 'Download results.csv' })).toBeVisible();
});
