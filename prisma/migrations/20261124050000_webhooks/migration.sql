-- Webhooks (spec, Events: Webhooks). An endpoint is an address a person registered, with the
-- events it ticked and its signing secret sealed with WEBHOOK_SECRET_KEY (AES-256-GCM), never
-- stored in the clear. After a rotation the previous secret also signs until `previous_secret_until`.
CREATE TABLE "webhook_endpoint" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "site_id" UUID,
    "created_by_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret_sealed" TEXT NOT NULL,
    "secret_hint" TEXT NOT NULL,
    "previous_secret_sealed" TEXT,
    "previous_secret_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_endpoint_workspace_id_idx" ON "webhook_endpoint"("workspace_id");
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The envelope of an event, built once in the transaction that raised it, so every attempt to
-- every endpoint sends the same bytes. Blanked (NULL) after 7 days by the clean-up.
ALTER TABLE "outbox_event" ADD COLUMN "body" TEXT;

-- One event to one endpoint: claimed by a cycle (`claimed_until`, the lease), sent, and recorded.
-- `attempts` counts claims, so an attempt whose worker died still counts and is made again with
-- the same event id. `status`: pending (will be tried at `next_attempt_at`), delivered, failed
-- (given up, or the test event's one try failed). Rows are kept 30 days.
CREATE TABLE "webhook_delivery" (
    "id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "claimed_until" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "http_status" INTEGER,
    "response_excerpt" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_delivery_endpoint_id_event_id_key" ON "webhook_delivery"("endpoint_id", "event_id");
CREATE INDEX "webhook_delivery_status_next_attempt_at_idx" ON "webhook_delivery"("status", "next_attempt_at");
CREATE INDEX "webhook_delivery_endpoint_id_created_at_idx" ON "webhook_delivery"("endpoint_id", "created_at");
CREATE INDEX "webhook_delivery_created_at_idx" ON "webhook_delivery"("created_at");
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "outbox_event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
