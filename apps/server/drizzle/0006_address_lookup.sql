-- The lookup walks a typed "number street …" or "street suburb …" as a range of address_index_lookup_idx or
-- address_index_street_idx and finds other word orders through address_index_words_idx; the trigram index
-- served none of them and was the largest at millions of addresses.
DROP INDEX "address_index_full_trgm_idx";--> statement-breakpoint
ALTER TABLE "address_index" ADD COLUMN "lookup_key" text collate "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "address_index" ADD COLUMN "street_key" text collate "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "address_index" ADD COLUMN "number_key" text collate "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "address_index" ADD COLUMN "flat_key" text collate "C" DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "address_index_lookup_idx" ON "address_index" USING btree ("lookup_key","flat_key");--> statement-breakpoint
CREATE INDEX "address_index_street_idx" ON "address_index" USING btree ("street_key","number_key","flat_key");--> statement-breakpoint
CREATE INDEX "address_index_words_idx" ON "address_index" USING gin (to_tsvector('simple', translate("full_address", '-''', ' ')));