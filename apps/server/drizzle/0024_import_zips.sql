ALTER TABLE "media" ADD COLUMN "content_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "zip_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "zip_bytes" bigint DEFAULT 0 NOT NULL;
