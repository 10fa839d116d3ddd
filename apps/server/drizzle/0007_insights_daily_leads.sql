CREATE TABLE "daily_leads" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_leads_business_id_day_subject_type_subject_id_pk" PRIMARY KEY("business_id","day","subject_type","subject_id")
);
--> statement-breakpoint
ALTER TABLE "daily_leads" ADD CONSTRAINT "daily_leads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_leads_subject_idx" ON "daily_leads" USING btree ("business_id","subject_type","subject_id");--> statement-breakpoint
-- Hand-written (re-append after regenerating): leads are counted per day by a trigger, so every
-- intake path counts; existing leads are backfilled once.
CREATE OR REPLACE FUNCTION count_daily_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_leads (business_id, day, subject_type, subject_id, count)
  VALUES (NEW.business_id, (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.kind,
          coalesce(NEW.fk_product_id, NEW.fk_catalogue_id, '00000000-0000-0000-0000-000000000000'::uuid), 1)
  ON CONFLICT (business_id, day, subject_type, subject_id) DO UPDATE SET count = daily_leads.count + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER leads_daily_count AFTER INSERT ON leads FOR EACH ROW EXECUTE FUNCTION count_daily_lead();--> statement-breakpoint
INSERT INTO daily_leads (business_id, day, subject_type, subject_id, count)
SELECT business_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date, kind,
       coalesce(fk_product_id, fk_catalogue_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
FROM leads GROUP BY 1, 2, 3, 4;
