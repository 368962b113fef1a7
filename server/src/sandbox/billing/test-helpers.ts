import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { errorBodySchema } from '../../../../contract/errors';
import { HttpError } from '../../http/errors';
import { nothing } from '../../../../contract/fields';
import type { SandboxStripe } from './stripe/api';
import { invoiceSummaries } from './stripe/hosted';
import { subscriptionStatusSchema } from '../../../../contract/billing';
import { subscriptionStatus } from '../../billing/service';
import { findSubscription } from '../../billing/subscriptions';
import { advanceAccountClock } from './clock';
import { sandboxRefusals } from '../../../../contract/refusals/sandbox';

const auth = { tags: ['sandbox'], security: [{ bearer: [] }] } as const;

// The sandbox's test helpers, for the signed-in account only: its billing clock and its invoices.
export async function sandboxTestHelpers(
  app: FastifyInstance,
  { deps, sandbox, deliver }: { deps: AppDeps; sandbox: SandboxStripe; deliver: () => Promise<unknown> },
) {
  const accountOf = async (userId: string) => {
    const row = await findSubscription(deps.db, userId);
    if (!row?.customerId) {
      throw new HttpError(sandboxRefusals.noBillingAccount);
    }
    return { userId, customerId: row.customerId };
  };

  app.withTypeProvider<JsonSchemaToTsProvider>().post(
    '/clock',
    {
      onRequest: app.authenticate,
      schema: {
        ...auth,
        summary:
          "Sandbox only: move the signed-in account's billing clock forward, running all that falls due",
        body: {
          type: 'object',
          required: ['advance_days'],
          additionalProperties: false,
          properties: { advance_days: { type: 'integer', minimum: 1, maximum: 1100 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['frozen_time', ...subscriptionStatusSchema.required],
            properties: {
              frozen_time: { type: 'integer', description: "the account's clock, epoch seconds" },
              ...subscriptionStatusSchema.properties,
            },
          },
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const account = await accountOf(request.userId);
      const frozenTime = await advanceAccountClock(
        deps,
        sandbox,
        account,
        request.body.advance_days,
        deliver,
      );
      return { frozen_time: frozenTime, ...(await subscriptionStatus(deps, request.userId, request.log)) };
    },
  );

  app.get(
    '/invoices',
    {
      onRequest: app.authenticate,
      schema: {
        ...auth,
        summary: "Sandbox only: the signed-in account's invoices",
        querystring: nothing,
        response: { 401: errorBodySchema },
      },
    },
    async (request) => {
      const row = await findSubscription(deps.db, request.userId);
      return { invoices: row?.customerId ? await invoiceSummaries(sandbox, row.customerId) : [] };
    },
  );
}
