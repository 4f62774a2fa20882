import { join } from 'node:path';
import { buildDemoSourceRepository } from '../../scripts/local/demo/source-control';
import { idToken, localCloud } from '../support/local-cloud';
import { createModelEntry, demoMetadata } from '../support/model-entries';
import { expect, test } from './support/fixtures';

/**
 * Source control in Editing › Files (issue 18 §5; README walkthrough, source control): an owner of an
 * entry linked to a repository browses to a file, reads its history and a commit's diff, edits the
 * file and commits it with a message, and sees the new commit. The repository is a copy of the
 * demo's `HEOR/melanoma-markov` under a name of this run, so the save changes neither the demo's
 * repository nor another run's.
 */
const PROJECT = 'HEOR';
const REPO = `melanoma-markov-e2e-${Date.now().toString(36)}-${process.pid}`;
let uuid: string;

test.beforeAll(async () => {
  await buildDemoSourceRepository(join(localCloud().dataDir, 'source-control', PROJECT, `${REPO}.git`));
  const entry = await createModelEntry(await idToken('lead'), {
    metadata: demoMetadata({
      bitbucket_project: PROJECT,
      bitbucket_repository: REPO,
      bitbucket_path: 'R/markov_model.R',
    }),
  });
  uuid = entry.uuid;
});

test('an owner browses the linked repository, reads a commit diff, edits a file and commits it', async ({
  pageAs,
}) => {
  // Browsing, a save and the refreshed history on a shared local cloud.
  test.setTimeout(180_000);
  const page = await pageAs('owner', `/model/${uuid}/detail`);
  const filesAction = page
    .getByRole('complementary', { name: 'Model actions' })
    .getByRole('button', { name: 'Files', exact: true });
  // The first call of a freshly started local cloud loads the handler's modules: give it time.
  await expect(filesAction).toBeVisible({ timeout: 60_000 });
  await filesAction.click();
  const dialog = page.getByRole('dialog', { name: 'Files' });
  const browser = dialog.getByRole('region', { name: 'Source control' });
  // Opens on the entry's repository at its execution file (the source-control function's first call
  // on a fresh cloud loads its modules: give it time).
  await expect(browser.getByRole('button', { name: 'R/markov_model.R' })).toBeVisible();
  await expect(browser.getByText('discount_rate <- 0.035')).toBeVisible({ timeout: 60_000 });

  await browser.getByRole('navigation', { name: 'Path' }).getByRole('button', { name: '(root)' }).click();
  const files = browser.getByRole('list', { name: 'Files and folders' });
  await files.getByRole('button', { name: 'data' }).click();
  await files.getByRole('button', { name: 'inputs.csv' }).click();
  await expect(browser.getByText('c_rfs,1310,Tariff 2025')).toBeVisible();

  const commits = browser.getByRole('list', { name: 'Commits' });
  await expect(commits.getByRole('listitem')).toHaveCount(3);
  await commits.getByRole('button', { name: /Costs from the 2026 tariff/ }).click();
  const diff = browser.getByRole('region', { name: /^Changes of commit / });
  await expect(diff.getByText('c_rfs,1250,Tariff 2025')).toBeVisible();
  await expect(diff.getByText('c_rfs,1310,Tariff 2025').first()).toBeVisible();

  await browser.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = browser.getByRole('textbox', { name: 'Contents of data/inputs.csv' });
  await expect(editor).toBeFocused();
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially('c_drug,4200,List price 2026');
  await browser.getByRole('textbox', { name: 'Commit message' }).fill('Drug cost from the 2026 list price');
  await browser.getByRole('button', { name: 'Commit', exact: true }).click();

  await expect(page.getByText(/^File saved as commit /)).toBeVisible();
  await expect(commits.getByRole('listitem')).toHaveCount(4);
  await expect(commits.getByRole('listitem').first()).toContainText('Drug cost from the 2026 list price');
  await expect(commits.getByRole('listitem').first()).toContainText('Olivia Owner');
  // The new commit is shown, with the line it added.
  await expect(
    browser.getByRole('region', { name: /^Changes of commit / }).getByText('c_drug,4200,List price 2026'),
  ).toBeVisible();
  await expect(browser.getByText('c_drug,4200,List price 2026').first()).toBeVisible();
});
