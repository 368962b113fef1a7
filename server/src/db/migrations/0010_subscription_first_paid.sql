ALTER TABLE "subscriptions" ADD COLUMN "first_paid_at" timestamp with time zone;--> statement-breakpoint
-- Earlier payments were not recorded (the date is the migration's). Active has paid; so has past_due
-- created over 35 days ago, longer than a trial and its first payment's retries (14 + 15 days).
UPDATE "subscriptions" SET "first_paid_at" = now()
WHERE "status" = 'active' OR ("status" = 'past_due' AND "subscription_created_at" < now() - interval '35 days');
