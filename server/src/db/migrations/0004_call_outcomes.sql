ALTER TABLE "calls" ALTER COLUMN "provider_call_sid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "announce_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Click-to-calls used to start as 'initiated'; Twilio's Call resource calls that state 'queued'.
UPDATE "calls" SET "status" = 'queued' WHERE "status" = 'initiated';
