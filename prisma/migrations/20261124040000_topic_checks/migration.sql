-- Topic checks a workspace ran, for their limits (spec, Limits: 60 a day and 2 at once per
-- workspace): a row when a check starts, `finished_at` when it ends. Rows older than two days are
-- of no use and are deleted as checks start.
CREATE TABLE "topic_check" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "topic_check_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "topic_check_workspace_id_started_at_idx" ON "topic_check"("workspace_id", "started_at");
ALTER TABLE "topic_check" ADD CONSTRAINT "topic_check_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
