// A stand-in for an OpenAI-compatible images endpoint on a loopback port, so the image-model
// provider is tested over real HTTP: it answers a real PNG, or misbehaves as a test asks.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Resvg } from "@resvg/resvg-js";

export type FakeImageMode = "ok" | "slow" | "error" | "malformed" | "not-png" | "no-data";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface FakeImageModel {
  /** The base address, as IMAGE_BASE_URL takes it (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  setMode(mode: FakeImageMode): void;
  close(): Promise<void>;
}

export const FAKE_PNG_WIDTH = 96;
export const FAKE_PNG_HEIGHT = 64;

function smallPng(): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${FAKE_PNG_WIDTH}" height="${FAKE_PNG_HEIGHT}"><rect width="100%" height="100%" fill="#2f3e46"/><circle cx="48" cy="32" r="20" fill="#d8b35a"/></svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}

export async function startFakeImageModel(): Promise<FakeImageModel> {
  const png = smallPng();
  const requests: RecordedRequest[] = [];
  let mode: FakeImageMode = "ok";

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      if (req.method !== "POST" || req.url !== "/v1/images/generations") {
        res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"message":"not found"}}');
        return;
      }
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      switch (mode) {
        case "ok":
          return json(200, { created: 1, data: [{ b64_json: png.toString("base64") }] });
        case "slow":
          // Answers long after any test's time limit; close() cuts it off.
          setTimeout(() => json(200, { data: [{ b64_json: png.toString("base64") }] }), 30_000).unref();
          return;
        case "error":
          // Some providers quote the key back in their error; the client must not pass that on.
          return json(500, { error: { message: `Server error for key ${req.headers.authorization ?? "none"}` } });
        case "malformed":
          res.writeHead(200, { "Content-Type": "application/json" }).end('{"data": [{"b64_json": ');
          return;
        case "not-png":
          return json(200, { data: [{ b64_json: Buffer.from("GIF89a not a png at all").toString("base64") }] });
        case "no-data":
          return json(200, { data: [] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
