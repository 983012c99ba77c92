// The fetcher against real servers on 127.0.0.1, reached only through the two settings.
import { readFileSync } from "node:fs";
import net from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, test, vi } from "vitest";
import { EMPTY_ALLOW_LIST, parseAllowList } from "../../src/sourcing/fetch/addressPolicy.ts";
import { checkSocketAddress, pinnedLookup } from "../../src/sourcing/fetch/connect.ts";
import { type FetchOptions, hardenedFetch, USER_AGENT } from "../../src/sourcing/fetch/hardenedFetch.ts";
import { FetchRefused } from "../../src/sourcing/fetch/refusal.ts";
import { makePdf, refusal, startSite } from "./sites.ts";

const LOCAL: FetchOptions = {
  allowAddresses: "127.0.0.1",
  hostMap: "news.test=127.0.0.1,wire.test=127.0.0.1,meta.test=169.254.169.254,intranet.test=10.0.0.5,twice.test=127.0.0.2",
  timeoutMs: 5_000,
};

afterEach(() => {
  vi.unstubAllEnvs();
});

const pdf = makePdf(["Harbour dredging plan approved", "Second page (with parentheses)"]);
const latin1Html = Buffer.from(
  "<html><head><title>Caf\xe9</title></head><body><p>D\xe9j\xe0 vu \xa3</p></body></html>",
  "latin1",
);
const cp1251Html = Buffer.concat([
  Buffer.from('<html><head><meta charset="windows-1251"><title>x</title></head><body>'),
  Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]), // "Привет"
  Buffer.from("</body></html>"),
]);

