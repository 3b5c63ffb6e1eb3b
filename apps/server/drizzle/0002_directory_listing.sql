DROP INDEX "trades_state_name_idx";--> statement-breakpoint
DROP INDEX "trades_listed_name_idx";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(name, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written below drizzle-kit's output (it cannot express triggers). `trades.listed` is the one definition
-- of "listed in the directory" (DESIGN "Roles"): approved, enabled, not locked, not expired, church enabled.
-- It is computed on every write of a trade, whatever sets the other columns (app, seed, an operator's SQL).
CREATE FUNCTION "trades_set_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.moderation_status = 'APPROVED' AND NEW.enabled AND NOT NEW.locked AND NOT NEW.expired
    AND EXISTS (SELECT 1 FROM churches WHERE churches.id = NEW.church_id AND churches.enabled);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trades_set_listed" BEFORE INSERT OR UPDATE ON "trades"
  FOR EACH ROW EXECUTE FUNCTION "trades_set_listed"();--> statement-breakpoint
-- Enabling or disabling a church re-lists or unlists its businesses: touching them runs trades_set_listed.
CREATE FUNCTION "churches_relist_trades"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trades SET listed = listed WHERE church_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "churches_relist_trades" AFTER UPDATE OF "enabled" ON "churches"
  FOR EACH ROW WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled) EXECUTE FUNCTION "churches_relist_trades"();--> statement-breakpoint
UPDATE "trades" SET "listed" = "listed";--> statement-breakpoint
CREATE INDEX "trades_name_vector_idx" ON "trades" USING gin ("name_vector");--> statement-breakpoint
CREATE INDEX "trades_listed_state_name_idx" ON "trades" USING btree ("state_type","name","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "trades_listed_state_main_category_name_idx" ON "trades" USING btree ("state_type","main_category_id","name","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "trades_listed_church_name_idx" ON "trades" USING btree ("church_id","name","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "trades_listed_main_category_name_idx" ON "trades" USING btree ("main_category_id","name","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "trades_listed_category_name_idx" ON "trades" USING btree ("category_id","name","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "trades_listed_name_idx" ON "trades" USING btree ("name","id") WHERE listed;
