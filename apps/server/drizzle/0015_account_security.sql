ALTER TYPE "public"."key_purpose" ADD VALUE 'CHANGE_EMAIL';--> statement-breakpoint
ALTER TYPE "public"."key_purpose" ADD VALUE 'UNDO_EMAIL_CHANGE';--> statement-breakpoint
ALTER TABLE "one_time_keys" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "network" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "public_email" text;