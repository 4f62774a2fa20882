import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { idToken } from '../support/local-cloud';
import { demoMetadata, demoRoles, uploadFiles } from '../support/model-entries';
import { expect, test } from './support/fixtures';
import { callAs } from './support/instances';
import { uniqueTag } from './support/unique';

/**
 * The visualization flow in the browser (issue 19): an entry with the R demo model and its display
 * model (models/demo/markov-cohort-r, display.R), two finished scenarios; the owner goes from step 1
 * to a chart and a table, saves the analysis and reopens it by its deep link after a reload; the
 * viewer sees the saved analysis; a user who only sees the display section is refused someone
 * else's hidden draft (404, 'Instance not found.').
 */

const DIR = join('models', 'demo', 'markov-cohort-r');
/** The display sub-model's JSON definition names the title: step 2 starts from the definition's values. */
const TITLE = 'Markov scenarios compared';

interface Flow {
  uuid: string;
  scenarios: string[];
  displayId: string;
}

async function setUp(): Promise<Flow> {
  const suffix = uniqueTag('Viz');
  const read = (name: string) => readFileSync(join(DIR, name), 'utf8');
  const { value: definition } = JSON.parse(read('input-definition.json')) as { value: unknown };
  const up = await uploadFiles(await idToken('lead'), [
    { name: 'markov_cohort.R', content: read('markov_cohort.R'), mainFile: true },
    { name: 'display.R', content: read('display.R') },
  ]);
  const entry = await callAs('lead', 'POST', '/v2/models', {
    uploadId: up.uploadId,
    files: up.refs,
    metadata: demoMetadata({ platform: 'WebModel 2.0', suffix }),
    roles: demoRoles({ scenarioModelers: ['employee'] }),
    publish: false,
  });
  const uuid = entry.uuid as string;
  const files = (await callAs('lead', 'GET', `/v2/models/${uuid}/files`)).items as {
    name: string;
    uuid: string;
  }[];
  const fileId = (name: string) => files.find((f) => f.name === name)?.uuid;
  const common = { environment: 'R 4.2', timeoutSeconds: 600, outputPathDir: 'output' };
  const display = await callAs('owner', 'POST', `/v2/models/${uuid}/sub-models`, {
    ...common,
    type: 'display',
    name: 'Comparison dashboard',
    executionModels: [fileId('display.R')],
    definitionType: 'JSON',
  });
  const displayInputs = await callAs('owner', 'GET', `/v2/models/${uuid}/sub-models/${display.id}/inputs`);
  await callAs(
    'owner',
    'PUT',
    `/v2/models/${uuid}/sub-models/${display.id}/inputs/${displayInputs.items[0].id}`,
    { value: JSON.stringify({ title: TITLE, willingness_to_pay: 30000 }) },
  );
  const scenario = await callAs('owner', 'POST', `/v2/models/${uuid}/sub-models`, {
    ...common,
    type: 'scenario',
    name: 'Cohort scenarios',
    executionModels: [fileId('markov_cohort.R')],
    definitionType: 'JSONTEMPLATE',
    displayExecutionSetupId: display.id,
  });
  const inputs = await callAs('owner', 'GET', `/v2/models/${uuid}/sub-models/${scenario.id}/inputs`);
  await callAs('owner', 'PUT', `/v2/models/${uuid}/sub-models/${scenario.id}/inputs/${inputs.items[0].id}`, {
    value: JSON.stringify(definition),
  });
  const scenarios: string[] = [];
  for (const name of ['Base case', 'Cheaper treatment']) {
    const created = await callAs('owner', 'POST', `/v2/models/${uuid}/sub-models/${scenario.id}/instances`, {
      name,
    });
    scenarios.push(created.id as string);
  }
  const group = await callAs('owner', 'POST', `/v2/models/${uuid}/executions`, { instanceIds: scenarios });
  await callAs('owner', 'POST', `/v2/executions/${group.groupId}/start`, undefined, 200);
  for (const id of scenarios)
    await expect
      .poll(async () => (await callAs('owner', 'GET', `/v2/models/${uuid}/instances/${id}`)).status, {
        timeout: 120_000,
      })
      .toBe('COMPLETED');
  return { uuid, scenarios, displayId: display.id as string };
}

