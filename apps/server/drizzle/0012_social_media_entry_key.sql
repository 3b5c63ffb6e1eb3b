-- Hand-written above drizzle-kit's output: entries stored twice before the index (a create sent again) would
-- stop it from being made. Of each set of identical entries the one created first stays; the others say nothing
-- more, and a business's website (its WEBSITE entry changed last) is the same name whichever stays.
DELETE FROM "social_media" AS "later"
  USING "social_media" AS "earlier"
  WHERE "later"."entity_id" = "earlier"."entity_id"
    AND "later"."media_type" = "earlier"."media_type"
    AND md5("later"."name") = md5("earlier"."name")
    AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_media_entry_key" ON "social_media" USING btree ("entity_id","media_type",md5("name"));
