-- The article after it is written (issue 12): what each version held, a person's approval bound
-- to the exact version, persons' comments, and the state of a picture being made again.

-- The article as it stood at that version (title, deck, lead, units, links, claims): a person can
-- read and compare any two versions. Filled for the new version on every edit, and for the
-- version before it when that one has none yet (generation writes none).
ALTER TABLE "article_version" ADD COLUMN "snapshot" JSONB;

-- Every approval a person gave; the label is derived from the latest one, and says "reviewed by a
-- human" only while its version is the article's current version.
CREATE TABLE "article_approval" (
    "id" UUID NOT NULL,
    "article_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "person_id" UUID NOT NULL,
    "person_name" TEXT NOT NULL,
    "acknowledged" JSONB NOT NULL DEFAULT '[]',
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "article_approval_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "article_approval_article_id_at_idx" ON "article_approval"("article_id", "at");
ALTER TABLE "article_approval" ADD CONSTRAINT "article_approval_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "article_comment" (
    "id" UUID NOT NULL,
    "article_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "by" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "unit" INTEGER,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "article_comment_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "article_comment_article_id_at_idx" ON "article_comment"("article_id", "at");
ALTER TABLE "article_comment" ADD CONSTRAINT "article_comment_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
