import type Stripe from 'stripe';
import type { SandboxStripe } from './api';
import { readCard } from './cards';
import { noSuch, realNow, SandboxStripeError } from './context';
import { advanceClock, attachCard } from './hosted';
import type { SbCustomer, SbTestClock } from './objects';
import { newId } from './store';

// Stripe's test-mode helpers, as `npm run verify:stripe` drives them: test clocks that customers are
// created on (each customer's clock of the sandbox follows its test clock), and the test payment
// methods `pm_card_visa` and `pm_card_chargeCustomerFail`.

const TEST_CARDS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export function testClocksApi(sandbox: SandboxStripe) {
  const retrieve = async (id: string) => {
    const clock = await sandbox.store.get<SbTestClock>(id);
    if (clock?.object !== 'test_helpers.test_clock') throw noSuch('test_clock', id);
    return clock;
  };
  return {
    retrieve,
    create: async (params: Stripe.TestHelpers.TestClockCreateParams) => {
      const clock: SbTestClock = {
        id: newId('clock'),
        object: 'test_helpers.test_clock',
        created: realNow(),
        frozen_time: params.frozen_time,
        name: params.name ?? null,
        status: 'ready',
      };
      await sandbox.store.insert(clock);
      return clock;
    },
    // Moves every customer on the clock to `frozen_time`, running what falls due on the way.
    advance: async (id: string, params: Stripe.TestHelpers.TestClockAdvanceParams) => {
      const clock = await retrieve(id);
      if (params.frozen_time <= clock.frozen_time) {
        throw new SandboxStripeError(
          'invalid_request_error',
          'The frozen time must be after the current frozen time of the test clock.',
          400,
          'frozen_time',
        );
      }
      const customers = (await sandbox.store.list<SbCustomer>('customer')).filter((c) => c.test_clock === id);
      for (const customer of customers) {
        await advanceClock(sandbox, customer.id, params.frozen_time, async () => null);
      }
      const advanced = { ...clock, frozen_time: params.frozen_time };
      await sandbox.store.save(advanced);
      return advanced;
    },
    del: async (id: string) => {
      await retrieve(id);
      await sandbox.store.remove(id);
      return { id, object: 'test_helpers.test_clock' as const, deleted: true as const };
    },
  };
}

export function paymentMethodsApi(sandbox: SandboxStripe) {
  return {
    attach: (id: string, params: Stripe.PaymentMethodAttachParams) => {
      const number = TEST_CARDS[id];
      if (!number) throw noSuch('payment_method', id);
      return sandbox.withCustomer(params.customer ?? '', async (ctx) => {
        const card = readCard({ card_number: number, expiry: '12/34', cvc: '123' }, ctx.now);
        if (typeof card === 'string') throw new SandboxStripeError('card_error', card, 402);
        return attachCard(ctx, card);
      });
    },
  };
}
