-- Articles, their sources, claims, history and illustrations; jobs with their steps and event
-- stream; the outbox of webhook events.

CREATE TYPE "ArticleStatus" AS ENUM ('draft', 'generating', 'needsReview', 'approved', 'published', 'held', 'archived');
CREATE TYPE "JobStatus" AS ENUM ('queued', 'running', 'paused', 'done', 'failed', 'cancelled');
CREATE TYPE "StepStatus" AS ENUM ('todo', 'running', 'done', 'failed');

CREATE TABLE "article" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "site_id" UUID,
    "brief_id" UUID,
    "primary_article_id" UUID,
    "supersedes_id" UUID,
    "credential_id" UUID,
    "person_id" UUID NOT NULL,
    "status" "ArticleStatus" NOT NULL DEFAULT 'generating',
    "origin" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "title" TEXT NOT NULL,
    "lead" TEXT NOT NULL DEFAULT '',
    "deck" TEXT,
    "words" INTEGER NOT NULL DEFAULT 0,
    "units" JSONB NOT NULL DEFAULT '[]',
    "internal_links" JSONB NOT NULL DEFAULT '[]',
    "quality" JSONB NOT NULL DEFAULT '[]',
    "seo" JSONB,
    "brand_name" TEXT NOT NULL,
    "by_line" TEXT NOT NULL,
    "agent_name" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "archived_at" TIMESTAMPTZ(3),
    "archived_by" TEXT,
    "archived_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "article_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "article_workspace_id_updated_at_idx" ON "article"("workspace_id", "updated_at");
CREATE INDEX "article_primary_article_id_idx" ON "article"("primary_article_id");
ALTER TABLE "article" ADD CONSTRAINT "article_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "article" ADD CONSTRAINT "article_primary_article_id_fkey" FOREIGN KEY ("primary_article_id") REFERENCES "article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "article_version" (
    "article_id" UUID NOT NULL,
    "n" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "by" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "agent" TEXT,
    "title" TEXT,
    CONSTRAINT "article_version_pkey" PRIMARY KEY ("article_id", "n")
);
ALTER TABLE "article_version" ADD CONSTRAINT "article_version_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "article_source" (
    "id" UUID NOT NULL,
    "article_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "origin" TEXT NOT NULL,
    "origin_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "official" BOOLEAN NOT NULL,
    "relation" TEXT,
    "language" TEXT,
    "published_at" TEXT,
    "text" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "article_source_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "article_source_article_id_idx" ON "article_source"("article_id");
ALTER TABLE "article_source" ADD CONSTRAINT "article_source_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "article_claim" (
    "id" UUID NOT NULL,
    "article_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "origin_count" INTEGER NOT NULL,
    "source_ids" UUID[],
    "mentions" JSONB NOT NULL DEFAULT '[]',
    "variants" JSONB,
    "attributed_to" TEXT,
    "kept_flag" BOOLEAN NOT NULL DEFAULT false,
    "kept_note" TEXT,
    CONSTRAINT "article_claim_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "article_claim_article_id_idx" ON "article_claim"("article_id");
ALTER TABLE "article_claim" ADD CONSTRAINT "article_claim_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "illustration" (
    "id" UUID NOT NULL,
    "article_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "current" BOOLEAN NOT NULL DEFAULT true,
    "png" BYTEA,
    "content_type" TEXT NOT NULL DEFAULT 'image/png',
    "alt_text" TEXT NOT NULL DEFAULT '',
    "caption" TEXT,
    "label" TEXT NOT NULL,
    "style_label" TEXT NOT NULL,
    "model" TEXT NOT NULL DEFAULT '',
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "illustration_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "illustration_article_id_idx" ON "illustration"("article_id");
ALTER TABLE "illustration" ADD CONSTRAINT "illustration_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "job" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "site_id" UUID,
    "kind" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "article_id" UUID,
    "brief_id" UUID,
    "credential_id" UUID,
    "person_id" UUID NOT NULL,
    "step_index" INTEGER NOT NULL DEFAULT 0,
    "credits_held" INTEGER NOT NULL DEFAULT 0,
    "state" JSONB NOT NULL DEFAULT '{}',
    "error_code" TEXT,
    "error_message" TEXT,
    "next_seq" INTEGER NOT NULL DEFAULT 1,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paused_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "job_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "job_workspace_id_status_idx" ON "job"("workspace_id", "status");
CREATE INDEX "job_brief_id_status_idx" ON "job"("brief_id", "status");
ALTER TABLE "job" ADD CONSTRAINT "job_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "job_step" (
    "job_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "step_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "optional" BOOLEAN NOT NULL,
    "status" "StepStatus" NOT NULL DEFAULT 'todo',
    "skipped" BOOLEAN NOT NULL DEFAULT false,
    "summary" TEXT NOT NULL DEFAULT '',
    "ms" INTEGER NOT NULL DEFAULT 0,
    "details" JSONB NOT NULL DEFAULT '[]',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    CONSTRAINT "job_step_pkey" PRIMARY KEY ("job_id", "step_id")
);
ALTER TABLE "job_step" ADD CONSTRAINT "job_step_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "job_event" (
    "job_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "job_event_pkey" PRIMARY KEY ("job_id", "seq")
);
ALTER TABLE "job_event" ADD CONSTRAINT "job_event_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "outbox_event" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "site_id" UUID,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "once_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "outbox_event_once_key_key" ON "outbox_event"("once_key");
CREATE INDEX "outbox_event_workspace_id_created_at_idx" ON "outbox_event"("workspace_id", "created_at");
ALTER TABLE "outbox_event" ADD CONSTRAINT "outbox_event_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
