-- A text search on the map walks the map's name-ordered index and checks each business's words, as the list's
-- walk does (0004, trades_listed_name_words_idx): with the words in the index the walk never reads the table.
DROP INDEX "trades_map_name_idx";--> statement-breakpoint
CREATE INDEX "trades_map_name_idx" ON "trades" USING btree ("name","id")
  INCLUDE ("map_point","main_category_id","category_id","state_type","church_id","search_vector")
  WHERE listed and pin_latitude is not null;--> statement-breakpoint
ANALYZE "trades";
