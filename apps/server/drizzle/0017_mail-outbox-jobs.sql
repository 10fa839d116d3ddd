DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (decision 038): SMTP mail still unsent when the delivery loop was retired becomes a
-- `mail:send` job (the queue's schema is installed before these migrations run, db/migrate.ts).
SELECT graphile_worker.add_job('mail:send', json_build_object('mailId', id), max_attempts => 12)
FROM "mail_outbox" WHERE "transport" = 'smtp' AND "sent_at" IS NULL;
