// A delivery attempt on the network (spec, Webhooks; src/webhooks/send.ts) against real HTTPS
// receivers on loopback port 443, reached only through the fetcher's two settings (here as options)
// and trusted through the TESTS ONLY test CA; and the address rules an endpoint is saved under
// (src/webhooks/endpointAddress.ts).
import dns from "node:dns";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { DomainError } from "../src/errors.ts";
import { pinnedLookup } from "../src/sourcing/fetch/connect.ts";
import {
  checkWebhookUrl,
  checkWebhookUrlShape,
  WEBHOOK_DNS_TIMEOUT_MS,
  WEBHOOK_URL_MAX,
} from "../src/webhooks/endpointAddress.ts";
import { type PostWebhookOptions, postWebhook } from "../src/webhooks/send.ts";
import { ANSWER_MAX_BYTES } from "../src/webhooks/webhookSettings.ts";
import { behave, makeTestCa, startReceiver } from "./support/webhookReceivers.ts";

// Addresses of this file's own, so that receivers of other test files running at once do not collide.
const HOOKS_ADDRESS = "127.0.10.1";
const ELSEWHERE_ADDRESS = "127.0.10.2";

const dir = mkdtempSync(join(tmpdir(), "webhook-ca-"));
const ca = makeTestCa(dir, ["hooks.test", "elsewhere.test", "rebind.test"]);
const hooks = await startReceiver({ address: HOOKS_ADDRESS, tls: ca });
const elsewhere = await startReceiver({ address: ELSEWHERE_ADDRESS, tls: ca });
afterAll(async () => {
  await hooks.close();
  await elsewhere.close();
  rmSync(dir, { recursive: true, force: true });
});

const LOCAL = {
  hostMap: `hooks.test=${HOOKS_ADDRESS},elsewhere.test=${ELSEWHERE_ADDRESS},inside.test=127.0.0.1`,
  allowAddresses: `${HOOKS_ADDRESS},${ELSEWHERE_ADDRESS}`,
};
const SEND: PostWebhookOptions = { ...LOCAL, testTlsCa: ca.caPem, timeoutMs: 5_000 };

const body = JSON.stringify({ type: "job.done", data: { title: "Grüße aus dem Hafen — 42 €", nested: [1, 2, 3] } });
const headers = {
  "Content-Type": "application/json",
  "User-Agent": "Service-Webhooks/1.0",
  "X-Service-Event": "job.done",
  "X-Service-Delivery": "0b8f6c1e-5a3e-4c1e-9a57-3f0a2c9d7e11",
  "X-Service-Timestamp": "1767225600",
  "X-Service-Signature": "a".repeat(64),
};
const post = (url = "https://hooks.test/receive?source=test", options: PostWebhookOptions = SEND) =>
  postWebhook({ url, body, headers }, options);

