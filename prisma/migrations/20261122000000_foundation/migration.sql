-- Foundation: workspaces, persons, memberships, sessions, sites, brands, credentials, briefs,
-- the credit ledger and the shared rate counters.

CREATE TYPE "WorkspaceStatus" AS ENUM ('active', 'paused', 'deleted');
CREATE TYPE "Role" AS ENUM ('Owner', 'Editor', 'Writer', 'Viewer');
CREATE TYPE "SiteStatus" AS ENUM ('reading', 'ready', 'failed', 'paused');
CREATE TYPE "CredentialKind" AS ENUM ('key', 'agent');
CREATE TYPE "LedgerKind" AS ENUM ('grant', 'hold', 'capture', 'release');

CREATE TABLE "workspace" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" "WorkspaceStatus" NOT NULL DEFAULT 'active',
    "plan" TEXT NOT NULL DEFAULT 'trial',
    "trial_ends_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "restore_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "workspace_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "person" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "person_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "person_email_key" ON "person"("email");

CREATE TABLE "membership" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "role" "Role" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "membership_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "membership_workspace_id_person_id_key" ON "membership"("workspace_id", "person_id");
CREATE INDEX "membership_person_id_idx" ON "membership"("person_id");

CREATE TABLE "session" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "person_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "session_token_hash_key" ON "session"("token_hash");
CREATE INDEX "session_person_id_idx" ON "session"("person_id");

CREATE TABLE "site" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "domain" TEXT NOT NULL,
    "site_name" TEXT NOT NULL,
    "status" "SiteStatus" NOT NULL DEFAULT 'ready',
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "site_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "site_workspace_id_idx" ON "site"("workspace_id");

CREATE TABLE "brand" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "site_id" UUID,
    "name" TEXT NOT NULL,
    "tone" TEXT NOT NULL DEFAULT 'neutral',
    "spelling" TEXT NOT NULL DEFAULT 'US',
    "avoid" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "prefer" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "style_guide" TEXT NOT NULL DEFAULT '',
    "attribution" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "brand_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "brand_workspace_id_idx" ON "brand"("workspace_id");

CREATE TABLE "credential" (
    "id" UUID NOT NULL,
    "kind" "CredentialKind" NOT NULL,
    "workspace_id" UUID NOT NULL,
    "site_id" UUID,
    "created_by_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "token_hint" TEXT NOT NULL,
    "scopes" TEXT[],
    "daily_cap" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "credential_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "credential_token_hash_key" ON "credential"("token_hash");
CREATE INDEX "credential_workspace_id_kind_idx" ON "credential"("workspace_id", "kind");

CREATE TABLE "brief" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "site_id" UUID,
    "brand_id" UUID,
    "created_by_person_id" UUID,
    "credential_id" UUID,
    "topic" TEXT NOT NULL DEFAULT '',
    "angle" TEXT NOT NULL DEFAULT '',
    "use_urls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "exclude_domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "purpose" TEXT NOT NULL DEFAULT 'explainer',
    "audience" TEXT NOT NULL DEFAULT '',
    "region" TEXT NOT NULL DEFAULT 'Global',
    "language" TEXT NOT NULL DEFAULT 'en',
    "tone" TEXT NOT NULL DEFAULT 'neutral',
    "length" TEXT NOT NULL DEFAULT 'standard',
    "target_words" INTEGER NOT NULL DEFAULT 900,
    "structure" TEXT NOT NULL DEFAULT 'ibc',
    "keywords" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "must_appear" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "prefer_domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "illustration" TEXT NOT NULL DEFAULT 'none',
    "image_style" TEXT,
    "image_format" TEXT,
    "seo" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "brief_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "brief_workspace_id_idx" ON "brief"("workspace_id");

CREATE TABLE "credit_entry" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "credential_id" UUID,
    "hold_id" UUID,
    "kind" "LedgerKind" NOT NULL,
    "amount" INTEGER NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "credit_entry_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "credit_entry_workspace_id_idx" ON "credit_entry"("workspace_id");
CREATE INDEX "credit_entry_credential_id_created_at_idx" ON "credit_entry"("credential_id", "created_at");

CREATE TABLE "rate_counter" (
    "bucket" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "rate_counter_pkey" PRIMARY KEY ("bucket", "window_start")
);
CREATE INDEX "rate_counter_window_start_idx" ON "rate_counter"("window_start");

ALTER TABLE "membership" ADD CONSTRAINT "membership_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "membership" ADD CONSTRAINT "membership_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "session" ADD CONSTRAINT "session_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "session" ADD CONSTRAINT "session_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "site" ADD CONSTRAINT "site_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "brand" ADD CONSTRAINT "brand_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "brand" ADD CONSTRAINT "brand_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "credential" ADD CONSTRAINT "credential_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "credential" ADD CONSTRAINT "credential_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "credential" ADD CONSTRAINT "credential_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "person"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "brief" ADD CONSTRAINT "brief_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "brief" ADD CONSTRAINT "brief_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "site"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "brief" ADD CONSTRAINT "brief_brand_id_fkey" FOREIGN KEY ("brand_id") REFERENCES "brand"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "brief" ADD CONSTRAINT "brief_credential_id_fkey" FOREIGN KEY ("credential_id") REFERENCES "credential"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_credential_id_fkey" FOREIGN KEY ("credential_id") REFERENCES "credential"("id") ON DELETE SET NULL ON UPDATE CASCADE;
