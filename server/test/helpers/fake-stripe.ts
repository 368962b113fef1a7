import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { AppDeps } from '../../src/deps';
import { runBillingTasks } from '../../src/billing/work';
import type { EventView, WebhookEndpointView } from '../../src/providers/billing/stripe/api';
import { BILLING_EVENT_TYPES } from '../../src/providers/billing/provider';
import { SandboxStripe } from '../../src/sandbox/billing/stripe/api';
import type { CardForm } from '../../src/sandbox/billing/stripe/cards';
import { SandboxStripeError } from '../../src/sandbox/billing/stripe/context';
import { type BANK_ACCOUNT, completeCheckout } from '../../src/sandbox/billing/stripe/hosted';
import { openTestDatabase } from './database';
import { parseStripeParams } from './form-params';

interface StripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
}

type Answer = { status?: number; body: unknown };
const STRIPE_DOWN = new SandboxStripeError('api_error', 'Stripe is down', 500);
type Route = [method: string, path: RegExp, run: (req: StripeRequest, id: string) => Promise<unknown>];
// What the app's side of a delivery needs: its routes, and its deps to run the work events cause.
type App = { app: FastifyInstance; deps: AppDeps };

/**
 * api.stripe.com on 127.0.0.1, for the real Stripe SDK. Stripe's rules (docs/billing.md, "Stripe's
 * rules") come from the same model of Stripe the sandbox runs on (sandbox/billing/stripe,
 * on this fake's own database): parameters Stripe refuses, its idempotency keys (replayed, compared,
 * pruned), invoice items swept by subscription, the minimum charge, test clocks running trial ends,
 * renewals and retries. On top, the fake records every request, can fail the next one, and delivers
 * Stripe's events as signed webhooks: twice, out of order, late (not until asked) or never.
 */
export class FakeStripe {
  requests: StripeRequest[] = [];
  sandbox!: SandboxStripe;
  // Stripe's webhook endpoints, as the dashboard has them (start-up checks them).
  webhookEndpoints: WebhookEndpointView[] = [
    {
      id: 'we_fake',
      url: 'http://localhost:3000/api/billing/webhook',
      status: 'enabled',
      enabled_events: [...BILLING_EVENT_TYPES],
      livemode: false,
    },
  ];
  // Events Stripe gave up delivering (listed with `delivery_success: false`).
  private lost: EventView[] = [];
  private deleted = new Set<string>();
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

  /** Stripe answers every request itself again: a test's overrides end with it. */
  clearOverrides() {
    this.overrides = [];
  }

  /** The next matching request fails before Stripe runs it (an outage): nothing is saved under its key. */
  failNext(method: string, path: RegExp, status = 500) {
    this.override(method, path, () => ({
      status,
      body: { error: { type: 'api_error', message: 'Stripe is down' } },
    }));
  }

  /** Every matching request fails (a 500, nothing run) until the answered function is called. */
  outage(method: string, path: RegExp): () => void {
    let down = true;
    this.override(method, path, (req) => (down ? { status: 500, body: STRIPE_DOWN.body } : this.run(req)), {
      once: false,
    });
    return () => void (down = false);
  }

  /** Stripe carries out the next matching request, but its answer is lost on the way back (a 500). */
  loseNextAnswer(method: string, path: RegExp) {
    this.override(method, path, async (req) => {
      await this.run(req);
      return { status: 500, body: STRIPE_DOWN.body };
    });
  }

  /**
   * Stripe carries out the next matching request and then fails inside (a 500 it saves under the
   * request's idempotency key): every retry with that key gets the same 500 until the key is pruned.
   */
  failAfterRunning(method: string, path: RegExp) {
    this.override(method, path, async (req) => {
      await this.run(req);
      if (req.idempotencyKey) {
        await this.sandbox.keys.saveFailure(
          req.idempotencyKey,
          `${req.method} ${req.path}`,
          req.body,
          STRIPE_DOWN,
        );
      }
      return { status: 500, body: STRIPE_DOWN.body };
    });
  }

  /** Stripe prunes idempotency keys once they are 24 hours old: a retry then runs as a new request. */
  pruneIdempotencyKeys() {
    return this.sandbox.keys.pruneAll();
  }

