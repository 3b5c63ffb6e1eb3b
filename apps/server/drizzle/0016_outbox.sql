CREATE TYPE "public"."mail_state" AS ENUM('QUEUED', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"run_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "job_runs_job_period_start_pk" PRIMARY KEY("job","period_start")
);
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text,
	"html_body" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" "mail_state" DEFAULT 'QUEUED' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "outbox_mails_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE INDEX "outbox_mails_due_idx" ON "outbox_mails" USING btree ("next_try_at") WHERE "outbox_mails"."state" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "outbox_mails_failed_idx" ON "outbox_mails" USING btree ("failed_at") WHERE "outbox_mails"."state" = 'FAILED';--> statement-breakpoint
CREATE INDEX "outbox_mails_sent_idx" ON "outbox_mails" USING btree ("sent_at") WHERE "outbox_mails"."state" = 'SENT';