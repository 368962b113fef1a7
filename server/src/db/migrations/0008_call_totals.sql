CREATE TABLE "call_totals" (
	"user_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_totals_user_id_direction_pk" PRIMARY KEY("user_id","direction")
);
--> statement-breakpoint
ALTER TABLE "call_totals" ADD CONSTRAINT "call_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_day_counts_user_day_direction_count_idx" ON "call_day_counts" USING btree ("user_id","day","direction","count");--> statement-breakpoint
-- Existing calls, counted once from the rows; from here on each call insert/delete keeps them.
INSERT INTO "call_totals" ("user_id", "direction", "count")
SELECT "user_id", "direction", count(*)::int FROM "calls" GROUP BY "user_id", "direction";
