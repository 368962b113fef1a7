CREATE TABLE "provider_sync_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"synced_until" timestamp with time zone NOT NULL
);
