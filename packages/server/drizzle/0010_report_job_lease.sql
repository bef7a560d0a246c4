ALTER TABLE "report_jobs" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "report_jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "report_jobs_queue_idx" ON "report_jobs" USING btree ("status","created_at");