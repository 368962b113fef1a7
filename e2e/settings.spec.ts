// Journey: settings — change the forwarding number (Cancel reverts, Save keeps), Manage Billing → sandbox
// portal → cancel at period end → back to settings; and two users never see each other's data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api } from './support/api';
import { TEST_TIMEOUT, useBrowser } from './support/browser';
import { historyRegion } from './support/dashboard';
import { eventually, expectPath, see } from './support/flows';
import { seedInboundCalls, seedSubscriber, signedInPage } from './support/seed';

useBrowser();

const forwardingEdit = (page: import('playwright-core').Page) =>
  page.getByRole('textbox', { name: /forwarding/i });

test(
  'settings: change the forwarding number with Cancel and Save, then manage billing in the portal',
  { timeout: TEST_TIMEOUT },
  async () => {
    const subscriber = await seedSubscriber('settings', '646', '+16465550111');
    const { context, page } = await signedInPage(subscriber, 'desktop', '/settings');
    try {
      await expectPath(page, '/settings');
      await see(page, 'Cannot be changed');
      await see(page, '(646) 555-0111');

      await page.getByRole('button', { name: 'Change' }).click();
      await forwardingEdit(page).fill('');
      await forwardingEdit(page).pressSequentially('2125550147');
      assert.equal(await forwardingEdit(page).inputValue(), '(212) 555-0147');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await see(page, '(646) 555-0111');
      assert.equal(await page.getByText('(212) 555-0147').count(), 0, 'Cancel reverts to the previous value');

      await page.getByRole('button', { name: 'Change' }).click();
      await forwardingEdit(page).fill('');
      await forwardingEdit(page).pressSequentially('212555');
      assert.ok(
        await page.getByRole('button', { name: 'Save' }).isDisabled(),
        'Save is disabled for a partial number',
      );
      await forwardingEdit(page).pressSequentially('0147');
      await page.getByRole('button', { name: 'Save' }).click();
      await see(page, 'Forwarding number updated successfully!');
      await see(page, '(212) 555-0147');
      await page.reload();
      await see(page, '(212) 555-0147');

      await page.getByRole('button', { name: 'Manage Billing' }).click();
      await expectPath(page, /^\/api\/sandbox\/portal\//, 30_000);
      // Cancelling ends the plan at the period's end, not now: the portal says until when the number
      // works, offers to resume, and the account still has its subscription, marked to end.
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await see(
        page,
        /^Your subscription is cancelled\. Your number stays active until \w+ \d{1,2}, \d{4}\.$/,
      );
      await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
      const status = await api<{
        has_subscription: boolean;
        subscription: { cancel_at_period_end: boolean };
      }>('GET', '/billing/subscription-status', { token: subscriber.tokens.access_token });
      assert.equal(status.has_subscription, true, 'the plan lasts until the end of its period');
      assert.equal(status.subscription.cancel_at_period_end, true, 'the plan is marked to end');
      await page
        .getByRole('link', { name: /settings|back|return/i })
        .first()
        .click();
      await expectPath(page, '/settings');
      await see(page, 'Cannot be changed');
    } finally {
      await context.close();
    }
  },
);

test(
  "a second user in another browser context never sees the first user's number or calls",
  { timeout: TEST_TIMEOUT },
  async () => {
    const alice = await seedSubscriber('alice', '206', '+12065550299');
    const bob = await seedSubscriber('bob', '503', '+15035550299');
    await seedInboundCalls(alice, 3);
    const a = await signedInPage(alice, 'desktop', '/dashboard');
    const b = await signedInPage(bob, 'desktop', '/dashboard');
    try {
      await see(historyRegion(a.page), '(415) 555-1000');
      await see(b.page, 'No calls yet');
      const bobCalls = await api<{ calls: unknown[] }>('GET', '/dashboard/calls', {
        token: bob.tokens.access_token,
      });
      assert.equal(bobCalls.calls.length, 0, "the API gives Bob none of Alice's calls");
      const bobText = await b.page.locator('body').innerText();
      assert.ok(!bobText.includes('(415) 555-1000'), "Bob's history holds none of Alice's calls");
      await b.page.goto('/settings');
      await see(b.page, 'Cannot be changed');
      await eventually(
        async () => (await b.page.getByLabel('Business number').inputValue()) === '(503) 555-0100',
        "Bob's business number in settings",
      );
      const bobSettings = await b.page.locator('body').innerText();
      for (const secret of ['(206) 555-', '(206) 555-0100']) {
        assert.ok(!bobSettings.includes(secret), `Bob's settings do not show Alice's ${secret}`);
      }
      // And the other way round, in the still-open first context.
      await a.page.goto('/settings');
      await see(a.page, 'Cannot be changed');
      await eventually(
        async () => (await a.page.getByLabel('Business number').inputValue()) === '(206) 555-0100',
        "Alice's business number in settings",
      );
      assert.ok(
        !(await a.page.locator('body').innerText()).includes('(503) 555-'),
        "Alice's settings do not show Bob's numbers",
      );
    } finally {
      await a.context.close();
      await b.context.close();
    }
  },
);

test(
  'delete account: the password confirms it, the person is signed out and the account is gone',
  { timeout: TEST_TIMEOUT },
  async () => {
    const subscriber = await seedSubscriber('delete', '737', '+17375550111');
    const { context, page } = await signedInPage(subscriber, 'phone', '/settings');
    try {
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
    } finally {
      await context.close();
    }
  },
);
