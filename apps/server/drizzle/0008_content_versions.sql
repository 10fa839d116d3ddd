CREATE TABLE "content_versions" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- ==== hand-written (content version, docs/decisions/013-public-cache-and-content-version.md) ====
-- Statement trigger body: bumps content_versions for every business whose rows the statement
-- changed, in the statement's own transaction, and NOTIFYs 'content_version' '<business id>:<version>'
-- (delivered to every app node at commit). TG_ARGV[0] is the column holding the business id;
-- TG_ARGV[1..] are columns whose change alone leaves public pages as they were (view counters).
CREATE OR REPLACE FUNCTION stash_bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key text := TG_ARGV[0];
  ignored text[] := TG_ARGV[1:TG_NARGS - 1];
  changed uuid[];
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM new_rows', key) INTO changed;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM old_rows', key) INTO changed;
  ELSE
    -- Rows that differ (ignored columns aside) between before and after; no-op updates bump nothing.
    EXECUTE 'SELECT array_agg(DISTINCT (j ->> $1)::uuid) FROM (
        (SELECT to_jsonb(n) - $2 AS j FROM new_rows n EXCEPT SELECT to_jsonb(o) - $2 FROM old_rows o)
        UNION ALL
        (SELECT to_jsonb(o) - $2 FROM old_rows o EXCEPT SELECT to_jsonb(n) - $2 FROM new_rows n)) c'
      INTO changed USING key, ignored;
  END IF;
  -- Sorted, so concurrent writers to several businesses take the row locks in one order.
  FOR r IN
    INSERT INTO content_versions AS v (business_id, version)
      SELECT b, 1 FROM unnest(changed) AS b WHERE b IS NOT NULL ORDER BY b
      ON CONFLICT (business_id) DO UPDATE SET version = v.version + 1
      RETURNING v.business_id, v.version
  LOOP
    PERFORM pg_notify('content_version', r.business_id || ':' || r.version);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Puts a table under the content version: one line per table (SELECT stash_track_public_content(...)).
CREATE OR REPLACE FUNCTION stash_track_public_content(tbl regclass, key text DEFAULT 'business_id', ignored text[] DEFAULT '{}')
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  args text := (SELECT string_agg(quote_literal(a), ', ' ORDER BY i) FROM unnest(array[key] || ignored) WITH ORDINALITY AS t(a, i));
  base text := (SELECT relname FROM pg_class WHERE oid = tbl) || '_content_version';
BEGIN
  EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION stash_bump_content_version(%s)', base || '_ins', tbl, args);
  EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION stash_bump_content_version(%s)', base || '_upd', tbl, args);
  EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION stash_bump_content_version(%s)', base || '_del', tbl, args);
END $$;--> statement-breakpoint
-- The tables public pages read. Another one (a later migration) is one more line like these.
SELECT stash_track_public_content('businesses', 'id', '{password_hash,fcm_token,updated_at}');--> statement-breakpoint
SELECT stash_track_public_content('products', 'business_id', '{visits}');--> statement-breakpoint
SELECT stash_track_public_content('catalogues', 'business_id', '{visits}');--> statement-breakpoint
SELECT stash_track_public_content('catalogue_products');--> statement-breakpoint
SELECT stash_track_public_content('media');
