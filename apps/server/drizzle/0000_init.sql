CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"logo" uuid,
	"domain" text,
	"template" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone_no" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"facebook_link" text DEFAULT '' NOT NULL,
	"instagram_link" text DEFAULT '' NOT NULL,
	"pinterest_link" text DEFAULT '' NOT NULL,
	"linked_in_link" text DEFAULT '' NOT NULL,
	"youtube_channel_link" text DEFAULT '' NOT NULL,
	"website_link" text DEFAULT '' NOT NULL,
	"banners" uuid[] DEFAULT '{}' NOT NULL,
	"images" uuid[] DEFAULT '{}' NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_prime_user" boolean DEFAULT false NOT NULL,
	"is_all_products_active" boolean DEFAULT true NOT NULL,
	"is_all_catalogues_active" boolean DEFAULT true NOT NULL,
	"fcm_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_business_name_unique" UNIQUE("business_name"),
	CONSTRAINT "businesses_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"business_id" uuid NOT NULL,
	"catalogue_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_products_business_id_catalogue_id_product_id_pk" PRIMARY KEY("business_id","catalogue_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalogues" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"catalogue_name" text NOT NULL,
	"description" text NOT NULL,
	"categories" text[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"images" uuid[] DEFAULT '{}' NOT NULL,
	"total_products" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_promoted" boolean DEFAULT false NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogues_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "forum_messages" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_messages_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone_no" text NOT NULL,
	"email" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"fk_product_id" uuid,
	"product_name" text,
	"fk_catalogue_id" uuid,
	"catalogue_name" text,
	"products" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"bytes" bigint,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"message" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"notification" text NOT NULL,
	"redirect" text DEFAULT '' NOT NULL,
	"is_marked_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "private_links" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"private_link" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"allow_multiple_users" boolean DEFAULT false NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"link_viewed" boolean DEFAULT false NOT NULL,
	"fk_product_id" uuid,
	"fk_catalogue_id" uuid,
	"finger_print" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_links_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "private_links_code_uq" UNIQUE("business_id","private_link")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"item_no" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"images" uuid[] DEFAULT '{}' NOT NULL,
	"specifications" text[] DEFAULT '{}' NOT NULL,
	"disclaimers" text[] DEFAULT '{}' NOT NULL,
	"price_per_unit" numeric(14, 2),
	"total_units" integer,
	"link" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_promoted" boolean DEFAULT false NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "products"."product_name" || ' ' || "products"."category" || ' ' || "products"."item_no")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "daily_visits" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_visits_business_id_day_subject_type_subject_id_pk" PRIMARY KEY("business_id","day","subject_type","subject_id")
);
--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD CONSTRAINT "catalogue_products_business_id_catalogue_id_catalogues_business_id_id_fk" FOREIGN KEY ("business_id","catalogue_id") REFERENCES "public"."catalogues"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_products" ADD CONSTRAINT "catalogue_products_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogues" ADD CONSTRAINT "catalogues_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_messages" ADD CONSTRAINT "forum_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_links" ADD CONSTRAINT "private_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_visits" ADD CONSTRAINT "daily_visits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_email_idx" ON "businesses" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "businesses_prime_idx" ON "businesses" USING btree ("is_prime_user","created_at");--> statement-breakpoint
CREATE INDEX "catalogue_products_product_idx" ON "catalogue_products" USING btree ("business_id","product_id");--> statement-breakpoint
CREATE INDEX "catalogues_list_idx" ON "catalogues" USING btree ("business_id","is_promoted","created_at");--> statement-breakpoint
CREATE INDEX "catalogues_public_idx" ON "catalogues" USING btree ("business_id","is_public","is_blocked","created_at");--> statement-breakpoint
CREATE INDEX "catalogues_name_idx" ON "catalogues" USING btree ("business_id","catalogue_name");--> statement-breakpoint
CREATE INDEX "catalogues_directory_idx" ON "catalogues" USING btree ("is_promoted","created_at");--> statement-breakpoint
CREATE INDEX "forum_messages_list_idx" ON "forum_messages" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_kind_idx" ON "leads" USING btree ("business_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "leads_product_idx" ON "leads" USING btree ("business_id","fk_product_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_catalogue_idx" ON "leads" USING btree ("business_id","fk_catalogue_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "media_id_idx" ON "media" USING btree ("id");--> statement-breakpoint
CREATE INDEX "activities_list_idx" ON "activities" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("business_id","is_marked_read","created_at");--> statement-breakpoint
CREATE INDEX "private_links_product_idx" ON "private_links" USING btree ("business_id","fk_product_id","created_at");--> statement-breakpoint
CREATE INDEX "private_links_catalogue_idx" ON "private_links" USING btree ("business_id","fk_catalogue_id","created_at");--> statement-breakpoint
CREATE INDEX "products_list_idx" ON "products" USING btree ("business_id","is_promoted","created_at");--> statement-breakpoint
CREATE INDEX "products_public_idx" ON "products" USING btree ("business_id","is_public","is_blocked","created_at");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("business_id","product_name");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("business_id","category");--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "products_directory_idx" ON "products" USING btree ("is_promoted","created_at");--> statement-breakpoint
CREATE INDEX "sessions_business_idx" ON "sessions" USING btree ("business_id");