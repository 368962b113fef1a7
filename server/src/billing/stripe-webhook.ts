import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps } from '../deps';
import { webhookEvents } from '../db/schema';
import { HttpError } from '../http/errors';
import type { StripeBillingProvider } from './provider';
import { applyStripeEvent, subscriptionIdOf } from './stripe-events';

// POST /api/billing/webhook: Stripe signs the exact bytes it sent, so this scope reads the raw body.
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { deps, stripe }: { deps: AppDeps; stripe: StripeBillingProvider },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Body: Buffer }>(
    '/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook (signed); idempotent by event id',
        headers: {
          type: 'object',
          required: ['stripe-signature'],
          properties: { 'stripe-signature': { type: 'string' } },
        },
      },
    },
    async (request) => {
      let event: Stripe.Event;
      try {
        event = stripe.verifyEvent(request.body, String(request.headers['stripe-signature']));
      } catch {
        throw new HttpError(400, 'invalid_signature', 'The webhook signature is not valid.');
      }
      const seen = await deps.db.query.webhookEvents.findFirst({
        where: (e, { and, eq }) => and(eq(e.provider, 'stripe'), eq(e.eventId, event.id)),
      });
      if (seen) return { received: true, duplicate: true };
      // Read the subscription's current state first, so out-of-order events all converge on it.
      const subscriptionId = subscriptionIdOf(event);
      const state = subscriptionId ? await stripe.retrieveSubscription(subscriptionId) : undefined;
      await deps.db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(webhookEvents)
          .values({ provider: 'stripe', eventId: event.id, type: event.type })
          .onConflictDoNothing()
          .returning();
        if (fresh && state) await applyStripeEvent(tx, event, state, request.log);
      });
      return { received: true };
    },
  );
}
