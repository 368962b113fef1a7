DROP INDEX "calls_user_created_idx";--> statement-breakpoint
DROP INDEX "calls_user_direction_created_idx";--> statement-breakpoint
CREATE INDEX "calls_user_created_idx" ON "calls" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "calls_user_direction_created_idx" ON "calls" USING btree ("user_id","direction","created_at","id");