-- "Verified only" (trades/repo.ts `listedWithin`): the verified businesses in name order, with what a walk
-- checks on the way (whether they are verified still, and their words), so that a page of them, with or without
-- text, is read from this index alone. A few in six businesses are verified: a small index beside the whole
-- directory's. `verified_until > <instant>` implies the predicate's `is not null` whatever the instant.
CREATE INDEX "trades_listed_verified_name_idx" ON "trades" USING btree ("name","id") INCLUDE ("verified_until","name_vector","search_vector") WHERE listed and verified_until is not null;
