// The in-memory fixture database behind every handler. It is plain JSON so the browser worker can keep it
// across the full page loads of dev:mock (checkout redirects reload the app).

import type { NewAccount } from '../contract/auth';
import type { SubscriptionStatus } from '../contract/billing';
import type { CallDetail } from '../contract/calls';
import type { BusinessNumber } from '../contract/numbers';
import type { TextRecord } from '../contract/texts';
import { billedMinutes } from '../rules/plan';
import { isLiveStatus } from '../rules/subscriptions';

export type User = NewAccount & { password: string };
export type Subscription = NonNullable<SubscriptionStatus['subscription']>;
export type PhoneNumber = BusinessNumber;
export type MockDb = {
  users: User[];
  /** Keyed by user id, as are numbers and calls: one subscription and one number per account. */
  subscriptions: Record<string, Subscription>;
  numbers: Record<string, PhoneNumber>;
  calls: Record<string, CallDetail[]>;
  /** User id → texts to its number, newest first. */
  texts: Record<string, TextRecord[]>;
  /** Click-to-calls still moving on: call id → when it was placed and how it will end. */
  placed: Record<string, { at: number; outcome: 'answered' | 'busy' | 'no-answer' }>;
  /** Token → user id. */
  accessTokens: Record<string, string>;
  refreshTokens: Record<string, string>;
  resetTokens: Record<string, { userId: string; used: boolean }>;
  /** User id → usage emails switch (absent = on, the default). */
  usageEmails: Record<string, boolean>;
  nextId: number;
};

const empty = (): MockDb => ({
  users: [],
  subscriptions: {},
  numbers: {},
  calls: {},
  texts: {},
  placed: {},
  accessTokens: {},
  refreshTokens: {},
  resetTokens: {},
  usageEmails: {},
  nextId: 1,
});

export const db: MockDb = empty();

/** Empties every table; `resetMockDb` (seed.ts) refills it with the fixtures. */
/** Closes each live call event stream (handlers/callEvents.ts): none outlives the database it watched. */
export const openStreams = new Set<() => void>();

export function clearDb(snapshot: MockDb = empty()) {
  for (const close of openStreams) close();
  Object.assign(db, snapshot);
}

export const newId = (prefix: string) => `${prefix}_${db.nextId++}`;
/** A call's id is a UUID, as the server's: its route refuses any other id with 400. */
export const newCallId = () => `00000000-0000-4000-8000-${String(db.nextId++).padStart(12, '0')}`;

export const findUserByEmail = (email: string) =>
  db.users.find((user) => user.email.toLowerCase() === email.trim().toLowerCase());

export function userByEmail(email: string): User {
  const user = findUserByEmail(email);
  if (!user) throw new Error(`Mock db: no user with email ${email}`);
  return user;
}

/** Read helpers for tests: what the handlers stored for a user. */
export const subscriptionOf = (email: string) => db.subscriptions[userByEmail(email).id] ?? null;
export const callsOf = (email: string) => db.calls[userByEmail(email).id] ?? [];

/** Trialing, active, or past_due while a failed payment is retried: what buying, configuring and calling
 * need, and what the subscription guard admits. */
export const isLive = (subscription?: Subscription | null) => isLiveStatus(subscription?.status);

/** Minutes of the trial so far: all of the account's calls are the trial's. */
export const trialMinutesUsed = (userId: string) =>
  (db.calls[userId] ?? []).reduce((sum, call) => sum + billedMinutes(call.duration), 0);

/** The user owning a business number, if any. */
export const ownerOfNumber = (phoneNumber: string) =>
  Object.keys(db.numbers).find((userId) => db.numbers[userId].phone_number === phoneNumber);

/** The newest unused password-reset token of a user (the one a reset email would carry). */
export const latestResetToken = (email: string) => {
  const { id } = userByEmail(email);
  return Object.keys(db.resetTokens).findLast(
    (token) => db.resetTokens[token].userId === id && !db.resetTokens[token].used,
  );
};
