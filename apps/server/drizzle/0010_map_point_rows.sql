-- The map's answer as rows instead of objects (shared/map.ts `mapPointRowSchema`): each business's row is kept
-- as JSON text, with coordinates to 5 decimals and the main category's id, so 5,000 of them are some 450 kB
-- instead of 700 kB. Dropping the column drops the map's index, which carries it; adding it back rewrites the
-- table once (drizzle-kit's output, completed by hand with the index of 0009).
ALTER TABLE "trades" DROP COLUMN "map_point";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "map_point" text GENERATED ALWAYS AS ('["' || id::text || '",' || json_text(name) || ',' || round(pin_latitude::numeric, 5)::float8::text || ',' || round(pin_longitude::numeric, 5)::float8::text || ',' || coalesce(main_category_id::text, 'null') || ']') STORED;--> statement-breakpoint
CREATE INDEX "trades_map_name_idx" ON "trades" USING btree ("name","id")
  INCLUDE ("map_point","main_category_id","category_id","state_type","church_id")
  WHERE listed and pin_latitude is not null;--> statement-breakpoint
ANALYZE "trades";
