// One pg pool per process, shared by Prisma (through its pg adapter) and the few places that
// speak SQL directly (rate counters, readiness, migrations).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../../prisma/generated/client/client.ts";

export type { PrismaClient };

/** The client a `prisma.$transaction(async (tx) => ...)` callback receives. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export interface Database {
  pool: pg.Pool;
  prisma: PrismaClient;
  close(): Promise<void>;
}

export function openDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    pool,
    prisma,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}