const site = await startSite((request, response) => {
  const url = new URL(request.url ?? "/", "http://x");
  const path = url.pathname;
  if (path === "/html") {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "session=abc" });
    response.end("<html><body><p>Grüße aus dem Hafen — 42 €</p></body></html>");
  } else if (path === "/latin1") {
    response.writeHead(200, { "Content-Type": 'text/html; charset="ISO-8859-1"' });
    response.end(latin1Html);
  } else if (path === "/meta-charset") {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end(cp1251Html);
  } else if (path === "/no-charset-1252") {
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.end(Buffer.from("na\xefve caf\xe9", "latin1"));
  } else if (path === "/bom") {
    response.writeHead(200, { "Content-Type": "text/plain; charset=iso-8859-1" });
    response.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("über", "utf8")]));
  } else if (path === "/text") {
    response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    response.end("Plain words.\nSecond line.");
  } else if (path === "/xhtml") {
    response.writeHead(200, { "Content-Type": "application/xhtml+xml" });
    response.end('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body>ok</body></html>');
  } else if (path === "/sniff-html") {
    response.writeHead(200);
    response.end("<!DOCTYPE html><html><body>untyped</body></html>");
  } else if (path === "/sniff-binary") {
    response.writeHead(200);
    response.end(Buffer.from([0, 1, 2, 3, 255]));
  } else if (path === "/pdf") {
    response.writeHead(200, { "Content-Type": "application/pdf" });
    response.end(pdf);
  } else if (path === "/octet-pdf") {
    response.writeHead(200, { "Content-Type": "application/octet-stream" });
    response.end(pdf);
  } else if (path === "/octet-other") {
    response.writeHead(200, { "Content-Type": "application/octet-stream" });
    response.end("<html>not sniffed as html when the type says octet-stream</html>");
  } else if (path === "/broken-pdf") {
    response.writeHead(200, { "Content-Type": "application/pdf" });
    response.end("%PDF-1.4 this is not really a pdf");
  } else if (path === "/png") {
    response.writeHead(200, { "Content-Type": "image/png" });
    response.end(Buffer.alloc(100));
  } else if (path === "/json") {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end("{}");
  } else if (path === "/status") {
    response.writeHead(Number(url.searchParams.get("code")), { "Content-Type": "text/html" });
    response.end("<p>status page</p>");
  } else if (path === "/chain") {
    // /chain?n=3 redirects to /chain?n=2 ... /chain?n=0 answers.
    const n = Number(url.searchParams.get("n"));
    if (n > 0) {
      response.writeHead(n % 2 ? 302 : 301, { Location: `/chain?n=${n - 1}`, "Set-Cookie": `hop=${n}` });
      response.end();
    } else {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end("end of chain");
    }
  } else if (path === "/redirect") {
    response.writeHead(Number(url.searchParams.get("code") ?? 302), { Location: url.searchParams.get("to") ?? "" });
    response.end();
  } else if (path === "/redirect-without-location") {
    response.writeHead(302);
    response.end();
  } else if (path === "/big-length") {
    response.writeHead(200, { "Content-Type": "text/plain", "Content-Length": "2000" });
    response.end("x".repeat(2000));
  } else if (path === "/big-chunked") {
    response.writeHead(200, { "Content-Type": "text/plain" });
    for (let i = 0; i < 20; i++) response.write("y".repeat(100));
    response.end();
  } else if (path.startsWith("/encoded/")) {
    const coding = path.slice("/encoded/".length);
    const body = Buffer.from("<p>compressed page</p>");
    const encoded =
      coding === "gzip"
        ? zlib.gzipSync(body)
        : coding === "deflate"
          ? zlib.deflateSync(body)
          : coding === "raw-deflate"
            ? zlib.deflateRawSync(body)
            : coding === "br"
              ? zlib.brotliCompressSync(body)
              : coding === "gzip-br"
                ? zlib.brotliCompressSync(zlib.gzipSync(body))
                : body;
    const header = { "raw-deflate": "deflate", "gzip-br": "gzip, br" }[coding] ?? coding;
    response.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": header });
    response.end(encoded);
  } else if (path === "/corrupt-gzip") {
    response.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
    response.end(Buffer.from("definitely not gzip"));
  } else if (path === "/gzip-bomb") {
    response.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
    response.end(gzipBomb());
  } else if (path === "/deflate-bomb") {
    response.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "deflate" });
    response.end(zlib.deflateRawSync(Buffer.alloc(16 * 1024 * 1024)));
  } else if (path === "/br-bomb") {
    response.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "br" });
    response.end(brBomb());
  } else if (path === "/drip") {
    response.writeHead(200, { "Content-Type": "text/plain" });
    const timer = setInterval(() => response.write("."), 50);
    response.on("close", () => clearInterval(timer));
  } else if (path === "/silent") {
    // Never answers.
  } else {
    response.writeHead(404);
    response.end();
  }
});

