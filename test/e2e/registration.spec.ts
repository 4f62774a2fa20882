import { idToken } from '../support/local-cloud';
import { expectSignedIn, outboxMessages, submitPasswordSignIn, withoutTour } from './support/app';
import { createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * The external person's whole way in (issue 20 §3, §10): registered by an owner through the API, the
 * person self-registers with the e-mailed code in a fresh browser, an administrator approves on
 * 'Incoming user requests', and the person signs in with the temporary password from the invitation,
 * chooses a new one, and finds exactly the model the code granted.
 */
const mailTo = async (endpoints: Parameters<typeof outboxMessages>[0], email: string, subject: string) => {
  let found: Record<string, unknown> | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxMessages(endpoints)).find(
          (m) => (m.to as string[]).includes(email) && m.subject === subject,
        );
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return String(found?.text);
};

test('register → self-register with the code → approve → sign in and see exactly the granted model', async ({
  browser,
  endpoints,
  pageAs,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag('reg');
  const noViewers = { vestLead: 'lead', steward: 'steward', owners: ['owner'], viewers: [] };
  const granted = await createEntry('owner', `${tag} granted`, { roles: noViewers });
  const notGranted = await createEntry('owner', `${tag} other`, { roles: noViewers });
  const email = `${tag.replace(/\s+/g, '-')}@partner.example`;

  // 1. Olivia Owner registers the person (the wizard's request); the code goes out by mail only.
  const registered = await fetch(`${endpoints.api}/v2/external-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await idToken('owner')}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Paula',
      lastName: 'Partner',
      email,
      externalUserType: 'VENDOR',
      purchaseOrderId: '4711',
      modelAccesses: [{ modelUuid: granted.uuid, modelRole: 'VIEWER' }],
    }),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const codeMail = await mailTo(endpoints, email, 'Your registration code for Model Repository');
  const code = /^\s+([A-Za-z0-9_-]{43})\s*$/m.exec(codeMail)?.[1];
  expect(code).toBeTruthy();

  // 2. A fresh browser: the registration page, the agreement read to its end, the request.
  const context = await browser.newContext();
  const page = await context.newPage();
  await withoutTour(page);
  await page.goto(`/registration?email=${encodeURIComponent(email)}`);
  await page.getByLabel('First Name').fill('Paula');
  await page.getByLabel('Last Name').fill('Partner');
  await expect(page.getByLabel('Email Id')).toHaveValue(email);
  await page.getByLabel('Registration Code').fill(code as string);
  const box = page.getByRole('checkbox', { name: /I have read and accept/ });
  await expect(box).toBeDisabled();
  await page.getByRole('button', { name: 'Read the agreement' }).click();
  const agreement = page.getByRole('dialog', { name: 'Agreement on Confidential Materials' });
  await agreement
    .getByRole('region', { name: 'Agreement on Confidential Materials' })
    .evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(agreement.getByText('You have read the agreement.')).toBeVisible();
  await agreement.getByRole('button', { name: 'Done' }).click();
  await box.check();
  await page.getByRole('button', { name: 'Request Access to Model Repository' }).click();
  await expect(page.getByRole('dialog', { name: 'Request Submitted Successfully!' })).toBeVisible();

  // 3. The administrator accepts.
  const admin = await pageAs('admin', '/admin/registration-review');
  await expect(admin.getByRole('heading', { name: 'Incoming user requests' })).toBeVisible({
    timeout: 30_000,
  });
  await admin.getByRole('button', { name: 'Accept Paula Partner' }).click();
  await expect(admin.getByText('Access request reviewed').first()).toBeVisible();

  // 4. The invitation's temporary password; a new password at the first sign-in.
  const invitation = await mailTo(endpoints, email, 'Your Model Repository account');
  const temporary = /Temporary password: (\S+)/.exec(invitation)?.[1] as string;
  await page.goto('/landingPage');
  await submitPasswordSignIn(page, email, temporary);
  await page.getByLabel('Password', { exact: true }).fill('Chosen-Password-42');
  await page.getByLabel('Confirm Password').fill('Chosen-Password-42');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectSignedIn(page);

  // 5. Exactly the granted model.
  await page.getByPlaceholder('What are you looking for today?').fill(tag);
  await expect(page.getByRole('row').filter({ hasText: granted.name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row').filter({ hasText: notGranted.name })).toHaveCount(0);
  await context.close();
});
