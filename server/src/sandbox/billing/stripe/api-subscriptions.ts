import type Stripe from 'stripe';
import type { SandboxStripe } from './api';
import { type CustomerContext, noSuch, SandboxStripeError } from './context';
import { createSubscription, endTrialNow } from './lifecycle';
import { SANDBOX_PRICE, type SbPaymentMethod, type SbSubscription } from './objects';
import { endSubscription } from './payments';

// Stripe's subscriptions API, on the sandbox's records.
export function subscriptionsApi(sandbox: SandboxStripe) {
  const get = async (id: string) => {
    const sub = await sandbox.store.get<SbSubscription>(id);
    if (!sub) throw noSuch('subscription', id);
    return sub;
  };
  // `expand: ['default_payment_method']` (or `data.default_payment_method` in a list) gives the card.
  const view = async (sub: SbSubscription, params?: { expand?: string[] }) => {
    const expand = params?.expand?.some((e) => e.endsWith('default_payment_method'));
    if (!expand || !sub.default_payment_method) return sub;
    const card = await sandbox.store.get<SbPaymentMethod>(sub.default_payment_method);
    return { ...sub, default_payment_method: card ?? null };
  };
  const change = async (
    id: string,
    apply: (ctx: CustomerContext, sub: SbSubscription) => Promise<unknown>,
  ) => {
    const { customer } = await get(id);
    await sandbox.withCustomer(customer, async (ctx) =>
      apply(ctx, (await ctx.store.get<SbSubscription>(id, true))!),
    );
    return get(id);
  };

  return {
    retrieve: async (id: string, params?: { expand?: string[] }) => view(await get(id), params),
    // What Checkout does on its completion, for verify:stripe's scripted customers.
    create: (params: Stripe.SubscriptionCreateParams, options?: Stripe.RequestOptions) =>
      sandbox.idempotent(options, 'POST /v1/subscriptions', params, () => {
        if (params.items?.[0]?.price !== SANDBOX_PRICE.id || !params.default_payment_method) {
          throw new SandboxStripeError(
            'invalid_request_error',
            'The sandbox subscribes to its yearly plan only, with a default payment method.',
          );
        }
        return sandbox.withCustomer(params.customer ?? '', (ctx) =>
          createSubscription(ctx, {
            paymentMethod: params.default_payment_method!,
            trialDays: params.trial_period_days ?? null,
            metadata: (params.metadata || {}) as Record<string, string>,
          }),
        );
      }),
    list: async (params: Stripe.SubscriptionListParams) => {
      const subs = await sandbox.store.list<SbSubscription>('subscription', params.customer);
      const newest = subs.sort((a, b) => b.created - a.created).slice(0, params.limit ?? 10);
      return { data: await Promise.all(newest.map((sub) => view(sub, params))) };
    },
    update: (id: string, params: Stripe.SubscriptionUpdateParams, options?: Stripe.RequestOptions) =>
      sandbox.idempotent(options, `POST /v1/subscriptions/${id}`, params, () =>
        change(id, async (ctx, sub) => {
          if (params.cancel_at_period_end !== undefined) {
            sub.cancel_at_period_end = params.cancel_at_period_end;
            sub.canceled_at = params.cancel_at_period_end ? ctx.now : null;
            await ctx.store.save(sub);
            await ctx.store.emit('customer.subscription.updated', sub, ctx.now);
          }
          if (params.default_payment_method !== undefined) {
            sub.default_payment_method = params.default_payment_method || null;
            await ctx.store.save(sub);
            await ctx.store.emit('customer.subscription.updated', sub, ctx.now);
          }
          if (params.trial_end === 'now') await endTrialNow(ctx, sub);
        }),
      ),
    cancel: (id: string) =>
      change(id, async (ctx, sub) => {
        if (sub.status !== 'canceled') await endSubscription(ctx, sub, 'cancellation_requested');
      }),
  };
}
