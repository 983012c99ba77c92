// Checks the test web itself: that it serves what truth.json describes, and that the ground truth
// is consistent with the pages (facts really stated by carriers, origins a partition, states that
// follow from the definitions in README.md).
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { getDomain } from "tldts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blocks, mainSentences, tokenPattern } from "../corpus/storyCorpus.ts";
import { fileForUrl, siteFiles, startTestWeb, type TestWeb, type Truth, type TruthClaim, truthUrl } from "./testWeb.ts";

let web: TestWeb;
let truth: Truth;

beforeAll(async () => {
  web = await startTestWeb();
  truth = web.truth;
});
afterAll(async () => {
  await web?.close();
});

function visibleText(body: string, contentType: string): string {
  if (contentType.startsWith("text/plain")) return body.replace(/\s+/g, " ");
  return blocks(body.replace(/<head\b[\s\S]*?<\/head>/i, " ")).join("\n");
}

const articleSentences = mainSentences;

function statesClaim(sentences: string[], claim: TruthClaim): boolean {
  const patterns = claim.facts.map(tokenPattern);
  return sentences.some((s) => patterns.every((p) => p.test(s)));
}

/** Status of a request whose path is sent exactly as given (no URL normalisation). */
function rawStatus(host: string, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: web.port, path: rawPath, headers: { host: `${host}:${web.port}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

const pageBodies = new Map<string, { body: string; contentType: string }>();
async function page(url: string) {
  let cached = pageBodies.get(url);
  if (!cached) {
    const res = await web.get(url);
    expect(res.status, url).toBe(200);
    cached = { body: res.body, contentType: String(res.headers["content-type"]) };
    pageBodies.set(url, cached);
  }
  return cached;
}

function groupOf(): Map<string, number> {
  const map = new Map<string, number>();
  truth.origins.forEach((group, i) => {
    for (const url of group) map.set(url, i);
  });
  return map;
}

describe("the test web server", () => {
  it("serves every file under sites/ by Host header and path, with its media type", async () => {
    const files = siteFiles();
    expect(files.length).toBeGreaterThanOrEqual(40);
    for (const f of files) {
      const res = await web.get(web.url(f.host, f.urlPath));
      expect(res.status, f.url).toBe(200);
      const type = f.file.endsWith(".html")
        ? "text/html; charset=utf-8"
        : f.file.endsWith(".txt")
          ? "text/plain; charset=utf-8"
          : "application/pdf";
      expect(res.headers["content-type"], f.url).toBe(type);
      if (!f.file.endsWith(".pdf")) {
        // Links between pages of the test web are rewritten to the served port; nothing else changes.
        const onDisk = readFileSync(f.file, "utf8");
        expect(res.body.replaceAll(`:${web.port}/`, "/"), f.url).toBe(onDisk);
      }
    }
  });

  it("answers 404 for unknown hosts, missing paths and other extensions, 301 for a directory without its slash", async () => {
    const dir = truth.pages.find((p) => p.url.endsWith("/"))!.url;
    expect((await web.get(web.served(dir.slice(0, -1)))).status).toBe(301);
    expect((await web.get(web.served(dir.slice(0, -1)))).headers.location).toBe(`${new URL(dir).pathname}`);
    expect((await web.get("http://unknown.example/")).status).toBe(404);
    expect((await web.get(web.url("www.harbourgazette.co.uk", "/no/such/page.html"))).status).toBe(404);
    expect((await web.get(web.url("www.harbourgazette.co.uk", "/"))).status).toBe(404);
    expect(
      await rawStatus(
        "www.harbourgazette.co.uk",
        "/../meridianpost.com/wire/ap/2026/11/03/cargo-ship-loses-38-containers-storm-elspeth.html",
      ),
    ).toBe(404);
    expect(
      await rawStatus(
        "www.harbourgazette.co.uk",
        "/%2e%2e/meridianpost.com/wire/ap/2026/11/03/cargo-ship-loses-38-containers-storm-elspeth.html",
      ),
    ).toBe(404);
    expect(await rawStatus("meridianpost.com", "/wire/ap/2026/11/03/cargo-ship-loses-38-containers-storm-elspeth.html")).toBe(
      200,
    );
    expect((await web.get(web.url("www.harbourgazette.co.uk", "/static/css/classic.css"))).status).toBe(404);
  });

  it("gives engine URLs with the port, a host map for FETCH_HOST_MAP, and maps them back to truth URLs", async () => {
    const url = truth.pages[0]!.url;
    const host = new URL(url).hostname;
    expect(web.served(url)).toBe(`http://${host}:${web.port}${new URL(url).pathname}`);
    expect(web.toTruthUrl(web.served(url))).toBe(url);
    expect(truthUrl(`HTTP://${host.toUpperCase()}:${web.port}${new URL(url).pathname}#top`)).toBe(url);
    expect(web.hostMap.split(",")).toContain(`${host}=127.0.0.1`);
    expect(web.hosts.length).toBe(new Set(truth.pages.map((p) => p.host)).size);
    const canonicalCopy = truth.pages.find((p) => p.signals.includes("canonical"))!;
    const { body } = await page(canonicalCopy.url);
    expect(body).toMatch(new RegExp(`<link rel="canonical" href="http://[a-z.]+:${web.port}/`));
  });
});

