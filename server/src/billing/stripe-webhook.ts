import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { receiveBillingEvent } from './work';
import type { BillingEvent, StripeBillingProvider } from '../providers/billing/provider';
import { billingRefusals } from '../../../contract/refusals/billing';

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
        summary: 'Stripe webhook (signed); answered at once, handled after; idempotent by event id',
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
        throw new HttpError(billingRefusals.webhookSignatureInvalid);
      }
      // Stripe wants a 2xx at once: the event is written down and handled after the answer.
      const { duplicate } = await receiveBillingEvent(deps, event as BillingEvent, request.log);
      return duplicate ? { received: true, duplicate: true } : { received: true };
    },
  );
}
