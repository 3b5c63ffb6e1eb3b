CREATE TYPE "public"."abn_status" AS ENUM('CHECKSUM_ONLY', 'UNCHECKED', 'ACTIVE', 'MISMATCH', 'CANCELLED', 'NOT_FOUND');--> statement-breakpoint
CREATE TABLE "abn_lookups" (
	"abn" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "trade_vouches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"church_id" uuid NOT NULL,
	"voucher_id" uuid,
	"voucher_role" "role" NOT NULL,
	"voucher_named" boolean DEFAULT false NOT NULL,
	"vouched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"renewal_asked_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_reason" text
);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "abn" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "abn_status" "abn_status";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "abn_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "abn_registered_name" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "abn_next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "licence_state" "state_type";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "licence_kind" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "licence_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "licence_checked_by" uuid;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "vouched_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "verified_until" timestamp with time zone GENERATED ALWAYS AS (case when abn_status = 'ACTIVE' or licence_checked_at is not null then 'infinity'::timestamptz else vouched_until end) STORED;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "trading_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "trading_check_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "trading_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_vouches" ADD CONSTRAINT "trade_vouches_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_vouches" ADD CONSTRAINT "trade_vouches_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_vouches" ADD CONSTRAINT "trade_vouches_voucher_id_users_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_vouches_trade_idx" ON "trade_vouches" USING btree ("trade_id","expires_at");--> statement-breakpoint
CREATE INDEX "trade_vouches_expiry_idx" ON "trade_vouches" USING btree ("expires_at") WHERE withdrawn_at is null;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_licence_checked_by_users_id_fk" FOREIGN KEY ("licence_checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;