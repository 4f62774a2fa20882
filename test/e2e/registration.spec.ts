import { idToken } from '../support/local-cloud';
import {
  expectSignedIn,
  outboxMessages,
  recordShownMessages,
  submitPasswordSignIn,
  withoutTour,
} from './support/app';
import { createEntry } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * The external person's whole way in (issue 20 §3, §10): registered by an owner through the API, the
 * person self-registers with the e-mailed code in a fresh browser, an administrator approves on
 * 'Incoming user requests', and the person signs in with the temporary password from the invitation,
 * chooses a new one, and finds exactly the model the code granted. Then the administrator deactivates
 * the person on the admin list of external users, and the person can no longer use the app: the next
 * page load is refused by the server (cognito-local still signs a disabled person in, so it is our
 * authorizer and users table that refuse, 002 §4 / issue 20 §3), and so is a fresh sign-in.
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

test('register → self-register with the code → approve → sign in and see exactly the granted model → deactivated, no more access', async ({
  browser,
  endpoints,
  pageAs,
}) => {
  test.setTimeout(300_000);
  const tag = uniqueTag('reg');
  const noViewers = { vestLead: 'lead', steward: 'steward', owners: ['owner'], viewers: [] };
  const granted = await createEntry('owner', `${tag} granted`, { roles: noViewers });
  const notGranted = await createEntry('owner', `${tag} other`, { roles: noViewers });
  const email = `${tag.replace(/\s+/g, '-')}@partner.example`;
  // Every run registers its own person, so a run against a cloud that earlier runs left people in
  // finds this one's buttons and rows by name.
  const lastName = `Partner ${tag.split(' ')[1]}`;
  const fullName = `Paula ${lastName}`;

  // 1. Olivia Owner registers the person (the wizard's request); the code goes out by mail only.
  const registered = await fetch(`${endpoints.api}/v2/external-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await idToken('owner')}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Paula',
      lastName,
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
  await page.getByLabel('Last Name').fill(lastName);
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
  await admin.getByRole('button', { name: `Accept ${fullName}` }).click();
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

  // 6. The administrator deactivates the person on the admin list of external users.
  await admin.goto('/admin/externalization-user');
  // A full page load: on a busy machine the app's first screen takes tens of seconds (CI once spent
  // the whole action timeout in a fill typed into the half-started page), so wait for the page first.
  await expect(admin.getByRole('heading', { name: 'Activate and deactivate users' })).toBeVisible({
    timeout: 30_000,
  });
  // The list pages by 10 and other tests register people too: search for this one.
  await admin.getByLabel('Search external users').fill(email, { timeout: 30_000 });
  // The list's row (the quarterly access review below lists the person too, with a 'Select' tick).
  const personRow = admin.getByRole('row', { name: new RegExp(`^${fullName}`) }).filter({ hasText: email });
  await personRow.click();
  await admin.getByRole('button', { name: 'Deactivate User' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Deactivate' });
  await expect(confirm.getByText(`Deactivate ${fullName}?`)).toBeVisible();
  const shownMessages = await recordShownMessages(admin);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect
    .poll(async () => (await shownMessages()).join('\n'), { timeout: 20_000 })
    .toContain('External user has now been deactivated successfully');
  await expect(personRow).toContainText('INACTIVE');

  // 7. The person's open session is refused at the next page load, and a fresh sign-in is refused too.
  const denied = async () => {
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText('You do not have access to Model Repository, or your account is inactive.'),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: granted.name })).toHaveCount(0);
  };
  await page.reload();
  await denied();
  await page.getByRole('button', { name: 'Re-attempt login' }).click();
  await submitPasswordSignIn(page, email, 'Chosen-Password-42');
  await denied();
  // The API itself refuses the person's token (the server, not the page, decides).
  const token = await page.evaluate(
    () => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1],
  );
  expect(token, 'the signed-in session keeps its ID token').toBeTruthy();
  const me = await fetch(`${endpoints.api}/v2/users/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(403);
  await context.close();
});
