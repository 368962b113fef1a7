CREATE TABLE "call_month_counts" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"direction" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_month_counts_user_id_month_direction_pk" PRIMARY KEY("user_id","month","direction")
);
--> statement-breakpoint
ALTER TABLE "call_month_counts" ADD CONSTRAINT "call_month_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_month_counts_user_direction_month_count_idx" ON "call_month_counts" USING btree ("user_id","direction","month","count");--> statement-breakpoint
CREATE INDEX "call_month_counts_user_month_direction_count_idx" ON "call_month_counts" USING btree ("user_id","month","direction","count");--> statement-breakpoint
-- Existing calls, counted once from the day counters; from here on each call insert/delete keeps them.
INSERT INTO "call_month_counts" ("user_id", "month", "direction", "count")
SELECT "user_id", date_trunc('month', "day")::date, "direction", sum("count")::int FROM "call_day_counts"
GROUP BY 1, 2, 3;
