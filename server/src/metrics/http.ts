import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

const labelNames = ['method', 'route', 'status_code'] as const;
const TWILIO_WEBHOOKS = '/api/twilio/';
const STRIPE_WEBHOOK = '/api/billing/webhook';

/**
 * Counts and times every answer by method, route pattern and status. The label is the route's
 * pattern (`/api/calls/:id`), never the URL asked, so the series stay few; a URL that matches
 * no route is `unmatched`.
 */
export function recordRequests(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: 'forwardly_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'forwardly_http_errors_total',
    help: 'HTTP requests answered with a 5xx, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'forwardly_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const webhooks = new Histogram({
    name: 'forwardly_webhook_duration_seconds',
    help: "Time to answer a provider's webhook (Twilio waits for the TwiML), by provider.",
    labelNames: ['provider'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15],
    registers: [registry],
  });
  const stripeEventAge = new Histogram({
    name: 'forwardly_stripe_event_age_seconds',
    help: 'Time from a Stripe event being created to its webhook being accepted here.',
    buckets: [1, 5, 15, 60, 300, 900, 3600, 21600, 86400],
    registers: [registry],
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    const seconds = reply.elapsedTime / 1000;
    requests.inc(labels);
    duration.observe(labels, seconds);
    if (reply.statusCode >= 500) errors.inc(labels);
    if (route.startsWith(TWILIO_WEBHOOKS)) webhooks.observe({ provider: 'twilio' }, seconds);
    if (route === STRIPE_WEBHOOK) {
      webhooks.observe({ provider: 'stripe' }, seconds);
      const created = reply.statusCode < 300 ? eventCreated(request.body) : undefined;
      if (created) stripeEventAge.observe(Math.max(0, Date.now() / 1000 - created));
    }
  });
}

// The Stripe webhook reads its body as the bytes Stripe signed (billing/stripe-webhook.ts).
function eventCreated(body: unknown): number | undefined {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    const { created } = JSON.parse(body.toString('utf8')) as { created?: unknown };
    return typeof created === 'number' ? created : undefined;
  } catch {
    return undefined;
  }
}