test('from step 1 to a saved analysis, reopened by its link; shared with the viewer, a draft refused to others', async ({
  pageAs,
}) => {
  test.setTimeout(300_000);
  const flow = await setUp();
  const page = await pageAs('owner', `/model/${flow.uuid}/visualization/selection`);

  // Step 1: tick both finished scenarios, then Save & Proceed.
  // The ticks live in the URL (a controlled box): click, then wait for the tick.
  for (const name of ['Base case', 'Cheaper treatment']) {
    const box = page.getByRole('checkbox', { name: `Select ${name}` });
    await box.click();
    await expect(box).toBeChecked();
  }
  await page.getByRole('button', { name: 'Save & Proceed' }).click();

  // Step 2: the display parameters and the order; Create Data Visualization runs the analysis.
  await expect(page.getByRole('heading', { name: 'Setting Display Parameters', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create Data Visualization' }).click();

  // Step 3: the run is followed live; its result's table, and its charts drawn by ApexCharts (the
  // production build once handed React the CommonJS module object instead of the chart component).
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByLabel('Cost-effectiveness by scenario')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Base case', exact: true })).toBeVisible();
  const charts = page.locator('figure.mr-result-chart');
  await expect(charts.first()).toBeVisible();
  await expect(page.getByText('The chart could not be drawn', { exact: false })).toHaveCount(0);
  await expect(charts.first().locator('svg.apexcharts-svg')).toBeVisible();

  // Each export is written in this tab and downloaded (issue 19 §2, §4: "from step 1 to each download").
  for (const [label, file] of [
    ['Export Excel', 'visualizationResults.xlsx'],
    ['Export PPT', 'visualizationResults.pptx'],
    ['Export PDF', 'visualizationResults.pdf'],
  ] as const) {
    await page.getByRole('button', { name: label, exact: true }).click();
    const exportDialog = page.getByRole('dialog', { name: label });
    const downloaded = page.waitForEvent('download', { timeout: 120_000 });
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(file);
    const bytes = await readFile(await download.path());
    // Each format is a zip (xlsx, pptx) or a PDF: the file starts with its magic bytes.
    expect(bytes.subarray(0, 4).toString('latin1')).toBe(file.endsWith('.pdf') ? '%PDF' : 'PK\u0003\u0004');
    await expect(exportDialog).toBeHidden();
  }

  // Save Analysis under a name, then reload the deep link: the saved analysis reopens.
  await page.getByRole('button', { name: 'Save Analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Analysis' });
  const name = uniqueTag('Markov analysis');
  await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Analysis Saved')).toBeVisible();
  const link = new URL(page.url()).pathname;
  await page.reload();
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  // Share Link with the viewer (the e-mail links here): the viewer opens the saved analysis.
  const analysisId = link.split('/').pop() as string;
  await callAs(
    'owner',
    'POST',
    `/v2/models/${flow.uuid}/instances/${analysisId}/share`,
    {
      isids: ['viewer'],
      messageText: 'Please look at this analysis.',
    },
    200,
  );
  const viewer = await pageAs('viewer', link);
  await expect(viewer.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(viewer.getByLabel('Cost-effectiveness by scenario')).toBeVisible();

  // A hidden draft of the owner: a scenario modeler who sees the display section gets nothing by its id.
  const draft = await callAs(
    'owner',
    'POST',
    `/v2/models/${flow.uuid}/sub-models/${flow.displayId}/instances`,
    {
      name: uniqueTag('Draft'),
      hidden: true,
      displayScenarios: flow.scenarios.map((id, i) => ({ id, order: i + 1 })),
    },
  );
  const other = await pageAs('employee', `/model/${flow.uuid}/visualization/render/${draft.id}`);
  await expect(other.getByText('Instance not found.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Save Analysis' })).toHaveCount(0);
});
