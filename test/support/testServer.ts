// The service on a loopback port with its own database, driven over real HTTP like a user would.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { readConfig } from "../../src/config.ts";
import { type Database, openDatabase } from "../../src/db/database.ts";
import { createApp } from "../../src/http/server.ts";
import { createTestDatabase, type TestDatabase } from "./testDatabase.ts";

export interface TestServer {
  baseUrl: string;
  db: Database;
  database: TestDatabase;
  /** Stops the server, closes its pool and drops its database: call it from the file's afterAll. */
  close(): Promise<void>;
}

/** Starts a server with a database of its own for the current test file. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const db = openDatabase(database.url, 5);
  const config = readConfig({ ...env, DATABASE_URL: database.url, PORT: "0" });
  const { app } = createApp(db, config);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    database,
    async close() {
      await new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive sockets of the tests' fetch calls would otherwise hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      await db.close();
      await database.drop();
    },
  };
}