let gzipCache: Buffer | undefined;
function gzipBomb(): Buffer {
  gzipCache ??= zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  return gzipCache;
}
let brCache: Buffer | undefined;
function brBomb(): Buffer {
  brCache ??= zlib.brotliCompressSync(Buffer.alloc(64 * 1024 * 1024), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
  return brCache;
}

describe("with both settings empty", () => {
  test("loopback is refused even though a server is listening there", async () => {
    vi.stubEnv("FETCH_ALLOW_ADDRESSES", "");
    vi.stubEnv("FETCH_HOST_MAP", "");
    const before = site.connections;
    for (const url of [site.at("127.0.0.1", "/html"), site.at("localhost", "/html"), site.at("[::ffff:127.0.0.1]", "/html")]) {
      const error = await refusal(hardenedFetch(url));
      expect(error).toBeInstanceOf(FetchRefused);
      expect(error.rule).toMatch(/^(loopback|mappedIPv4)$/);
    }
    expect(site.connections).toBe(before);
    // The very same URL is fetched once the settings allow it: the refusal was the policy's.
    expect((await hardenedFetch(site.at("127.0.0.1", "/html"), { allowAddresses: "127.0.0.1" })).status).toBe(200);
  });

  test("a host map alone does not open loopback: the mapped address goes through the policy", async () => {
    const error = await refusal(
      hardenedFetch(site.at("news.test", "/html"), { hostMap: "news.test=127.0.0.1", allowAddresses: "" }),
    );
    expect(error).toMatchObject({ rule: "loopback", address: "127.0.0.1" });
    expect(error.message).toContain("FETCH_HOST_MAP maps news.test to 127.0.0.1");
  });

  test("settings are read from process.env at call time", async () => {
    vi.stubEnv("FETCH_ALLOW_ADDRESSES", "127.0.0.1");
    vi.stubEnv("FETCH_HOST_MAP", "env.test=127.0.0.1");
    const page = await hardenedFetch(site.at("env.test", "/text"));
    expect(page.body).toBe("Plain words.\nSecond line.");
    vi.stubEnv("FETCH_HOST_MAP", "");
    expect((await refusal(hardenedFetch(site.at("env.test", "/text")))).rule).toBe("dnsFailed");
  });

  test("unreadable settings are the operator's error, not a refusal", async () => {
    await expect(hardenedFetch("http://example.com/", { allowAddresses: "127.1" })).rejects.toThrow(/FETCH_ALLOW_ADDRESSES/);
    await expect(hardenedFetch("http://example.com/", { hostMap: "example.com" })).rejects.toThrow(/FETCH_HOST_MAP/);
    await expect(hardenedFetch("http://example.com/", { hostMap: "example.com" })).rejects.not.toBeInstanceOf(FetchRefused);
  });
});

describe("reading pages", () => {
  test("HTML with a charset: the page, its final address and the address connected to", async () => {
    const page = await hardenedFetch(site.at("news.test", "/html"), LOCAL);
    expect(page).toMatchObject({
      url: site.at("news.test", "/html"),
      finalUrl: site.at("news.test", "/html"),
      status: 200,
      contentType: "text/html",
      fromPdf: false,
      address: "127.0.0.1",
    });
    expect(page.body).toContain("Grüße aus dem Hafen — 42 €");
    expect(page.fetchedAt).toBeInstanceOf(Date);
  });

  test.each([
    ["/latin1", "text/html", "Café", "Déjà vu £"],
    ["/meta-charset", "text/html", "Привет", "windows-1251"],
    ["/no-charset-1252", "text/plain", "naïve café", "naïve"],
    ["/bom", "text/plain", "über", "über"],
    ["/text", "text/plain", "Plain words.\nSecond line.", "Second"],
    ["/xhtml", "application/xhtml+xml", "<body>ok</body>", "ok"],
    ["/sniff-html", "text/html", "untyped", "untyped"],
  ])("%s is decoded as %s", async (path, contentType, expected, alsoExpected) => {
    const page = await hardenedFetch(site.at("news.test", path), LOCAL);
    expect(page.contentType).toBe(contentType);
    expect(page.body).toContain(expected);
    expect(page.body).toContain(alsoExpected);
    expect(page.body).not.toContain("\uFEFF");
  });

  test("a PDF's text is extracted, pages joined by a blank line", async () => {
    const page = await hardenedFetch(site.at("news.test", "/pdf"), LOCAL);
    expect(page).toMatchObject({ contentType: "application/pdf", fromPdf: true });
    expect(page.body).toBe("Harbour dredging plan approved\n\nSecond page (with parentheses)");
  });

  test("a PDF served as application/octet-stream is recognised by its bytes", async () => {
    const page = await hardenedFetch(site.at("news.test", "/octet-pdf"), LOCAL);
    expect(page).toMatchObject({ contentType: "application/pdf", fromPdf: true });
    expect(page.body).toContain("Harbour dredging plan approved");
  });

  test("a broken PDF is badResponse", async () => {
    expect((await refusal(hardenedFetch(site.at("news.test", "/broken-pdf"), LOCAL))).rule).toBe("badResponse");
  });

  test.each(["/png", "/json", "/octet-other", "/sniff-binary"])("%s is unsupportedType", async (path) => {
    const error = await refusal(hardenedFetch(site.at("news.test", path), LOCAL));
    expect(error).toMatchObject({ rule: "unsupportedType", url: site.at("news.test", path) });
  });

  test.each([404, 500, 204, 304])("status %i is badStatus", async (code) => {
    const error = await refusal(hardenedFetch(site.at("news.test", `/status?code=${code}`), LOCAL));
    expect(error).toMatchObject({ rule: "badStatus", status: code });
  });

  test.each(["gzip", "deflate", "raw-deflate", "br", "gzip-br", "identity"])("Content-Encoding %s is decoded", async (coding) => {
    const page = await hardenedFetch(site.at("news.test", `/encoded/${coding}`), LOCAL);
    expect(page.body).toBe("<p>compressed page</p>");
  });

  test("an unknown Content-Encoding is unsupportedEncoding; a corrupt one is badResponse", async () => {
    expect((await refusal(hardenedFetch(site.at("news.test", "/encoded/compress"), LOCAL))).rule).toBe("unsupportedEncoding");
    expect((await refusal(hardenedFetch(site.at("news.test", "/corrupt-gzip"), LOCAL))).rule).toBe("badResponse");
  });
});

describe("what is sent", () => {
  test("no Cookie, Authorization or Referer on any hop; a fixed User-Agent and Accept", async () => {
    const from = site.requests.length;
    await hardenedFetch(site.at("news.test", "/chain?n=2"), LOCAL);
    const seen = site.requests.slice(from);
    expect(seen).toHaveLength(3);
    for (const headers of seen) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
      expect(headers.referer).toBeUndefined();
      expect(headers["proxy-authorization"]).toBeUndefined();
      expect(headers["user-agent"]).toBe(USER_AGENT);
      expect(headers.accept).toMatch(/text\/html.*application\/xhtml\+xml.*application\/pdf.*text\/plain/);
      expect(headers["accept-encoding"]).toBe("gzip, deflate, br");
      expect(headers.host).toBe(`news.test:${site.port}`);
      expect(Object.keys(headers).sort()).toEqual(["accept", "accept-encoding", "connection", "host", "user-agent"]);
    }
  });
});

