CREATE TABLE "billing_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"usage_emails" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_stripe_events" (
	"seq" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_stripe_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"data" jsonb NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "sandbox_stripe_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_stripe_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"customer" text,
	"idempotency_key" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_stripe_objects_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"card_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"minutes" integer NOT NULL,
	"months" jsonb NOT NULL,
	"status" text NOT NULL,
	"target_invoice_id" text,
	"invoice_id" text,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_charges_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "usage_notices" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_notices_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "subscription_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_charges" ADD CONSTRAINT "usage_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_notices" ADD CONSTRAINT "usage_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_stripe_events_pending_idx" ON "sandbox_stripe_events" USING btree ("seq") WHERE "sandbox_stripe_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_stripe_objects_customer_idx" ON "sandbox_stripe_objects" USING btree ("customer","type");--> statement-breakpoint
CREATE INDEX "trials_user_idx" ON "trials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trials_card_idx" ON "trials" USING btree ("card_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_charges_user_seq_key" ON "usage_charges" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "usage_charges_invoice_idx" ON "usage_charges" USING btree ("invoice_id");--> statement-breakpoint
-- Numbers of accounts already without service when this ships start their 30-day hold now.
UPDATE "phone_numbers" SET "held_until" = now() + interval '30 days' WHERE "released_at" IS NULL AND "user_id" IN (SELECT "user_id" FROM "subscriptions" WHERE "status" NOT IN ('trialing', 'active', 'past_due'));
