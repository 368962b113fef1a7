import formbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import type { RoutesPlugin } from '../../deps';
import { sandboxEndpoints } from '../../../../contract/endpoints/sandbox';
import { endpointRoute } from '../../http/route-schema';
import type { SandboxStripe } from './stripe/api';
import { DECLINED_MESSAGE, freshTestCard } from './stripe/cards';
import { completeCheckout, openSession, portalView, replaceCard } from './stripe/hosted';
import type { SbCheckoutSession, SbPortalSession } from './stripe/objects';
import { checkoutPage, expiredPage } from './checkout-page';
import { sandboxTestHelpers } from './test-helpers';
import { deliverSandboxEvents } from './deliver';
import { portalPage } from './portal-page';

const page = { tags: ['sandbox'], hide: true } as const;
const pages = {
  checkoutPage: endpointRoute(sandboxEndpoints.checkoutPage, {
    ...page,
    summary: 'The hosted checkout page',
  }),
  checkout: endpointRoute(sandboxEndpoints.checkout, { ...page, summary: "The checkout page's card form" }),
  portalPage: endpointRoute(sandboxEndpoints.portalPage, { ...page, summary: 'The hosted portal page' }),
  portalCard: endpointRoute(sandboxEndpoints.portalCard, { ...page, summary: "The portal's new card" }),
  portalCancel: endpointRoute(sandboxEndpoints.portalCancel, { ...page, summary: "The portal's cancel" }),
  portalResume: endpointRoute(sandboxEndpoints.portalResume, { ...page, summary: "The portal's resume" }),
};

// Stripe's side of the embedded billing: its hosted checkout and portal (plain HTML forms, their
// links are the sessions), and the test helpers of the signed-in account (test-helpers.ts).
// Registered only when BILLING=sandbox: elsewhere they are plain 404s.
export const sandboxBillingRoutes: RoutesPlugin<{ sandbox: SandboxStripe }> = async (
  app,
  { deps, sandbox },
) => {
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
  // A checkout page answers only while its session is open.
  const checkout = async (id: string) => {
    const session = await openSession<SbCheckoutSession>(sandbox, id);
    return session?.object === 'checkout.session' && session.status === 'open' ? session : undefined;
  };
  const portal = async (id: string) => {
    const session = await openSession<SbPortalSession>(sandbox, id);
    return session?.object === 'billing_portal.session' ? session : undefined;
  };

  app.route({
    ...pages.checkoutPage,
    handler: async (request, reply) => {
      const session = await checkout(request.params.id);
      if (!session) return html(reply, 404, expiredPage(appUrl));
      const card = { card_number: freshTestCard(), expiry: '12/34', cvc: '123' };
      return html(reply, 200, checkoutPage({ session, card }));
    },
  });

  app.route({
    ...pages.checkout,
    handler: async (request, reply) => {
      const session = await checkout(request.params.id);
      if (!session) return html(reply, 404, expiredPage(appUrl));
      const result = await completeCheckout(sandbox, session.id, request.body);
      if ('error' in result) {
        const status = result.error === DECLINED_MESSAGE ? 402 : 400;
        return html(reply, status, checkoutPage({ session, card: request.body, error: result.error }));
      }
      await deliver();
      return reply.redirect(result.redirect, 303);
    },
  });

  app.route({
    ...pages.portalPage,
    handler: async (request, reply) => {
      const session = await portal(request.params.id);
      if (!session) return html(reply, 404, expiredPage(appUrl));
      const view = await portalView(sandbox, session.customer);
      return html(reply, 200, portalPage({ id: session.id, returnUrl: session.return_url, view }));
    },
  });

  app.route({
    ...pages.portalCard,
    handler: async (request, reply) => {
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
  });

  // The portal's cancel (at the period's end) and its undoing.
  const cancelAtPeriodEnd =
    (cancel: boolean) => async (request: { params: { id: string } }, reply: FastifyReply) => {
      const session = await portal(request.params.id);
      if (!session) return html(reply, 404, expiredPage(appUrl));
      const { subscription } = await portalView(sandbox, session.customer);
      if (subscription) await sandbox.subscriptions.update(subscription.id, { cancel_at_period_end: cancel });
      await deliver();
      return reply.redirect(`/api/sandbox/portal/${encodeURIComponent(session.id)}`, 303);
    };
  app.route({ ...pages.portalCancel, handler: cancelAtPeriodEnd(true) });
  app.route({ ...pages.portalResume, handler: cancelAtPeriodEnd(false) });

  await app.register(sandboxTestHelpers, { deps, sandbox, deliver });
};
