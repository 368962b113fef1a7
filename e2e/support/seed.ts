import type { Browser } from '@playwright/test';
import { api, inboundCall, newPerson, registerAndLogin, setUpNumber, type Tokens } from './api';
import { expectNoReports, newGuardedContext, noReports } from './guard';

export interface Subscriber {
  person: ReturnType<typeof newPerson>;
  tokens: Tokens;
  business: string;
  forwarding: string;
}

/**
 * A trialing subscriber with a forwarded number, made through the API and the sandbox checkout page
 * (its "Start trial" button), without the SPA's post-checkout screen: journeys start from the dashboard.
 */
export async function seedSubscriber(
  browser: Browser,
  label: string,
  areaCode = '512',
  forwarding = '+15125550199',
): Promise<Subscriber> {
  const person = newPerson(label);
  const tokens = await registerAndLogin(person);
  const { url } = await api<{ url: string }>('POST', '/billing/create-checkout-session', {
    token: tokens.access_token,
  });
  const reports = noReports();
  const context = await newGuardedContext(browser, 'desktop', reports);
  try {
    await context.route(/\/checkout\/redirect/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>ok</title>' }),
    );
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(/\/checkout\/redirect/);
  } finally {
    await context.close();
  }
  expectNoReports(reports);
  const business = await setUpNumber(tokens, areaCode, forwarding);
  return { person, tokens, business, forwarding };
}

/** Rings the subscriber's number from `count` different callers (inbound calls in the history). */
export async function seedInboundCalls(subscriber: Subscriber, count: number, firstDuration = 30) {
  for (let i = 0; i < count; i += 1) {
    await inboundCall(subscriber.business, `+1415555${String(1000 + i)}`, firstDuration + i);
  }
}
