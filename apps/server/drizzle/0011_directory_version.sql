-- drizzle-kit's output, completed by hand with its one row and the triggers it cannot express.
CREATE TABLE "directory_version" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "directory_version_single" CHECK ("directory_version"."single")
);--> statement-breakpoint
INSERT INTO "directory_version" DEFAULT VALUES;--> statement-breakpoint
-- Once per statement, whatever it wrote: the row lock it takes is held to the end of the writing transaction,
-- which serialises writers of businesses at their commit; they are few (owners, moderators, administrators).
CREATE FUNCTION "bump_directory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE directory_version SET version = version + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "trades_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "trades"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();--> statement-breakpoint
CREATE TRIGGER "categories_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
