CREATE TYPE "public"."church_role" AS ENUM('PRIEST', 'MODERATOR');--> statement-breakpoint
CREATE TYPE "public"."key_purpose" AS ENUM('VERIFY_ACCOUNT', 'RESET_PASSWORD');--> statement-breakpoint
CREATE TYPE "public"."media_type" AS ENUM('FACEBOOK', 'WEBSITE', 'INSTAGRAM', 'LINKEDIN', 'YOUTUBE', 'TIKTOK');--> statement-breakpoint
CREATE TYPE "public"."moderation_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED', 'UNLISTED');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR', 'ADMIN', 'DEVELOPER', 'SUPER');--> statement-breakpoint
CREATE TYPE "public"."session_stage" AS ENUM('MFA_PENDING', 'ACTIVE');--> statement-breakpoint
CREATE TYPE "public"."state_type" AS ENUM('NSW', 'VIC', 'QLD', 'ACT', 'TAS', 'SA', 'NT', 'WA');--> statement-breakpoint
CREATE TABLE "address_index" (
	"id" text PRIMARY KEY NOT NULL,
	"full_address" text NOT NULL,
	"state_abbreviation" "state_type" NOT NULL,
	"locality_name" text NOT NULL,
	"street_name" text,
	"street_type_abbreviation" text,
	"first_number" text,
	"flat_type" text,
	"flat_number" text,
	"lga_name_2021" text,
	"postcode" text,
	"longitude" double precision,
	"latitude" double precision
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"search_id" text,
	"country_code" text DEFAULT 'AU' NOT NULL,
	"full_address" text DEFAULT '' NOT NULL,
	"state_type" "state_type",
	"suburb" text,
	"street_name" text,
	"street_type" text,
	"street_nbr" text,
	"unit_type" text DEFAULT 'HOUSE' NOT NULL,
	"unit_nbr" text,
	"postcode" text,
	"city" text,
	"longitude" double precision,
	"latitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "church_members" (
	"church_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"church_role" "church_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_members_church_id_user_id_church_role_pk" PRIMARY KEY("church_id","user_id","church_role")
);
--> statement-breakpoint
CREATE TABLE "churches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"state_type" "state_type" NOT NULL,
	"suburb" text,
	"postcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"logo" text,
	"image" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"moderated" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "key_purpose" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"stage" "session_stage" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"media_type" "media_type" NOT NULL,
	"reference_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"church_id" uuid NOT NULL,
	"main_category_id" integer,
	"category_id" integer,
	"state_type" "state_type" NOT NULL,
	"name" text NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"search_keywords" text DEFAULT '' NOT NULL,
	"website" text,
	"logo_uri" text,
	"image" text,
	"at_client" boolean DEFAULT false NOT NULL,
	"at_business" boolean DEFAULT true NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"expired" boolean DEFAULT false NOT NULL,
	"moderation_status" "moderation_status" DEFAULT 'PENDING' NOT NULL,
	"moderation_reason" text,
	"changed_since_approval" boolean DEFAULT false NOT NULL,
	"moderated_at" timestamp with time zone,
	"moderated_by" uuid,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(tags, '') || ' ' || coalesce(search_keywords, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(brief, '') || ' ' || coalesce(service, '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"bio" text,
	"image_url" text,
	"role" "role" DEFAULT 'TRADER' NOT NULL,
	"password_hash" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"account_non_expired" boolean DEFAULT true NOT NULL,
	"account_non_locked" boolean DEFAULT true NOT NULL,
	"credentials_non_expired" boolean DEFAULT true NOT NULL,
	"mfa" boolean DEFAULT false NOT NULL,
	"mfa_secret" text,
	"mfa_pending_secret" text,
	"mfa_last_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_entity_id_trades_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_members" ADD CONSTRAINT "church_members_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_members" ADD CONSTRAINT "church_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_keys" ADD CONSTRAINT "one_time_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_media" ADD CONSTRAINT "social_media_entity_id_trades_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_main_category_id_categories_id_fk" FOREIGN KEY ("main_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_index_full_trgm_idx" ON "address_index" USING gin ("full_address" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_entity_key" ON "addresses" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "categories_parent_order_idx" ON "categories" USING btree ("parent_id","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_parent_name_key" ON "categories" USING btree (coalesce("parent_id", -1),lower("name"));--> statement-breakpoint
CREATE INDEX "church_members_user_idx" ON "church_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "churches_state_name_idx" ON "churches" USING btree ("state_type","name");--> statement-breakpoint
CREATE INDEX "churches_name_trgm_idx" ON "churches" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "one_time_keys_user_idx" ON "one_time_keys" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "social_media_entity_idx" ON "social_media" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_owner_key" ON "trades" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "trades_search_vector_idx" ON "trades" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "trades_name_trgm_idx" ON "trades" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trades_church_idx" ON "trades" USING btree ("church_id");--> statement-breakpoint
CREATE INDEX "trades_listed_name_idx" ON "trades" USING btree ("name","id") WHERE moderation_status = 'APPROVED' and enabled and not locked and not expired;--> statement-breakpoint
CREATE INDEX "trades_state_name_idx" ON "trades" USING btree ("state_type","name","id");--> statement-breakpoint
CREATE INDEX "trades_category_idx" ON "trades" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "trades_main_category_idx" ON "trades" USING btree ("main_category_id");--> statement-breakpoint
CREATE INDEX "trades_moderation_idx" ON "trades" USING btree ("moderation_status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));