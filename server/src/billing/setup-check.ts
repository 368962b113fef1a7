import { BillingSetupError, type BillingProvider } from '../providers/billing/provider';

type Log = {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
};

const RETRY_MS = 60_000;

/**
 * At start-up: a provider set up wrongly for our plan stops the start with its sentence
 * (BillingSetupError). A provider that does not answer (an outage) does not: the check is tried again
 * every minute, so a Stripe outage never keeps every node from starting; a wrong set-up found then is
 * logged as an error. Answers how to stop the retries.
 */
export async function checkBillingSetup(billing: BillingProvider, log: Log, retryMs = RETRY_MS) {
  try {
    await billing.checkSetup();
    return { stop: () => {} };
  } catch (error) {
    if (error instanceof BillingSetupError) throw error;
    log.warn(
      { err: error },
      'the payment provider did not answer the set-up check; it is tried again every minute',
    );
  }
  const timer = setInterval(() => {
    billing.checkSetup().then(
      () => {
        clearInterval(timer);
        log.info({}, 'the payment provider set-up is checked');
      },
      (error: unknown) =>
        error instanceof BillingSetupError
          ? log.error({ err: error }, `the payment provider is set up wrongly: ${error.message}`)
          : log.warn({ err: error }, 'the payment provider did not answer the set-up check again'),
    );
  }, retryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
