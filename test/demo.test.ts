// `npm run demo` as a new user runs it: the service, a story on loopback and one article written,
// with the key and the commands to go on printed. DEMO_EXIT=1 stops it once the article is written.
// The test hands it a database of its own (DATABASE_URL) rather than the embedded one.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./support/testDatabase.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let database: TestDatabase | undefined;
afterAll(() => database?.drop());

it("writes an article from the bundled story and prints the key and the commands to read it", async () => {
  database = await createTestDatabase({ migrate: false });
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url, PORT: "0", DEMO_EXIT: "1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr.on("data", (chunk) => {
    err += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code, `${out}\n${err}`).toBe(0);
  expect(out).toMatch(/Written: ".+"/);
  const paragraphs = Number(/(\d+) paragraphs, (\d+) sources/.exec(out)?.[1]);
  const sources = Number(/(\d+) paragraphs, (\d+) sources/.exec(out)?.[2]);
  expect(paragraphs).toBeGreaterThan(0);
  expect(sources).toBe(4);
  const token = /API key \(shown once\): (bz_live_\S+)/.exec(out)?.[1];
  expect(token).toBeDefined();
  expect(out).toMatch(
    /curl -s -H 'Authorization: Bearer bz_live_\S+' http:\/\/127\.0\.0\.1:\d+\/api\/v1\/articles\/[0-9A-F-]{36}/,
  );
  expect(out).toMatch(/\/api\/v1\/jobs\/[0-9A-F-]{36}\/events/);
}, 180_000);
