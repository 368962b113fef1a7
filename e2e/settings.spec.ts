// Journey: settings — change the forwarding number (Cancel reverts, Save keeps), Manage Billing → sandbox
// portal → cancel at period end → back to settings; and two users never see each other's data.
import type { Page } from '@playwright/test';
import { api, signInContext } from './support/api';
import { historyRegion } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { expectPath, see } from './support/flows';
import { seedInboundCalls, seedSubscriber } from './support/seed';

const forwardingEdit = (page: Page) => page.getByRole('textbox', { name: /forwarding/i });

test('settings: change the forwarding number with Cancel and Save, then manage billing in the portal', async ({
  page,
}) => {
  const subscriber = await seedSubscriber('settings', '646', '+16465550111');
  await signInContext(page, subscriber.tokens);
  await page.goto('/settings');
  await expectPath(page, '/settings');
  await see(page, 'Cannot be changed');
  await see(page, '(646) 555-0111');

  await page.getByRole('button', { name: 'Change', exact: true }).click();
  await forwardingEdit(page).fill('');
  await forwardingEdit(page).pressSequentially('2125550147');
  await expect(forwardingEdit(page)).toHaveValue('(212) 555-0147');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await see(page, '(646) 555-0111');
  expect(await page.getByText('(212) 555-0147').count(), 'Cancel reverts to the previous value').toBe(0);

  await page.getByRole('button', { name: 'Change', exact: true }).click();
  await forwardingEdit(page).fill('');
  await forwardingEdit(page).pressSequentially('212555');
  await expect(
    page.getByRole('button', { name: 'Save' }),
    'Save is disabled for a partial number',
  ).toBeDisabled();
  await forwardingEdit(page).pressSequentially('0147');
  await page.getByRole('button', { name: 'Save' }).click();
  await see(page, 'Forwarding number updated successfully!');
  await see(page, '(212) 555-0147');
  await page.reload();
  await see(page, '(212) 555-0147');

  await page.getByRole('button', { name: 'Manage Billing' }).click();
  await expectPath(page, /^\/api\/sandbox\/portal\//);
  // Cancelling ends the plan at the period's end, not now: the portal says until when the number
  // works, offers to resume, and the account still has its subscription, marked to end.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await see(page, /^Your subscription is cancelled\. Your number stays active until \w+ \d{1,2}, \d{4}\.$/);
  await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
  const status = await api<{
    has_subscription: boolean;
    subscription: { cancel_at_period_end: boolean };
  }>('GET', '/billing/subscription-status', { token: subscriber.tokens.access_token });
  expect(status.has_subscription, 'the plan lasts until the end of its period').toBe(true);
  expect(status.subscription.cancel_at_period_end, 'the plan is marked to end').toBe(true);
  await page
    .getByRole('link', { name: /settings|back|return/i })
    .first()
    .click();
  await expectPath(page, '/settings');
  await see(page, 'Cannot be changed');
});

test("a second user in another browser context never sees the first user's number or calls", async ({
  page: alicePage,
  newPage,
}) => {
  const alice = await seedSubscriber('alice', '206', '+12065550299');
  const bob = await seedSubscriber('bob', '503', '+15035550299');
  await seedInboundCalls(alice, 3);
  await signInContext(alicePage, alice.tokens);
  await alicePage.goto('/dashboard');
  const bobPage = await newPage('desktop', bob.tokens);
  await bobPage.goto('/dashboard');

  await see(historyRegion(alicePage), '(415) 555-1000');
  await see(bobPage, 'No calls yet');
  const bobCalls = await api<{ calls: unknown[] }>('GET', '/dashboard/calls', {
    token: bob.tokens.access_token,
  });
  expect(bobCalls.calls.length, "the API gives Bob none of Alice's calls").toBe(0);
  const bobText = await bobPage.locator('body').innerText();
  expect(bobText, "Bob's history holds none of Alice's calls").not.toContain('(415) 555-1000');
  await bobPage.goto('/settings');
  await see(bobPage, 'Cannot be changed');
  await expect(bobPage.getByLabel('Business number'), "Bob's business number in settings").toHaveValue(
    '(503) 555-0100',
  );
  const bobSettings = await bobPage.locator('body').innerText();
  for (const secret of ['(206) 555-', '(206) 555-0100']) {
    expect(bobSettings, `Bob's settings do not show Alice's ${secret}`).not.toContain(secret);
  }
  // And the other way round, in the still-open first context.
  await alicePage.goto('/settings');
  await see(alicePage, 'Cannot be changed');
  await expect(alicePage.getByLabel('Business number'), "Alice's business number in settings").toHaveValue(
    '(206) 555-0100',
  );
  expect(
    await alicePage.locator('body').innerText(),
    "Alice's settings do not show Bob's numbers",
  ).not.toContain('(503) 555-');
});

test.describe(() => {
  test.use({ device: 'phone' });

  test('delete account: the password confirms it, the person is signed out and the account is gone', async ({
    page,
  }) => {
    const subscriber = await seedSubscriber('delete', '737', '+17375550111');
    await signInContext(page, subscriber.tokens);
    await page.goto('/settings');
    await see(page, 'Cannot be changed');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/^password/i).fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await see(dialog, 'That password is not right');
    await dialog.getByLabel(/^password/i).fill(subscriber.person.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await see(page, 'Your account has been deleted');
    await expectPath(page, '/');
    await api('GET', '/dashboard/phone-number', { token: subscriber.tokens.access_token, expect: 401 });
    await api('POST', '/auth/login', {
      body: { email: subscriber.person.email, password: subscriber.person.password },
      expect: 401,
    });
  });
});
