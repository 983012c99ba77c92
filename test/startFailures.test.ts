// A start that cannot go on says why in one log line and exits non-zero with a code of its own
// (docs/operations.md): the port taken, the database unreachable or its URL unreadable, a
// database migrated by newer code. Each starts app/main.ts as `npm start` does.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../src/db/embeddedPostgres.ts";
import { createTestDatabase, type TestDatabase } from "./support/testDatabase.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Run {
  code: number | null;
  lines: Record<string, unknown>[];
  stdout: string;
  stderr: string;
}

/** Runs app/main.ts to its exit (JSON logs: stdout is a pipe). */
function runService(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "app/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "info", LOG_FORMAT: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the service did not exit: ${stdout}${stderr}`));
    }, 40_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      const lines = stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      resolve({ code, lines, stdout, stderr });
    });
  });
}

/** The one fatal line of a failed start. */
function fatal(run: Run): Record<string, unknown> {
  const lines = run.lines.filter((l) => l.level === "fatal");
  expect(lines, run.stdout + run.stderr).toHaveLength(1);
  const line = lines[0] as Record<string, unknown>;
  expect(String(line.msg)).not.toContain("\n");
  return line;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe("a start that cannot go on", () => {
  it("names the port in use and how to change it (exit 69)", async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const run = await runService({ DATABASE_URL: database.url, PORT: String(port), ROLE: "api" });
      expect(run.code).toBe(69);
      const line = fatal(run);
      expect(line.msg).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(line.msg).toMatch(/set PORT to another port/);
      expect(line.reason).toBe("port_in_use");
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);

  it("names the database's host and port when nothing answers there (exit 68)", async () => {
    const port = await freePort();
    const run = await runService({ DATABASE_URL: `postgresql://someone:secret@127.0.0.1:${port}/articles`, PORT: "0" });
    expect(run.code).toBe(68);
    const line = fatal(run);
    expect(line.msg).toContain(`cannot reach PostgreSQL at 127.0.0.1:${port}: the connection was refused`);
    expect(line.msg).toMatch(/check that the server runs and that DATABASE_URL/);
    expect(run.stdout).not.toContain("secret");
  }, 60_000);

  it("says the database does not exist when the server answers without it (exit 68)", async () => {
    const url = new URL(database.url);
    url.pathname = "/no_such_database_here";
    const run = await runService({ DATABASE_URL: url.href, PORT: "0" });
    expect(run.code).toBe(68);
    expect(fatal(run).msg).toContain(`${url.hostname}:${url.port || "5432"}: the database does not exist`);
  }, 60_000);

  it("refuses a DATABASE_URL that is not a connection URL (exit 78)", async () => {
    const run = await runService({ DATABASE_URL: "localhost:5432", PORT: "0" });
    expect(run.code).toBe(78);
    expect(fatal(run).msg).toMatch(/DATABASE_URL must start with postgresql:\/\//);
  }, 60_000);

  it("names the migrations the code does not know and says to update the code (exit 65)", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const future = ["29990101000000_from_a_newer_version", "29990102000000_and_another"];
    try {
      for (const name of future) {
        await client.query(
          `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES (gen_random_uuid()::text, 'x', now(), $1, 1)`,
          [name],
        );
      }
      const run = await runService({ DATABASE_URL: database.url, PORT: "0" });
      expect(run.code).toBe(65);
      const line = fatal(run);
      expect(line.msg).toContain(future.join(", "));
      expect(line.msg).toMatch(/update the code/);
      expect(line.reason).toBe("database_newer_than_code");
      expect(run.lines.some((l) => String(l.msg).startsWith("listening"))).toBe(false);
    } finally {
      await client.query(`DELETE FROM _prisma_migrations WHERE migration_name = ANY($1)`, [future]);
      await client.end();
    }
  }, 60_000);
});
