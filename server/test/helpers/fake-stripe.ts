import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { SandboxStripe } from '../../src/providers/billing/sandbox/stripe/api';
import type { CardForm } from '../../src/providers/billing/sandbox/stripe/cards';
import { SandboxStripeError } from '../../src/providers/billing/sandbox/stripe/context';
import { completeCheckout } from '../../src/providers/billing/sandbox/stripe/hosted';
import { openTestDatabase } from './database';
import { parseStripeParams } from './form-params';

interface StripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
}

type Answer = { status?: number; body: unknown };
const STRIPE_DOWN: Answer = {
  status: 500,
  body: { error: { type: 'api_error', message: 'Stripe is down' } },
};
type Route = [method: string, path: RegExp, run: (req: StripeRequest, id: string) => Promise<unknown>];

/**
 * api.stripe.com on 127.0.0.1, for the real Stripe SDK. Stripe's rules come from the same model of
 * Stripe the sandbox runs on (providers/billing/sandbox/stripe, on this fake's own database): an invoice
 * with no payment method is not paid, a declined card declines, idempotency keys answer the first
 * result, test clocks run trial ends, renewals and retries. On top, the fake records every request,
 * can fail the next one, and delivers Stripe's events as signed webhooks, twice and out of order.
 */
export class FakeStripe {
  requests: StripeRequest[] = [];
  sandbox!: SandboxStripe;
  private overrides: {
    method: string;
    path: RegExp;
    answer: (req: StripeRequest) => Answer | Promise<Answer>;
    once: boolean;
  }[] = [];
  private server?: Server;
  private database?: Awaited<ReturnType<typeof openTestDatabase>>;

  constructor(readonly webhookSecret = 'whsec_test_secret') {}

