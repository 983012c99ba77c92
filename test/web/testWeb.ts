// The test web: a local HTTP server that serves the pages under test/web/sites/<host>/<path> by the
// Host header, so the sourcing engine can fetch a small, fixed "internet" of news outlets through
// FETCH_HOST_MAP. Ground truth for the evaluation lives beside it in truth.json (see README.md).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type TruthClaimState = "corroborated" | "singleSource" | "circular" | "parallel" | "disputed";

export interface TruthStory {
  id: string;
  title: string;
  /** A short search phrase for the story. */
  topic: string;
  /** Every page of the story (truth URLs: plain http, no port). */
  urls: string[];
}

export interface TruthPage {
  url: string;
  story: string;
  host: string;
  /** Registrable domain (public suffix list). */
  domain: string;
  /** ISO 639-1 code of the page's language. */
  lang: string;
  contentType: "text/html" | "text/plain" | "application/pdf";
  /** own, live, wire-original, wire-copy, wire-copy-unattributed, republished, press-release, official, blog. */
  kind: string;
  /** Display name of the independent origin the page belongs to (e.g. "Associated Press"). */
  origin: string;
  /** An official body (council, police, company, club) rather than an outlet. */
  official: boolean;
  /** The signals that tie the page to its origin group: sameDomain, canonical, wire-dateline, wire-byline,
   * wire-footer, nearDuplicate, republished. */
  signals: string[];
}

export interface TruthClaim {
  id: string;
  story: string;
  state: TruthClaimState;
  /** The claim as one sentence (English, whatever the carriers' languages). */
  text: string;
  /** 1-3 tokens that every carrier's sentence stating the claim contains. */
  facts: string[];
  /** Pages that state the claim (for a disputed claim: that state this variant). */
  carriedBy: string[];
  /** Number of origin groups (of `origins`) among `carriedBy`. */
  originCount: number;
  /** Languages of the carriers. */
  languages: string[];
  /** The carriers are in more than one language. */
  crossLanguage?: boolean;
  /** parallel: the single party every carrier attributes the claim to. */
  attributedTo?: string;
  /** disputed: ids of the claims that state a conflicting variant. */
  conflictsWith?: string[];
  /** disputed: this variant is a denial of the other. */
  denial?: boolean;
  /** circular: the page (or agency) that every carrier traces back to. */
  rootOrigin?: string;
  /** circular by citation: who cites whom. */
  citationChain?: { page: string; cites: string[] }[];
}

export interface Truth {
  about?: string;
  stories: TruthStory[];
  /** A partition of every page URL into independent-origin groups. */
  origins: string[][];
  /** Display names of the groups in `origins`, index for index. */
  originLabels: string[];
  pages: TruthPage[];
  claims: TruthClaim[];
}

export interface TestWebResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestWeb {
  port: number;
  /** Every host name the server answers for. */
  hosts: string[];
  /** "host=127.0.0.1,host2=127.0.0.1": the value for FETCH_HOST_MAP. */
  hostMap: string;
  /** The address the engine fetches: http://<host>:<port>/<path>. */
  url(host: string, path: string): string;
  /** A truth URL (no port) as served by this server (with the port). */
  served(truthUrl: string): string;
  /** An engine URL (with the port) back to its truth URL. */
  toTruthUrl(url: string): string;
  /** GET a served or truth URL through the server (connects to 127.0.0.1, sends the Host header). */
  get(url: string): Promise<TestWebResponse>;
  truth: Truth;
  close(): Promise<void>;
}

export const webRoot = path.dirname(fileURLToPath(import.meta.url));
export const sitesRoot = path.join(webRoot, "sites");

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
};

export function loadTruth(): Truth {
  return JSON.parse(readFileSync(path.join(webRoot, "truth.json"), "utf8")) as Truth;
}

/** Normalises any URL of the test web to its truth form: http, lower-case host, no port, no fragment. */
export function truthUrl(url: string): string {
  const u = new URL(url);
  return `http://${u.hostname.toLowerCase()}${u.pathname}${u.search}`;
}

