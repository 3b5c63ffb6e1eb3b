-- drizzle-kit's output, reordered and completed by hand: it cannot express functions, triggers or INCLUDE, and
-- the existing businesses' pins and map points are filled by one rewrite of the table (below) before the
-- indexes that read them are built.
ALTER TABLE "trades" ADD COLUMN "pin_latitude" double precision;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "pin_longitude" double precision;--> statement-breakpoint
-- A text as a JSON string. to_json is only STABLE because it serves every type; for text it depends on
-- nothing but its argument, so a generated column may use it through this wrapper.
CREATE FUNCTION "json_text"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT to_json($1)::text
$$;--> statement-breakpoint
-- Where a business's map pin goes (SPEC §1), as point(longitude, latitude): its address's coordinates; the
-- suburb's centre, rounded to 2 decimals (about a kilometre), when the owner keeps the street private; null for
-- an online-only business (online, neither at the client's place nor at its own) or one without coordinates.
CREATE FUNCTION "trade_pin"(uuid, boolean, boolean, boolean) RETURNS point LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN a.show_street_address THEN point(a.longitude, a.latitude)
              ELSE point(round(a.longitude::numeric, 2), round(a.latitude::numeric, 2)) END
  FROM addresses a
  WHERE a.entity_id = $1 AND a.latitude BETWEEN -90 AND 90 AND a.longitude BETWEEN -180 AND 180
    AND NOT ($2 AND NOT $3 AND NOT $4)
$$;--> statement-breakpoint
-- `trades.pin_latitude/pin_longitude` are computed on every write of the trade, whatever writes it.
CREATE FUNCTION "trades_set_pin"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pin point := trade_pin(NEW.id, NEW.online, NEW.at_client, NEW.at_business);
BEGIN
  NEW.pin_longitude := pin[0];
  NEW.pin_latitude := pin[1];
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trades_set_pin" BEFORE INSERT OR UPDATE ON "trades"
  FOR EACH ROW EXECUTE FUNCTION "trades_set_pin"();--> statement-breakpoint
-- Writing an address (its coordinates, its privacy) moves its business's pin: touching the trade runs trades_set_pin.
CREATE FUNCTION "addresses_repin_trade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE trades SET pin_latitude = pin_latitude WHERE id = OLD.entity_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.entity_id IS DISTINCT FROM OLD.entity_id) THEN
    UPDATE trades SET pin_latitude = pin_latitude WHERE id = NEW.entity_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "addresses_repin_trade"
  AFTER INSERT OR DELETE OR UPDATE OF "entity_id", "latitude", "longitude", "show_street_address" ON "addresses"
  FOR EACH ROW EXECUTE FUNCTION "addresses_repin_trade"();--> statement-breakpoint
-- The existing businesses' pins and map points, by rewriting the table rather than updating every row: an
-- UPDATE writes a second version of each row and of its entry in each of the table's indexes (measured at
-- 1,000,000 businesses on the bench machine: 22 minutes, and the table and its indexes twice their size
-- afterwards), where a rewrite writes the table once and builds its indexes afresh (under 2 minutes). It holds
-- the table's exclusive lock meanwhile. The generated column is computed from the rewritten pins.
ALTER TABLE "trades"
  ALTER COLUMN "pin_latitude" TYPE double precision USING (trade_pin(id, online, at_client, at_business))[1],
  ALTER COLUMN "pin_longitude" TYPE double precision USING (trade_pin(id, online, at_client, at_business))[0],
  ADD COLUMN "map_point" text GENERATED ALWAYS AS ('{"id":"' || id::text || '","name":' || json_text(name) || ',"lat":' || pin_latitude::text || ',"lng":' || pin_longitude::text || ',"category":') STORED;--> statement-breakpoint
CREATE INDEX "trades_listed_pin_idx" ON "trades" USING gist (point("pin_longitude", "pin_latitude")) WHERE listed and pin_latitude is not null;--> statement-breakpoint
-- The map: its points in name order with the filters' columns, so that the whole country's first 5,000 and a
-- common filter's are read from the index alone.
CREATE INDEX "trades_map_name_idx" ON "trades" USING btree ("name","id")
  INCLUDE ("map_point","main_category_id","category_id","state_type","church_id")
  WHERE listed and pin_latitude is not null;--> statement-breakpoint
ANALYZE "trades";
