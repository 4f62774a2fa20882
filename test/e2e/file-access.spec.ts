import type { Page } from '@playwright/test';
import { api, idToken } from '../support/local-cloud';
import { type CreatedEntry, createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * Confidential files (000 §6 file download rule; issue 4 §2, §8): on a country model a file marked
 * cdd 'Yes' may be read only by its owner and the users it is shared with. A Model Viewer asks for
 * access from the Folder View, the file's owner follows the grant link of the e-mail in the local
 * outbox, and the viewer can then download the file.
 */
const CONFIDENTIAL = 'confidential-prices.xlsx';
let entry: CreatedEntry;

test.beforeAll(async () => {
  // The owner persona creates the entry, so it owns both files; Victor Viewer is a Model Viewer.
  entry = await createEntry('owner', uniqueTag('e2e file access'), {
    files: { 'model.xlsx': 'main model body', [CONFIDENTIAL]: 'net prices by country' },
    roles: { vestLead: 'lead', steward: 'steward', owners: ['owner'], viewers: ['viewer'] },
    metadata: { global: 'false', country: ['Germany'], type: 'Country Adaptation' },
  });
  // Mark the price file confidential (cdd 'Yes') through the file manager's save.
  const token = await idToken('owner');
  const files = (await (await api(`/v2/models/${entry.uuid}/files`, { token })).json()) as {
    items: { uuid: string; name: string }[];
  };
  const file = files.items.find((f) => f.name === CONFIDENTIAL);
  const res = await api(`/v2/models/${entry.uuid}/files`, {
    token,
    method: 'PATCH',
    body: JSON.stringify({ update: [{ uuid: file?.uuid, cdd: 'Yes' }] }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
});

const folderView = (page: Page) => page.getByRole('treegrid', { name: 'Files', exact: true });

test('a viewer requests access to a confidential file, the owner grants it from the e-mail, the viewer downloads it', async ({
  pageAs,
}) => {
  // Two personas and four pages: more than the default minute on a busy machine.
  test.setTimeout(180_000);

  // 1. Victor sees the file but may not download it: 'Request Access' instead of 'Download'.
  const viewer = await pageAs('viewer', `/model/${entry.uuid}/detail?tab=folder`);
  const files = folderView(viewer);
  await expect(files.getByRole('button', { name: 'Download model.xlsx' })).toBeVisible({ timeout: 30_000 });
  await expect(files.getByRole('button', { name: `Download ${CONFIDENTIAL}` })).toHaveCount(0);
  const request = files.getByRole('button', { name: `Request Access to ${CONFIDENTIAL}` });
  await request.click();

  const dialog = viewer.getByRole('dialog', { name: 'Request Access' });
  await dialog.getByLabel('To inform a strategic policy, resource, or commercial decision').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(viewer.getByText(/^Model File access request email has been sent/)).toBeVisible();
  await expect(request).toBeDisabled();
  // While the request waits for an answer a reload keeps it disabled (issue 9 §4), as for a model.
  await viewer.reload();
  await expect(
    folderView(viewer).getByRole('button', { name: `Request Access to ${CONFIDENTIAL}` }),
  ).toBeDisabled({
    timeout: 30_000,
  });

  // 2. The owner follows the grant link of the request mail from the outbox.
  const owner = await pageAs('owner', '/local/outbox');
  const mail = owner.getByRole('article', { name: `File access request: ${CONFIDENTIAL} in ${entry.name}` });
  await expect(mail).toBeVisible({ timeout: 30_000 });
  await mail.getByRole('link', { name: /userId=viewer$/ }).click();
  const granted = owner.getByRole('dialog', { name: 'Access Granted' });
  await expect(granted).toBeVisible({ timeout: 30_000 });
  await expect(granted).toContainText(CONFIDENTIAL);
  await granted.getByRole('button', { name: 'OK' }).click();

  // 3. Victor can now download the file (after the legal notice).
  await viewer.reload();
  const download = folderView(viewer).getByRole('button', { name: `Download ${CONFIDENTIAL}` });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await download.click();
  const confirm = viewer.getByRole('dialog', { name: 'Download File' });
  await confirm.getByLabel('I have read the legal notice').check();
  const [file] = await Promise.all([
    viewer.waitForEvent('download'),
    confirm.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(CONFIDENTIAL);
});

test("after 'Transfer Ownership' the page reloads on the Folder View and says who owns the file now", async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const own = await createEntry('owner', uniqueTag('e2e file owner'), {
    files: { 'model.xlsx': 'main model body', 'assumptions.docx': 'what we assumed' },
  });
  const page = await pageAs('owner', `/model/${own.uuid}/detail?tab=folder`);
  const files = folderView(page);
  await files
    .getByRole('button', { name: 'Manage File Access for assumptions.docx' })
    .click({ timeout: 30_000 });
  const manage = page.getByRole('dialog', { name: 'Manage File Access' });
  const transfer = manage.getByRole('region', { name: 'Transfer ownership' });
  await transfer.getByRole('option', { name: /Stella Steward/ }).click();

  const reloaded = page.waitForEvent('load');
  await transfer.getByRole('button', { name: 'Transfer Ownership' }).click();
  await reloaded;
  await expect(page).toHaveURL(new RegExp(`/model/${own.uuid}/detail\\?tab=folder$`));
  await expect(page.getByText('File Ownership has been granted to Stella Steward')).toBeVisible({
    timeout: 30_000,
  });
  await expect(folderView(page).getByRole('button', { name: 'Download model.xlsx' })).toBeVisible();
});
