import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { addRunInstance, createRunSetup, executeInstances, type RunSetup } from './support/executions';
import { expect, test } from './support/fixtures';
import { callAs } from './support/instances';
import { uniqueTag } from './support/unique';

/**
 * Instance execution actions (001 §2 instance actions, §4 action rules and live status): the owner
 * executes a scenario from the instance sidebar, watches its status reach Completed on the open page
 * without a reload, and downloads its outputs. The R runner starts R for the run: the timeouts are
 * generous. A file change on the draft then outdates an executed scenario (001 §4 "Outdated", the
 * Files dialog's step 2 of 000 §2).
 */
let setup: RunSetup;

test.beforeAll(async () => {
  setup = await createRunSetup(uniqueTag('e2e execute'));
});

const instanceDetailPath = (instanceId: string) => `/model/${setup.uuid}/instance/${instanceId}/detail`;
const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads++;
  });
  return () => loads;
}

test('a scenario executed from the sidebar completes live and its outputs download', async ({ pageAs }) => {
  test.setTimeout(360_000);
  const instance = await addRunInstance(setup, uniqueTag('Sidebar run'));
  const page = await pageAs('owner', instanceDetailPath(instance.id));
  const actions = page.getByRole('complementary', { name: 'Sub-model actions' });
  // A draft has no results yet.
  await expect(actions.getByRole('button', { name: 'Download Results' })).toBeDisabled();
  const loads = countLoads(page);

  await actions.getByRole('button', { name: 'Execute', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Execute Instance' });
  await expect(confirm).toContainText(`Execute ${instance.name}?`);
  await confirm.getByRole('button', { name: 'Execute' }).click();
  await expect(message(page, 'Scenario execution request sent')).toBeVisible();

  await expect(message(page, `Execution of ${instance.name} completed`)).toBeVisible({ timeout: 300_000 });
  await expect(page.getByRole('main')).toContainText('Completed', { timeout: 30_000 });
  expect(loads()).toBe(0);

  // Download Results: the archive of the run's output directory, named after the instance.
  const downloadButton = actions.getByRole('button', { name: 'Download Results' });
  await expect(downloadButton).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const path = await download.path();
  const entries = Object.keys(unzipSync(new Uint8Array(await readFile(path))));
  expect(entries).toContain('result.json');

  // The run can be executed again: Execute is offered once more, Cancel is not.
  await expect(actions.getByRole('button', { name: 'Execute', exact: true })).toBeEnabled();
  await expect(actions.getByRole('button', { name: 'Cancel Execution' })).toBeDisabled();

  // The detail shows the run's reproducibility record and what the model wrote.
  const record = page.getByRole('region', { name: 'Reproducibility Record' });
  await expect(record).toBeVisible();
  await expect(record).toContainText('Olivia Owner');
  await expect(record.getByRole('table', { name: 'Model files' })).toContainText('markov_cohort.R');
  await expect(record.getByRole('table', { name: 'Output files' })).toContainText('result.json');
  await expect(page.getByRole('alert').filter({ hasText: 'Non-deterministic' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Model Output' })).toBeVisible();
});

test('a scenario executed from its row menu in the instance list', async ({ pageAs }) => {
  test.setTimeout(360_000);
  const instance = await addRunInstance(setup, uniqueTag('Row menu run'));
  const page = await pageAs(
    'owner',
    `/model/${setup.uuid}/sub-model/${setup.subModelId}/instance-list?instance=${instance.id}`,
  );
  await page.getByRole('button', { name: `Actions for ${instance.name}` }).click();
  const menu = page.getByRole('menu', { name: `Actions for ${instance.name}` });
  // Governance actions belong to the calibration section only.
  await expect(menu.getByRole('menuitem', { name: 'Accept' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Execute' }).click();
  await page
    .getByRole('dialog', { name: 'Execute Instance' })
    .getByRole('button', { name: 'Execute' })
    .click();
  await expect(message(page, 'Scenario execution request sent')).toBeVisible();

  // The row's status follows the run without a reload.
  const row = page
    .getByRole('table', { name: 'Instances' })
    .getByRole('row')
    .filter({ hasText: instance.name });
  await expect(row).toContainText('Completed', { timeout: 300_000 });
});

test('a file change on the draft outdates the executed scenarios of the sub-model the lead names', async ({
  pageAs,
}) => {
  test.setTimeout(360_000);
  const instance = await addRunInstance(setup, uniqueTag('Outdated run'));
  await executeInstances(setup, [instance.id]);
  await expect
    .poll(
      async () => (await callAs('owner', 'GET', `/v2/models/${setup.uuid}/instances/${instance.id}`)).status,
      {
        timeout: 300_000,
      },
    )
    .toBe('COMPLETED');

  const page = await pageAs('lead', `/model/${setup.uuid}/detail`);
  await page
    .getByRole('complementary', { name: 'Model actions' })
    .getByRole('button', { name: 'Files', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Files', exact: true });
  await expect(dialog.getByRole('row').filter({ hasText: 'markov_cohort.R' })).toBeVisible({
    timeout: 30_000,
  });
  await dialog
    .getByTestId('files-upload-input')
    .setInputFiles([
      { name: 'new_costs.csv', mimeType: 'text/csv', buffer: Buffer.from('state,cost\nsick,5200\n') },
    ]);

  // Step 2: which sub-models the change affects (the new file is no execution file: nothing is ticked).
  await dialog.getByRole('button', { name: 'Next' }).click();
  const affected = dialog.getByRole('table', { name: 'Affected sub-models' });
  const subModel = affected.getByRole('row').filter({ hasText: 'Cohort run' });
  await expect(subModel).toBeVisible();
  const tick = affected.getByRole('checkbox', { name: /^Select Cohort run/ });
  await expect(tick).not.toBeChecked();
  await tick.check();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Files have been updated')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(/instances? (was|were) marked outdated: the model files changed after/).first(),
  ).toBeVisible();
  const prompt = page.getByRole('dialog', { name: 'Notify Model Users ?' });
  await prompt.getByRole('button', { name: 'No', exact: true }).click();

  const after = await callAs('owner', 'GET', `/v2/models/${setup.uuid}/instances/${instance.id}`);
  expect(after.outdated).toBe(true);
});
