// The OpenAPI document the service serves at /api/v1/openapi.json, built in-process from the REST
// facade's route declarations (no database, no network: the routes are declared, never called),
// and `npm run lint:openapi`, which writes it to a temporary file and lints it with Redocly's
// recommended rules (redocly.yaml).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRestApp, type RestEdge } from "../facades/rest/app.ts";
import type { Yoga } from "../schema/yoga.ts";

const unused = () => {
  throw new Error("the OpenAPI document is built without serving requests");
};

/** The document as GET /api/v1/openapi.json answers it. */
export async function openapiDocument(): Promise<Record<string, unknown>> {
  const edge: RestEdge = {
    authentication: { bearer: unused, session: unused },
    sessions: { signIn: unused, signOut: unused },
    assertStorable: unused,
    followJobEvents: unused,
  };
  const app = createRestApp(undefined as unknown as Yoga, edge);
  const reply = await app.request("/api/v1/openapi.json");
  if (reply.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${reply.status}: ${await reply.text()}`);
  return (await reply.json()) as Record<string, unknown>;
}

interface LintReport {
  version: string;
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

const REDOCLY = fileURLToPath(new URL("../node_modules/.bin/redocly", import.meta.url));
const CONFIG = fileURLToPath(new URL("../redocly.yaml", import.meta.url));

/** `--print` writes the document to stdout; otherwise it is linted: exit status 1 on any error or warning. */
async function main(): Promise<number> {
  const document = `${JSON.stringify(await openapiDocument(), null, 2)}\n`;
  if (process.argv.includes("--print")) {
    process.stdout.write(document);
    return 0;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
  try {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, document);
    const lint = spawnSync(REDOCLY, ["lint", "--config", CONFIG, "--format", "json", file], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      // No usage telemetry and no update check from CI.
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    let report: LintReport;
    try {
      report = JSON.parse(lint.stdout) as LintReport;
    } catch {
      process.stderr.write(lint.stdout ?? "");
      return lint.status || 1;
    }
    for (const problem of report.problems) {
      const where = problem.location.map((l) => l.pointer).join(", ");
      console.log(`${problem.severity} ${problem.ruleId}: ${problem.message} (${where})`);
    }
    const { errors, warnings } = report.totals;
    console.log(`Redocly ${report.version}, recommended rules: ${errors} errors, ${warnings} warnings.`);
    // Redocly exits 0 on warnings; the document must have none either.
    return errors + warnings === 0 && lint.status === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = await main();
