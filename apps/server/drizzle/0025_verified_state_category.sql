-- "Verified only" with a state and a category (trades/repo.ts `listedWithin`): the verified listed businesses of
-- a state and main category in name order, with the sub category and `verified_until` beside them, so that the
-- capped count and a page are read from this small index instead of visiting the heap of every business of the
-- state and category to ask whether it is verified (12,900 heap pages for one query at 1,000,000 businesses).
CREATE INDEX "trades_listed_verified_state_category_idx" ON "trades" USING btree ("state_type","main_category_id","name","id") INCLUDE ("category_id","verified_until") WHERE listed and verified_until is not null;
