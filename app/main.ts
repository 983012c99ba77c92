// Starts the service: a database (the configured one, or an embedded PostgreSQL under ./.data/),
// its migrations, pg-boss, then the HTTP server on one port. ROLE=api|worker|all chooses what this
// process runs: the HTTP server, the pipeline workers (jobs/), or both.
//
// A start that cannot go on says why in one log line and exits with a code of its own
// (docs/operations.md): 78 a setting, 69 the port, 68 the database unreachable, 65 a database
// newer than the code, 1 anything else. SIGTERM, SIGINT and SIGHUP stop it within 10 seconds:
// the HTTP server, then pg-boss and the workers (a step still running is handed back: its lease
// lapses and a live worker runs it again), the job event listener, the pool, and last the
// embedded PostgreSQL.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Config, readConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { leaveSignalsToCaller, useEmbeddedPostgres } from "../src/db/embeddedPostgres.ts";
import { DatabaseNewerThanCode, migrate } from "../src/db/migrate.ts";
import { hostCheckWarning } from "../src/http/ownOrigin.ts";
import { log } from "../src/log.ts";
import { createApp, startHousekeeping } from "./server.ts";
import { startServices } from "./services.ts";

/** A start that cannot go on, with the one sentence that says why and the exit code. */
class StartFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly reason: string,
  ) {
    super(message);
  }
}

const EXIT = { config: 78, port: 69, databaseUnreachable: 68, databaseNewer: 65, other: 1 } as const;

/** The host:port a connection string names, for the message (never its password). */
function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
  } catch {
    return "(unreadable DATABASE_URL)";
  }
}

/** A connection that failed as a StartFailure naming the server, or undefined if it is not one. */
function unreachable(error: unknown, url: string, embedded: boolean): StartFailure | undefined {
  // Node reports a refused connection to every address of a name (::1 and 127.0.0.1) as an AggregateError.
  const first = (error as { errors?: { code?: string }[] })?.errors?.[0];
  const code = (error as { code?: string })?.code ?? first?.code;
  const message = (error as Error)?.message ?? String(error);
  const where = `PostgreSQL at ${databaseAddress(url)}${embedded ? " (the embedded one)" : ""}`;
  const check = embedded
    ? "check the data directory (DATA_DIR) and the embedded server's log (LOG_LEVEL=debug)"
    : "check that the server runs and that DATABASE_URL's host, port, user, password and database are right";
  const why: Record<string, string> = {
    ECONNREFUSED: "the connection was refused",
    ENOTFOUND: "the host name does not resolve",
    EAI_AGAIN: "the host name does not resolve",
    ETIMEDOUT: "the connection timed out",
    EHOSTUNREACH: "the host is unreachable",
    ENETUNREACH: "the network is unreachable",
    ECONNRESET: "the connection was reset",
    "28P01": "the password was refused",
    "28000": "the user may not connect",
    "3D000": "the database does not exist",
  };
  const reason = (code && why[code]) || (/timeout|timed out/i.test(message) ? "the connection timed out" : undefined);
  if (!reason) return undefined;
  return new StartFailure(`cannot reach ${where}: ${reason}; ${check}`, EXIT.databaseUnreachable, "database_unreachable");
}

function checkDatabaseUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StartFailure(
      "DATABASE_URL is not a connection URL; write it as postgresql://user:password@host:5432/database, or leave it unset for the embedded PostgreSQL",
      EXIT.config,
      "config",
    );
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new StartFailure(
      `DATABASE_URL must start with postgresql:// (got ${parsed.protocol}//…); leave it unset for the embedded PostgreSQL`,
      EXIT.config,
      "config",
    );
  }
}

function listenFailure(error: NodeJS.ErrnoException, config: Config): StartFailure {
  const where = `${config.host}:${config.port}`;
  if (error.code === "EADDRINUSE") {
    return new StartFailure(
      `port ${config.port} on ${config.host} is already in use by another process; stop that process or set PORT to another port (PORT=0 picks a free one)`,
      EXIT.port,
      "port_in_use",
    );
  }
  if (error.code === "EACCES") {
    return new StartFailure(
      `not allowed to listen on ${where} (ports below 1024 need privileges); set PORT to a port above 1023`,
      EXIT.port,
      "port_not_allowed",
    );
  }
  if (error.code === "EADDRNOTAVAIL") {
    return new StartFailure(
      `HOST ${config.host} is not an address of this machine; set HOST (e.g. 127.0.0.1)`,
      EXIT.config,
      "config",
    );
  }
  return new StartFailure(`cannot listen on ${where}: ${error.message}`, EXIT.port, "listen");
}

