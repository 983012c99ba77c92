// A transaction on one pooled connection, for changes that must commit together with the rows
// they raise (job events, outbox events, ledger entries, queued pipeline steps).
import type pg from "pg";
import type { Database } from "./database.ts";

export type Sql = pg.PoolClient;

export async function withTransaction<T>(db: Database, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await db.pool.connect();
  // The pool listens for a client's errors only while it is idle: a checked-out client whose server
  // goes away (a restart, a failover) between two statements would emit 'error' with no listener
  // and end the process. The transaction fails through its statements instead, and the pool drops
  // the broken client on release.
  const onError = () => undefined;
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.removeListener("error", onError);
    client.release();
  }
}
