-- "4 stars and up" (trades/repo.ts `ratedAtLeast`): the listed businesses that show a rating, from 3 published
-- reviews (shared/rating.ts REVIEWS_SHOWN_FROM, written here as the same literal the query writes), in name order.
-- A few in a hundred businesses show a rating: without this index the filter walked every listed business's name
-- order to find them. It carries the totals and every column the directory's other filters, its text walks and the
-- map check, so that a page of them, with any filter or text, and their map pins are read from it alone.
CREATE INDEX "trades_listed_rated_name_idx" ON "trades" USING btree ("name","id")
  INCLUDE ("review_count","review_stars_total","state_type","church_id","main_category_id","category_id","verified_until","pin_latitude","map_point","name_vector","search_vector")
  WHERE listed and review_count >= 3;
