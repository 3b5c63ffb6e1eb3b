ALTER TYPE "public"."key_purpose" ADD VALUE 'UNDO_DELETION';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_deletion_due_idx" ON "users" USING btree ("deletion_due_at") WHERE deletion_due_at is not null;--> statement-breakpoint
-- An account waiting to be deleted is closed: its business leaves the directory at once, and comes back if the
-- deletion is undone. `trades_set_listed` (0002, 0018) stays the one definition of "listed".
CREATE OR REPLACE FUNCTION "trades_set_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.moderation_status = 'APPROVED' AND NEW.enabled AND NOT NEW.locked AND NOT NEW.expired
    AND EXISTS (SELECT 1 FROM churches WHERE churches.id = NEW.church_id AND churches.enabled)
    AND EXISTS (
      SELECT 1 FROM users
      WHERE users.id = NEW.owner_id AND users.enabled AND users.account_non_locked AND users.account_non_expired
        AND users.deletion_due_at IS NULL
    );
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "users_relist_trades" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_relist_trades"
  AFTER UPDATE OF "enabled", "account_non_locked", "account_non_expired", "deletion_due_at" ON "users"
  FOR EACH ROW WHEN (
    OLD.enabled IS DISTINCT FROM NEW.enabled
    OR OLD.account_non_locked IS DISTINCT FROM NEW.account_non_locked
    OR OLD.account_non_expired IS DISTINCT FROM NEW.account_non_expired
    OR OLD.deletion_due_at IS DISTINCT FROM NEW.deletion_due_at
  ) EXECUTE FUNCTION "users_relist_trades"();
