-- ==== hand-written (decision 055): no triggers on tenant tables ====
-- Citus distributes no table with a trigger. What these triggers did is now done by the writer in its
-- transaction (src/db/tenant-writes.ts); other nodes read content version changes by polling
-- content_versions.changed_at (src/db/content-versions.ts) instead of a NOTIFY from the trigger.
DROP TRIGGER IF EXISTS products_search_words_ins ON products;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_words_upd ON products;--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogues_search_words_ins ON catalogues;--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogues_search_words_upd ON catalogues;--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_daily_count ON leads;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_json_ins ON products;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_json_upd ON products;--> statement-breakpoint
DROP TRIGGER IF EXISTS businesses_content_version_ins ON businesses;--> statement-breakpoint
DROP TRIGGER IF EXISTS businesses_content_version_upd ON businesses;--> statement-breakpoint
DROP TRIGGER IF EXISTS businesses_content_version_del ON businesses;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_content_version_ins ON products;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_content_version_upd ON products;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_content_version_del ON products;--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogues_content_version_ins ON catalogues;--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogues_content_version_upd ON catalogues;--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogues_content_version_del ON catalogues;--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_products_content_version_ins ON catalogue_products;--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_products_content_version_upd ON catalogue_products;--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_products_content_version_del ON catalogue_products;--> statement-breakpoint
DROP TRIGGER IF EXISTS media_content_version_ins ON media;--> statement-breakpoint
DROP TRIGGER IF EXISTS media_content_version_upd ON media;--> statement-breakpoint
DROP TRIGGER IF EXISTS media_content_version_del ON media;--> statement-breakpoint
DROP FUNCTION IF EXISTS stash_search_words_add();--> statement-breakpoint
DROP FUNCTION IF EXISTS count_daily_lead();--> statement-breakpoint
DROP FUNCTION IF EXISTS stash_write_product_json();--> statement-breakpoint
DROP FUNCTION IF EXISTS stash_track_public_content(regclass, text, text[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS stash_bump_content_version();--> statement-breakpoint
-- When each version last moved (the writer's transaction time, now(): Citus evaluates it once on the
-- coordinator): every node reads the rows changed since its last look, a few times a second.
ALTER TABLE "content_versions" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "content_versions_changed_idx" ON "content_versions" USING btree ("changed_at");
