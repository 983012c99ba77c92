// `npm run demo`: the service with its embedded database (or DATABASE_URL), a small story served on a
// loopback address of its own (demo/sites: a wire report, a paper relaying it, a local outlet's own
// reporting and the council's release), a workspace with an Owner, a site and a key, and one
// article written from a brief naming those pages. It prints the key and the commands to read the
// article and follow its events, then leaves the service running for the tour (Ctrl-C stops both).
//
// The fetcher reaches the story through FETCH_HOST_MAP and FETCH_ALLOW_ADDRESSES set for the story's
// host names and its one address only (127.0.0.77), for the service this script starts; nothing
// else on loopback becomes fetchable. DEMO_EXIT=1 (or --exit) stops everything once the article is
// written, for a check on a fresh machine (test/demo.test.ts).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startSites } from "../test/web/testWeb.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PAGES_ADDRESS = "127.0.0.77";
const PAGES = [
  "wire.demopress.example/2026/11/harbour-bridge-closed.html",
  "herald.example/news/bridge-closed.html",
  "coastpost.example/local/bridge-inspection.html",
  "harbourcity.example/press/bridge.html",
];
const EXIT = process.env.DEMO_EXIT === "1" || process.argv.includes("--exit");
const say = (line = "") => process.stdout.write(`${line}\n`);

interface Service {
  child: ChildProcess;
  baseUrl: string;
}

/** Starts app/main.ts with the demo's fetcher settings; resolves with its address once it listens. */
function startService(env: NodeJS.ProcessEnv): Promise<Service> {
  const child = spawn(process.execPath, ["--import", "tsx", "app/main.ts"], {
    cwd: ROOT,
    // JSON at info level: this script reads the "listening" line.
    env: { ...env, LOG_FORMAT: "json", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // However this script ends, the service it started ends with it.
  process.once("exit", () => child.kill("SIGTERM"));
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        let entry: { msg?: string; address?: string; level?: number | string };
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        if (typeof entry.address === "string" && String(entry.msg).startsWith("listening")) {
          resolve({ child, baseUrl: entry.address });
        } else if (entry.msg && (entry.level === 50 || entry.level === 60 || entry.level === "error")) {
          say(`  service: ${entry.msg}`);
        }
      }
    });
    child.once("exit", (code) => reject(new Error(`the service stopped (exit ${code}) before it listened:\n${stderr}`)));
  });
}

/** `npm run admin -- …` against the same database: answers its JSON. */
function admin(env: NodeJS.ProcessEnv, args: string[]): Record<string, string> {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], { cwd: ROOT, env, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`admin ${args.slice(0, 2).join(" ")} failed: ${run.stdout}${run.stderr}`);
  return JSON.parse(run.stdout);
}

async function api(baseUrl: string, route: string, init: { token?: string; cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${baseUrl}${route}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${text}`);
  return { response, body: text ? JSON.parse(text) : undefined };
}

async function main() {
  const sites = await startSites(path.join(ROOT, "demo/sites"), {}, PAGES_ADDRESS);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: process.env.PORT ?? "3000",
    // GraphiQL at /graphql for the tour (it is off in production).
    NODE_ENV: process.env.NODE_ENV ?? "development",
    FETCH_HOST_MAP: sites.hostMap,
    FETCH_ALLOW_ADDRESSES: PAGES_ADDRESS,
  };
  say(`Story pages served on http://${PAGES_ADDRESS}:${sites.port} for ${sites.hosts.join(", ")}`);
  say(process.env.DATABASE_URL ? "Starting the service on DATABASE_URL…" : "Starting the service with its embedded PostgreSQL…");
  let service: Service;
  try {
    service = await startService(env);
  } catch (error) {
    await sites.close();
    throw error;
  }
  const stopAll = async () => {
    service.child.kill("SIGTERM");
    await new Promise((resolve) => service.child.once("exit", resolve));
    await sites.close();
  };
  try {
    const { baseUrl } = service;
    say(`Service listening on ${baseUrl}`);

    const email = `demo-${randomBytes(3).toString("hex")}@example.com`;
    const password = `demo-${randomBytes(6).toString("hex")}`;
    const { workspaceId } = admin(env, [
      "init",
      "--workspace",
      "Demo desk",
      "--email",
      email,
      "--password",
      password,
      "--credits",
      "20",
    ]);
    const { siteId } = admin(env, ["site", "add", "--workspace", String(workspaceId), "--domain", "harbour-demo.example"]);
    const session = await api(baseUrl, "/api/v1/session", { body: { email, password } });
    const cookie = (session.response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const { body: created } = await api(baseUrl, "/api/v1/developer/keys", {
      cookie,
      body: { name: "demo key", siteId, scopes: ["brief", "generate", "read", "edit", "export"], dailyCap: 20 },
    });
    const token: string = created.token;

    const useUrls = PAGES.map((page) => sites.url(page.slice(0, page.indexOf("/")), page.slice(page.indexOf("/"))));
    const { body: brief } = await api(baseUrl, "/api/v1/briefs", {
      token,
      body: { topic: "Harbour Bridge closed after cracks found", useUrls },
    });
    const { body: started } = await api(baseUrl, "/api/v1/articles", { token, body: { briefId: brief.id } });
    say(`Writing article ${started.articleId} (job ${started.jobId})…`);
    let job: { status: string; step?: string; error?: { message: string } } = { status: "queued" };
    let shown = "";
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      job = (await api(baseUrl, `/api/v1/jobs/${started.jobId}`, { token })).body;
      const now = `${job.status}${job.step ? ` · ${job.step}` : ""}`;
      if (now !== shown) say(`  ${now}`);
      shown = now;
      if (!["queued", "running"].includes(job.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (job.status !== "done") throw new Error(`the job ended ${job.status}: ${job.error?.message ?? "see the service's log"}`);
    const { body: article } = await api(baseUrl, `/api/v1/articles/${started.articleId}`, { token });
    const states = new Map<string, number>();
    for (const claim of article.claims ?? []) states.set(claim.state, (states.get(claim.state) ?? 0) + 1);

    say();
    say(`Written: "${article.title}"`);
    say(
      `  ${article.paragraphs?.length ?? 0} paragraphs, ${article.sources?.length ?? 0} sources, claims: ${[...states].map(([s, n]) => `${n} ${s}`).join(", ")}`,
    );
    say();
    say(`Signed in as ${email} / ${password} (Owner of workspace ${workspaceId})`);
    say(`API key (shown once): ${token}`);
    say();
    say("Read the article and follow its job's events:");
    say(`  curl -s -H 'Authorization: Bearer ${token}' ${baseUrl}/api/v1/articles/${started.articleId}`);
    say(`  curl -sN -H 'Authorization: Bearer ${token}' ${baseUrl}/api/v1/jobs/${started.jobId}/events`);
    say(`API reference: ${baseUrl}/docs · OpenAPI: ${baseUrl}/api/v1/openapi.json`);
    say(`GraphiQL (sign in first, at ${baseUrl}/api/v1/session): ${baseUrl}/graphql`);
    if (EXIT) {
      await stopAll();
      return;
    }
    say();
    say("The service keeps running for the tour; Ctrl-C stops it and the story pages.");
    const onSignal = () => void stopAll().then(() => process.exit(0));
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    service.child.once("exit", (code) => {
      say(`The service stopped (exit ${code}).`);
      void sites.close().then(() => process.exit(code ?? 0));
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo: ${(error as Error).message}\n`);
  process.exit(1);
});
