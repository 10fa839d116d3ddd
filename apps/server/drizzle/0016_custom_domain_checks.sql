ALTER TABLE "domain_claims" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "domain_claims_next_check_idx" ON "domain_claims" USING btree ("next_check_at");--> statement-breakpoint
-- ==== hand-written (re-append after regenerating): custom domains routed before this release ====
-- Verified claims are re-checked daily from now on, and a domain routed without a claim (set by
-- the operator's CLI before it wrote one) gets a verified claim, so the owner's panel says so and
-- redirects to it stay 302 for a week before they become 301.
UPDATE "domain_claims" SET "next_check_at" = now() + interval '1 day' WHERE "verified_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "domain_claims" ("business_id", "domain", "token", "created_at", "checked_at", "verified_at", "next_check_at")
  SELECT b."id", b."domain", md5(random()::text || b."id"::text), now(), now(), now(), now() + interval '1 day'
  FROM "businesses" b
  WHERE b."domain" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "domain_claims" c WHERE c."business_id" = b."id" OR c."domain" = b."domain");