  async start() {
    this.database = await openTestDatabase();
    this.sandbox = new SandboxStripe(this.database.db, 'https://checkout.stripe.test');
    this.server = createServer((req, res) => {
      void this.answer(req).then(({ status, body }) => {
        res.writeHead(status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  client() {
    const { port } = this.server!.address() as AddressInfo;
    return new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  }

  /** Answers the next matching request (or every one, with `once: false`) with `answer` instead of Stripe's. */
  override(
    method: string,
    path: RegExp,
    answer: (req: StripeRequest) => Answer | Promise<Answer>,
    { once = true } = {},
  ) {
    this.overrides.push({ method, path, answer, once });
  }

  failNext(method: string, path: RegExp, status = 500) {
    this.override(method, path, () => ({ ...STRIPE_DOWN, status }));
  }

  /** Stripe carries out the next matching request, but its answer is lost on the way back (a 500). */
  loseNextAnswer(method: string, path: RegExp) {
    this.override(method, path, async (req) => {
      await this.run(req);
      return STRIPE_DOWN;
    });
  }

  calls(method: string, path: RegExp) {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  /** Stripe's hosted checkout page: the customer enters a card and submits. */
  async completeCheckout(sessionUrl: string, card: CardForm) {
    return completeCheckout(this.sandbox, sessionUrl.split('/').pop()!, card);
  }

  /**
   * Stripe sends the pending events to the webhook as signed deliveries. `twice` sends each twice;
   * `reversed` sends the batch newest first (Stripe does not promise an order).
   */
  async deliver(app: FastifyInstance, { twice = true, reversed = true } = {}) {
    let delivered = 0;
    for (
      let batch = await this.sandbox.store.undelivered();
      batch.length;
      batch = await this.sandbox.store.undelivered()
    ) {
      const order = reversed ? [...batch].reverse() : batch;
      for (const row of twice ? [...order, ...batch] : order) {
        const res = await app.inject(signedEvent(this, row.data as object));
        if (res.statusCode !== 200)
          throw new Error(
            `webhook ${(row.data as { type: string }).type} answered ${res.statusCode}: ${res.body}`,
          );
        delivered++;
      }
      for (const row of batch) await this.sandbox.store.markDelivered(row.id);
    }
    return delivered;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    await this.database?.close();
  }

  private routes(): Route[] {
    const s = this.sandbox;
    const opts = (req: StripeRequest) => ({ idempotencyKey: req.idempotencyKey });
    const p = <T>(req: StripeRequest) => req.body as T;
    return [
      ['POST', /^\/v1\/customers$/, (r) => s.customers.create(p(r), opts(r))],
      ['DELETE', /^\/v1\/customers\/([^/]+)$/, (_r, id) => s.customers.del(id)],
      ['POST', /^\/v1\/checkout\/sessions$/, (r) => s.checkout.sessions.create(p(r), opts(r))],
      ['GET', /^\/v1\/checkout\/sessions$/, (r) => s.checkout.sessions.list(p(r))],
      ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_r, id) => s.checkout.sessions.expire(id)],
      ['POST', /^\/v1\/billing_portal\/sessions$/, (r) => s.billingPortal.sessions.create(p(r))],
      ['GET', /^\/v1\/billing_portal\/configurations$/, () => s.billingPortal.configurations.list()],
      ['GET', /^\/v1\/prices\/([^/]+)$/, (_r, id) => s.prices.retrieve(id)],
      ['GET', /^\/v1\/subscriptions$/, (r) => s.subscriptions.list(p(r))],
      ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (r, id) => s.subscriptions.retrieve(id, p(r))],
      ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (r, id) => s.subscriptions.update(id, p(r))],
      ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (_r, id) => s.subscriptions.cancel(id)],
      ['POST', /^\/v1\/invoiceitems$/, (r) => s.invoiceItems.create(p(r), opts(r))],
      ['GET', /^\/v1\/invoiceitems\/([^/]+)$/, (_r, id) => s.invoiceItems.retrieve(id)],
      ['POST', /^\/v1\/invoices$/, (r) => s.invoices.create(p(r), opts(r))],
      ['GET', /^\/v1\/invoices\/([^/]+)$/, (_r, id) => s.invoices.retrieve(id)],
      ['POST', /^\/v1\/invoices\/([^/]+)\/finalize$/, (r, id) => s.invoices.finalizeInvoice(id, p(r))],
      ['POST', /^\/v1\/invoices\/([^/]+)\/pay$/, (_r, id) => s.invoices.pay(id)],
    ];
  }

  private async answer(req: IncomingMessage): Promise<Answer> {
    const request = await read(req);
    this.requests.push(request);
    const override = this.overrides.find((o) => o.method === request.method && o.path.test(request.path));
    if (override) {
      if (override.once) this.overrides.splice(this.overrides.indexOf(override), 1);
      return override.answer(request);
    }
    return this.run(request);
  }

  private async run(request: StripeRequest): Promise<Answer> {
    for (const [method, path, run] of this.routes()) {
      const match = request.method === method ? path.exec(request.path) : null;
      if (!match) continue;
      try {
        return { body: await run(request, match[1]) };
      } catch (error) {
        if (!(error instanceof SandboxStripeError)) throw error;
        return { status: error.statusCode, body: { error: { type: error.type, message: error.message } } };
      }
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${request.path})`,
        },
      },
    };
  }
}

async function read(req: IncomingMessage): Promise<StripeRequest> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const url = new URL(req.url!, 'http://127.0.0.1');
  const params =
    req.method === 'GET' || req.method === 'DELETE' ? url.searchParams : new URLSearchParams(raw);
  return {
    method: req.method!,
    path: url.pathname,
    body: parseStripeParams(params),
    idempotencyKey: req.headers['idempotency-key'] as string | undefined,
  };
}

/** A webhook delivery of `event`, signed as Stripe signs it (with `secret`, the endpoint's by default). */
export function signedEvent(fake: FakeStripe, event: object, secret = fake.webhookSecret) {
  const payload = JSON.stringify(event);
  const signature = fake.client().webhooks.generateTestHeaderString({ payload, secret });
  return {
    method: 'POST' as const,
    url: '/api/billing/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  };
}
