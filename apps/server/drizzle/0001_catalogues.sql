ALTER TABLE "catalogues" DROP COLUMN "categories";--> statement-breakpoint
ALTER TABLE "catalogues" DROP COLUMN "tags";--> statement-breakpoint
ALTER TABLE "catalogues" DROP COLUMN "images";--> statement-breakpoint
ALTER TABLE "catalogues" DROP COLUMN "total_products";