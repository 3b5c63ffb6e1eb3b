-- drizzle-kit cannot create extensions; the trigram indexes of later migrations need pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
