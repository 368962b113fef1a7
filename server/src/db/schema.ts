import type { CallStatus } from '../../../contract/call-states';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Every timestamp is timestamptz (UTC); money is integer cents, durations integer seconds.
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // Emails are unique whatever their case: the index is on lower(email).
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

// One row per signed-in session: what the access tokens' `sid` names, so that ending it ends them.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

// The refresh tokens of a session (its family), one row each; only the SHA-256 of the opaque token is
// stored. Each is used once: using it again after the grace (auth/sessions.ts) ends the session.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

// One subscription per account. `provider` is 'sandbox' or 'stripe'; a row with status
// 'incomplete' exists from the first checkout so the provider's customer id is kept.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id').unique(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    // When the provider created the current subscription: an older subscription's late events
    // never overwrite a newer one.
    subscriptionCreatedAt: timestamp('subscription_created_at', { withTimezone: true }),
    // When the account first paid a subscription invoice of more than $0: until then a past_due
    // subscription is a trial whose first payment is failing, and keeps the trial's call cap.
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
    // When deleting the account deleted its customer at the provider: a deletion tried again after a
    // later step failed has nothing left to charge, cancel or delete there (the provider's events
    // may still write customer_id back).
    customerDeletedAt: timestamp('customer_deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Stripe webhooks find the account by customer id.
  (t) => [index('subscriptions_customer_id_idx').on(t.customerId)],
);

