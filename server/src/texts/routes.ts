import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '../../../contract/errors';
import { REQUESTS } from '../../../contract/requests';
import { TEXTS_SHOWN, textListSchema } from '../../../contract/texts';
import { texts } from '../db/schema';
import type { AppDeps } from '../deps';

const textsRouteSchema = {
  tags: ['texts'],
  summary: 'Texts sent to the business number, newest first (the last 50)',
  security: [{ bearer: [] }],
  ...REQUESTS['GET /dashboard/texts'],
  response: { 200: textListSchema, 401: errorBodySchema },
} as const;

export async function textRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get('/dashboard/texts', { schema: textsRouteSchema, onRequest: app.authenticate }, async (request) => {
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
  });
}