/** Stops what was started so far, last started first; each part gets at most its share of the time. */
const stoppers: { name: string; ms: number; run: () => Promise<void> | void }[] = [];
let stopping = false;

async function stopAll(): Promise<void> {
  for (const stopper of stoppers.splice(0).reverse()) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), stopper.ms);
    });
    const outcome = await Promise.race([
      Promise.resolve()
        .then(stopper.run)
        .then(
          () => "done" as const,
          (error: unknown) => {
            log.warn({ err: error, part: stopper.name }, "could not stop cleanly");
            return "done" as const;
          },
        ),
      late,
    ]);
    clearTimeout(timer);
    if (outcome === "late") log.warn({ part: stopper.name, ms: stopper.ms }, "did not stop in time; going on");
  }
}

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "stopping");
  // The last resort: whatever still hangs, the process is gone within 10 seconds of the signal.
  setTimeout(() => {
    log.error("stop took longer than 9.5 s; exiting");
    process.exit(1);
  }, 9500).unref();
  await stopAll();
  log.info("stopped");
  process.exit(0);
}

async function main() {
  // Signals are handled from the first moment, so one that comes while the service starts
  // still stops the embedded PostgreSQL if it was started.
  leaveSignalsToCaller();
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(signal));

  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    throw new StartFailure((error as Error).message, EXIT.config, "config");
  }
  let databaseUrl = config.databaseUrl;
  const embedded = !databaseUrl;
  if (databaseUrl) {
    checkDatabaseUrl(databaseUrl);
  } else {
    const database = await useEmbeddedPostgres(config.dataDir, {
      onStopper: (stopEmbedded) => stoppers.push({ name: "embedded PostgreSQL", ms: 4500, run: stopEmbedded }),
    });
    databaseUrl = database.url;
    log.info({ dataDir: config.dataDir }, "using the embedded PostgreSQL (set DATABASE_URL to use your own)");
  }
  const url = databaseUrl;
  const applied = await migrate(url).catch((error: unknown) => {
    if (error instanceof DatabaseNewerThanCode) {
      throw new StartFailure(error.message, EXIT.databaseNewer, "database_newer_than_code");
    }
    throw unreachable(error, url, embedded) ?? error;
  });
  if (applied.length > 0) log.info({ applied }, "migrations applied");
  const db = openDatabase(url);
  stoppers.push({ name: "database pool", ms: 1000, run: () => db.close() });

  // Pipeline workers run in worker and all processes; every process can queue jobs.
  const services = await startServices(db, { databaseUrl: url, workers: config.role !== "api" });
  stoppers.push({ name: "workers and queues", ms: 2500, run: () => services.stop() });
  if (config.role === "api" || config.role === "all") {
    const { app } = createApp(services, config);
    stoppers.push({ name: "housekeeping", ms: 100, run: startHousekeeping(db) });
    await new Promise<void>((resolve, reject) => {
      const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
        server.off("error", refused);
        const address = `http://${info.family === "IPv6" ? `[${info.address}]` : info.address}:${info.port}`;
        log.info({ address, role: config.role }, `listening on ${address}`);
        const warning = hostCheckWarning(config);
        if (warning) log.warn(warning);
        resolve();
      });
      const refused = (error: NodeJS.ErrnoException) => reject(listenFailure(error, config));
      server.once("error", refused);
      stoppers.push({
        name: "HTTP server",
        ms: 1000,
        run: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Job event streams stay open while their jobs run; they would hold the stop up.
            // Clients resume with Last-Event-ID against another process or after the restart.
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
  }
  if (config.role === "worker") log.info("worker role: running pipeline workers, no HTTP server");
}

main().catch(async (error: unknown) => {
  const failure = error instanceof StartFailure ? error : undefined;
  if (failure) log.fatal({ reason: failure.reason, exitCode: failure.exitCode }, `could not start: ${failure.message}`);
  else log.fatal({ err: error }, `could not start: ${(error as Error)?.message ?? String(error)}`);
  // What did start (the embedded PostgreSQL, say) is stopped before the exit.
  stopping = true;
  await stopAll();
  process.exit(failure?.exitCode ?? EXIT.other);
});