/** Host names served: the folders under sites/. */
export function siteHosts(root = sitesRoot): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** Every file of the test web with the truth URL it is served at. */
export function siteFiles(root = sitesRoot): { host: string; urlPath: string; file: string; url: string }[] {
  const out: { host: string; urlPath: string; file: string; url: string }[] = [];
  for (const host of siteHosts(root)) {
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else {
          const rel = path.relative(path.join(root, host), full).split(path.sep).join("/");
          const urlPath =
            rel === "index.html" ? "/" : rel.endsWith("/index.html") ? `/${rel.slice(0, -"index.html".length)}` : `/${rel}`;
          out.push({ host, urlPath, file: full, url: `http://${host}${urlPath}` });
        }
      }
    };
    walk(path.join(root, host));
  }
  return out;
}

/** The file a truth URL is served from, or undefined when there is none. */
export function fileForUrl(url: string, root = sitesRoot): string | undefined {
  const u = new URL(url);
  const resolved = resolvePath(u.hostname.toLowerCase(), u.pathname, root);
  if (!resolved) return undefined;
  try {
    return statSync(resolved).isFile() ? resolved : undefined;
  } catch {
    return undefined;
  }
}

function resolvePath(host: string, urlPath: string, root: string): string | undefined {
  if (!/^[a-z0-9.-]+$/.test(host)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.split("/").includes("..")) return undefined;
  const rel = decoded.endsWith("/") ? `${decoded}index.html` : decoded;
  const hostRoot = path.join(root, host);
  const full = path.join(hostRoot, rel);
  if (!full.startsWith(hostRoot + path.sep)) return undefined;
  return full;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export async function startTestWeb(): Promise<TestWeb> {
  return startSites(sitesRoot, loadTruth());
}

/**
 * Serves the pages under `root` (<host>/<path>) on a loopback address (127.0.0.1 unless told), as
 * startTestWeb does for the test web; `npm run demo` serves its story this way too.
 */
export async function startSites<T = Truth>(
  root: string,
  truth: T,
  address = "127.0.0.1",
): Promise<Omit<TestWeb, "truth"> & { truth: T }> {
  const hosts = siteHosts(root);
  const hostSet = new Set(hosts);
  let port = 0;
  // Absolute links between pages of the test web name hosts without a port; served pages carry the
  // port, so canonical URLs, citations and "originally published" links point at what is served.
  const hostPattern = new RegExp(`http://(${hosts.map(escapeRegExp).join("|")})(?=[/"'<\\s)]|$)`, "g");

  const server = createServer(async (req, res) => {
    try {
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          "content-type": "text/plain; charset=utf-8",
          "content-length": Buffer.byteLength(body),
          ...headers,
        });
        res.end(req.method === "HEAD" ? undefined : body);
      };
      if (req.method !== "GET" && req.method !== "HEAD") return send(405, "Method Not Allowed", { allow: "GET, HEAD" });
      const host = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
      if (!hostSet.has(host)) return send(404, "Unknown host");
      const target = new URL(req.url ?? "/", "http://x");
      const file = resolvePath(host, target.pathname, root);
      if (!file) return send(404, "Not Found");
      let info: Awaited<ReturnType<typeof stat>>;
      try {
        info = await stat(file);
      } catch {
        return send(404, "Not Found");
      }
      if (info.isDirectory()) {
        return send(301, "Moved Permanently", { location: `${target.pathname}/${target.search}` });
      }
      const type = contentTypes[path.extname(file).toLowerCase()];
      if (!type) return send(404, "Not Found");
      let body: Buffer = await readFile(file);
      if (!type.startsWith("application/pdf")) {
        body = Buffer.from(
          body.toString("utf8").replace(hostPattern, (_m, h: string) => `http://${h}:${port}`),
          "utf8",
        );
      }
      res.writeHead(200, { "content-type": type, "content-length": body.length, "last-modified": info.mtime.toUTCString() });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end(String(error));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, address, () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  const url = (host: string, p: string) => `http://${host}:${port}${p.startsWith("/") ? p : `/${p}`}`;
  const served = (u: string) => {
    const parsed = new URL(u);
    return url(parsed.hostname, `${parsed.pathname}${parsed.search}`);
  };
  const get = (u: string) =>
    new Promise<TestWebResponse>((resolve, reject) => {
      const parsed = new URL(u);
      const req = httpRequest(
        {
          host: address,
          port,
          method: "GET",
          path: `${parsed.pathname}${parsed.search}`,
          headers: { host: `${parsed.hostname}:${port}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    });

  return {
    port,
    hosts,
    hostMap: hosts.map((h) => `${h}=${address}`).join(","),
    url,
    served,
    toTruthUrl: truthUrl,
    get,
    truth,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
