import { isLiveStatus } from './subscriptions';

// Service follows payment: which of Stripe's subscription statuses keep a line in service.

it.each(['trialing', 'active', 'past_due'])('%s has service', (status) => {
  expect(isLiveStatus(status)).toBe(true);
});

it.each(['unpaid', 'canceled', 'incomplete', 'incomplete_expired', '', null, undefined])(
  '%p has none',
  (status) => {
    expect(isLiveStatus(status)).toBe(false);
  },
);
