import type { CallDetail } from '../contract/calls';
import { receiveText } from './texts';
import { db, findUserByEmail, newCallId, newId, userByEmail, type Subscription, type User } from './db';

// Helpers for tests (and the fixtures) to put the database in a known state. Users are named by email.

const DAY_SECONDS = 24 * 60 * 60;

/** Adds a user, or updates the name/password of an existing one. */
export function seedUser({
  email,
  name = 'Test User',
  password = 'password123',
}: Partial<User> & { email: string }) {
  const existing = findUserByEmail(email);
  if (existing) return Object.assign(existing, { name, password });
  const user = { id: newId('usr'), name, email, password };
  db.users.push(user);
  return user;
}

/** Sets (or with null removes) a user's subscription; defaults to a trial ending in 14 days. */
export function seedSubscription(email: string, subscription: Partial<Subscription> | null = {}) {
  const { id } = userByEmail(email);
  if (!subscription) return void delete db.subscriptions[id];
  db.subscriptions[id] = {
    ...trialEndingIn(14),
    ...subscription,
  };
}

/** A trial ending `days` days from now, for the trial banner (0 → no banner). */
export const trialEndingIn = (days: number): Subscription => ({
  status: 'trialing',
  current_period_end: Math.floor(Date.now() / 1000) + Math.round(days * DAY_SECONDS),
  cancel_at_period_end: false,
});

/** Gives a user a business number (forwarding_number '' = bought but not configured), or removes it. */
export function seedNumber(
  email: string,
  phoneNumber: string | null,
  forwardingNumber = '',
  announceCalls = false,
) {
  const { id } = userByEmail(email);
  if (phoneNumber === null) return void delete db.numbers[id];
  db.numbers[id] = {
    phone_number: phoneNumber,
    forwarding_number: forwardingNumber,
    announce_calls: announceCalls,
    email_texts: true,
    held_until: null,
  };
}

/** A text to the user's business number, as the carrier would deliver it (kept newest first). */
export function seedText(email: string, from: string, body: string) {
  const { id } = userByEmail(email);
  receiveText(db.numbers[id].phone_number, from, body);
}

/** Replaces a user's call history. Missing fields get defaults (an answered call of 1:00); the list is kept
 * newest first. */
export function seedCalls(email: string, calls: Partial<CallDetail>[]): CallDetail[] {
  const { id } = userByEmail(email);
  const business = db.numbers[id]?.phone_number ?? '+15125550100';
  // Calls without a time are given now, a millisecond apart in the order given (newest first), so
  // the clock ticking while they are built never reorders them.
  const now = Date.now();
  db.calls[id] = calls
    .map((call, index) => ({
      id: newCallId(),
      direction: 'inbound' as const,
      from_number: call.direction === 'outbound' ? business : '+12125550142',
      to_number: call.direction === 'outbound' ? '+12125550142' : business,
      created_at: new Date(now - index).toISOString(),
      duration: 60,
      status: 'completed' as const,
      stage: call.direction === 'outbound' ? ('connected' as const) : null,
      ...call,
    }))
    // ISO with milliseconds everywhere, so date filters can compare strings.
    .map((call) => ({ ...call, created_at: new Date(call.created_at).toISOString() }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return db.calls[id];
}

/** A password-reset token that `POST /auth/reset-password` accepts once. */
export function seedResetToken(email: string, token: string) {
  db.resetTokens[token] = { userId: userByEmail(email).id, used: false };
}
