// Runs only the deliberately failing check, with the project's global set-up (which may start an
// embedded PostgreSQL), for test/exitCode.test.ts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../../..", import.meta.url).pathname,
    include: ["test/support/failing/*.check.ts"],
    globalSetup: ["test/support/globalSetup.ts"],
  },
});
