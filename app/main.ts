// Starts the service: a database (the configured one, or an embedded PostgreSQL under ./.data/),
// its migrations, pg-boss, then the HTTP server on one port. ROLE=api|worker|all chooses what this
// process runs: the HTTP server, the pipeline workers (jobs/), or both.
import { serve } from "@hono/node-server";
import { readConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { useEmbeddedPostgres } from "../src/db/embeddedPostgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { hostCheckWarning } from "../src/http/ownOrigin.ts";
import { log } from "../src/log.ts";
import { createApp, startHousekeeping } from "./server.ts";
import { startServices } from "./services.ts";

async function main() {
  const config = readConfig();
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    const embedded = await useEmbeddedPostgres(config.dataDir);
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
    log.info({ dataDir: config.dataDir }, "using the embedded PostgreSQL (set DATABASE_URL to use your own)");
  }
  const applied = await migrate(databaseUrl);
  if (applied.length > 0) log.info({ applied }, "migrations applied");
  const db = openDatabase(databaseUrl);

  const stoppers: (() => Promise<void> | void)[] = [];
  // Pipeline workers run in worker and all processes; every process can queue jobs.
  const services = await startServices(db, { databaseUrl, workers: config.role !== "api" });
  stoppers.push(() => services.stop());
  if (config.role === "api" || config.role === "all") {
    const { app } = createApp(services, config);
    stoppers.push(startHousekeeping(db));
    await new Promise<void>((resolve) => {
      const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
        const address = `http://${info.family === "IPv6" ? `[${info.address}]` : info.address}:${info.port}`;
        log.info({ address, role: config.role }, `listening on ${address}`);
        const warning = hostCheckWarning(config);
        if (warning) log.warn(warning);
        resolve();
      });
      stoppers.push(
        () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Job event streams stay open while their jobs run; they would hold the stop up.
            // Clients resume with Last-Event-ID against another process or after the restart.
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      );
    });
  }
  if (config.role === "worker") log.info("worker role: running pipeline workers, no HTTP server");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping");
    for (const s of stoppers.reverse()) await s();
    await db.close();
    await stopEmbedded?.();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  log.fatal({ err: error }, "could not start");
  process.exit(1);
});
