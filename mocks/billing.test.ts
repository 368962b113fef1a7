import { DEMO } from './fixtures';
import { seedSubscription, seedUser } from './seed';
import { issueTokens } from './tokens';
import { subscriptionOf } from './db';
import { callApi } from './testApi';
import { daysLeft } from '../rules/days';

const DAY = 24 * 60 * 60;

describe('billing mocks', () => {
  it("reports the demo trial with its period end in epoch seconds, on the browser's clock", async () => {
    const asked = Math.floor(Date.now() / 1000);
    const { status, body } = await callApi('GET', '/billing/subscription-status');
    expect(status).toBe(200);
    expect(body.has_subscription).toBe(true);
    expect(body.subscription.status).toBe('trialing');
    // The mocks have no billing clock: the account's billing time is now.
    expect(body.billing_time).toBeGreaterThanOrEqual(asked);
    expect(body.billing_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(daysLeft(body.subscription.current_period_end, body.billing_time)).toBe(DEMO.trialDaysLeft);
  });

  it('starts a 14-day trial on checkout and returns an in-app return url', async () => {
    seedUser({ email: 'new@example.com' });
    const { access_token } = issueTokens('new@example.com');
    const before = await callApi('GET', '/billing/subscription-status', { token: access_token });
    expect(before.body).toMatchObject({ has_subscription: false, subscription: null });

    const checkout = await callApi('POST', '/billing/create-checkout-session', { token: access_token });
    expect(checkout.body.url).toMatch(/^\/checkout\/redirect\?session_id=mock_cs_\d+$/);

    const after = await callApi('GET', '/billing/subscription-status', { token: access_token });
    expect(after.body.has_subscription).toBe(true);
    const end = after.body.subscription.current_period_end;
    expect(end).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 14 * DAY - 5);
    expect(after.body.subscription.cancel_at_period_end).toBe(false);

    // Already subscribed (as the server answers): back to the app's return page, the trial untouched.
    const again = await callApi('POST', '/billing/create-checkout-session', { token: access_token });
    expect(again).toEqual({ status: 200, body: { url: 'http://localhost/checkout/redirect' } });
    expect(subscriptionOf('new@example.com')?.current_period_end).toBe(end);
  });

  it('says no subscription for a cancelled one, and still returns it', async () => {
    seedSubscription(DEMO.email, { status: 'canceled' });
    const { body } = await callApi('GET', '/billing/subscription-status');
    expect(body.has_subscription).toBe(false);
    expect(body.subscription.status).toBe('canceled');
    expect(subscriptionOf(DEMO.email)?.status).toBe('canceled');
  });

  it("opens the app's own settings page as the portal (the mocks have no hosted portal)", async () => {
    expect((await callApi('POST', '/billing/create-portal-session')).body.url).toMatch(
      /^\/settings\?portal_session=/,
    );
  });

  it('gives one trial per account: a returning customer pays its year at once', async () => {
    seedSubscription(DEMO.email, { status: 'canceled' });
    const checkout = await callApi('POST', '/billing/create-checkout-session');
    expect(checkout.status).toBe(200);
    const { body } = await callApi('GET', '/billing/subscription-status');
    expect(body).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
    expect(body.subscription.current_period_end).toBeGreaterThan(Date.now() / 1000 + 360 * DAY);
  });

  it('counts past_due as live while a failed payment is retried', async () => {
    seedSubscription(DEMO.email, { status: 'past_due' });
    expect((await callApi('GET', '/billing/subscription-status')).body.has_subscription).toBe(true);
    expect((await callApi('POST', '/billing/create-checkout-session')).body).toEqual({
      url: 'http://localhost/checkout/redirect',
    });
    expect(subscriptionOf(DEMO.email)?.status).toBe('past_due');
  });

  it('keeps the usage emails switch, on by default', async () => {
    expect((await callApi('GET', '/billing/usage-emails')).body).toEqual({ enabled: true });
    expect((await callApi('PUT', '/billing/usage-emails', { body: { enabled: false } })).body).toEqual({
      enabled: false,
    });
    expect((await callApi('GET', '/billing/usage-emails')).body).toEqual({ enabled: false });
    expect((await callApi('PUT', '/billing/usage-emails', { body: { enabled: 'no' } })).status).toBe(400);
    expect((await callApi('GET', '/billing/usage-emails', { token: null })).status).toBe(401);
  });
});
