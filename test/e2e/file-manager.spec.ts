import type { Locator } from '@playwright/test';
import { api, idToken } from '../support/local-cloud';
import { expect, test } from './support/fixtures';

/**
 * The file manager (000 §2 Edit dialogs › Files, §4 file states): a Model Owner opens Files on an
 * entry, uploads two files, deletes one with undo, saves in one go, is asked 'Notify Model Users ?'
 * and finds the files in the Folder View. The entry is created through the API by the lead, with
 * the owner persona as Model Owner, so the test does not depend on seeded data.
 */
const tag = `e2e files ${Date.now().toString(36)}`;
const entry = { uuid: '', name: '' };

async function createEntry(suffix: string) {
  const token = await idToken('lead');
  const json = (body: unknown) => ({
    token,
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const bodies = { 'model.xlsx': 'main model body', 'notes.txt': 'notes about the model' };
  const ticket = await api(
    '/v2/uploads',
    json({ files: Object.entries(bodies).map(([name, content]) => ({ name, size: content.length })) }),
  );
  expect(ticket.status).toBe(201);
  const { uploadId, files } = (await ticket.json()) as {
    uploadId: string;
    files: { uploadFileId: string; name: string; url: string; headers: Record<string, string> }[];
  };
  for (const f of files) {
    const put = await fetch(f.url, {
      method: 'PUT',
      body: bodies[f.name as keyof typeof bodies],
      headers: f.headers,
    });
    expect(put.status).toBe(200);
  }
  const res = await api(
    '/v2/models',
    json({
      uploadId,
      files: files.map((f) => ({
        uploadFileId: f.uploadFileId,
        name: f.name,
        mainFile: f.name === 'model.xlsx',
      })),
      metadata: {
        therapeutic_area: 'Oncology',
        disease: 'Melanoma',
        product: ['Tumivex'],
        model_type: 'Markov Cohort Model',
        type: 'Global',
        version_release_of_model: '1',
        stage_of_model_development: 'Under Development',
        information_classification: 'Proprietary',
        global: 'true',
        version_log: 'First version',
        suffix,
      },
      roles: {
        vestLead: 'lead',
        steward: 'steward',
        owners: ['owner'],
        viewers: ['viewer'],
        displayViewers: [],
        calibrationModelers: [],
        scenarioModelers: [],
      },
      publish: false,
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { uuid: string; name: string };
}

test.beforeAll(async () => {
  Object.assign(entry, await createEntry(tag));
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
  await expect(files.getByRole('cell', { name: /results\.csv/ })).toBeVisible();
  await expect(files.getByRole('cell', { name: /summary\.txt/ })).toBeVisible();
  await expect(files.getByRole('cell', { name: /model\.xlsx/ })).toBeVisible();
  await expect(files.getByRole('cell', { name: /notes\.txt/ })).toHaveCount(0);
  await expect(files.getByRole('button', { name: 'Download results.csv' })).toBeVisible();
});
