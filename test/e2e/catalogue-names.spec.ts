import { createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * Long model entry names (issue 9 §20): in the list at 1280 px a long name stops after two lines,
 * the whole name on hover and in the expanded row; a long unbroken suffix stays inside the wizard's
 * Confirm Name step.
 */
test.use({ viewport: { width: 1280, height: 800 } });

let tag = '';
const entry = { uuid: '', name: '' };

test.beforeAll(async () => {
  tag = uniqueTag('e2e long');
  // The generated name stays within 255 characters: about 80 before the suffix.
  const words = 'a suffix long enough to need several lines in the list of model entries at 1280 px';
  Object.assign(entry, await createEntry('lead', `${tag} ${words}`));
});

test('a long name stops after two lines, with the whole name on hover and in the expanded row', async ({
  pageAs,
}) => {
  const page = await pageAs('lead', `/model?q=${encodeURIComponent(tag)}`);
  const link = page.getByRole('link', { name: entry.name, exact: true });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const lines = await link.evaluate((a) => {
    const style = getComputedStyle(a);
    // 'normal' has no number: about 1.2 times the font size.
    const lineHeight = Number.parseFloat(style.lineHeight) || 1.2 * Number.parseFloat(style.fontSize);
    return Math.round(a.getBoundingClientRect().height / lineHeight);
  });
  expect(lines).toBeLessThanOrEqual(2);
  await expect(link).toHaveAttribute('title', entry.name);

  const row = page.getByRole('row').filter({ has: link });
  await row.getByRole('button', { name: /expand/i }).click();
  await expect(page.locator('.mr-row-expansion').getByText(entry.name, { exact: true })).toBeVisible();
});

test('a long unbroken suffix stays inside the Confirm Name step', async ({ pageAs }) => {
  const page = await pageAs('lead', `/model-upload?basedOn=${entry.uuid}`);
  await expect(page.getByText(`Based on the metadata of ${entry.name}.`)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: /Confirm Name/ }).click();
  await page.getByLabel('Suffix').fill('x'.repeat(190));
  const name = page.locator('output.mr-generated-name');
  await expect(name).toContainText('x'.repeat(190));
  const body = await page.locator('.mr-wizard__body').boundingBox();
  const box = await name.boundingBox();
  if (!body || !box) throw new Error('no boxes');
  expect(box.x + box.width).toBeLessThanOrEqual(body.x + body.width);
  const overflows = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(overflows).toBe(false);
});
