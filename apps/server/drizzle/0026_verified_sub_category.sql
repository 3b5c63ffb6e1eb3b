-- "Verified only" with a state and a sub category: the verified listed businesses of a state and sub category in
-- name order. Without it such a search walked every verified business of the state's main category (40,000 index
-- entries for one query at 1,000,000 businesses) to keep the sub category's.
CREATE INDEX "trades_listed_verified_state_sub_category_idx" ON "trades" USING btree ("state_type","category_id","name","id") INCLUDE ("verified_until") WHERE listed and verified_until is not null;
