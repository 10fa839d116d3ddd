CREATE TABLE "visit_seen" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "visit_seen_business_id_day_subject_type_subject_id_visitor_pk" PRIMARY KEY("business_id","day","subject_type","subject_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "visit_seen" ADD CONSTRAINT "visit_seen_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;