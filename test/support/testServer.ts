// The service on a loopback port with its own database, driven over real HTTP like a user would.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../../app/server.ts";
import { type Services, startServices } from "../../app/services.ts";
import { readConfig } from "../../src/config.ts";
import { type Database, openDatabase } from "../../src/db/database.ts";
import type { FetchOptions } from "../../src/sourcing/fetch/index.ts";
import { createTestDatabase, type TestDatabase } from "./testDatabase.ts";

export interface TestServer {
  baseUrl: string;
  db: Database;
  database: TestDatabase;
  /** What the process holds; a test may replace `services.fetch` (read at each fetch and webhook attempt). */
  services: Services;
  /** Stops the server, closes its pool and drops its database: call it from the file's afterAll. */
  close(): Promise<void>;
}

/**
 * Starts a server with a database of its own for the current test file. With `workers` (the
 * default) the same process runs the pipeline workers, as `npm start` does; `env` adds settings
 * (FETCH_*, LLM_*, PIPELINE_*) on top of the process environment.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { workers?: boolean; fetch?: Partial<FetchOptions> } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const db = openDatabase(database.url, 8);
  const config = readConfig({ ...env, DATABASE_URL: database.url, PORT: "0" });
  const services = await startServices(db, {
    databaseUrl: database.url,
    workers: options.workers ?? true,
    env: { ...process.env, PIPELINE_MAINTENANCE_SECONDS: "1", ...env },
  });
  // TESTS ONLY fetcher settings (an extra certificate authority for https pages on loopback).
  if (options.fetch) services.fetch = { ...services.fetch, ...options.fetch };
  const { app } = createApp(services, config);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    database,
    services,
    async close() {
      await new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive sockets of the tests' fetch calls would otherwise hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      await services.stop();
      await db.close();
      await database.drop();
    },
  };
}
