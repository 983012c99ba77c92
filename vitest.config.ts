import { defineConfig } from "vitest/config";

export default defineConfig({
  // Node loads graphql's CommonJS build for every importer; vite would hand our own imports the
  // ESM build instead, and graphql-js refuses objects from a second copy. One copy, as in Node.
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    include: ["test/**/*.test.ts"],
    // In-process servers log warnings only; tests that read logs start processes with their own level.
    env: { LOG_LEVEL: "warn" },
    globalSetup: ["test/support/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own database, so files run in parallel safely.
    fileParallelism: true,
  },
});
