// Finds a PostgreSQL for the whole run (src/db/scratchPostgres.ts); each test file then makes its
// own database on it (test/support/testDatabase.ts). TEST_DATABASE=embedded skips servers that
// answer, to try the fallback a new machine gets.
import type { TestProject } from "vitest/node";
import { scratchPostgres } from "../../src/db/scratchPostgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await scratchPostgres({ embedded: process.env.TEST_DATABASE === "embedded" });
  project.provide("adminDatabaseUrl", postgres.adminUrl);
  return () => postgres.stop();
}
