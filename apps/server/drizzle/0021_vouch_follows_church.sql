-- A church's word that it knows who runs a business is that church's alone: a business moving to another church
-- loses its vouch, in the transaction of the move, whatever code moves it (db/README.md).
CREATE FUNCTION trade_vouch_follows_church() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trade_vouches
    SET withdrawn_at = now(), withdrawn_reason = 'The business moved to another church'
    WHERE trade_id = NEW.id AND withdrawn_at IS NULL AND expires_at > now();
  NEW.vouched_until := NULL;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER trades_withdraw_vouch_on_move BEFORE UPDATE OF church_id ON trades
  FOR EACH ROW WHEN (OLD.church_id IS DISTINCT FROM NEW.church_id)
  EXECUTE FUNCTION trade_vouch_follows_church();
