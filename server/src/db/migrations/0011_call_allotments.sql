CREATE TABLE "call_allotments" (
	"call" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"seconds" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_allotments" ADD CONSTRAINT "call_allotments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_allotments_user_idx" ON "call_allotments" USING btree ("user_id");