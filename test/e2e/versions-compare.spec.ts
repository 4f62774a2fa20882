import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MODEL_RUNS_STEP } from '../../scripts/local/demo/model-runs';
import { ENTRIES_STEP, seedDemoCatalogue } from '../../scripts/local/demo/seed-demo';
import {
  DEMO_CHAINS,
  demoChainVersions,
  RESULTS_CHAIN,
  VERSIONS_STEP,
} from '../../scripts/local/demo/versions';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';
import { expect, test } from './support/fixtures';

/**
 * Compare mode of the Version Control tab on the demo lineages (issue 18 §3, §4, §6; README step 6):
 * the Melanoma workbook's spreadsheet diff with change navigation, the deep link reloaded, and the R
 * model's results of two versions. The demo is seeded the way start.ts seeds it (entries, versions and
 * runs; a cloud that has it adds nothing), in this process, through the use cases.
 */
interface Version {
  uuid: string;
  /** The lineage tree's button: '<name>, Version <n>'. */
  button: RegExp;
}

let melanoma: { from: Version; to: Version };
let markov: { from: string; to: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function versionOf(uuid: string): Promise<Version> {
  const { getModel } = await import('../../functions/data/models');
  const model = await getModel(uuid);
  const version = model?.metadata.version_release_of_model ?? '';
  return {
    uuid,
    button: new RegExp(`^${escapeRegExp(`${model?.name}, Version ${version}`)}( \\(this entry\\))?$`),
  };
}

// One worker for both tests: each worker runs beforeAll, and two seeds at once race for the same names.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // The first seed of a test cloud runs the demo models (R, Python, Excel) and waits for them.
  test.setTimeout(10 * 60_000);
  applyHandlerEnv(handlerEnv(localCloud()));
  const { uuids } = await seedDemoCatalogue({ steps: [ENTRIES_STEP, VERSIONS_STEP, MODEL_RUNS_STEP] });
  const chain = DEMO_CHAINS.find((c) => c.base === 'onc-melanoma-markov-global');
  if (!chain) throw new Error('The Melanoma lineage is gone from the demo');
  // Versions 1.1, 2.0, 2.1: compare 2.0 with 2.1 as README step 6 does.
  const [, v20, v21] = await demoChainVersions(chain, uuids[chain.base] as string);
  melanoma = { from: await versionOf(v20 as string), to: await versionOf(v21 as string) };
  const base = uuids[RESULTS_CHAIN.base] as string;
  const [next] = await demoChainVersions(RESULTS_CHAIN, base);
  markov = { from: base, to: next as string };
});

const search = (page: Page) => new URL(page.url()).searchParams;

test('compares two versions of the demo workbook, steps to the next change, and a reload keeps the place', async ({
  pageAs,
}) => {
  const page = await pageAs('owner', `/model/${melanoma.to.uuid}/detail?tab=version`);
  await page.getByRole('button', { name: melanoma.from.button }).click();
  await page.getByRole('button', { name: melanoma.to.button }).click();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();

  const files = page.getByRole('navigation', { name: 'Compared files' });
  await files.getByRole('button', { name: 'model/cea-model.xlsm' }).click();
  await page.getByRole('tab', { name: 'Sheets', exact: true }).click();
  // The first changed sheet of the workbook (its tab carries its count of changes).
  await page
    .getByRole('tablist', { name: 'Sheets' })
    .getByRole('tab', { name: /\(\d+\)$/ })
    .first()
    .click();
  await expect(page.getByRole('table', { name: /: version B$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next change' }).click();
  await expect.poll(() => search(page).get('cell')).toBeTruthy();

  const place = search(page);
  expect(place.get('mode')).toBe('compare');
  expect(place.get('a')).toBe(melanoma.from.uuid);
  expect(place.get('b')).toBe(melanoma.to.uuid);
  const before = page.url();
  await page.reload();
  await expect(page.getByRole('table', { name: /: version B$/ })).toBeVisible();
  expect(page.url()).toBe(before);
  await expect(files.getByRole('button', { name: 'model/cea-model.xlsm' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'Sheets', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test("shows what the R model's new version did to the Base case's ICER", async ({ pageAs }) => {
  const link = `/model/${markov.to}/detail?tab=version&mode=compare&a=${markov.from}&b=${markov.to}`;
  const page = await pageAs('lead', link);
  const results = page.getByRole('region', { name: 'Results' });
  const baseCase = results.getByRole('article', { name: /^Base case/ });
  await expect(baseCase.getByRole('list', { name: 'Largest changes of Base case' })).toContainText(
    'ICER (cost per QALY gained) 21,536 → 15,134, -30%',
  );
  await baseCase.getByText('Result tables side by side').click();
  const icer = baseCase
    .getByRole('table', { name: 'Incremental analysis' })
    .getByRole('row', { name: /ICER/ });
  await expect(icer.getByRole('cell')).toHaveText(['21,536', '15,134', '-6,402 (-30%)']);

  // The section is a view of its own: axe-core finds no serious or critical violation in it (as
  // accessibility.spec.ts checks every screen, which has no demo lineage with runs to show it).
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().include('.mr-results').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
