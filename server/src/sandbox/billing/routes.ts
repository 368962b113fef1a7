import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { text } from '../../../../contract/fields';
import type { SandboxStripe } from './stripe/api';
import { type CardForm, DECLINED_MESSAGE, freshTestCard } from './stripe/cards';
import { completeCheckout, openSession, portalView, replaceCard } from './stripe/hosted';
import type { SbCheckoutSession, SbPortalSession } from './stripe/objects';
import { checkoutPage, expiredPage } from './checkout-page';
import { sandboxTestHelpers } from './test-helpers';
import { deliverSandboxEvents } from './deliver';
import { portalPage } from './portal-page';

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: text(100) },
} as const;
const cardText = text(40);
const cardBody = {
  type: 'object',
  required: ['card_number', 'expiry', 'cvc'],
  additionalProperties: false,
  properties: { card_number: cardText, expiry: cardText, cvc: cardText },
} as const;

type Params = { Params: { id: string } };

// Stripe's side of the embedded billing: its hosted checkout and portal (plain HTML forms, their
// links are the sessions), and the test helpers of the signed-in account (test-helpers.ts).
// Registered only when BILLING=sandbox: elsewhere they are plain 404s.
export async function sandboxBillingRoutes(
  app: FastifyInstance,
  { deps, sandbox }: { deps: AppDeps; sandbox: SandboxStripe },
) {
  await app.register(formbody);
  const { appUrl } = deps.config;
  const deliver = () => deliverSandboxEvents(deps, sandbox, app.log);
  // Like Stripe's webhooks: changes made through the API are delivered soon after, in order.
  sandbox.onChange = () =>
    void deliver().catch((err: unknown) => app.log.error({ err }, 'sandbox billing event failed'));
  app.addHook('onClose', async () => {
    sandbox.onChange = undefined;
    await deliver().catch(() => {});
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const checkout = (id: string) => openSession<SbCheckoutSession>(sandbox, id);
  const portal = async (id: string) => {
    const session = await openSession<SbPortalSession>(sandbox, id);
    return session?.object === 'billing_portal.session' ? session : undefined;
  };

  app.get<Params>('/checkout/:id', { schema: { hide: true, params } }, async (request, reply) => {
    const session = await checkout(request.params.id);
    if (session?.object !== 'checkout.session' || session.status !== 'open')
      return html(reply, 404, expiredPage(appUrl));
    const card = { card_number: freshTestCard(), expiry: '12/34', cvc: '123' };
    return html(reply, 200, checkoutPage({ session, card }));
  });

  app.post<Params & { Body: CardForm }>(
    '/checkout/:id',
    { schema: { hide: true, params, body: cardBody } },
    async (request, reply) => {
      const session = await checkout(request.params.id);
      if (session?.object !== 'checkout.session' || session.status !== 'open')
        return html(reply, 404, expiredPage(appUrl));
      const result = await completeCheckout(sandbox, session.id, request.body);
      if ('error' in result) {
        const status = result.error === DECLINED_MESSAGE ? 402 : 400;
        return html(reply, status, checkoutPage({ session, card: request.body, error: result.error }));
      }
      await deliver();
      return reply.redirect(result.redirect, 303);
    },
  );

  app.get<Params>('/portal/:id', { schema: { hide: true, params } }, async (request, reply) => {
    const session = await portal(request.params.id);
    if (!session) return html(reply, 404, expiredPage(appUrl));
    const view = await portalView(sandbox, session.customer);
    return html(reply, 200, portalPage({ id: session.id, returnUrl: session.return_url, view }));
  });

  app.post<Params & { Body: CardForm }>(
    '/portal/:id/card',
    { schema: { hide: true, params, body: cardBody } },
    async (request, reply) => {
      const session = await portal(request.params.id);
      if (!session) return html(reply, 404, expiredPage(appUrl));
      const result = await replaceCard(sandbox, session.customer, request.body);
      await deliver();
      if ('error' in result) {
        const view = await portalView(sandbox, session.customer);
        return html(
          reply,
          402,
          portalPage({ id: session.id, returnUrl: session.return_url, view, error: result.error }),
        );
      }
      return reply.redirect(`/api/sandbox/portal/${encodeURIComponent(session.id)}`, 303);
    },
  );

  for (const [path, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post<Params>(`/portal/:id/${path}`, { schema: { hide: true, params } }, async (request, reply) => {
      const session = await portal(request.params.id);
      if (!session) return html(reply, 404, expiredPage(appUrl));
      const { subscription } = await portalView(sandbox, session.customer);
      if (subscription) await sandbox.subscriptions.update(subscription.id, { cancel_at_period_end: cancel });
      await deliver();
      return reply.redirect(`/api/sandbox/portal/${encodeURIComponent(session.id)}`, 303);
    });
  }

  await app.register(sandboxTestHelpers, { deps, sandbox, deliver });
}
