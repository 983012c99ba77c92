// Records the SQL statements a pool sends while some work runs, for tests that check a read does
// not grow with the data. Every statement of the process goes through a client the pool hands
// out: Prisma's pg adapter (`pool.query`, and `pool.connect()` for transactions), pg-boss and the
// direct SQL alike, and `pool.query` takes its client through `pool.connect` too. So the clients
// handed out during the work are watched, and each `query` call on them is one statement.
import type pg from "pg";

type Connect = (callback?: (err: Error | undefined, client: pg.PoolClient, release: () => void) => void) => unknown;

const textOf = (config: unknown): string =>
  typeof config === "string" ? config : String((config as { text?: unknown } | null)?.text ?? "");

/**
 * Runs `work`, waits until every client it took is back in the pool (so statements sent after the
 * answer, e.g. a fire-and-forget update, are counted too) and returns the statements, in order.
 */
export async function recordStatements(pool: pg.Pool, work: () => Promise<unknown>): Promise<string[]> {
  if (Object.hasOwn(pool, "connect")) throw new Error("the pool is already being recorded");
  const statements: string[] = [];
  const watched: pg.PoolClient[] = [];
  const watch = (client: pg.PoolClient | undefined) => {
    if (!client || Object.hasOwn(client, "query")) return;
    const query = client.query;
    client.query = function (this: pg.PoolClient, config: unknown, ...rest: unknown[]) {
      statements.push(textOf(config).replace(/\s+/g, " ").trim());
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof client.query;
    watched.push(client);
  };
  const connect = pool.connect as unknown as Connect;
  (pool as unknown as { connect: Connect }).connect = (callback) => {
    if (callback) {
      return connect.call(pool, (err, client, release) => {
        watch(client);
        callback(err, client, release);
      });
    }
    return (connect.call(pool) as Promise<pg.PoolClient>).then((client) => {
      watch(client);
      return client;
    });
  };
  try {
    await work();
    await untilIdle(pool);
    return statements;
  } finally {
    Reflect.deleteProperty(pool, "connect");
    for (const client of watched) Reflect.deleteProperty(client, "query");
  }
}

async function untilIdle(pool: pg.Pool, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pool.waitingCount > 0 || pool.idleCount < pool.totalCount) {
    if (Date.now() > deadline) throw new Error("the pool's clients were not all released after the work");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
