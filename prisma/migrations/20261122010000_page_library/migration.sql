-- The workspace library: every page fetched for a workspace, searched by full-text search.
-- The 'simple' configuration (no stemming, no stop words) works the same for all 22 languages.

CREATE TABLE "library_page" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "final_url" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "site_name" TEXT,
    "language" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "text" TEXT NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "library_page_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "library_page_workspace_id_url_key" ON "library_page"("workspace_id", "url");
CREATE INDEX "library_page_search_idx" ON "library_page"
    USING GIN (to_tsvector('simple'::regconfig, "title" || ' ' || "text"));
ALTER TABLE "library_page" ADD CONSTRAINT "library_page_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