// One number per account (unique user_id); a released number keeps its row for history.
// A row without provider_sid is a reservation: the provider is buying the number (numbers/purchase.ts).
export const phoneNumbers = pgTable('phone_numbers', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull().unique(),
  providerSid: text('provider_sid'),
  forwardingNumber: text('forwarding_number'),
  // "Business call" is said to the owner before a forwarded call is connected.
  announceCalls: boolean('announce_calls').notNull().default(false),
  // Texts to the number are e-mailed to the owner (texts/receive.ts); they are kept either way.
  emailTexts: boolean('email_texts').notNull().default(true),
  // Set when service stops (the subscription is no longer live): the number stays the account's,
  // offered to nobody else, until then; the release job gives it back afterwards.
  heldUntil: timestamp('held_until', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Inbound: the caller's call. Outbound: the first leg, set once the provider accepted the call
    // (the row is written before, so the one-call limit holds and early callbacks find it).
    providerCallSid: text('provider_call_sid').unique(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    // Twilio's words: queued, ringing, in-progress, then completed, busy, no-answer, failed or canceled.
    status: text('status').$type<CallStatus>().notNull(),
    // Click-to-call only: the furthest step reached (calls/progress.ts).
    stage: text('stage', { enum: ['calling_you', 'waiting_for_key', 'calling_recipient', 'connected'] }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    createdAt: createdAt(),
    // The call's place in its account's history, oldest first (by time, then id: the history's
    // order), counting from 1; and its place among the account's calls of its direction. Kept by
    // every insert and delete (calls/record.ts), so the history reads a page and its total from
    // them, whatever its range or depth (calls/history.ts).
    position: integer('position').notNull(),
    directionPosition: integer('direction_position').notNull(),
  },
  // Plain ascending indexes: ORDER BY created_at DESC, id DESC scans them backwards
  // (a DESC NULLS LAST index would not serve that query); id as the last key orders ties
  // without a sort step. The position indexes serve a page: the calls just below a place.
  (t) => [
    index('calls_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('calls_user_direction_created_idx').on(t.userId, t.direction, t.createdAt, t.id),
    index('calls_user_position_idx').on(t.userId, t.position),
    index('calls_user_direction_position_idx').on(t.userId, t.direction, t.directionPosition),
  ],
);

// Per user and calendar month (UTC, first day of the month): usage and what was invoiced for it.
export const usageMonths = pgTable(
  'usage_months',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
    minutes: integer('minutes').notNull().default(0),
    billedCents: integer('billed_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

// Billing work that runs after the request that caused it has been answered (billing/tasks.ts):
// a provider event received by the webhook, or an account's usage to report after a call. Kept
// until done, so a crash or a failure leaves it for the next run; `version` moves when a task is
// asked for again while it runs, so it runs once more. A task done keeps only its id (a provider's
// redelivery of the event is then known); an account's tasks go with the account.
export const billingTasks = pgTable(
  'billing_tasks',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    version: integer('version').notNull().default(1),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_tasks_due_idx')
      .on(t.runAfter)
      .where(sql`${t.doneAt} is null`),
  ],
);

// Processed provider webhook events, so a redelivery changes nothing.
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// The ledger of usage charges: one row per charge (or waiver), written before the provider is
// called, so its key (usage-<user>-<seq>) makes every retry the same charge. Months it covers are
// also counted in usage_months.billed_cents, in the same transaction.
export const usageCharges = pgTable(
  'usage_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    key: text('key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    minutes: integer('minutes').notNull(),
    // { "YYYY-MM-01": cents } for each month the charge covers.
    months: jsonb('months').$type<Record<string, number>>().notNull(),
    // pending (not yet at the provider) → open → failed → paid | void | uncollectible;
    // waived (trial cancelled) and canceled (never reached the provider) are not charged.
    status: text('status').notNull(),
    // A subscription invoice still being drafted that the charge joins (the trial's first payment).
    targetInvoiceId: text('target_invoice_id'),
    invoiceId: text('invoice_id'),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    // Sending a pending row to the provider: one sender at a time holds it until `claimed_until`;
    // each attempt numbers its own idempotency keys. A row whose sending cannot succeed (the
    // provider refused it, or too many attempts) is given up, with its last error, for an operator.
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usage_charges_user_seq_key').on(t.userId, t.seq),
    index('usage_charges_invoice_idx').on(t.invoiceId),
  ],
);

// Every free trial given, by subscription: one per account, and one per card (the provider's
// card fingerprint), whichever account it was on.
export const trials = pgTable(
  'trials',
  {
    subscriptionId: text('subscription_id').primaryKey(),
    // Emptied when the account is deleted: the card's fingerprint stays, so it gets no second trial.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardFingerprint: text('card_fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [index('trials_user_idx').on(t.userId), index('trials_card_idx').on(t.cardFingerprint)],
);

// The seconds set aside for each call under way on a trial's terms (calls/allotments.ts), so
// calls at the same time never add up to more than the trial's minutes. Released by the report
// that ends the call; one whose end never arrived stops counting at `expires_at`.
export const callAllotments = pgTable(
  'call_allotments',
  {
    // The provider's sid of an inbound call; our id of a click-to-call.
    call: text('call').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('call_allotments_user_idx').on(t.userId)],
);

// Billing preferences of an account; no row means the defaults.
export const billingSettings = pgTable('billing_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  usageEmails: boolean('usage_emails').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Usage emails sent, so each goes out at most once (key e.g. "2026-10-01:80").
export const usageNotices = pgTable(
  'usage_notices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// The embedded billing sandbox's own records, playing Stripe's side: its objects (customers,
// payment methods, checkout sessions, subscriptions, invoices, invoice items) as Stripe-shaped
// JSON, and the events it has to deliver to our event handling.
export const sandboxStripeObjects = pgTable(
  'sandbox_stripe_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    customer: text('customer'),
    // No longer written (keys are in sandbox_stripe_requests); dropped once no node writes it.
    idempotencyKey: text('idempotency_key').unique(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_stripe_objects_customer_idx').on(t.customer, t.type)],
);

// The sandbox's Stripe idempotency keys: the first answer given to a key (a success, or an error
// raised once the request began executing), replayed to a retry with the same key and parameters
// until the key is pruned (24 h). A deleted customer's go with it.
export const sandboxStripeRequests = pgTable(
  'sandbox_stripe_requests',
  {
    key: text('key').primaryKey(),
    // The method and path, and a hash of the parameters, the key was first used with.
    scope: text('scope').notNull(),
    fingerprint: text('fingerprint').notNull(),
    customer: text('customer'),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_stripe_requests_customer_idx').on(t.customer)],
);

export const sandboxStripeEvents = pgTable(
  'sandbox_stripe_events',
  {
    seq: integer('seq').primaryKey().generatedAlwaysAsIdentity(),
    id: text('id').notNull().unique(),
    data: jsonb('data').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_stripe_events_pending_idx')
      .on(t.seq)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

// How far a job that reads a provider's records has read: the next run starts there (the hourly
// reconciliation of calls with Twilio's Calls API, calls/reconcile.ts).
export const providerSyncMarks = pgTable('provider_sync_marks', {
  name: text('name').primaryKey(),
  syncedUntil: timestamp('synced_until', { withTimezone: true }).notNull(),
});

// Texts sent to a business number, kept for its owner (texts/): shown on the dashboard and, unless
// the owner turned it off, e-mailed. Once per provider message id (a redelivered webhook adds none).
export const texts = pgTable(
  'texts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerMessageSid: text('provider_message_sid').notNull().unique(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('texts_user_received_idx').on(t.userId, t.receivedAt)],
);
