// A PostgreSQL server to make throwaway databases on, for tests and benchmarks: DATABASE_URL when
// set, else a server on 127.0.0.1:5432 when one answers, else an embedded one in a temporary
// directory that `stop` removes again.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./embeddedPostgres.ts";

export const LOCAL_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres";

export interface ScratchPostgres {
  /** Connection string of a database that may create other databases. */
  adminUrl: string;
  source: "DATABASE_URL" | "127.0.0.1:5432" | "embedded";
  stop(): Promise<void>;
}

export async function answers(url: string): Promise<boolean> {
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

export async function scratchPostgres(options: { embedded?: boolean } = {}): Promise<ScratchPostgres> {
  if (!options.embedded) {
    const configured = process.env.DATABASE_URL;
    if (configured && (await answers(configured))) return { adminUrl: configured, source: "DATABASE_URL", stop: async () => {} };
    if (await answers(LOCAL_POSTGRES)) return { adminUrl: LOCAL_POSTGRES, source: "127.0.0.1:5432", stop: async () => {} };
  }
  const dir = await mkdtemp(path.join(tmpdir(), "articles-pg-"));
  // As root the server runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres(dir);
  return {
    adminUrl: embedded.url,
    source: "embedded",
    async stop() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The same server's connection string for another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
