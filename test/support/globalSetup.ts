// Finds a PostgreSQL for the whole run: DATABASE_URL when set, else a server on 127.0.0.1:5432
// when one answers, else an embedded one started for this run. Each test file then makes its
// own database on it (test/support/testDatabase.ts).
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/db/embeddedPostgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject) {
  const candidates = [process.env.DATABASE_URL, "postgresql://postgres@127.0.0.1:5432/postgres"].filter((u): u is string =>
    Boolean(u),
  );
  for (const url of candidates) {
    if (await answers(url)) {
      project.provide("adminDatabaseUrl", url);
      return;
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), "articles-test-pg-"));
  // As root the server runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres(dir);
  project.provide("adminDatabaseUrl", embedded.url);
  return async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
