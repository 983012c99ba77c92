-- A running step's lease: the worker running it renews `lease_until` every few seconds, and a step
-- still running after its lease lapsed has lost its worker and is queued again (docs/pipeline.md).

ALTER TABLE "job_step" ADD COLUMN "lease_until" TIMESTAMPTZ(3);
CREATE INDEX "job_step_status_lease_until_idx" ON "job_step"("status", "lease_until");
