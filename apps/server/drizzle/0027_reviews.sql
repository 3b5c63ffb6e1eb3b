CREATE TYPE "public"."review_relation" AS ENUM('CUSTOMER', 'SAME_CHURCH', 'FRIEND', 'FAMILY', 'EMPLOYEE');--> statement-breakpoint
CREATE TYPE "public"."review_report_decision" AS ENUM('REMOVED', 'KEPT');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('PUBLISHED', 'HELD', 'REMOVED');--> statement-breakpoint
CREATE TABLE "review_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"set_by" uuid
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_user_id" uuid,
	"reporter_network" text NOT NULL,
	"reason" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" "review_report_decision",
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"reviewer_user_id" uuid,
	"reviewer_email_key" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"reviewer_network" text NOT NULL,
	"relation" "review_relation" NOT NULL,
	"same_church" boolean DEFAULT false NOT NULL,
	"stars" integer NOT NULL,
	"body" text NOT NULL,
	"text_hash" text NOT NULL,
	"work_suburb" text,
	"work_month" text,
	"status" "review_status" NOT NULL,
	"hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by" uuid,
	"church_held_at" timestamp with time zone,
	"church_held_by" uuid,
	"church_hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"owner_answer" text,
	"owner_answered_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_reason" text,
	"removed_by" uuid,
	CONSTRAINT "reviews_stars_check" CHECK ("reviews"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "review_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "review_stars_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_notices" ADD CONSTRAINT "review_notices_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notices" ADD CONSTRAINT "review_notices_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_church_held_by_users_id_fk" FOREIGN KEY ("church_held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_notices_trade_idx" ON "review_notices" USING btree ("trade_id","ends_at");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("review_id") WHERE decision is null;--> statement-breakpoint
CREATE INDEX "review_reports_network_idx" ON "review_reports" USING btree ("reporter_network","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_enquiry_key" ON "reviews" USING btree ("enquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_trade_reviewer_key" ON "reviews" USING btree ("trade_id","reviewer_email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_trade_user_key" ON "reviews" USING btree ("trade_id","reviewer_user_id") WHERE reviewer_user_id is not null;--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("trade_id","created_at") WHERE status = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "reviews_removed_idx" ON "reviews" USING btree ("trade_id","removed_at") WHERE status = 'REMOVED';--> statement-breakpoint
CREATE INDEX "reviews_held_idx" ON "reviews" USING btree ("created_at") WHERE status = 'HELD';--> statement-breakpoint
CREATE INDEX "reviews_flagged_idx" ON "reviews" USING btree ("created_at") WHERE cardinality(flags) > 0 and checked_at is null;--> statement-breakpoint
CREATE INDEX "reviews_network_idx" ON "reviews" USING btree ("reviewer_network","created_at");--> statement-breakpoint
CREATE INDEX "reviews_text_idx" ON "reviews" USING btree ("text_hash","created_at");--> statement-breakpoint
CREATE INDEX "reviews_trade_created_idx" ON "reviews" USING btree ("trade_id","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_review_invitation_idx" ON "enquiries" USING btree ("first_answered_at") WHERE first_answered_at is not null and review_invited_at is null;--> statement-breakpoint
-- A business's published reviews counted and their stars added up on the business itself, in the transaction of
-- the change, whatever code makes it (db/README.md): cards and the "4 stars and up" filter read two columns.
CREATE FUNCTION trade_review_totals(changed_trade uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trades
    SET review_count = totals.published, review_stars_total = totals.stars
    FROM (
      SELECT count(*)::integer AS published, coalesce(sum(stars), 0)::integer AS stars
        FROM reviews WHERE trade_id = changed_trade AND status = 'PUBLISHED'
    ) AS totals
    WHERE trades.id = changed_trade
      AND (trades.review_count, trades.review_stars_total) IS DISTINCT FROM (totals.published, totals.stars);
END;
$$;--> statement-breakpoint
CREATE FUNCTION reviews_keep_trade_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM trade_review_totals(OLD.trade_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.trade_id IS DISTINCT FROM OLD.trade_id) THEN
    PERFORM trade_review_totals(NEW.trade_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reviews_keep_trade_totals AFTER INSERT OR DELETE OR UPDATE OF status, stars, trade_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_trade_totals();
