// The test web over HTTPS on loopback, for routes that take https addresses only (a source added to
// a claim, the tool source.add): a TLS front with a test-only certificate
// (test/fixtures/articleSources/) that answers each host of the test web, plus any pages a test
// serves itself. The service trusts the certificate through the fetcher's TESTS ONLY `testTlsCa`.
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { TestWeb } from "../web/testWeb.ts";

const fixtures = new URL("../fixtures/articleSources/", import.meta.url);
export const TEST_TLS = {
  key: readFileSync(new URL("tls-key.pem", fixtures)),
  cert: readFileSync(new URL("tls-cert.pem", fixtures)),
};

export interface HttpsTestWeb {
  port: number;
  /** A test-web page (its truth URL) as an https address on the front's port. */
  secure(truthUrl: string): string;
  close(): Promise<void>;
}

/** `ownPage` answers a request itself (and returns true) for pages the test web does not hold. */
export async function startHttpsTestWeb(
  web: TestWeb,
  ownPage?: (host: string, path: string, res: ServerResponse) => boolean,
): Promise<HttpsTestWeb> {
  const front = createServer(TEST_TLS, async (req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const path = req.url ?? "/";
    if (ownPage?.(host, path, res)) return;
    const page = await web.get(`http://${host}${path}`);
    res.writeHead(page.status, { "content-type": String(page.headers["content-type"] ?? "text/plain") });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const port = (front.address() as AddressInfo).port;
  return {
    port,
    secure(truthUrl) {
      const u = new URL(truthUrl);
      return `https://${u.host}:${port}${u.pathname}`;
    },
    close: () =>
      new Promise((resolve) => {
        front.close(() => resolve());
        // Keep-alive sockets of the fetcher would otherwise hold close() open.
        front.closeAllConnections();
      }),
  };
}
