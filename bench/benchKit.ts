// What every benchmark script needs around its measurements: progress lines on stderr, clean-up
// steps run in reverse on exit or Ctrl-C, and a query on the admin database (to create and drop
// the benchmark's own database).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrate } from "../src/db/migrate.ts";
import { scratchPostgres, withDatabase } from "../src/db/scratchPostgres.ts";

export const progress = (message: string) => console.error(`· ${message}`);

/** Clean-up steps, pushed in the order things start, run in reverse. */
export const cleanups: (() => Promise<unknown>)[] = [];
let cleaned = false;

export async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const step of cleanups.reverse()) {
    await step().catch((error: unknown) => console.error(`clean-up step failed: ${(error as Error).message}`));
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

export async function adminQuery(adminUrl: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of the benchmark's own on a scratch PostgreSQL (BENCH_EMBEDDED=1: an embedded one),
 * migrated, and dropped again by the clean-up. Answers its connection string, and the server's
 * admin connection and where it came from (for a report's machine line).
 */
export async function benchDatabase(): Promise<{ url: string; adminUrl: string; source: string }> {
  const postgres = await scratchPostgres({ embedded: process.env.BENCH_EMBEDDED === "1" });
  cleanups.push(() => postgres.stop());
  const name = `bench_${randomBytes(6).toString("hex")}`;
  await adminQuery(postgres.adminUrl, `CREATE DATABASE ${name}`);
  cleanups.push(() => adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = withDatabase(postgres.adminUrl, name);
  progress(`database ${name} on ${postgres.source}; migrating`);
  await migrate(url);
  return { url, adminUrl: postgres.adminUrl, source: postgres.source };
}
