CREATE INDEX "trades_listed_state_category_name_idx" ON "trades" USING btree ("state_type","category_id","name","id") WHERE listed;--> statement-breakpoint
-- Hand-written below drizzle-kit's output (it cannot express INCLUDE or extended statistics).
-- A text search too large to rank walks the directory in name order and checks each business's words; with
-- the words in the index, the walk never reads the table.
CREATE INDEX "trades_listed_name_words_idx" ON "trades" USING btree ("name","id") INCLUDE ("name_vector","search_vector") WHERE listed;--> statement-breakpoint
-- A sub category determines its main category and a church (nearly) its state: without these PostgreSQL
-- multiplies their selectivities as if independent and expects a small fraction of the matches.
CREATE STATISTICS "trades_category_dependency" (dependencies) ON "category_id", "main_category_id" FROM "trades";--> statement-breakpoint
CREATE STATISTICS "trades_church_dependency" (dependencies) ON "church_id", "state_type" FROM "trades";--> statement-breakpoint
ANALYZE "trades";
