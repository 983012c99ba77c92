// Applies prisma/migrations/*/migration.sql in order and records each in _prisma_migrations the
// way `prisma migrate deploy` does, so a machine with Prisma's native engines can take over.
// Runs under an advisory lock so several processes starting at once apply each migration once.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../prisma/migrations");
const LOCK_KEY = 727_274_001;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/**
 * The database was migrated by a newer version of the code: it has migrations this code does not
 * know. Nothing is applied; the code must be updated (running it would read and write tables whose
 * shape it does not know).
 */
export class DatabaseNewerThanCode extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `the database has ${unknown.length === 1 ? "a migration" : "migrations"} this code does not know (${unknown.join(", ")}): ` +
        "it was migrated by a newer version; update the code (git pull, npm ci) before starting it",
    );
    this.name = "DatabaseNewerThanCode";
  }
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Applies every pending migration; returns the names applied now. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const migrations = await readMigrations();
  // A server that does not answer (a wrong host, a firewall) fails the start rather than hanging it.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    const known = new Set(migrations.map((m) => m.name));
    const unknown = [...applied.keys()].filter((name) => !known.has(name)).sort();
    if (unknown.length > 0) throw new DatabaseNewerThanCode(unknown);
    const ran: string[] = [];
    for (const m of migrations) {
      const previous = applied.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) {
          throw new Error(`migration ${m.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`);
      }
      ran.push(m.name);
    }
    return ran;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/** Names of migrations in the folder that the database has not applied (for /readyz). */
// The folder does not change while the process runs; /readyz is polled, so read it once.
let known: Promise<Migration[]> | undefined;

export async function pendingMigrations(pool: pg.Pool): Promise<string[]> {
  known ??= readMigrations();
  const migrations = await known;
  const done = await pool
    .query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    )
    .catch(() => ({ rows: [] as { migration_name: string }[] }));
  const applied = new Set(done.rows.map((r) => r.migration_name));
  return migrations.map((m) => m.name).filter((name) => !applied.has(name));
}
