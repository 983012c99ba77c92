// Real HTTP(S) servers on 127.0.0.1, port 0, for the fetcher's tests, and a tiny PDF writer.
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

export interface Site {
  port: number;
  /** `http://127.0.0.1:port` (or https://). */
  origin: string;
  /** The URL of `path` on `host` (a FETCH_HOST_MAP name or an address) at this site's port. */
  at(host: string, path?: string): string;
  /** Headers of every request the site received, in order. */
  requests: http.IncomingHttpHeaders[];
  /** Paths of every request, in order. */
  paths: string[];
  /** TCP connections accepted. */
  connections: number;
}

/** Starts a server for the current test file (closed after it) that answers with `handler`. */
export async function startSite(handler: http.RequestListener, tls?: { key: Buffer; cert: Buffer }): Promise<Site> {
  const site: Site = {
    port: 0,
    origin: "",
    at: (host, path = "/") => `${tls ? "https" : "http"}://${host}:${site.port}${path}`,
    requests: [],
    paths: [],
    connections: 0,
  };
  const listener: http.RequestListener = (request, response) => {
    site.requests.push(request.headers);
    site.paths.push(request.url ?? "");
    handler(request, response);
  };
  const server = tls ? https.createServer(tls, listener) : http.createServer(listener);
  server.on(tls ? "secureConnection" : "connection", () => {
    site.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site.port = (server.address() as AddressInfo).port;
  site.origin = site.at("127.0.0.1", "");
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return site;
}

/** A minimal valid PDF with one line of Helvetica text per page (xref offsets computed). */
export function makePdf(pages: string[]): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (const [i, text] of pages.entries()) {
    const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  }
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Runs `fn`, expecting a FetchRefused-like rejection; returns it for assertions. */
export async function refusal(promise: Promise<unknown>): Promise<{ rule: string; message: string; [key: string]: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { rule: string; message: string };
  }
  throw new Error("expected the fetch to be refused, but it succeeded");
}