beforeEach(async () => {
  await hooks.behave(behave.ok());
  await elsewhere.behave(behave.ok());
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a receiver that answers", () => {
  test("2xx is success: the body arrives byte-exact, with exactly the given headers, Host, Content-Length and Connection", async () => {
    const before = hooks.requests.length;
    const answer = await post();
    expect(answer).toMatchObject({ ok: true, status: 200, excerpt: "received" });
    expect(answer.error).toBeUndefined();
    expect(answer.ms).toBeGreaterThanOrEqual(0);
    const received = hooks.requests.slice(before);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/receive?source=test");
    expect(request!.body.equals(Buffer.from(body, "utf8"))).toBe(true);
    expect(request!.headers.host).toBe("hooks.test");
    expect(request!.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(request!.headers.connection).toBe("close");
    expect(Object.keys(request!.headers).sort()).toEqual(
      [...Object.keys(headers).map((name) => name.toLowerCase()), "host", "content-length", "connection"].sort(),
    );
    for (const [name, value] of Object.entries(headers)) {
      const at = request!.rawHeaders.indexOf(name);
      expect(at, name).toBeGreaterThanOrEqual(0);
      expect(request!.rawHeaders[at + 1]).toBe(value);
    }
  });

  test("204 and 201 are success too", async () => {
    await hooks.behave(behave.ok(204));
    expect(await post()).toMatchObject({ ok: true, status: 204, excerpt: "" });
    await hooks.behave(behave.status(201, "created"));
    expect(await post()).toMatchObject({ ok: true, status: 201, excerpt: "created" });
  });

  test.each([500, 404, 400, 410, 503])("%i is a failure, with its status and excerpt", async (status) => {
    await hooks.behave(behave.status(status, `nope ${status}`));
    const answer = await post();
    expect(answer).toMatchObject({ ok: false, status, excerpt: `nope ${status}`, error: `the receiver answered ${status}` });
  });

  test.each([301, 302, 307, 308])("%i is a failure, and the redirect is not followed", async (status) => {
    await hooks.behave(behave.redirect("https://elsewhere.test/landing", status));
    const before = elsewhere.requests.length;
    const connections = elsewhere.connections;
    const answer = await post();
    expect(answer).toMatchObject({ ok: false, status, error: "redirect not followed" });
    expect(elsewhere.requests.length).toBe(before);
    expect(elsewhere.connections).toBe(connections);
  });

  test("a 1 MB answer: at most 4,096 bytes are read, and the attempt returns at once", async () => {
    await hooks.behave(behave.huge());
    const started = Date.now();
    const answer = await post();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(Buffer.byteLength(answer.excerpt)).toBe(ANSWER_MAX_BYTES);
    expect(answer.excerpt).toBe("x".repeat(ANSWER_MAX_BYTES));
    expect((await post(undefined, { ...SEND, maxAnswerBytes: 10 })).excerpt).toBe("x".repeat(10));
  });
});

describe("a receiver that does not answer", () => {
  test("one that never answers is cut at the deadline", async () => {
    await hooks.behave(behave.hang());
    const started = Date.now();
    const answer = await post(undefined, { ...SEND, timeoutMs: 1_500 });
    const took = Date.now() - started;
    expect(answer).toMatchObject({ ok: false, rule: "timeout", excerpt: "" });
    expect(answer.status).toBeUndefined();
    expect(answer.error).toContain("1500 ms");
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(2_500);
  });

  test("one that answers 200 and then drips its body is cut at the same deadline: a failure", async () => {
    await hooks.behave(behave.drip(50));
    const started = Date.now();
    const answer = await post(undefined, { ...SEND, timeoutMs: 1_500 });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(answer).toMatchObject({ ok: false, status: 200, rule: "timeout" });
    expect(answer.excerpt).toMatch(/^\.+$/);
    expect(answer.error).toContain("1500 ms");
  });

  test("one that is down is connectFailed; once back on the same address and port it receives", async () => {
    await hooks.behave(behave.down());
    const answer = await post();
    expect(answer).toMatchObject({ ok: false, rule: "connectFailed", excerpt: "" });
    expect(answer.error).toMatch(/could not connect to hooks\.test/);
    await hooks.behave(behave.ok());
    expect(await post()).toMatchObject({ ok: true, status: 200 });
  });

  test("an untrusted certificate is connectFailed, and nothing is sent", async () => {
    const before = hooks.requests.length;
    const answer = await post(undefined, { ...SEND, testTlsCa: undefined });
    expect(answer).toMatchObject({ ok: false, rule: "connectFailed" });
    expect(answer.error).toContain("TLS with hooks.test failed");
    expect(hooks.requests.length).toBe(before);
  });
});

describe("the address rules on every delivery", () => {
  test("loopback is refused when the allow list is empty, whether given or read from the environment", async () => {
    const before = { requests: hooks.requests.length, connections: hooks.connections };
    const answer = await post(undefined, { ...SEND, allowAddresses: "" });
    expect(answer).toMatchObject({ ok: false, rule: "loopback", excerpt: "" });
    expect(answer.error).toBe(`url must resolve to a public address; hooks.test resolves to ${HOOKS_ADDRESS} (loopback)`);
    vi.stubEnv("FETCH_ALLOW_ADDRESSES", "");
    vi.stubEnv("FETCH_HOST_MAP", LOCAL.hostMap);
    expect(await post(undefined, { testTlsCa: ca.caPem, timeoutMs: 5_000 })).toMatchObject({ ok: false, rule: "loopback" });
    expect({ requests: hooks.requests.length, connections: hooks.connections }).toEqual(before);
    // The same settings in the environment, with the allow list, deliver: the refusal was the policy's.
    vi.stubEnv("FETCH_ALLOW_ADDRESSES", LOCAL.allowAddresses);
    expect(await post(undefined, { testTlsCa: ca.caPem, timeoutMs: 5_000 })).toMatchObject({ ok: true, status: 200 });
  });

  test.each([
    ["http:", "http://hooks.test/receive", "https"],
    ["another port", "https://hooks.test:8443/receive", "port"],
    ["user information", "https://user@hooks.test/receive", "userinfo"],
    ["a private literal", "https://10.0.0.1/receive", "private"],
    ["a loopback literal", `https://${HOOKS_ADDRESS}/receive`, "loopback"],
    ["a localhost name", "https://localhost/receive", "loopback"],
  ])("%s is refused before anything is sent", async (_label, url, rule) => {
    const before = hooks.requests.length;
    const answer = await post(url, { ...SEND, allowAddresses: "" });
    expect(answer).toMatchObject({ ok: false, rule, excerpt: "" });
    expect(answer.error).toMatch(/^url /);
    expect(hooks.requests.length).toBe(before);
  });

  test("a reserved header is the caller's mistake, and throws", async () => {
    await expect(postWebhook({ url: "https://hooks.test/", body, headers: { Host: "evil.test" } }, SEND)).rejects.toThrow(
      /Host header/,
    );
  });
});

describe("DNS rebinding: the connection goes to the address that was checked", () => {
  // Plays a resolver that answered a public address at check time and answers loopback at connect time.
  const rebinding = { hostMap: "rebind.test=93.184.215.14", allowAddresses: "", testTlsCa: ca.caPem, timeoutMs: 2_000 };

  test("a name that resolves to a public address is accepted when saved", async () => {
    expect(await checkWebhookUrl("https://rebind.test/receive", rebinding)).toBe("https://rebind.test/receive");
  });

  test("a connection that would reach loopback is refused before a byte is sent", async () => {
    const before = { requests: hooks.requests.length, connections: hooks.connections };
    const answer = await post("https://rebind.test/receive", { ...rebinding, testConnectLookup: pinnedLookup(HOOKS_ADDRESS) });
    expect(answer).toMatchObject({ ok: false, rule: "loopback" });
    expect(answer.error).toContain(`the socket connected to ${HOOKS_ADDRESS}`);
    expect({ requests: hooks.requests.length, connections: hooks.connections }).toEqual(before);
  });

  test("a connection to an allowed address other than the checked one is addressMismatch", async () => {
    const before = hooks.requests.length;
    const answer = await post("https://rebind.test/receive", {
      ...SEND,
      hostMap: `rebind.test=${ELSEWHERE_ADDRESS}`,
      testConnectLookup: pinnedLookup(HOOKS_ADDRESS),
    });
    expect(answer).toMatchObject({ ok: false, rule: "addressMismatch" });
    expect(hooks.requests.length).toBe(before);
  });
});

describe("checkWebhookUrl: the address rules when an endpoint is saved", () => {
  const longUrl = (length: number) => `https://hooks.test/${"a".repeat(length - "https://hooks.test/".length)}`;

  test.each([
    ["http:", "http://hooks.test/receive", "https"],
    ["port 8443", "https://hooks.test:8443/receive", "port"],
    ["a private address", "https://10.0.0.1/receive", "private"],
    ["2,049 characters", longUrl(WEBHOOK_URL_MAX + 1), "length"],
    ["user information", "https://user:pw@hooks.test/receive", "userinfo"],
    ["an empty user", "https://@hooks.test/receive", "userinfo"],
    ["not a URL", "hooks.test/receive", "format"],
    ["a name mapped to loopback without the allow list", "https://inside.test/receive", "loopback"],
    ["a localhost name", "https://hooks.localhost/receive", "loopback"],
    ["a loopback IPv6 literal", "https://[::1]/receive", "loopback"],
    ["metadata", "https://169.254.169.254/latest", "linkLocal"],
  ])("refuses %s as validation of url, naming the rule", async (_label, url, rule) => {
    const error = await checkWebhookUrl(url, LOCAL).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "validation", extra: { field: "url", rule } });
    expect((error as DomainError).message).toMatch(/^url /);
  });

  test("messages say what is wrong in words", async () => {
    await expect(checkWebhookUrl("https://inside.test/receive", LOCAL)).rejects.toThrow(
      "url must resolve to a public address; inside.test resolves to 127.0.0.1 (loopback)",
    );
    await expect(checkWebhookUrl("https://10.0.0.1/receive", LOCAL)).rejects.toThrow(
      "url must resolve to a public address; 10.0.0.1 is not one (private)",
    );
    await expect(checkWebhookUrl(longUrl(2049), LOCAL)).rejects.toThrow("url must be at most 2048 characters (it has 2049)");
  });

  test("a name mapped to loopback is accepted once the allow list names it; the URL comes back normalised", async () => {
    expect(await checkWebhookUrl("HTTPS://Hooks.Test:443/receive?x=1", LOCAL)).toBe("https://hooks.test/receive?x=1");
    const exact = longUrl(WEBHOOK_URL_MAX);
    expect(await checkWebhookUrl(exact, LOCAL)).toBe(exact);
  });

  test("a URL that normalisation lengthens past the limit is refused", () => {
    const url = `https://hooks.test/${"é".repeat(2000)}`;
    expect(url.length).toBeLessThanOrEqual(WEBHOOK_URL_MAX);
    expect(() => checkWebhookUrlShape(url)).toThrow(expect.objectContaining({ extra: { field: "url", rule: "length" } }));
  });

  test("the shape check needs no DNS", () => {
    expect(checkWebhookUrlShape("https://nowhere.invalid/x")).toBe("https://nowhere.invalid/x");
    expect(() => checkWebhookUrlShape("http://nowhere.invalid/x")).toThrow(
      expect.objectContaining({ extra: { field: "url", rule: "https" } }),
    );
  });

  test("a name that does not resolve is dnsFailed", async () => {
    await expect(checkWebhookUrl("https://nowhere.invalid/receive", LOCAL)).rejects.toMatchObject({
      code: "validation",
      extra: { field: "url", rule: "dnsFailed" },
      message: expect.stringMatching(/^url must resolve to a public address; nowhere\.invalid did not resolve/),
    });
  });

  test("a resolver that never answers is given up after 5 s, as dnsFailed", async () => {
    const lookup = vi.spyOn(dns.promises, "lookup").mockImplementation(() => new Promise(() => {}));
    try {
      const started = Date.now();
      await expect(checkWebhookUrl("https://slow.example/receive", LOCAL)).rejects.toMatchObject({
        extra: { field: "url", rule: "dnsFailed" },
        message: expect.stringContaining("slow.example did not resolve within 5 s"),
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(WEBHOOK_DNS_TIMEOUT_MS - 100);
      expect(Date.now() - started).toBeLessThan(WEBHOOK_DNS_TIMEOUT_MS + 1_000);
    } finally {
      lookup.mockRestore();
    }
  });

  test("settings come from the environment at call time", async () => {
    vi.stubEnv("FETCH_HOST_MAP", "env.test=127.0.0.1");
    vi.stubEnv("FETCH_ALLOW_ADDRESSES", "");
    await expect(checkWebhookUrl("https://env.test/")).rejects.toMatchObject({ extra: { rule: "loopback" } });
    vi.stubEnv("FETCH_ALLOW_ADDRESSES", "127.0.0.1");
    expect(await checkWebhookUrl("https://env.test/")).toBe("https://env.test/");
  });
});
