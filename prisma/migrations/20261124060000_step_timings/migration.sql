-- How long each kind of step took lately, per engine (docs/pipeline.md, Step time estimates): the
-- last 25 durations of a step kind run by one engine ("builtin", "model", "search"), newest first.
-- The plan's estMs is their median, so estimates follow the engine and the network that run the
-- steps. One small row per step kind and engine, updated as steps finish.
CREATE TABLE "step_timing" (
    "step_kind" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "samples" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "step_timing_pkey" PRIMARY KEY ("step_kind", "engine")
);
