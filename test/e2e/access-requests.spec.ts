import type { Page } from '@playwright/test';
import { type CreatedEntry, createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * Model access requests and grant links (000 §2, §4, §5; issue 4 §3): an internal user without a role
 * on a published entry asks for access; a manager opens the grant link from the mail (the local
 * outbox), sees 'Access Granted', and the user can then open the Folder View.
 */
let entry: CreatedEntry;

test.beforeAll(async () => {
  entry = await createEntry('owner', uniqueTag('e2e access'));
});

const REASON = 'To create materials for internal use (e.g., training resources)';
const folderTab = (page: Page) => page.getByRole('tab', { name: 'Folder View' });

test('an employee requests access and the owner grants it from the e-mail', async ({ pageAs }) => {
  // Two personas sign in and the journey crosses four pages: more than the default minute.
  test.setTimeout(180_000);
  // 1. Emma may only preview the entry: the Folder View is disabled and 'Request Access' is offered.
  const employee = await pageAs('employee', `/model/${entry.uuid}/detail`);
  await expect(employee.getByRole('heading', { name: entry.name })).toBeVisible({ timeout: 30_000 });
  await expect(folderTab(employee)).toHaveAttribute('aria-disabled', 'true');
  const requestButton = employee.getByRole('button', { name: 'Request Access' });
  await requestButton.click();

  // 2. The dialog needs a reason; 'Other' needs details.
  const dialog = employee.getByRole('dialog', { name: 'Request Access' });
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Other').check();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Details *').fill('Training of the new HEOR team');
  await dialog.getByLabel(REASON).check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(employee.getByText(/^Model access request email has been sent\./)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(requestButton).toBeDisabled();
  await employee.reload();
  await expect(employee.getByRole('button', { name: 'Request Access' })).toBeDisabled({ timeout: 30_000 });

  // 3. The owner finds the request in the local outbox and follows the Model Viewer grant link.
  const owner = await pageAs('owner', '/local/outbox');
  const mail = owner.getByRole('article', { name: `Model access request: ${entry.name}` });
  await expect(mail).toBeVisible({ timeout: 30_000 });
  await expect(mail).toContainText(REASON);
  await expect(mail).toContainText('Training of the new HEOR team');
  await mail.getByRole('link', { name: /role=VIEWER&userId=employee$/ }).click();

  // 4. 'Access Granted' names the user and the role; the link leaves the address bar.
  const granted = owner.getByRole('dialog', { name: 'Access Granted' });
  await expect(granted).toBeVisible({ timeout: 30_000 });
  await expect(granted).toContainText('Emma Employee');
  await expect(granted).toContainText('Model Viewer');
  await expect(owner).toHaveURL(new RegExp(`/model/${entry.uuid}/detail$`));
  await granted.getByRole('button', { name: 'OK' }).click();
  await expect(granted).toBeHidden();

  // 5. Emma now has a role: the Folder View opens and lists the file; no more 'Request Access'.
  await employee.reload();
  await expect(folderTab(employee)).not.toHaveAttribute('aria-disabled', 'true', { timeout: 30_000 });
  await expect(employee.getByRole('button', { name: 'Request Access' })).toHaveCount(0);
  await folderTab(employee).click();
  await expect(employee).toHaveURL(/tab=folder/);
  await expect(employee.getByText('model.xlsx').first()).toBeVisible({ timeout: 30_000 });
});

test('a grant link opened by a user who may not grant says so and grants nothing', async ({ pageAs }) => {
  // Victor is a viewer of the entry, not a manager: the server refuses the grant.
  const viewer = await pageAs('viewer', `/model/${entry.uuid}/detail?role=OWNER&userId=modeler`);
  await expect(viewer.getByText(/^Failed to Grant Model access/)).toBeVisible({ timeout: 30_000 });
  await expect(viewer).toHaveURL(new RegExp(`/model/${entry.uuid}/detail$`));
  await expect(viewer.getByRole('dialog', { name: 'Access Granted' })).toHaveCount(0);
});
