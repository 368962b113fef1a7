import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type Stripe from 'stripe';
import type { Endpoint } from '../../../contract/endpoint';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { endpointRoute } from '../http/route-schema';
import { receiveBillingEvent } from './work';
import type { BillingEvent, StripeBillingProvider } from '../providers/billing/provider';
import { billingRefusals } from '../../../contract/refusals/billing';

// What Stripe sends (its signature over the raw body, which is not parsed) and what it is answered.
const stripeWebhook = {
  method: 'POST',
  path: '/billing/webhook',
  headers: {
    type: 'object',
    required: ['stripe-signature'],
    properties: { 'stripe-signature': { type: 'string' } },
  },
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['received'],
    properties: { received: { type: 'boolean', enum: [true] }, duplicate: { type: 'boolean', enum: [true] } },
  },
  refusals: [billingRefusals.webhookSignatureInvalid],
} as const satisfies Endpoint;

type Options = { deps: AppDeps; stripe: StripeBillingProvider };

// POST /api/billing/webhook: Stripe signs the exact bytes it sent, so this scope reads the raw body.
export const stripeWebhookRoutes: FastifyPluginAsyncJsonSchemaToTs<{ Options: Options }> = async (
  app,
  { deps, stripe },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    ...endpointRoute(stripeWebhook, {
      tags: ['billing'],
      summary: 'Stripe webhook (signed); answered at once, handled after; idempotent by event id',
    }),
    handler: async (request) => {
      let event: Stripe.Event;
      try {
        // The body is the bytes this scope's parser kept.
        event = stripe.verifyEvent(request.body as Buffer, request.headers['stripe-signature']);
      } catch {
        throw new HttpError(billingRefusals.webhookSignatureInvalid);
      }
      // Stripe wants a 2xx at once: the event is written down and handled after the answer.
      const { duplicate } = await receiveBillingEvent(deps, event as BillingEvent, request.log);
      return duplicate ? { received: true as const, duplicate: true as const } : { received: true as const };
    },
  });
};
