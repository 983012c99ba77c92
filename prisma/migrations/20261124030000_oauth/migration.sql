-- The OAuth 2.1 authorization server for MCP clients (issue 13): clients registered or known by a
-- metadata document, single-use authorization codes, and the agents they make, whose access token
-- lasts an hour and whose refresh tokens rotate.

CREATE TABLE "oauth_client" (
    -- `bzc_…` for a registered client; the https address of its metadata document otherwise.
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "redirect_uris" TEXT[],
    "metadata_document" BOOLEAN NOT NULL DEFAULT false,
    -- When a metadata document was fetched; it is fetched again after an hour.
    "fetched_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "oauth_client_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "oauth_code" (
    "code_hash" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "code_challenge" TEXT NOT NULL,
    "workspace_id" UUID NOT NULL,
    "person_id" UUID NOT NULL,
    "site_id" UUID NOT NULL,
    "scopes" TEXT[],
    "daily_cap" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    -- The agent the code's one use made: a second use revokes it.
    "credential_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "oauth_code_pkey" PRIMARY KEY ("code_hash")
);
CREATE INDEX "oauth_code_expires_at_idx" ON "oauth_code"("expires_at");
ALTER TABLE "oauth_code" ADD CONSTRAINT "oauth_code_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An agent made through OAuth names its client, and its access token expires.
ALTER TABLE "credential" ADD COLUMN "oauth_client_id" TEXT;
ALTER TABLE "credential" ADD COLUMN "expires_at" TIMESTAMPTZ(3);

CREATE TABLE "oauth_refresh_token" (
    "token_hash" TEXT NOT NULL,
    "credential_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    -- Set when the token was exchanged for a new pair; presenting it again revokes the agent.
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "oauth_refresh_token_pkey" PRIMARY KEY ("token_hash")
);
CREATE INDEX "oauth_refresh_token_credential_id_idx" ON "oauth_refresh_token"("credential_id");
ALTER TABLE "oauth_refresh_token" ADD CONSTRAINT "oauth_refresh_token_credential_id_fkey" FOREIGN KEY ("credential_id") REFERENCES "credential"("id") ON DELETE CASCADE ON UPDATE CASCADE;
