import type { Endpoint } from '../endpoint';
import { nothing } from '../fields';
import {
  businessNumberSchema,
  numberConfigurationSchema,
  numberPurchaseSchema,
  numberSearchQuerySchema,
  numberSearchSchema,
} from '../numbers';
import { httpRefusals } from '../refusals/http';
import { numberRefusals } from '../refusals/numbers';
import { providerRefusals } from '../refusals/providers';

/** The business number: searching, buying and forwarding it. */
export const numberEndpoints = {
  search: {
    method: 'GET',
    path: '/twilio/search-numbers',
    querystring: numberSearchQuerySchema,
    answer: numberSearchSchema,
    refusals: [httpRefusals.tooManyRequests, providerRefusals.phoneProviderFailed],
  },
  purchase: {
    method: 'POST',
    path: '/twilio/purchase-number',
    body: numberPurchaseSchema,
    answer: businessNumberSchema,
    refusals: [
      numberRefusals.needsSubscription,
      numberRefusals.unavailable,
      numberRefusals.purchaseInProgress,
      numberRefusals.exists,
      numberRefusals.setupFailed,
      providerRefusals.numberNotBought,
    ],
  },
  configure: {
    method: 'POST',
    path: '/twilio/number-configuration',
    body: numberConfigurationSchema,
    answer: businessNumberSchema,
    refusals: [
      numberRefusals.needsSubscription,
      numberRefusals.notFound,
      numberRefusals.forwardingToItself,
      providerRefusals.phoneProviderFailed,
    ],
  },
  phoneNumber: {
    method: 'GET',
    path: '/dashboard/phone-number',
    querystring: nothing,
    answer: businessNumberSchema,
  },
} as const satisfies Record<string, Endpoint>;
