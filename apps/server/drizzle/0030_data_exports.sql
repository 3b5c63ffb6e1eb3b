CREATE TYPE "public"."data_export_status" AS ENUM('REQUESTED', 'READY', 'DOWNLOADED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "data_export_status" DEFAULT 'REQUESTED' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"key_hash" text,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	CONSTRAINT "data_exports_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_open_key" ON "data_exports" USING btree ("user_id") WHERE status in ('REQUESTED', 'READY');--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "data_exports_requested_idx" ON "data_exports" USING btree ("requested_at") WHERE status = 'REQUESTED';--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE status in ('READY', 'DOWNLOADED');
