ALTER TABLE "media" ADD COLUMN "variant_widths" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Hand-written (decision 045): every image made before 0019 had its WebP widths made with its upload,
-- the widths of 320, 640, 960, 1280, 1920 that its JPEG (at most 1920 px wide) could fill, and always
-- 320 (images.ts `variantWidths`), so that is what they have on disk or in the bucket.
UPDATE "media" SET "variant_widths" = CASE
    WHEN "width" < 320 THEN '{320}'::integer[]
    ELSE ARRAY(SELECT w FROM unnest('{320,640,960,1280,1920}'::integer[]) AS w WHERE w <= "width" ORDER BY w)
  END
WHERE "status" = 'ready' AND "width" IS NOT NULL;
