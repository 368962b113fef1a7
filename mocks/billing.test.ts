import { DEMO } from './fixtures';
import { seedSubscription, seedUser } from './seed';
import { issueTokens } from './tokens';
import { subscriptionOf } from './db';
import { callApi } from './testApi';
import { daysLeft } from '../rules/days';

const DAY = 24 * 60 * 60;

// Subscription states the API alone cannot reach (cancelled, past due), seeded here; the server's
// tests reach them through provider events. The rest is the API contract (contract/api-contract/).
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

  // The mocks have no hosted checkout: its session starts the trial at once (the 14 days, and a
  // second checkout while it runs, are the API contract's).
  it('starts the trial on checkout and answers the in-app return page', async () => {
    seedUser({ email: 'new@example.com' });
    const { access_token } = issueTokens('new@example.com');
    const checkout = await callApi('POST', '/billing/create-checkout-session', { token: access_token });
    expect(checkout.body.url).toMatch(/^\/checkout\/redirect\?session_id=mock_cs_\d+$/);
    expect(subscriptionOf('new@example.com')?.status).toBe('trialing');
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
});