describe("the ground truth", () => {
  it("lists exactly the files served, with enough pages, hosts and languages", async () => {
    const files = new Set(siteFiles().map((f) => f.url));
    const urls = truth.pages.map((p) => p.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect([...files].sort()).toEqual([...urls].sort());
    for (const url of urls) expect(fileForUrl(url), url).toBeDefined();
    expect(urls.length).toBeGreaterThanOrEqual(40);
    expect(new Set(truth.pages.map((p) => p.host)).size).toBeGreaterThanOrEqual(12);
    expect(truth.pages.some((p) => p.contentType === "text/plain")).toBe(true);

    const langs = new Set<string>();
    for (const p of truth.pages) {
      const { body, contentType } = await page(p.url);
      expect(contentType.split(";")[0]).toBe(p.contentType);
      if (p.contentType === "text/html") {
        const lang = body.match(/<html[^>]*\blang="([a-z]{2})/i)?.[1];
        expect(lang, p.url).toBe(p.lang);
        expect(body, p.url).toMatch(/<title>[^<]+<\/title>/);
        expect(body, p.url).toMatch(/<meta property="og:site_name" content="[^"]+">/);
        expect(body, p.url).toMatch(/<meta name="description" content="[^"]+">/);
        expect(body, p.url).toMatch(/<article\b[\s\S]*<h1>[\s\S]*<\/article>/);
      }
      langs.add(p.lang);
    }
    expect(langs.size).toBeGreaterThanOrEqual(3);
  });

  it("puts every page in exactly one story, and stories list their pages", () => {
    const byStory = new Map<string, string[]>();
    for (const p of truth.pages) byStory.set(p.story, [...(byStory.get(p.story) ?? []), p.url]);
    expect(truth.stories.length).toBeGreaterThanOrEqual(6);
    for (const s of truth.stories) {
      expect(s.topic.length, s.id).toBeGreaterThan(0);
      expect([...s.urls].sort(), s.id).toEqual([...(byStory.get(s.id) ?? [])].sort());
    }
    expect(new Set(truth.stories.map((s) => s.id)).size).toBe(byStory.size);
  });

  it("partitions every page into origin groups that never split a registrable domain", () => {
    const all = truth.origins.flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(truth.pages.map((p) => p.url).sort());
    expect(truth.originLabels.length).toBe(truth.origins.length);
    const group = groupOf();
    const domainGroup = new Map<string, number>();
    for (const p of truth.pages) {
      expect(getDomain(p.host), p.host).toBe(p.domain);
      const g = group.get(p.url)!;
      expect(truth.originLabels[g], p.url).toBe(p.origin);
      if (domainGroup.has(p.domain)) expect(domainGroup.get(p.domain), p.domain).toBe(g);
      domainGroup.set(p.domain, g);
    }
    // Several outlets share one origin somewhere (wire copies, a republication) and some outlets have two hosts.
    expect(truth.origins.some((g) => new Set(g.map((u) => getDomain(new URL(u).hostname))).size >= 4)).toBe(true);
    expect(
      [...new Set(truth.pages.map((p) => p.domain))].some(
        (d) => new Set(truth.pages.filter((p) => p.domain === d).map((p) => p.host)).size >= 2,
      ),
    ).toBe(true);
  });

  it("canonical and in-article links to the test web point at pages that exist", async () => {
    for (const p of truth.pages) {
      const { body } = await page(p.url);
      const canonical = body.match(/<link rel="canonical" href="([^"]+)">/)?.[1];
      if (canonical) expect(fileForUrl(truthUrl(canonical)), `${p.url} canonical`).toBeDefined();
      const article = body.match(/<article\b[\s\S]*<\/article>/)?.[0] ?? body;
      for (const [, href] of article.matchAll(/href="(http:\/\/[^"]+)"/g)) {
        const u = truthUrl(href!);
        if (web.hosts.includes(new URL(u).hostname)) expect(fileForUrl(u), `${p.url} links ${u}`).toBeDefined();
      }
    }
  });

  it("has at least 40 claims with every state at least four times", () => {
    expect(truth.claims.length).toBeGreaterThanOrEqual(40);
    expect(new Set(truth.claims.map((c) => c.id)).size).toBe(truth.claims.length);
    const counts: Record<string, number> = {};
    for (const c of truth.claims) counts[c.state] = (counts[c.state] ?? 0) + 1;
    for (const state of ["corroborated", "singleSource", "circular", "parallel", "disputed"]) {
      expect(counts[state] ?? 0, state).toBeGreaterThanOrEqual(4);
    }
    expect(truth.claims.some((c) => c.crossLanguage)).toBe(true);
  });

  it("has every claim's facts in its carriers' visible text, in one sentence of the article", async () => {
    for (const c of truth.claims) {
      expect(c.facts.length, c.id).toBeGreaterThanOrEqual(1);
      expect(c.facts.length, c.id).toBeLessThanOrEqual(3);
      expect(c.carriedBy.length, c.id).toBeGreaterThanOrEqual(1);
      for (const url of c.carriedBy) {
        const p = truth.pages.find((x) => x.url === url);
        expect(p, `${c.id}: ${url}`).toBeDefined();
        expect(p!.story, `${c.id}: ${url}`).toBe(c.story);
        const { body, contentType } = await page(url);
        const text = visibleText(body, contentType);
        for (const fact of c.facts) expect(tokenPattern(fact).test(text), `${c.id}: "${fact}" in ${url}`).toBe(true);
        expect(
          statesClaim(articleSentences(body, contentType), c),
          `${c.id}: one sentence with ${c.facts.join(" + ")} in ${url}`,
        ).toBe(true);
      }
    }
  });

  it("lists every page of the story that states a claim's facts among its carriers", async () => {
    for (const c of truth.claims) {
      const story = truth.stories.find((s) => s.id === c.story)!;
      for (const url of story.urls) {
        if (c.carriedBy.includes(url)) continue;
        const { body, contentType } = await page(url);
        expect(
          statesClaim(articleSentences(body, contentType), c),
          `${c.id}: ${url} states ${c.facts.join(" + ")} but is no carrier`,
        ).toBe(false);
      }
    }
  });

  it("counts origins from the partition and gives states that follow from the definitions", () => {
    const group = groupOf();
    const byId = new Map(truth.claims.map((c) => [c.id, c]));
    for (const c of truth.claims) {
      const groups = new Set(c.carriedBy.map((u) => group.get(u)));
      expect(c.originCount, c.id).toBe(groups.size);
      const domains = new Set(c.carriedBy.map((u) => getDomain(new URL(u).hostname)));
      const langs = [...new Set(c.carriedBy.map((u) => truth.pages.find((p) => p.url === u)!.lang))].sort();
      expect(c.languages, c.id).toEqual(langs);
      expect(Boolean(c.crossLanguage), c.id).toBe(langs.length > 1);
      switch (c.state) {
        case "corroborated":
          expect(c.originCount, c.id).toBeGreaterThanOrEqual(2);
          break;
        case "singleSource":
          // One origin, one page: several relaying outlets of one origin make a claim circular instead.
          expect(c.originCount, c.id).toBe(1);
          expect(c.carriedBy.length, c.id).toBe(1);
          break;
        case "circular":
          // Several outlets carry it, and all trace back to one root: relays of one origin, or a citation chain.
          expect(domains.size, c.id).toBeGreaterThanOrEqual(2);
          expect(c.rootOrigin, c.id).toBeTruthy();
          if (c.originCount > 1) {
            expect(c.citationChain?.length ?? 0, c.id).toBeGreaterThan(0);
            // Every origin group among the carriers appears in the chain.
            const chained = new Set(c.citationChain!.flatMap((l) => [l.page, ...l.cites]).map((u) => group.get(u)));
            for (const g of groups) expect(chained.has(g), `${c.id}: group ${g} in chain`).toBe(true);
          } else {
            // The root is the original page when the corpus holds it, else the origin's name (an agency).
            const [g] = [...groups];
            expect(c.carriedBy.includes(c.rootOrigin!) || truth.originLabels[g!] === c.rootOrigin, c.id).toBe(true);
          }
          break;
        case "parallel":
          expect(c.originCount, c.id).toBeGreaterThanOrEqual(2);
          expect(c.attributedTo, c.id).toBeTruthy();
          break;
        case "disputed":
          expect(c.conflictsWith?.length ?? 0, c.id).toBeGreaterThan(0);
          for (const other of c.conflictsWith!) {
            const o = byId.get(other);
            expect(o, `${c.id} conflicts with ${other}`).toBeDefined();
            expect(o!.state, other).toBe("disputed");
            expect(o!.story, other).toBe(c.story);
            expect(o!.conflictsWith, other).toContain(c.id);
            expect(
              o!.carriedBy.some((u) => c.carriedBy.includes(u)),
              `${c.id} and ${other} share no carrier`,
            ).toBe(false);
          }
          break;
      }
    }
    // At least one denial among the disputed claims.
    expect(truth.claims.some((c) => c.state === "disputed" && c.denial)).toBe(true);
  });
});
