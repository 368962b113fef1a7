import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { sandboxSessionUser } from '../../providers/sandbox-billing';
import { findSubscription } from '../subscriptions';
import { type CardForm, cardProblem } from './card';
import { checkoutPage, expiredPage, TEST_CARD } from './checkout-page';
import { portalPage } from './portal-page';
import { setCancelAtPeriodEnd, startSandboxSubscription } from './subscription';

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100 } },
} as const;
const cardText = { type: 'string', maxLength: 40 } as const;
const cardBody = {
  type: 'object',
  required: ['card_number', 'expiry', 'cvc'],
  properties: { card_number: cardText, expiry: cardText, cvc: cardText },
} as const;

type Params = { Params: { id: string } };

// The hosted pages of the embedded billing provider (checkout and portal), as plain HTML forms.
export async function sandboxBillingRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(formbody);
  const { appUrl, jwtSecret } = deps.config;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const userOf = (id: string, kind: 'checkout' | 'portal') => sandboxSessionUser(jwtSecret, id, kind);

  app.get<Params>('/checkout/:id', { schema: { hide: true, params } }, async (request, reply) => {
    const { id } = request.params;
    if (!userOf(id, 'checkout')) return html(reply, 404, expiredPage(appUrl));
    return html(reply, 200, checkoutPage({ id, appUrl, card: TEST_CARD }));
  });

  app.post<Params & { Body: CardForm }>(
    '/checkout/:id',
    { schema: { hide: true, params, body: cardBody } },
    async (request, reply) => {
      const { id } = request.params;
      const userId = userOf(id, 'checkout');
      if (!userId) return html(reply, 404, expiredPage(appUrl));
      const error = cardProblem(request.body);
      if (error) return html(reply, 400, checkoutPage({ id, appUrl, card: request.body, error }));
      await startSandboxSubscription(deps.db, userId);
      return reply.redirect(`${appUrl}/checkout/redirect?session_id=${encodeURIComponent(id)}`, 303);
    },
  );

  app.get<Params>('/portal/:id', { schema: { hide: true, params } }, async (request, reply) => {
    const { id } = request.params;
    const userId = userOf(id, 'portal');
    if (!userId) return html(reply, 404, expiredPage(appUrl));
    return html(
      reply,
      200,
      portalPage({ id, appUrl, subscription: await findSubscription(deps.db, userId) }),
    );
  });

  for (const [path, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post<Params>(`/portal/:id/${path}`, { schema: { hide: true, params } }, async (request, reply) => {
      const { id } = request.params;
      const userId = userOf(id, 'portal');
      if (!userId) return html(reply, 404, expiredPage(appUrl));
      await setCancelAtPeriodEnd(deps.db, userId, cancel);
      return reply.redirect(`/api/sandbox/portal/${encodeURIComponent(id)}`, 303);
    });
  }
}
