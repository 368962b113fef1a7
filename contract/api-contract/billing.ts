import type { ContractDriver } from '../driver';
import { refused, SESSION_EXPIRED } from './helpers';
import { daysLeft } from '../../rules/days';
import { TRIAL_DAYS } from '../../rules/plan';
import type { SubscriptionStatus } from '../billing';

export function billingCases(api: ContractDriver) {
  describe('billing', () => {
    it('reports no subscription before checkout', async () => {
      const token = await api.newUser();
      const { status, body } = await api.request('GET', '/billing/subscription-status', { token });
      expect(status).toBe(200);
      expect(body).toMatchObject({ has_subscription: false });
    });

    it('reports a 14-day trial after checkout with the billing time it counts from; a second checkout leaves it as it is', async () => {
      const token = await api.newSubscriber();
      const asked = Math.floor(Date.now() / 1000);
      const status = () => api.request('GET', '/billing/subscription-status', { token });
      const { status: code, body } = await status();
      expect(code).toBe(200);
      expect(body).toMatchObject({
        has_subscription: true,
        subscription: { status: 'trialing', cancel_at_period_end: false },
      });
      // A new account's billing clock has not been moved: it is now, 14 days before the trial's end.
      const { billing_time, subscription } = body as SubscriptionStatus;
      expect(billing_time).toBeGreaterThanOrEqual(asked);
      expect(billing_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      expect(daysLeft(subscription!.current_period_end!, billing_time)).toBe(TRIAL_DAYS);
      // Already subscribed: the checkout sends the browser back to the app's return page.
      const again = await api.request('POST', '/billing/create-checkout-session', { token });
      expect(again).toEqual({
        status: 200,
        body: { url: expect.stringMatching(/^https?:\/\/[^/]+\/checkout\/redirect$/) },
      });
      // The same trial (the billing time alone moves on).
      expect((await status()).body).toEqual({
        ...(body as SubscriptionStatus),
        billing_time: expect.any(Number),
      });
    });

    it('sends usage emails until they are switched off, and remembers the choice', async () => {
      const token = await api.newSubscriber();
      expect(await api.request('GET', '/billing/usage-emails', { token })).toEqual({
        status: 200,
        body: { enabled: true },
      });
      const off = await api.request('PUT', '/billing/usage-emails', { token, body: { enabled: false } });
      expect(off).toEqual({ status: 200, body: { enabled: false } });
      expect((await api.request('GET', '/billing/usage-emails', { token })).body).toEqual({
        enabled: false,
      });
      expect(await api.request('PUT', '/billing/usage-emails', { token, body: { enabled: 'no' } })).toEqual(
        refused(400, 'bad_request', 'The enabled field must be a boolean.'),
      );
      expect(await api.request('GET', '/billing/usage-emails')).toEqual({
        status: 401,
        body: SESSION_EXPIRED,
      });
    });

    it("opens a subscriber's billing portal: a url to send the browser to", async () => {
      const token = await api.newSubscriber();
      const { status, body } = await api.request('POST', '/billing/create-portal-session', { token });
      expect(status).toBe(200);
      expect(body).toEqual({ url: expect.stringMatching(/^(https?:\/\/|\/)/) });
    });

    it('starts the paid plan now, ending the trial: the year is paid and the account active', async () => {
      const token = await api.newSubscriber();
      const { status, body } = await api.request('POST', '/billing/end-trial', { token });
      expect(status).toBe(200);
      expect(body).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
      const again = await api.request('POST', '/billing/end-trial', { token });
      expect(again).toEqual({
        status: 409,
        body: { error: 'not_in_trial', message: 'Your plan is not in its free trial.' },
      });
    });

    // The server's is the provider's hosted page; the mocks, which have none, answer the app's return page.
    it('creates a checkout session: a url to send the browser to', async () => {
      const token = await api.newUser();
      const { status, body } = await api.request('POST', '/billing/create-checkout-session', { token });
      expect(status).toBe(200);
      expect(body).toEqual({ url: expect.stringMatching(/^(https?:\/\/|\/)/) });
    });
  });

  describe('billing, signed out or never subscribed', () => {
    it.each([
      ['POST', '/billing/create-checkout-session'],
      ['POST', '/billing/create-portal-session'],
      ['GET', '/billing/subscription-status'],
      ['POST', '/billing/end-trial'],
    ] as const)('answers %s %s without a token with 401', async (method, path) => {
      expect(await api.request(method, path)).toEqual({ status: 401, body: SESSION_EXPIRED });
    });

    it('opens no portal for an account that never subscribed: 404', async () => {
      const token = await api.newUser();
      expect((await api.request('POST', '/billing/create-portal-session', { token })).status).toBe(404);
    });
  });
}
