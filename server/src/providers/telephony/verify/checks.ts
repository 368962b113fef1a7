import { numberWebhooks } from '../../../calls/urls';
import type { TelephonyProvider } from '../provider';

// Twilio's magic numbers for test credentials (twilio.com/docs/iam/test-credentials): each asks the
// real API for a known answer, so the product's Twilio adapter can be checked against Twilio itself
// without buying a number or placing a call.
const MAGIC = {
  available: '+15005550006',
  unavailable: '+15005550000', // 21422
  invalid: '+15005550001', // 21421 when bought, 21217 when called
  unroutable: '+15005550002', // 21214
  noNumbersAreaCode: '533', // 21452
};

export interface Check {
  name: string;
  expect: string;
  run: (provider: TelephonyProvider) => Promise<unknown>;
}

const webhooks = numberWebhooks('https://forwardly.example');
const call = (to: string) => ({
  to,
  from: MAGIC.available,
  twiml: '<Response><Hangup/></Response>',
  statusCallback: 'https://forwardly.example/api/twilio/status#rc=3&rp=ct,rt,5xx',
  timeoutSeconds: 15,
  timeLimitSeconds: 60,
});

export const CHECKS: Check[] = [
  { name: 'search numbers in area code 512', expect: 'numbers', run: (p) => p.searchNumbers('512') },
  {
    name: `search an area code with none (${MAGIC.noNumbersAreaCode})`,
    expect: 'error 21452 or a nearby search',
    run: (p) => p.searchNumbers(MAGIC.noNumbersAreaCode),
  },
  {
    name: `buy ${MAGIC.available}`,
    expect: 'a number sid',
    run: (p) => p.purchaseNumber(MAGIC.available, webhooks),
  },
  {
    name: `buy ${MAGIC.unavailable}`,
    expect: 'NumberUnavailable (21422): our 409 "just taken"',
    run: (p) => p.purchaseNumber(MAGIC.unavailable, webhooks),
  },
  {
    name: `buy ${MAGIC.invalid}`,
    expect: 'a provider error (21421)',
    run: (p) => p.purchaseNumber(MAGIC.invalid, webhooks),
  },
  {
    name: 'place a call to a valid number',
    expect: 'a call sid',
    run: (p) => p.createCall(call('+14108675310')),
  },
  {
    name: `place a call to ${MAGIC.invalid}`,
    expect: 'a provider error (21217)',
    run: (p) => p.createCall(call(MAGIC.invalid)),
  },
  {
    name: `place a call to ${MAGIC.unroutable}`,
    expect: 'a provider error (21214)',
    run: (p) => p.createCall(call(MAGIC.unroutable)),
  },
];

/** Runs every check, printing what each answered (a value, or the error and Twilio's code). */
export async function runChecks(provider: TelephonyProvider, print: (line: string) => void) {
  for (const check of CHECKS) {
    try {
      const value = await check.run(provider);
      print(`ok     ${check.name} (expected ${check.expect}): ${JSON.stringify(value)}`);
    } catch (error) {
      const cause = (error as { cause?: { code?: number; message?: string } }).cause;
      const code = cause?.code ?? (error as Error).message;
      print(`error  ${check.name} (expected ${check.expect}): ${(error as Error).name} ${code}`);
    }
  }
}
