import type { RoutesPlugin } from '../../deps';
import { HttpError } from '../../http/errors';
import { endpointRoute } from '../../http/route-schema';
import type { SandboxStripe } from './stripe/api';
import { invoiceSummaries } from './stripe/hosted';
import { subscriptionStatus } from '../../billing/service';
import { findSubscription } from '../../billing/subscriptions';
import { advanceAccountClock } from './clock';
import { sandboxEndpoints } from '../../../../contract/endpoints/sandbox';
import { sandboxRefusals } from '../../../../contract/refusals/sandbox';

const auth = { tags: ['sandbox'], security: [{ bearer: [] }] } as const;
const clockRoute = endpointRoute(sandboxEndpoints.clock, {
  ...auth,
  summary: "Sandbox only: move the signed-in account's billing clock forward, running all that falls due",
});
const invoicesRoute = endpointRoute(sandboxEndpoints.invoices, {
  ...auth,
  summary: "Sandbox only: the signed-in account's invoices",
});

// The sandbox's test helpers, for the signed-in account only: its billing clock and its invoices.
export const sandboxTestHelpers: RoutesPlugin<{
  sandbox: SandboxStripe;
  deliver: () => Promise<unknown>;
}> = async (app, { deps, sandbox, deliver }) => {
  const accountOf = async (userId: string) => {
    const row = await findSubscription(deps.db, userId);
    if (!row?.customerId) {
      throw new HttpError(sandboxRefusals.noBillingAccount);
    }
    return { userId, customerId: row.customerId };
  };

  app.route({
    ...clockRoute,
    onRequest: app.authenticate,
    handler: async (request) => {
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
  });

  app.route({
    ...invoicesRoute,
    onRequest: app.authenticate,
    handler: async (request) => {
      const row = await findSubscription(deps.db, request.userId);
      return { invoices: row?.customerId ? await invoiceSummaries(sandbox, row.customerId) : [] };
    },
  });
};