describe("redirects", () => {
  test("a chain of 5 redirects is followed; relative Locations resolve", async () => {
    const page = await hardenedFetch(site.at("news.test", "/chain?n=5"), LOCAL);
    expect(page.body).toBe("end of chain");
    expect(page.url).toBe(site.at("news.test", "/chain?n=5"));
    expect(page.finalUrl).toBe(site.at("news.test", "/chain?n=0"));
  });

  test("a chain of 6 is tooManyRedirects; maxRedirects lowers the limit", async () => {
    expect((await refusal(hardenedFetch(site.at("news.test", "/chain?n=6"), LOCAL))).rule).toBe("tooManyRedirects");
    expect((await refusal(hardenedFetch(site.at("news.test", "/chain?n=2"), { ...LOCAL, maxRedirects: 1 }))).rule).toBe(
      "tooManyRedirects",
    );
    expect((await hardenedFetch(site.at("news.test", "/chain?n=1"), { ...LOCAL, maxRedirects: 1 })).body).toBe("end of chain");
  });

  test("a redirect to another allowed host is followed, every hop checked", async () => {
    const to = encodeURIComponent(site.at("wire.test", "/text"));
    const page = await hardenedFetch(site.at("news.test", `/redirect?code=307&to=${to}`), LOCAL);
    expect(page.finalUrl).toBe(site.at("wire.test", "/text"));
    expect(page.body).toContain("Plain words.");
  });

  test.each([
    ["http://127.0.0.2:PORT/html", "loopback"],
    ["http://169.254.169.254/latest/meta-data/", "linkLocal"],
    ["http://meta.test:PORT/", "linkLocal"],
    ["http://intranet.test:PORT/", "private"],
    ["http://twice.test:PORT/", "loopback"],
    ["http://[::ffff:127.0.0.1]:PORT/html", "mappedIPv4"],
    ["http://[64:ff9b::a9fe:a9fe]/", "nat64"],
    ["http://2130706434:PORT/html", "loopback"],
    ["http://0x7f.2:PORT/html", "loopback"],
    ["http://localhost:PORT/html", "loopback"],
    ["http://user@news.test:PORT/html", "userinfo"],
    ["file:///etc/passwd", "scheme"],
    ["gopher://news.test:PORT/", "scheme"],
    ["http://news.test:25/", "port"],
    ["http://[::1/", "invalidUrl"],
  ])("a redirect to %s is refused: %s", async (target, rule) => {
    const to = encodeURIComponent(target.replace("PORT", String(site.port)));
    const error = await refusal(hardenedFetch(site.at("news.test", `/redirect?to=${to}`), LOCAL));
    expect(error).toBeInstanceOf(FetchRefused);
    expect(error.rule).toBe(rule);
  });

  test("a 3xx without Location is badStatus", async () => {
    expect(await refusal(hardenedFetch(site.at("news.test", "/redirect-without-location"), LOCAL))).toMatchObject({
      rule: "badStatus",
      status: 302,
    });
  });
});

