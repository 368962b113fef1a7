CREATE TABLE "call_day_counts" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"direction" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_day_counts_user_id_day_direction_pk" PRIMARY KEY("user_id","day","direction")
);
--> statement-breakpoint
ALTER TABLE "call_day_counts" ADD CONSTRAINT "call_day_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;