-- Each call's place in its account's history (and in its direction's), oldest first by time, then
-- id; from here on every call insert and delete keeps them (calls/record.ts). They replace the day,
-- month and total counters: a range's total and a page are read from two places.
ALTER TABLE "calls" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "direction_position" integer;--> statement-breakpoint
UPDATE "calls" SET "position" = "placed"."position", "direction_position" = "placed"."direction_position"
FROM (
  SELECT "id",
    row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at", "id") AS "position",
    row_number() OVER (PARTITION BY "user_id", "direction" ORDER BY "created_at", "id") AS "direction_position"
  FROM "calls"
) AS "placed"
WHERE "placed"."id" = "calls"."id";--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "direction_position" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_user_position_idx" ON "calls" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "calls_user_direction_position_idx" ON "calls" USING btree ("user_id","direction","direction_position");--> statement-breakpoint
DROP TABLE "call_day_counts" CASCADE;--> statement-breakpoint
DROP TABLE "call_month_counts" CASCADE;--> statement-breakpoint
DROP TABLE "call_totals" CASCADE;
