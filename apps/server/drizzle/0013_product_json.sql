CREATE TABLE "product_json" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "product_json_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "product_json" ADD CONSTRAINT "product_json_business_id_id_products_business_id_id_fk" FOREIGN KEY ("business_id","id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- ==== hand-written (decision 032): each product's public JSON, written by PostgreSQL as rows change ====
-- The product's API object from its third key on, in the contract's key order, compact, strings escaped
-- as JSON.stringify escapes them (to_json). Numbers as JavaScript prints them (trim_scale), the creation
-- time as a Date's ISO text (milliseconds truncated), images through the contract's mediaUrl format
-- (packages/contract/src/paths.ts: '/media/<id>/image.jpg'). compiled-serializer.test.ts compares the
-- list's bytes with zod's serialisation of the same products: a change here or there fails it.
CREATE OR REPLACE FUNCTION stash_product_json(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '"productName":' || to_json(p.product_name)
    || ',"itemNo":' || to_json(p.item_no)
    || ',"description":' || to_json(p.description)
    || ',"category":' || to_json(p.category)
    || ',"tags":' || to_json(p.tags)
    || ',"images":' || CASE WHEN cardinality(p.images) = 0 THEN '[]'
         ELSE '["/media/' || array_to_string(p.images, '/image.jpg","/media/') || '/image.jpg"]' END
    || ',"specifications":' || to_json(p.specifications)
    || ',"disclaimer":' || to_json(p.disclaimers)
    || ',"pricePerUnit":' || coalesce(to_json(trim_scale(p.price_per_unit))::text, 'null')
    || ',"totalUnits":' || coalesce(p.total_units::text, 'null')
    || ',"link":' || to_json(p.link)
    || ',"isPublic":' || p.is_public
    || ',"isPromoted":' || p.is_promoted
    || ',"promoted":' || p.is_promoted
    || ',"isBlocked":' || p.is_blocked
    || ',"createdAt":"' || to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'
$$;--> statement-breakpoint
-- After every INSERT or UPDATE statement on products, in its transaction: the rows it touched get their
-- JSON written again, where it differs (a view-counter update writes nothing). Deletes cascade.
CREATE OR REPLACE FUNCTION stash_write_product_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_json AS j (business_id, id, body)
    SELECT n.business_id, n.id, stash_product_json(n::products) FROM new_rows n
    ON CONFLICT (business_id, id) DO UPDATE SET body = excluded.body WHERE j.body IS DISTINCT FROM excluded.body;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_json_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stash_write_product_json();--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_json_upd AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stash_write_product_json();--> statement-breakpoint
INSERT INTO product_json (business_id, id, body) SELECT p.business_id, p.id, stash_product_json(p) FROM products p;
