import { desc, eq } from 'drizzle-orm';
import { textEndpoints } from '../../../contract/endpoints/texts';
import { TEXTS_SHOWN } from '../../../contract/texts';
import { texts } from '../db/schema';
import type { RoutesPlugin } from '../deps';
import { endpointRoute } from '../http/route-schema';

const textsRoute = endpointRoute(textEndpoints.texts, {
  tags: ['texts'],
  summary: 'Texts sent to the business number, newest first (the last 50)',
  security: [{ bearer: [] }],
});

export const textRoutes: RoutesPlugin = async (app, { deps }) => {
  app.route({
    ...textsRoute,
    onRequest: app.authenticate,
    handler: async (request) => {
      const rows = await deps.db
        .select()
        .from(texts)
        .where(eq(texts.userId, request.userId))
        .orderBy(desc(texts.receivedAt), desc(texts.id))
        .limit(TEXTS_SHOWN);
      return {
        texts: rows.map((t) => ({
          id: t.id,
          from_number: t.fromNumber,
          to_number: t.toNumber,
          body: t.body,
          received_at: t.receivedAt.toISOString(),
        })),
      };
    },
  });
};
