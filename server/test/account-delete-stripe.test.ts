import { tracesOf } from './helpers/account-traces';
import { card } from './helpers/billing';
import { checkedOutCustomer, createStripeTestApp, type StripeTestApp } from './helpers/stripe-app';

// Deleting an account on the real Stripe provider and SDK (FakeStripe on 127.0.0.1): the subscription
// is cancelled and the customer deleted at Stripe, and Stripe's webhooks that follow are acknowledged
// without bringing anything of the account back.

let ctx: StripeTestApp;
beforeAll(async () => {
  ctx = await createStripeTestApp();
});
afterAll(() => ctx.close());

it('cancels the subscription, deletes the Stripe customer and ignores the webhooks that follow', async () => {
  const { user, url, customer, userId } = await checkedOutCustomer(ctx);
  await ctx.fake.completeCheckout(url, card());
  await ctx.fake.deliver(ctx);

  const res = await ctx.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: user.headers,
    payload: { password: user.password },
  });
  expect(res.statusCode).toBe(204);
  expect(ctx.fake.calls('DELETE', /^\/v1\/subscriptions\//)).toHaveLength(1);
  expect(ctx.fake.calls('DELETE', new RegExp(`^/v1/customers/${customer}$`))).toHaveLength(1);

  // Every webhook (twice, newest first) answers 200: deliver() throws otherwise.
  await ctx.fake.deliver(ctx);
  // FakeStripe keeps Stripe's records in the sandbox's tables: Stripe's side, not ours.
  const ours = Object.keys(await tracesOf(ctx.deps.db, [userId, user.email, customer])).filter(
    (table) => !table.startsWith('sandbox_stripe_'),
  );
  expect(ours).toEqual([]);
});
