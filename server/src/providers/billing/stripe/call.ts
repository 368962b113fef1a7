import { ProviderError } from '../../../http/errors';
import { providerRefusals } from '../../../../../contract/refusals/providers';

// Any Stripe failure becomes a 502 with a sentence; its details go to the log.
export async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new ProviderError(providerRefusals.paymentProviderFailed(what), { cause: error });
  }
}
