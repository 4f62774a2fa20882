import type { Page } from '@playwright/test';
import { addRunInstance, createRunSetup, executeInstances, type RunSetup } from './support/executions';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * The execution queue (001 §2 "Execution queue", §4 "Live status"): an execution started through the
 * API shows on the open queue page and its status reaches Completed without a reload, pushed over the
 * WebSocket, with the live toast. The R runner starts R for the run: the timeouts are generous.
 */
let setup: RunSetup;

test.beforeAll(async () => {
  setup = await createRunSetup(uniqueTag('e2e queue'));
});

function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads++;
  });
  return () => loads;
}

test('an execution reaches Completed on the open queue page without a reload', async ({ pageAs }) => {
  test.setTimeout(360_000);
  const instance = await addRunInstance(setup, uniqueTag('Queue run'));
  const page = await pageAs('owner', '/execution-queue');
  // The former path leads to the queue, and so does the header's tab.
  await expect(page).toHaveURL(/\/scenario-execution-queue$/);
  await expect(page).toHaveTitle('Execution Queue · Model Repository');
  await expect(page.getByRole('link', { name: 'Execution Queue' })).toHaveAttribute(
    'href',
    '/scenario-execution-queue',
  );
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  const loads = countLoads(page);

  await executeInstances(setup, [instance.id]);

  const row = page.getByRole('row').filter({ hasText: instance.name });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText(setup.name);
  await expect(row).toContainText('markov_cohort.R');
  await expect(row).toContainText('Olivia Owner');
  await expect(page.getByText(`Execution of ${instance.name} completed`)).toBeVisible({ timeout: 300_000 });
  await expect(row).toContainText('Completed', { timeout: 30_000 });
  expect(loads()).toBe(0);

  // The row expands from the keyboard into its execution's details.
  await row.getByRole('button', { name: `Show details of ${instance.name}` }).focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: `Execution of ${instance.name}` });
  // Its times from the group's own answer, as 001 §9 writes them (issue 21 §5).
  await expect(details).toContainText(/Finished On\s*\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  await expect(details).toContainText(/Queued On\s*\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  await expect(details).toContainText('markov_cohort.R');
});
