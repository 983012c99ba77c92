// What an edit costs. In one process, against one article written from real pages of the test web
// (stored the way the write step stores them): (a) GET /api/v1/articles/{id}, the baseline every
// edit's answer includes; (b) PUT /api/v1/articles/{id}/units/{n}, a paragraph replaced with new
// words checked against the sources; (c) POST /api/v1/articles/{id}/claims/{claimId}/sources, a
// page fetched over HTTPS on loopback, origins grouped again and the claim checked again. Each is
// timed sequentially, as a person or agent would send them; the ratios against (a) are the
// figures to read. Run with `npm run bench:edits` (`--runs N`); not a test, nothing is asserted.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { createApp } from "../app/server.ts";
import { startServices } from "../app/services.ts";
import { readConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { log } from "../src/log.ts";
import { addSite, initWorkspace } from "../src/workspaces/workspaceAdmin.ts";
import { call } from "../test/support/http.ts";
import { startHttpsTestWeb, TEST_TLS } from "../test/support/httpsTestWeb.ts";
import { storeSourcedArticle } from "../test/support/sourcedArticles.ts";
import { startTestWeb } from "../test/web/testWeb.ts";
import { benchDatabase, cleanUp, cleanups, progress } from "./benchKit.ts";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "30" } } });
const RUNS = Math.max(3, Number(args.runs) || 30);
if (!process.env.LOG_LEVEL) log.level = "fatal";

// The container-spill story: a wire copy, a council notice, and (added by the bench) a local
// paper's own report that corroborates the wire's figure.
const AP = "http://meridianpost.com/wire/ap/2026/11/03/cargo-ship-loses-38-containers-storm-elspeth.html";
const COUNCIL = "http://www.portmere.gov.uk/news/2026/beach-closure-cullen-sands-marrick-point.html";
const GAZETTE = "http://www.harbourgazette.co.uk/news/2026/11/03/halden-star-containers-wash-ashore-portmere.html";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

async function timed(label: string, runs: number, once: (i: number) => Promise<void>) {
  await once(-1); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once(i);
    ms.push(performance.now() - started);
  }
  return { label, p50: percentile(ms, 50), p90: percentile(ms, 90) };
}

async function main() {
  const { url } = await benchDatabase();

  const web = await startTestWeb();
  cleanups.push(() => web.close());
  const front = await startHttpsTestWeb(web);
  cleanups.push(() => front.close());

  const db = openDatabase(url, 10);
  cleanups.push(() => db.close());
  const env = { FETCH_ALLOW_ADDRESSES: "127.0.0.1", FETCH_HOST_MAP: web.hostMap };
  const services = await startServices(db, { databaseUrl: url, workers: false, env: { ...process.env, ...env } });
  cleanups.push(() => services.stop());
  services.fetch = { ...services.fetch, testTlsCa: TEST_TLS.cert };
  const { app } = createApp(services, readConfig({ ...env, DATABASE_URL: url, PORT: "0" }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve(undefined))));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const { workspaceId } = await initWorkspace(db, {
    workspace: "Bench desk",
    email,
    password: "bench-password",
    name: "Bench Owner",
  });
  const { siteId } = await addSite(db, workspaceId, "bench.example.com");
  const personId = (await db.prisma.person.findUniqueOrThrow({ where: { email } })).id;
  const signIn = await call(base, "/api/v1/session", { body: { email, password: "bench-password" } });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  // Keys enough that no run meets the 60-a-minute limit of one key.
  const keys: string[] = [];
  for (let i = 0; i < Math.ceil((RUNS * 3 + 10) / 50); i++) {
    const made = await call(base, "/api/v1/developer/keys", {
      cookie,
      body: { name: `bench ${i}`, scopes: ["read", "edit"], dailyCap: 10 },
    });
    keys.push((made.body as { token: string }).token);
  }
  let used = 0;
  const key = () => keys[Math.floor(used++ / 50)] as string;

  const owner = { workspaceId, siteId, personId };
  progress(`writing ${RUNS + 1} articles from the test web`);
  const articles: { id: string; claimId: string }[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const { id, material } = await storeSourcedArticle({ db, web, owner, urls: [AP, COUNCIL] });
    const flagged = material.claims.find((c) => c.state === "singleSource" && /38/.test(c.text)) ?? material.claims[0];
    articles.push({ id: id.toUpperCase(), claimId: (flagged?.id ?? "").toUpperCase() });
  }
  const article = articles[0] as { id: string };

  const read = await timed("GET /articles/{id}", RUNS, async () => {
    const reply = await call(base, `/api/v1/articles/${article.id}`, { token: key() });
    if (reply.status !== 200) throw new Error(`read: ${reply.status}`);
  });
  const edit = await timed("PUT /articles/{id}/units/{n}", RUNS, async (i) => {
    const reply = await call(base, `/api/v1/articles/${article.id}/units/1`, {
      method: "PUT",
      token: key(),
      body: { text: `The cargo ship lost 38 containers in the storm, the coastguard said (${i + 2}).` },
    });
    if (reply.status !== 200) throw new Error(`edit: ${reply.status} ${JSON.stringify(reply.body)}`);
  });
  const add = await timed("POST /articles/{id}/claims/{claimId}/sources", RUNS, async (i) => {
    const target = articles[i + 1] as { id: string; claimId: string };
    const reply = await call(base, `/api/v1/articles/${target.id}/claims/${target.claimId}/sources`, {
      token: key(),
      body: { url: front.secure(GAZETTE) },
    });
    if (reply.status !== 200 && reply.status !== 422) throw new Error(`source: ${reply.status} ${JSON.stringify(reply.body)}`);
  });

  console.log(`\n${RUNS} runs each, sequential, one process (${process.version}):`);
  console.log("| request | p50 ms | p90 ms | p50 against the read |");
  console.log("|---|---|---|---|");
  for (const row of [read, edit, add]) {
    console.log(`| ${row.label} | ${row.p50.toFixed(1)} | ${row.p90.toFixed(1)} | ${(row.p50 / read.p50).toFixed(2)}× |`);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
