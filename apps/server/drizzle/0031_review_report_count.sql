-- One open report per reporter network and per reporter address on a review (review-moderation/service.ts
-- `report`): a repeated report adds to `times_reported` of the open one instead of adding a row. The address key is
-- the logged-in reporter's login address as `senderAddressKey` reads it; reports made before carry none.
ALTER TABLE "review_reports" ADD COLUMN "reporter_email_key" text;--> statement-breakpoint
ALTER TABLE "review_reports" ADD COLUMN "times_reported" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The open reports one network made of one review before merging began become one: the oldest, counting them all.
WITH "ranked" AS (
  SELECT "id",
    row_number() OVER (PARTITION BY "review_id", "reporter_network" ORDER BY "reported_at", "id") AS "place",
    count(*) OVER (PARTITION BY "review_id", "reporter_network") AS "made"
  FROM "review_reports"
  WHERE "decision" IS NULL
)
UPDATE "review_reports" SET "times_reported" = "ranked"."made"
FROM "ranked"
WHERE "review_reports"."id" = "ranked"."id" AND "ranked"."place" = 1 AND "ranked"."made" > 1;--> statement-breakpoint
DELETE FROM "review_reports" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "review_id", "reporter_network" ORDER BY "reported_at", "id") AS "place"
    FROM "review_reports"
    WHERE "decision" IS NULL
  ) AS "ranked"
  WHERE "place" > 1
);--> statement-breakpoint
-- It serves the lookups of a review's open reports too, by its first column.
CREATE UNIQUE INDEX "review_reports_open_network_key" ON "review_reports" USING btree ("review_id","reporter_network") WHERE decision is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_open_email_key" ON "review_reports" USING btree ("review_id","reporter_email_key") WHERE decision is null and reporter_email_key is not null;--> statement-breakpoint
DROP INDEX "review_reports_open_idx";