  calls(method: string, path: RegExp) {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  /** Stripe's hosted checkout page: the customer enters a card (or picks a bank account) and submits. */
  async completeCheckout(sessionUrl: string, method: CardForm | typeof BANK_ACCOUNT) {
    return completeCheckout(this.sandbox, sessionUrl.split('/').pop()!, method);
  }

  /**
   * Stripe sends the pending events to the webhook as signed deliveries, and the app's billing work
   * they cause runs, until nothing new is pending. `twice` sends each twice; `reversed` sends a
   * batch newest first (Stripe does not promise an order); `lose` picks events Stripe never manages
   * to deliver (they are listed as undelivered).
   */
  async deliver(
    { app, deps }: App,
    {
      twice = true,
      reversed = true,
      lose = () => false,
    }: { twice?: boolean; reversed?: boolean; lose?: (event: EventView) => boolean } = {},
  ) {
    let delivered = 0;
    for (;;) {
      // The app's billing work under way or due first: it may change Stripe's side (new events).
      const ran = await runBillingTasks(deps, app.log);
      const batch = await this.sandbox.store.undelivered();
      if (!batch.length && !ran) return delivered;
      const events = batch.map((row) => row.data as EventView);
      const sent = events.filter((event) => !lose(event));
      this.lost.push(...events.filter(lose));
      const order = reversed ? [...sent].reverse() : sent;
      for (const event of twice ? [...order, ...sent] : order) {
        const res = await app.inject(signedEvent(this, event));
        if (res.statusCode !== 200)
          throw new Error(`webhook ${event.type} answered ${res.statusCode}: ${res.body}`);
        delivered++;
      }
      for (const row of batch) await this.sandbox.store.markDelivered(row.id);
    }
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
      ['GET', /^\/v1\/customers\/([^/]+)$/, (r, id) => this.customer(id, p(r))],
      ['DELETE', /^\/v1\/customers\/([^/]+)$/, (_r, id) => this.deleteCustomer(id)],
      ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (r, id) => s.paymentMethods.attach(id, p(r))],
      ['POST', /^\/v1\/test_helpers\/test_clocks$/, (r) => s.testHelpers.testClocks.create(p(r))],
      [
        'GET',
        /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/,
        (_r, id) => s.testHelpers.testClocks.retrieve(id),
      ],
      [
        'POST',
        /^\/v1\/test_helpers\/test_clocks\/([^/]+)\/advance$/,
        (r, id) => s.testHelpers.testClocks.advance(id, p(r)),
      ],
      ['DELETE', /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/, (_r, id) => s.testHelpers.testClocks.del(id)],
      ['POST', /^\/v1\/subscriptions$/, (r) => s.subscriptions.create(p(r), opts(r))],
      ['POST', /^\/v1\/checkout\/sessions$/, (r) => s.checkout.sessions.create(p(r), opts(r))],
      ['GET', /^\/v1\/checkout\/sessions$/, (r) => s.checkout.sessions.list(p(r))],
      ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_r, id) => s.checkout.sessions.expire(id)],
      ['POST', /^\/v1\/billing_portal\/sessions$/, (r) => s.billingPortal.sessions.create(p(r))],
      ['GET', /^\/v1\/billing_portal\/configurations$/, () => s.billingPortal.configurations.list()],
      ['GET', /^\/v1\/prices\/([^/]+)$/, (_r, id) => s.prices.retrieve(id)],
      ['GET', /^\/v1\/webhook_endpoints$/, async () => ({ object: 'list', data: this.webhookEndpoints })],
      ['GET', /^\/v1\/events$/, (r) => this.events(p(r))],
      ['GET', /^\/v1\/subscriptions$/, (r) => s.subscriptions.list(p(r))],
      ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (r, id) => s.subscriptions.retrieve(id, p(r))],
      ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (r, id) => s.subscriptions.update(id, p(r), opts(r))],
      ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (_r, id) => s.subscriptions.cancel(id)],
      ['POST', /^\/v1\/invoiceitems$/, (r) => s.invoiceItems.create(p(r), opts(r))],
      ['GET', /^\/v1\/invoices$/, (r) => s.invoices.list(p(r))],
      ['POST', /^\/v1\/invoices$/, (r) => s.invoices.create(p(r), opts(r))],
      ['GET', /^\/v1\/invoices\/([^/]+)$/, (_r, id) => s.invoices.retrieve(id)],
      ['POST', /^\/v1\/invoices\/([^/]+)$/, (r, id) => s.invoices.update(id, p(r), opts(r))],
      [
        'POST',
        /^\/v1\/invoices\/([^/]+)\/finalize$/,
        (r, id) => s.invoices.finalizeInvoice(id, p(r), opts(r)),
      ],
      ['POST', /^\/v1\/invoices\/([^/]+)\/pay$/, (r, id) => s.invoices.pay(id, p(r), opts(r))],
    ];
  }

  // A deleted customer is still answered, as deleted.
  private async customer(id: string, params: Stripe.CustomerRetrieveParams) {
    return this.deleted.has(id)
      ? { id, object: 'customer', deleted: true }
      : this.sandbox.customers.retrieve(id, params);
  }

  private async deleteCustomer(id: string) {
    const answer = await this.sandbox.customers.del(id);
    this.deleted.add(id);
    return answer;
  }

  // What this Stripe gave up delivering, or (otherwise) its events newest first.
  private async events(params: Stripe.EventListParams) {
    if (params.delivery_success !== false) return this.sandbox.events.list(params);
    const since = typeof params.created === 'object' ? (params.created.gte ?? 0) : 0;
    return { object: 'list', data: [...this.lost].reverse().filter((e) => e.created >= since) };
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
        return { status: error.statusCode, body: error.body };
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
