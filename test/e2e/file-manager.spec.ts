import type { Locator, Page } from '@playwright/test';
import { idToken } from '../support/local-cloud';
import { createModelEntry, demoMetadata, demoRoles } from '../support/model-entries';
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
  const files = page.getByRole('treegrid', { name: 'Files', exact: true });
  await expect(row(files, 'results.csv')).toBeVisible();
  await expect(row(files, 'summary.txt')).toBeVisible();
  await expect(row(files, 'model.xlsx')).toBeVisible();
  await expect(row(files, 'notes.txt')).toHaveCount(0);
  await expect(files.getByRole('button', { name: 'Download results.csv' })).toBeVisible();
});

/**
 * The file manager in the Folder View (000 §2 'File manager (folder view)'; issue 9 §22-26): a nested
 * tree indented by depth with dates on folders; create, upload and Select All for users who may edit,
 * the read-only tree for the others; a published entry keeps its main model file; the Files dialog
 * keeps each row's actions on one line, shows the whole file-type list, and messages inside dialogs.
 */
test.describe('the folder view and the Files dialog of a published entry with nested folders', () => {
  const nested = { uuid: '', name: '' };
  const DEEP = 'deep-results-of-the-sub-analysis.csv';

  test.beforeAll(async () => {
    const created = await createModelEntry(await idToken('lead'), {
      metadata: demoMetadata({ suffix: uniqueTag('e2e tree') }),
      roles: demoRoles(),
      publish: true,
      files: [
        { name: 'model.xlsx', content: 'main model body', mainFile: true },
        { name: 'readme.txt', content: 'how to run it' },
        { name: 'a.csv', content: 'a', path: 'inputs' },
        { name: 'b.csv', content: 'b', path: 'inputs/inputs_folder' },
        { name: DEEP, content: 'c', path: 'inputs/inputs_folder/sub' },
      ],
    });
    Object.assign(nested, { uuid: created.uuid, name: created.name });
  });

  const tree = (page: Page) => page.getByRole('treegrid', { name: 'Files', exact: true });
  /** The row whose file or folder is called exactly `name` ('inputs' is not 'inputs_folder'). */
  const named = (scope: Locator, name: string) =>
    scope.getByRole('row').filter({ has: scope.page().getByText(name, { exact: true }) });
  /** The left edge of a row's name text. */
  const nameLeft = async (scope: Locator, name: string) => {
    const box = await named(scope, name).getByText(name, { exact: true }).boundingBox();
    if (!box) throw new Error(`${name} has no box`);
    return box.x;
  };

  test('the tree indents by depth, names stay beside their toggler, and folders show a date', async ({
    pageAs,
  }) => {
    const page = await pageAs('viewer', `/model/${nested.uuid}/detail?tab=folder`);
    const files = tree(page);
    await expect(named(files, DEEP)).toBeVisible({ timeout: 30_000 });
    const level0 = await nameLeft(files, 'inputs');
    const level1 = await nameLeft(files, 'inputs_folder');
    const level2 = await nameLeft(files, 'sub');
    const level3 = await nameLeft(files, DEEP);
    // Each level further right than its parent; a top-level file lines up with a top-level folder.
    expect(level1).toBeGreaterThan(level0);
    expect(level2).toBeGreaterThan(level1);
    expect(level3).toBeGreaterThan(level2);
    expect(Math.abs((await nameLeft(files, 'readme.txt')) - level0)).toBeLessThan(2);
    // The deep file's name sits on its toggler's line, not below it at the left edge.
    const deepRow = named(files, DEEP);
    const cell = deepRow.getByRole('cell').first();
    const cellBox = await cell.boundingBox();
    const nameBox = await deepRow.getByText(DEEP, { exact: true }).boundingBox();
    expect(nameBox && cellBox && nameBox.x - cellBox.x).toBeGreaterThan(48);
    // Folders show the newest change inside them.
    for (const folder of ['inputs', 'inputs_folder', 'sub'])
      await expect(named(files, folder).getByRole('cell').nth(1)).toHaveText(/\d{4}/);
    // A viewer has the read-only tree.
    await expect(page.getByRole('checkbox', { name: 'Select All' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  });

  test('an owner creates a folder and uploads a file in the folder view, with Select All, in one save', async ({
    pageAs,
  }) => {
    test.setTimeout(120_000);
    const page = await pageAs('owner', `/model/${nested.uuid}/detail?tab=folder`);
    const files = tree(page);
    await expect(named(files, DEEP)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('checkbox', { name: 'Select All' })).toBeEnabled();
    const save = page.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();

    await page.getByLabel('New folder name').fill('results');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(named(files, 'results')).toContainText('New folder');
    await page
      .getByTestId('files-upload-input')
      .setInputFiles([
        { name: 'summary.txt', mimeType: 'text/plain', buffer: Buffer.from('what the results say') },
      ]);
    await expect(named(files, 'summary.txt')).toContainText('Not uploaded yet');
    await expect(page.getByText('2 unsaved changes')).toBeVisible();

    await save.click();
    const prompt = page.getByRole('dialog', { name: 'Notify Model Users ?' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await prompt.getByRole('button', { name: 'No', exact: true }).click();
    await expect(page.getByText('No unsaved changes')).toBeVisible();
    await expect(named(files, 'results')).not.toContainText('New folder');
    await expect(files.getByRole('button', { name: 'Download summary.txt' })).toBeVisible();
  });

  test('a published entry keeps its main model file: Delete is disabled with the reason', async ({
    pageAs,
  }) => {
    const page = await pageAs('lead', `/model/${nested.uuid}/detail`);
    await page
      .getByRole('complementary', { name: 'Model actions' })
      .getByRole('button', { name: 'Files', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Files', exact: true });
    await expect(row(dialog, 'readme.txt')).toBeVisible({ timeout: 30_000 });
    const deleteMain = dialog.getByRole('button', { name: 'Delete model.xlsx', exact: true });
    await expect(deleteMain).toBeDisabled();
    await expect(deleteMain).toHaveAccessibleDescription(
      'The main model file of a published model entry cannot be removed.',
    );
    await expect(dialog.getByRole('button', { name: 'Delete readme.txt', exact: true })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Delete inputs', exact: true })).toBeEnabled();
  });

  test('the Files dialog keeps row actions on one line, shows the whole file-type list, and messages inside dialogs', async ({
    pageAs,
  }) => {
    test.setTimeout(120_000);
    const page = await pageAs('lead', `/model/${nested.uuid}/detail`);
    await page
      .getByRole('complementary', { name: 'Model actions' })
      .getByRole('button', { name: 'Files', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Files', exact: true });
    await expect(row(dialog, 'readme.txt')).toBeVisible({ timeout: 30_000 });

    // Rows with and without checkboxes line up: a top-level folder and a top-level file.
    expect(
      Math.abs((await nameLeft(dialog, 'readme.txt')) - (await nameLeft(dialog, 'inputs'))),
    ).toBeLessThan(2);

    // One line of actions per row.
    for (const name of ['model.xlsx', 'readme.txt', DEEP]) {
      const tops = await named(dialog, name)
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons
            .filter((b) => b.closest('.mr-file-actions'))
            .map((b) => Math.round(b.getBoundingClientRect().top)),
        );
      expect(tops.length, name).toBeGreaterThan(2);
      expect(new Set(tops).size, `${name}: ${tops.join(', ')}`).toBe(1);
    }

    // The file-type suggestions of the lowest row are all on screen, above the dialog.
    const types = dialog.getByRole('combobox', { name: 'File type of readme.txt' });
    await types.scrollIntoViewIfNeeded();
    await types.click();
    const list = page.getByRole('listbox', { name: 'File type of readme.txt suggestions' });
    await expect(list).toBeVisible();
    const options = list.getByRole('option');
    const last = options.last();
    await last.scrollIntoViewIfNeeded();
    const box = await last.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y + box.height).toBeLessThanOrEqual(viewport?.height ?? 0);
    const onTop = await last.evaluate((option) => {
      const r = option.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return option.contains(hit);
    });
    expect(onTop).toBe(true);
    await page.keyboard.press('Escape');

    // A message of Manage File Access shows in that dialog: on top, and clear of its close button.
    await dialog.getByRole('button', { name: 'Manage File Access for readme.txt' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage File Access' });
    await manage
      .getByRole('region', { name: 'Share file' })
      .getByRole('option', { name: /Victor Viewer/ })
      .click();
    await manage.getByRole('button', { name: 'Grant Access' }).click();
    const message = manage.getByRole('status').filter({ hasText: 'File Access has been granted' });
    await expect(message).toBeVisible({ timeout: 30_000 });
    const messageOnTop = await message.evaluate((m) => {
      const r = m.getBoundingClientRect();
      return m.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(messageOnTop).toBe(true);
    const close = await manage.getByRole('button', { name: 'Close' }).boundingBox();
    const msg = await message.boundingBox();
    if (!close || !msg) throw new Error('no boxes');
    const overlaps =
      msg.x < close.x + close.width &&
      close.x < msg.x + msg.width &&
      msg.y < close.y + close.height &&
      close.y < msg.y + msg.height;
    expect(overlaps).toBe(false);
  });
});
