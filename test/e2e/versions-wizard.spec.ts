import { api, idToken } from '../support/local-cloud';
import { createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * New Model Version (issue 18 §1; README walkthrough): the owner opens an entry with files, starts the
 * wizard from Version Tracking, enters a version above the parent's, carries one of the two files
 * over, saves as draft, notifies the model users and lands on the new entry, whose lineage shows it
 * below its source.
 */
test('the owner creates a new version with some of the files, notifies and lands on it', async ({
  pageAs,
}) => {
  // A long journey (three dialogs, a server-side copy, the notification) on a shared local cloud.
  test.setTimeout(240_000);
  const source = await createEntry('lead', uniqueTag('e2e new version'), {
    files: { 'model.xlsx': 'version 1 workbook', 'notes.md': '# notes of version 1' },
  });
  const page = await pageAs('owner', `/model/${source.uuid}/detail`);
  const action = page
    .getByRole('complementary', { name: 'Model actions' })
    .getByRole('button', { name: 'New Model Version' });
  // The first call of a freshly started local cloud loads the handler's modules: give it time.
  await expect(action).toBeVisible({ timeout: 60_000 });
  await action.click();

  const wizard = page.getByRole('dialog', { name: 'New Model Version' });
  await expect(wizard.getByRole('link', { name: '1 Metadata: error' })).toBeVisible();
  await expect(
    wizard.getByText('Enter a version number greater than the parent version number 1'),
  ).toBeVisible();
  const version = wizard.getByLabel('Version Release of Model', { exact: false });
  await version.fill('1');
  await expect(wizard.getByRole('alert').filter({ hasText: 'greater than the parent' })).toBeVisible();
  await version.fill('2');
  await expect(wizard.getByRole('link', { name: '1 Metadata: completed' })).toBeVisible();

  await wizard.getByRole('button', { name: 'Save & proceed' }).click();
  await expect(wizard.getByRole('heading', { name: 'Select Files' })).toBeFocused();
  await wizard.getByRole('checkbox', { name: 'Carry over notes.md' }).uncheck();
  await expect(wizard.getByText('1 of 2 chosen.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Save & proceed' }).click();
  await expect(wizard.getByRole('textbox', { name: 'File type of model.xlsx' })).toBeVisible();
  await expect(wizard.getByText('notes.md')).toHaveCount(0);
  await wizard.getByRole('link', { name: /4 Access: completed/ }).click();
  await wizard.getByRole('button', { name: 'Save as Draft' }).click();

  await expect(page.getByText('New Model Version created and saved as Draft')).toBeVisible();
  const notify = page.getByRole('dialog', { name: 'Notify Model Users ?' });
  await notify.getByLabel('Note *').fill('Version 2: the workbook only');
  await notify.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Email notification of new model version sent to model users')).toBeVisible();

  // The new entry: its own detail page, version 2, one file, below its source in the lineage.
  await expect(page).toHaveURL(/\/model\/[0-9a-f-]{36}\/detail/);
  const created = new URL(page.url()).pathname.split('/')[2] as string;
  expect(created).not.toBe(source.uuid);
  await expect(page.getByRole('heading', { level: 1, name: /Version: 2\.0/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Version Control' }).click();
  const tree = page.getByRole('region', { name: 'Lineage tree' });
  const parentNode = tree.getByRole('button', { name: `${source.name}, Version 1` });
  const childNode = tree.getByRole('button', { name: /, Version 2 \(this entry\)$/ });
  await expect(parentNode).toBeVisible();
  await expect(childNode).toBeVisible();
  const [parentBox, childBox] = [await parentNode.boundingBox(), await childNode.boundingBox()];
  expect(childBox?.y ?? 0).toBeGreaterThan(parentBox?.y ?? Number.POSITIVE_INFINITY);

  const token = await idToken('owner');
  const hierarchy = (await (await api(`/v2/models/${created}/hierarchy`, { token })).json()) as {
    nodes: { uuid: string; parentId: string | null }[];
  };
  expect(hierarchy.nodes.find((n) => n.uuid === created)?.parentId).toBe(source.uuid);
  const files = (await (await api(`/v2/models/${created}/files`, { token })).json()) as {
    items: { name: string; folder: boolean }[];
  };
  expect(files.items.filter((f) => !f.folder).map((f) => f.name)).toEqual(['model.xlsx']);
});
