import type { Page } from 'playwright-core';
import {
  api,
  inboundCall,
  newPerson,
  registerAndLogin,
  setUpNumber,
  signInContext,
  type Tokens,
} from './api';
import { newPage, type ViewportName } from './browser';

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
  label: string,
  areaCode = '512',
  forwarding = '+15125550199',
): Promise<Subscriber> {
  const person = newPerson(label);
  const tokens = await registerAndLogin(person);
  const { url } = await api<{ url: string }>('POST', '/billing/create-checkout-session', {
    token: tokens.access_token,
  });
  const { context, page } = await newPage('desktop');
  try {
    await context.route(/\/checkout\/redirect/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>ok</title>' }),
    );
    await page.goto(url);
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(/\/checkout\/redirect/);
  } finally {
    await context.close();
  }
  const business = await setUpNumber(tokens, areaCode, forwarding);
  return { person, tokens, business, forwarding };
}

/** A page of a new context already signed in as the subscriber (tokens in localStorage). */
export async function signedInPage(
  subscriber: Subscriber,
  viewport: ViewportName = 'desktop',
  path = '/dashboard',
) {
  const { context, page } = await newPage(viewport);
  await signInContext(page, subscriber.tokens);
  await page.goto(path);
  return { context, page };
}

/** Rings the subscriber's number from `count` different callers (inbound calls in the history). */
export async function seedInboundCalls(subscriber: Subscriber, count: number, firstDuration = 30) {
  for (let i = 0; i < count; i += 1) {
    await inboundCall(subscriber.business, `+1415555${String(1000 + i)}`, firstDuration + i);
  }
}

export type { Page };
