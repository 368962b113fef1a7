import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StripeRequest {
  method: string;
  path: string;
  // Stripe sends form-encoded bodies; keys stay in bracket form, e.g. 'line_items[0][price]'.
  body: Record<string, string>;
  idempotencyKey?: string;
}

type Handler = (req: StripeRequest) => { status?: number; body: unknown } | undefined;

// A stand-in for api.stripe.com on 127.0.0.1: it records every request and answers from
// `handlers` (first match wins). Point the real SDK at it with `fake.client()`.
export class FakeStripe {
  requests: StripeRequest[] = [];
  handlers: Handler[] = [];
  private server?: Server;

  async start() {
    this.server = createServer(async (req, res) => {
      const request = await this.read(req);
      this.requests.push(request);
      const answer = this.handlers.map((h) => h(request)).find(Boolean) ?? {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', message: `No fake for ${request.method} ${request.path}` },
        },
      };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  client() {
    const { port } = this.server!.address() as AddressInfo;
    return new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  }

  on(method: string, path: RegExp, answer: (req: StripeRequest) => unknown, status = 200) {
    this.handlers.unshift((req) =>
      req.method === method && path.test(req.path) ? { status, body: answer(req) } : undefined,
    );
  }

  calls(method: string, path: RegExp) {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  stop() {
    return new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async read(req: IncomingMessage): Promise<StripeRequest> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url!, 'http://127.0.0.1');
    const params = new URLSearchParams(req.method === 'GET' ? url.search : raw);
    return {
      method: req.method!,
      path: url.pathname,
      body: Object.fromEntries(params),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    };
  }
}

export function stripeSubscription(fields: {
  id: string;
  customer: string;
  status: string;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  userId?: string;
}) {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    trial_end: fields.status === 'trialing' ? fields.periodEnd : null,
    metadata: fields.userId ? { user_id: fields.userId } : {},
    items: {
      object: 'list',
      data: [{ id: 'si_1', object: 'subscription_item', current_period_end: fields.periodEnd }],
    },
  };
}
