-- Decision 056: Citus refuses ON UPDATE CASCADE on a distributed key. A product's id and business never
-- change, so its stored JSON only needs to go with it (ON DELETE CASCADE stays).
ALTER TABLE "product_json" DROP CONSTRAINT "product_json_business_id_id_products_business_id_id_fk";--> statement-breakpoint
ALTER TABLE "product_json" ADD CONSTRAINT "product_json_business_id_id_products_business_id_id_fk" FOREIGN KEY ("business_id","id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;