describe("caps", () => {
  test("a Content-Length above the cap is refused before reading", async () => {
    const error = await refusal(hardenedFetch(site.at("news.test", "/big-length"), { ...LOCAL, maxBytes: 1000 }));
    expect(error.rule).toBe("tooLarge");
    expect(error.message).toContain("Content-Length 2000");
    expect((await hardenedFetch(site.at("news.test", "/big-length"), { ...LOCAL, maxBytes: 2000 })).body).toHaveLength(2000);
  });

  test("a chunked body without length is cut off at the cap", async () => {
    expect((await refusal(hardenedFetch(site.at("news.test", "/big-chunked"), { ...LOCAL, maxBytes: 1000 }))).rule).toBe(
      "tooLarge",
    );
  });

  test.each(["/gzip-bomb", "/br-bomb"])("%s (64 MB decompressed) is cut off at the default 5 MB cap", async (path) => {
    const started = Date.now();
    const error = await refusal(hardenedFetch(site.at("news.test", path), LOCAL));
    expect(error).toMatchObject({ rule: "tooLarge" });
    expect(error.message).toContain("decoded");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test("a raw-deflate bomb is cut off at a lower cap", async () => {
    const error = await refusal(hardenedFetch(site.at("news.test", "/deflate-bomb"), { ...LOCAL, maxBytes: 1024 * 1024 }));
    expect(error).toMatchObject({ rule: "tooLarge" });
    expect(error.message).toContain("decoded");
  });

  test("a server dripping bytes is cut off by the time cap", async () => {
    const started = Date.now();
    const error = await refusal(hardenedFetch(site.at("news.test", "/drip"), { ...LOCAL, timeoutMs: 400 }));
    expect(error.rule).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  test("a server that never answers is cut off by the time cap", async () => {
    const started = Date.now();
    expect((await refusal(hardenedFetch(site.at("news.test", "/silent"), { ...LOCAL, timeoutMs: 300 }))).rule).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  test("the caller's signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await refusal(hardenedFetch(site.at("news.test", "/silent"), { ...LOCAL, signal: controller.signal }))).rule).toBe(
      "aborted",
    );
  });
});

describe("DNS rebinding: the socket must reach the address that was checked", () => {
  test("a resolver that says public at check time but connects to loopback is refused before anything is sent", async () => {
    const requestsBefore = site.requests.length;
    const error = await refusal(
      hardenedFetch(site.at("rebind.test", "/html"), {
        allowAddresses: "",
        hostMap: "rebind.test=93.184.215.14",
        // Plays the rebinding resolver: whatever was checked, the socket goes to 127.0.0.1.
        testConnectLookup: (_host, options, callback) =>
          options.all ? callback(null, [{ address: "127.0.0.1", family: 4 }]) : callback(null, "127.0.0.1", 4),
        timeoutMs: 2_000,
      }),
    );
    expect(error).toMatchObject({ rule: "loopback", address: "127.0.0.1" });
    expect(error.message).toContain("the socket connected to 127.0.0.1");
    expect(site.requests.length).toBe(requestsBefore);
  });

  test("connecting to an allowed address other than the checked one is addressMismatch", async () => {
    const requestsBefore = site.requests.length;
    const error = await refusal(
      hardenedFetch(site.at("rebind.test", "/html"), {
        allowAddresses: "127.0.0.0/8",
        hostMap: "rebind.test=127.0.0.2",
        testConnectLookup: pinnedLookup("127.0.0.1"),
        timeoutMs: 2_000,
      }),
    );
    expect(error).toMatchObject({ rule: "addressMismatch", address: "127.0.0.1" });
    expect(site.requests.length).toBe(requestsBefore);
  });

  test("checkSocketAddress on a real connected socket", async () => {
    const socket = net.connect({ host: "127.0.0.1", port: site.port });
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    try {
      expect(() => checkSocketAddress(socket, "127.0.0.1", EMPTY_ALLOW_LIST)).toThrow(
        expect.objectContaining({ rule: "loopback" }),
      );
      expect(checkSocketAddress(socket, "127.0.0.1", parseAllowList("127.0.0.1"))).toBe("127.0.0.1");
      expect(() => checkSocketAddress(socket, "127.0.0.2", parseAllowList("127.0.0.0/8"))).toThrow(
        expect.objectContaining({ rule: "addressMismatch" }),
      );
      expect(() => checkSocketAddress(socket, "93.184.215.14", parseAllowList("127.0.0.1"))).toThrow(
        expect.objectContaining({ rule: "addressMismatch" }),
      );
    } finally {
      socket.destroy();
    }
  });

  test("the pinned lookup answers only the checked address, whatever it is asked", () => {
    const lookup = pinnedLookup("93.184.215.14");
    const single = vi.fn();
    const all = vi.fn();
    lookup("evil.example", { family: 0 }, single);
    lookup("evil.example", { all: true }, all);
    expect(single).toHaveBeenCalledWith(null, "93.184.215.14", 4);
    expect(all).toHaveBeenCalledWith(null, [{ address: "93.184.215.14", family: 4 }]);
  });
});

describe("HTTPS", async () => {
  const fixtures = new URL("./fixtures/", import.meta.url);
  const tls = { key: readFileSync(new URL("tls-key.pem", fixtures)), cert: readFileSync(new URL("tls-cert.pem", fixtures)) };
  const secure = await startSite((request, response) => {
    if (request.url === "/downgrade") {
      response.writeHead(301, { Location: site.at("news.test", "/text") });
      response.end();
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end("<p>over TLS</p>");
  }, tls);
  const options: FetchOptions = {
    ...LOCAL,
    hostMap: `${LOCAL.hostMap},secure.test=127.0.0.1,wrong.test=127.0.0.1`,
    testTlsCa: tls.cert,
  };

  test("a certificate that names the host is accepted", async () => {
    const page = await hardenedFetch(secure.at("secure.test", "/"), options);
    expect(page).toMatchObject({ body: "<p>over TLS</p>", address: "127.0.0.1", finalUrl: secure.at("secure.test", "/") });
  });

  test("an untrusted certificate, or one for another name, is connectFailed", async () => {
    const untrusted = await refusal(hardenedFetch(secure.at("secure.test", "/"), { ...options, testTlsCa: undefined }));
    expect(untrusted.rule).toBe("connectFailed");
    expect((await refusal(hardenedFetch(secure.at("wrong.test", "/"), options))).rule).toBe("connectFailed");
  });

  test("an https: to http: redirect is followed (decision: nothing secret is ever sent)", async () => {
    const page = await hardenedFetch(secure.at("secure.test", "/downgrade"), options);
    expect(page.finalUrl).toBe(site.at("news.test", "/text"));
  });
});
