import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  createInstance,
  createWebSetup,
  instanceDetailPath,
  instanceEditorPath,
  instanceListPath,
  type WebSetup,
} from './support/instances';
import { inputDefinitionListPath, subModelListPath } from './support/sub-models';
import { uniqueTag } from './support/unique';

/**
 * The work pages at the widths people use (issue 21 §4): the zoom rail is 4rem wide and the page's
 * content gets the rest beside the action sidebar. The zoom rail shared the action sidebar's class,
 * whose stylesheet made it 22rem wide on every sub-model and instance page: at 1280 × 800 the
 * instance table lost its Sharing and action columns, at 1024 px the content was about 240 px wide.
 */

let setup: WebSetup;
let instanceId: string;

test.beforeAll(async () => {
  setup = await createWebSetup(uniqueTag('e2e layout'));
  instanceId = (await createInstance('owner', setup, uniqueTag('Layout'))).id;
});

const ZOOM_RAIL_MAX_PX = 4 * 16 + 2;
const ACTION_SIDEBAR_MAX_PX = 22 * 16 + 2;

const workPages = (): [string, string][] => [
  ['sub-model list', subModelListPath(setup.uuid, 'scenario', setup.subModelId)],
  ['input definitions', inputDefinitionListPath(setup.uuid, setup.subModelId)],
  ['instance list', instanceListPath(setup)],
  ['parameters editor', instanceEditorPath(setup, instanceId)],
  ['instance detail', instanceDetailPath(setup, instanceId)],
];

async function widthOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  return box?.width ?? 0;
}

for (const width of [1024, 1280, 1920]) {
  test(`the sub-model and instance pages give their content the width at ${width} px`, async ({ pageAs }) => {
    // Five page loads in one test: more than the default minute on a loaded 2-core machine.
    test.setTimeout(180_000);
    const page = await pageAs('owner');
    await page.setViewportSize({ width, height: 800 });
    for (const [name, path] of workPages()) {
      await page.goto(path);
      await expect(page.locator('.mr-content h1').first(), name).toBeVisible({ timeout: 30_000 });
      const rail = await widthOf(page, 'aside[aria-label="Zoom"]');
      expect(rail, `${name}: the zoom rail`).toBeGreaterThan(0);
      expect(rail, `${name}: the zoom rail`).toBeLessThanOrEqual(ZOOM_RAIL_MAX_PX);
      const content = await widthOf(page, '.mr-content');
      expect(content, `${name}: the content`).toBeGreaterThanOrEqual(
        width - ZOOM_RAIL_MAX_PX - ACTION_SIDEBAR_MAX_PX - 24,
      );
    }
    if (width >= 1280) {
      // The instance table shows all its columns without scrolling sideways.
      await page.goto(instanceListPath(setup));
      await expect(page.getByRole('columnheader', { name: 'Sharing' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 });
    }
  });
}
