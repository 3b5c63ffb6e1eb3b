CREATE TYPE "public"."business_kind" AS ENUM('SOLE_TRADER', 'COMPANY', 'JOINT_VENTURE');--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "priest_id" uuid;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "business_kind" "business_kind";--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_priest_id_users_id_fk" FOREIGN KEY ("priest_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trades_priest_idx" ON "trades" USING btree ("priest_id");