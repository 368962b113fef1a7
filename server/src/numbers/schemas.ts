import { numberEndpoints } from '../../../contract/endpoints/numbers';
import { endpointRoute } from '../http/route-schema';

const secured = { security: [{ bearer: [] }] } as const;

export const searchRoute = endpointRoute(numberEndpoints.search, {
  tags: ['numbers'],
  summary: 'Available numbers in an area code (public: onboarding searches before sign-up)',
});

export const purchaseRoute = endpointRoute(numberEndpoints.purchase, {
  tags: ['numbers'],
  summary: 'Buy a number for the account (one per account; buying the same number again is a no-op)',
  ...secured,
});

export const configureRoute = endpointRoute(numberEndpoints.configure, {
  tags: ['numbers'],
  summary: "Set the phone that calls to the account's number ring",
  ...secured,
});

export const activeNumberRoute = endpointRoute(numberEndpoints.phoneNumber, {
  tags: ['numbers'],
  summary: "The account's number and forwarding number; {} when it has none",
  ...secured,
});
