import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { addRunInstance, createRunSetup, type RunSetup } from './support/executions';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * Instance execution actions (001 §2 instance actions, §4 action rules and live status): the owner
 * executes a scenario from the instance sidebar, watches its status reach Completed on the open page
 * without a reload, and downloads its outputs. The R runner starts R for the run: the timeouts are
 * generous.
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
});
