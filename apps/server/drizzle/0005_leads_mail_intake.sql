CREATE TABLE "form_submissions" (
	"key" uuid PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"business_id" uuid,
	"result_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spam_rejections" (
	"day" date NOT NULL,
	"form" text NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spam_rejections_day_form_reason_pk" PRIMARY KEY("day","form","reason")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "transport" text DEFAULT 'outbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("transport","sent_at","next_attempt_at");