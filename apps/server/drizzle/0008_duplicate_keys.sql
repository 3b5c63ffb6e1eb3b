CREATE INDEX "trades_name_key_idx" ON "trades" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "trades_website_key_idx" ON "trades" USING btree (nullif(regexp_replace(regexp_replace(lower(coalesce("website", '')), '^[a-z][a-z0-9+.-]*://(www\.)?', ''), '/+$', ''), ''));--> statement-breakpoint
CREATE INDEX "users_phone_key_idx" ON "users" USING btree (substring(regexp_replace(regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'), '^61([0-9]{9})$', '0\1') from '^[0-9]{8,}$'));--> statement-breakpoint
CREATE INDEX "users_email_key_idx" ON "users" USING btree (regexp_replace(lower("email"), '\+[^@]*@', '@'));--> statement-breakpoint
-- Hand-written below drizzle-kit's output: ANALYZE gathers the statistics of the new index expressions, so the
-- planner knows a key matches a few businesses and looks each up by its index instead of scanning the tables.
ANALYZE "trades";--> statement-breakpoint
ANALYZE "users";
