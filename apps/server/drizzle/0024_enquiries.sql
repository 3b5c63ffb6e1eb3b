CREATE TYPE "public"."enquiry_author" AS ENUM('VISITOR', 'OWNER');--> statement-breakpoint
CREATE TYPE "public"."enquiry_delivery" AS ENUM('UNCONFIRMED', 'HELD', 'DELIVERED', 'DROPPED');--> statement-breakpoint
CREATE TYPE "public"."enquiry_folder" AS ENUM('NEW', 'ANSWERED', 'ARCHIVED', 'SPAM');--> statement-breakpoint
CREATE TYPE "public"."spam_report_decision" AS ENUM('BLOCKED', 'DISMISSED');--> statement-breakpoint
CREATE TABLE "blocked_senders" (
	"email_key" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"blocked_by" uuid,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"send_id" uuid NOT NULL,
	"sender_user_id" uuid,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"sender_email_key" text NOT NULL,
	"sender_phone" text,
	"sender_suburb" text NOT NULL,
	"sender_network" text NOT NULL,
	"text_hash" text NOT NULL,
	"delivery" "enquiry_delivery" NOT NULL,
	"folder" "enquiry_folder" DEFAULT 'NEW' NOT NULL,
	"sender_confirmed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"first_answered_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"link_version" integer DEFAULT 1 NOT NULL,
	"link_revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_confirmations" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"send_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "enquiry_daily_counts" (
	"trade_id" uuid NOT NULL,
	"day" date NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "enquiry_daily_counts_trade_id_day_pk" PRIMARY KEY("trade_id","day")
);
--> statement-breakpoint
CREATE TABLE "enquiry_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"author" "enquiry_author" NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_spam_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"church_id" uuid NOT NULL,
	"reported_by" uuid,
	"reason" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" "spam_report_decision",
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spent_proofs_of_work" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocked_senders" ADD CONSTRAINT "blocked_senders_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_daily_counts" ADD CONSTRAINT "enquiry_daily_counts_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_spam_reports" ADD CONSTRAINT "enquiry_spam_reports_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_spam_reports" ADD CONSTRAINT "enquiry_spam_reports_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_spam_reports" ADD CONSTRAINT "enquiry_spam_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_spam_reports" ADD CONSTRAINT "enquiry_spam_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_trade_folder_idx" ON "enquiries" USING btree ("trade_id","folder","last_message_at") WHERE delivery = 'DELIVERED';--> statement-breakpoint
CREATE INDEX "enquiries_sender_idx" ON "enquiries" USING btree ("sender_email_key","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_network_idx" ON "enquiries" USING btree ("sender_network","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_text_idx" ON "enquiries" USING btree ("text_hash","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_send_idx" ON "enquiries" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "enquiries_answered_idx" ON "enquiries" USING btree ("trade_id","delivered_at") WHERE first_answered_at is not null;--> statement-breakpoint
CREATE INDEX "enquiry_confirmations_send_idx" ON "enquiry_confirmations" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "enquiry_messages_enquiry_idx" ON "enquiry_messages" USING btree ("enquiry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_spam_reports_enquiry_key" ON "enquiry_spam_reports" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "enquiry_spam_reports_open_idx" ON "enquiry_spam_reports" USING btree ("church_id","reported_at") WHERE decision is null;--> statement-breakpoint
CREATE INDEX "spent_proofs_of_work_expiry_idx" ON "spent_proofs_of_work" USING btree ("expires_at");