-- A business whose owner's account is closed (disabled, locked or expired) leaves the directory, whoever closed
-- it: its owner or an administrator. `trades_set_listed` (0002) stays the one definition of "listed", now with
-- the owner's account open beside the business's own switches and its church.
CREATE OR REPLACE FUNCTION "trades_set_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.moderation_status = 'APPROVED' AND NEW.enabled AND NOT NEW.locked AND NOT NEW.expired
    AND EXISTS (SELECT 1 FROM churches WHERE churches.id = NEW.church_id AND churches.enabled)
    AND EXISTS (
      SELECT 1 FROM users
      WHERE users.id = NEW.owner_id AND users.enabled AND users.account_non_locked AND users.account_non_expired
    );
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Closing or reopening an account re-lists or unlists its business: touching it runs trades_set_listed.
CREATE FUNCTION "users_relist_trades"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trades SET listed = listed WHERE owner_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_relist_trades" AFTER UPDATE OF "enabled", "account_non_locked", "account_non_expired" ON "users"
  FOR EACH ROW WHEN (
    OLD.enabled IS DISTINCT FROM NEW.enabled
    OR OLD.account_non_locked IS DISTINCT FROM NEW.account_non_locked
    OR OLD.account_non_expired IS DISTINCT FROM NEW.account_non_expired
  ) EXECUTE FUNCTION "users_relist_trades"();--> statement-breakpoint
UPDATE "trades" SET "listed" = "listed";
