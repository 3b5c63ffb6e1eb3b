ALTER TABLE "users" ADD COLUMN "moderated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "moderated_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;