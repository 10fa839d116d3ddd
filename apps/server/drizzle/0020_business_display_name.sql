ALTER TABLE "businesses" ADD COLUMN "display_name" text;--> statement-breakpoint
-- ==== hand-written (re-append after regenerating): the name as the owner writes it (decision 047) ====
-- Businesses from before this release had only their URL name: each gets it capitalised word by
-- word ('lotus-handicrafts' → 'Lotus Handicrafts'); the owner edits it in the profile.
UPDATE "businesses" SET "display_name" = initcap(replace("business_name", '-', ' '));--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "display_name" SET NOT NULL;
