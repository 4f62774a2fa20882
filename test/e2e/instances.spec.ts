import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  callAs,
  createGroup,
  createInstance,
  createWebSetup,
  instanceEditorPath,
  instanceListPath,
  setExpertise,
  type WebSetup,
} from './support/instances';
import { uniqueTag } from './support/unique';

/**
 * The instance screens of issue 10 (spec 001 §2, §4-§6): a Basic and an Expert user fill in an
 * instance and see different parameters; sharing and stopping it; dragging an instance into a group
 * and out of it again.
 */

/** Set by beforeAll, which may run more than once in a worker (support/unique.ts). */
const setup = { current: undefined as WebSetup | undefined };
const web = () => {
  if (!setup.current) throw new Error('beforeAll did not run');
  return setup.current;
};

test.beforeAll(async () => {
  setup.current = await createWebSetup(uniqueTag('e2e instances'));
  // User Settings (000 §2 Model Access): the viewer is a Basic user, the owner an Expert.
  await setExpertise(web().uuid, 'viewer', 250);
  await setExpertise(web().uuid, 'owner', 1000);
});

const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('a Basic and an Expert user fill in the same instance and see different parameters', async ({
  pageAs,
}) => {
  const name = uniqueTag('Basic run');
  const basic = await pageAs('viewer', instanceListPath(web()));
  // The worker's first page of this persona: the app starts (config, token, user, entry, sub-models),
  // which took more than the default 10 s once when both cores were busy.
  await expect(basic.getByRole('heading', { name: 'Scenario Management', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await basic.getByRole('button', { name: 'Add Instance' }).first().click();
  const add = basic.getByRole('dialog', { name: 'Add Instance' });
  await add.getByRole('textbox', { name: 'Instance Name *' }).fill(name);
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(message(basic, 'Instance has been created')).toBeVisible();
  await expect(basic).toHaveURL(/\/instance\/[^/]+\/editor$/);
  const instanceId = basic.url().split('/instance/')[1]?.split('/')[0] ?? '';

  // Basic (250): the Basic parameters, not the Expert ones.
  const cohort = basic.getByRole('textbox', { name: 'Cohort size' });
  await expect(cohort).toHaveValue('100');
  await expect(basic.getByRole('textbox', { name: 'Country' })).toBeVisible();
  await expect(basic.getByRole('heading', { name: 'Population', level: 3 })).toBeVisible();
  await expect(basic.getByLabel('Discount rate')).toHaveCount(0);
  await expect(basic.getByLabel('Start date')).toHaveCount(0);
  await cohort.fill('2000');
  await expect(basic.getByText('Cohort size must be equal or smaller then 1000')).toBeVisible();
  await cohort.fill('250');
  await basic.getByRole('textbox', { name: 'Country' }).fill('France');
  // The parameter file: checked, then sent with its progress to a presigned PUT.
  await basic.getByLabel('Population file').setInputFiles({
    name: 'population.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('age,count\n40,100\n'),
  });
  await expect(basic.getByText('population.csv')).toBeVisible();
  await basic.getByRole('button', { name: 'Save' }).click();
  await expect(message(basic, 'Scenario Parameters have been updated')).toBeVisible();

  // Expert (1000): the same instance shows the Expert parameters too, with their defaults.
  const expert = await pageAs('owner', instanceEditorPath(web(), instanceId));
  await expect(expert.getByRole('textbox', { name: 'Cohort size' })).toHaveValue('250');
  await expect(expert.getByRole('textbox', { name: 'Country' })).toHaveValue('France');
  const discount = expert.getByRole('textbox', { name: 'Discount rate' });
  await expect(discount).toHaveValue('0.035');
  await expect(expert.getByLabel('Start date')).toHaveValue('2026-01-01');
  await discount.fill('0.05');
  await expert.getByRole('button', { name: 'Save' }).click();
  await expect(message(expert, 'Scenario Parameters have been updated')).toBeVisible();

  // What each of them reads back: the Basic user's values never carry the Expert parameters.
  const seenByBasic = JSON.parse(
    (await callAs('viewer', 'GET', `/v2/models/${web().uuid}/instances/${instanceId}`)).input.value,
  );
  expect(seenByBasic).toMatchObject({
    cohort: 250,
    country: 'France',
    population: { name: 'population.csv' },
  });
  expect(seenByBasic).not.toHaveProperty('discount');
  const seenByExpert = JSON.parse(
    (await callAs('owner', 'GET', `/v2/models/${web().uuid}/instances/${instanceId}`)).input.value,
  );
  expect(seenByExpert).toMatchObject({ cohort: 250, discount: 0.05, start: '2026-01-01' });
});

test('the owner shares an instance with a viewer and stops sharing it', async ({ pageAs }) => {
  const instance = await createInstance('owner', web(), uniqueTag('Shared run'));
  const page = await pageAs('owner', instanceListPath(web(), instance.id));
  const actions = page.getByRole('complementary', { name: 'Sub-model actions' });
  await actions.getByRole('button', { name: 'Share Instance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Instance' });
  await expect(dialog.getByRole('textbox', { name: 'Message *' })).toHaveValue(
    /Olivia Owner has shared the instance/,
  );
  await dialog.getByRole('combobox', { name: 'Send an email to selected users *' }).fill('Victor');
  await page.getByRole('option', { name: /Victor Viewer/ }).click();
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(message(page, 'Instance has been shared')).toBeVisible();
  const sharedWith = dialog.getByRole('region', { name: 'Shared with' });
  await expect(sharedWith).toContainText('Victor Viewer');

  await sharedWith.getByRole('button', { name: 'Stop sharing with Victor Viewer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop Sharing' });
  await expect(confirm).toContainText(
    `Do you want to stop sharing ${instance.name} instance with Victor Viewer?`,
  );
  await confirm.getByRole('button', { name: 'Stop Sharing' }).click();
  await expect(sharedWith).toContainText('This instance is not shared with anyone.');
  const after = await callAs('owner', 'GET', `/v2/models/${web().uuid}/instances/${instance.id}`);
  expect(after.sharedWith).toEqual([]);
});

test('an instance is dragged into a group with the keyboard and out of it with the mouse', async ({
  pageAs,
}) => {
  const instance = await createInstance('owner', web(), uniqueTag('Grouped run'));
  const groupName = `G ${Date.now().toString(36).slice(-6)}`;
  const groupId = await createGroup(web(), groupName);
  const page = await pageAs('owner', `${instanceListPath(web())}?q=${encodeURIComponent(instance.name)}`);
  const groups = page.getByRole('region', { name: 'Groups' });
  const target = groups.getByRole('button', { name: `${groupName}, 0 instances` });
  await expect(target).toBeVisible();

  // Keyboard: Space picks up, an arrow goes to the nearest group its way (the groups are above the
  // list), Space drops.
  const handle = page.getByRole('button', { name: `Move ${instance.name} to a group` });
  await handle.focus();
  await page.keyboard.press('Space');
  let over = false;
  for (let i = 0; i < 20 && !over; i++) {
    await page.keyboard.press('ArrowUp');
    over = await page
      .getByText(`${instance.name} is over group ${groupName}.`)
      .count()
      .then((n) => n > 0);
  }
  expect(over).toBe(true);
  await page.keyboard.press('Space');
  await expect(groups.getByRole('button', { name: `${groupName}, 1 instance` })).toBeVisible();
  const group = await callAs('owner', 'GET', `/v2/models/${web().uuid}/groups/${groupId}`);
  expect(group.scenarioIds).toEqual([instance.id]);

  // Mouse: open the group and drag its member out of the groups.
  await groups.getByRole('button', { name: `${groupName}, 1 instance` }).click();
  const member = groups.getByRole('button', { name: `Move ${instance.name} out of the group` });
  const from = await member.boundingBox();
  if (!from) throw new Error('no member box');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  const zone = page.getByText(`Drop here to take ${instance.name} out of its group`);
  await expect(zone).toBeVisible();
  const to = await zone.boundingBox();
  if (!to) throw new Error('no zone box');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(groups.getByRole('button', { name: `${groupName}, 0 instances` })).toBeVisible();
  const emptied = await callAs('owner', 'GET', `/v2/models/${web().uuid}/groups/${groupId}`);
  expect(emptied.scenarioIds).toEqual([]);
});
