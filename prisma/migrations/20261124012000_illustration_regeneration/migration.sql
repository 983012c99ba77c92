-- A new picture for an article (issue 12): one row per request, from the request until the new
-- picture is swapped in or the try failed. The rows are the allowances (5 a day per article, 50 a
-- day per workspace, failed tries included) and the "regenerating" flag (a row queued or running
-- whose deadline has not passed).
CREATE TABLE "illustration_regeneration" (
    "id" UUID NOT NULL,
    "article_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "requested_by" JSONB NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "deadline_at" TIMESTAMPTZ(3) NOT NULL,
    "illustration_id" UUID,
    "failure" TEXT,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "illustration_regeneration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "illustration_regeneration_article_id_requested_at_idx" ON "illustration_regeneration"("article_id", "requested_at");
CREATE INDEX "illustration_regeneration_workspace_id_requested_at_idx" ON "illustration_regeneration"("workspace_id", "requested_at");
ALTER TABLE "illustration_regeneration" ADD CONSTRAINT "illustration_regeneration_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
