import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
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

// One row per signed-in session; only the SHA-256 of the opaque token is stored.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user_id_idx').on(t.userId)],
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Stripe webhooks find the account by customer id.
  (t) => [index('subscriptions_customer_id_idx').on(t.customerId)],
);

// One number per account (unique user_id); a released number keeps its row for history.
export const phoneNumbers = pgTable('phone_numbers', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull().unique(),
  providerSid: text('provider_sid'),
  forwardingNumber: text('forwarding_number'),
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
    providerCallSid: text('provider_call_sid').notNull().unique(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    status: text('status').notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    createdAt: createdAt(),
  },
  // Plain ascending indexes: ORDER BY created_at DESC, id DESC scans them backwards
  // (a DESC NULLS LAST index would not serve that query); id as the last key orders ties
  // without a sort step.
  (t) => [
    index('calls_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('calls_user_direction_created_idx').on(t.userId, t.direction, t.createdAt, t.id),
  ],
);

// Calls per user, UTC day and direction, kept in the same transaction as each call insert:
// the history's total_items sums at most a few hundred of these rows instead of counting calls.
export const callDayCounts = pgTable(
  'call_day_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    count: integer('count').notNull().default(0),
  },
  // The second index carries count as its last key, so the sums are index-only scans: a user's
  // counters are scattered over the heap (one row per day, written as days go by).
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.direction] }),
    index('call_day_counts_user_direction_day_count_idx').on(t.userId, t.direction, t.day, t.count),
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
