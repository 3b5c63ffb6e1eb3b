-- One person per inbox. `inbox_key` is the SQL twin of `inboxKey` (packages/shared/src/inbox-key.ts): the same
-- regular expressions in the same order (trimmed, lower case; googlemail.com read as gmail.com; a "+tag" after a
-- name dropped; the dots of a gmail.com name dropped). IMMUTABLE, so that an index can be built on it.
CREATE FUNCTION inbox_key(email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    regexp_replace(
      regexp_replace(lower(regexp_replace(email, '^\s+|\s+$', '', 'g')), '@googlemail\.com$', '@gmail.com'),
      '^([^+]+)\+.*(@[^@]*)$', '\1\2'),
    '\.(?=[^@]*@gmail\.com$)', '', 'g')
$$;--> statement-breakpoint
-- The moderation queue's "same owner e-mail" looks owners up by the same key (db/duplicate-keys.ts).
DROP INDEX "users_email_key_idx";--> statement-breakpoint
CREATE INDEX "users_email_key_idx" ON "users" USING btree (inbox_key("email"));--> statement-breakpoint
UPDATE "enquiries" SET "sender_email_key" = inbox_key("sender_email")
  WHERE "sender_email_key" IS DISTINCT FROM inbox_key("sender_email");--> statement-breakpoint
-- Blocks of addresses of one inbox become one: the oldest stays, with its reason, and now blocks them all.
DELETE FROM "blocked_senders" AS later USING "blocked_senders" AS earlier
  WHERE inbox_key(later."email_key") = inbox_key(earlier."email_key")
    AND (earlier."blocked_at", earlier."email_key") < (later."blocked_at", later."email_key");--> statement-breakpoint
UPDATE "blocked_senders" SET "email_key" = inbox_key("email_key") WHERE "email_key" <> inbox_key("email_key");--> statement-breakpoint
-- Two reviews of one business written before from addresses of one inbox both stay (a moderator may weigh them);
-- one key per business and inbox is unique (`reviews_trade_reviewer_key`), so only one of them takes the inbox's
-- key: the one holding it already, else the oldest. The others keep the key they had, which is no inbox's key
-- (inbox_key would change it), so it meets no other review's. Each row is weighed against the rows as they were
-- before this statement.
UPDATE "reviews" SET "reviewer_email_key" = inbox_key("reviewer_email_key")
  WHERE "reviewer_email_key" <> inbox_key("reviewer_email_key")
    AND NOT EXISTS (
      SELECT 1 FROM "reviews" AS other
      WHERE other."trade_id" = "reviews"."trade_id" AND other."id" <> "reviews"."id"
        AND inbox_key(other."reviewer_email_key") = inbox_key("reviews"."reviewer_email_key")
        AND (other."reviewer_email_key" = inbox_key(other."reviewer_email_key")
          OR (other."created_at", other."id") < ("reviews"."created_at", "reviews"."id"))
    );--> statement-breakpoint
-- The enquiry limits' counters (rate_limit_counters) keep the keys they were counted under: they last a day at
-- most, and the sends after this one count under the inbox's key.
CREATE TABLE "login_networks" (
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_networks_user_id_network_pk" PRIMARY KEY("user_id","network")
);
--> statement-breakpoint
ALTER TABLE "login_networks" ADD CONSTRAINT "login_networks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_networks_last_login_idx" ON "login_networks" USING btree ("last_login_at");
