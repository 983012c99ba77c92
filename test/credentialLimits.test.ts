// The limit on refused credentials holds under concurrency (at most 20 checked a minute per client
// address, however many arrive at once), password checks are bounded per process, and passwords
// are bounded in length before any hashing. The server trusts X-Forwarded-For so that each test
// speaks from client addresses of its own.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWorld, type World } from "./support/fixtures.ts";
import { type CallOptions, call, type Reply } from "./support/http.ts";
import { awaitRoomInWindow } from "./support/rateWindow.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());
let world: World;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" }, { workers: false });
  world = await makeWorld(server.baseUrl, server.db);
});

let addressCount = 0;
const newAddress = () => `203.0.113.${++addressCount}`;
const from = (address: string, path: string, options: CallOptions = {}) =>
  call(server.baseUrl, path, { ...options, headers: { "X-Forwarded-For": address, ...options.headers } });
const randomKey = () => `bz_live_${randomBytes(32).toString("base64url")}`;
const statusCount = (replies: Reply[], status: number) => replies.filter((r) => r.status === status).length;

const wrongPassword = (address: string) =>
  from(address, "/api/v1/session", { body: { email: world.owner.email, password: "wrong password" } });

/** How long one refused sign-in takes on this machine now: one argon2id check and a round trip. */
async function oneCheckMs(): Promise<number> {
  let total = 0;
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    expect((await wrongPassword(newAddress())).status).toBe(401);
    total += performance.now() - started;
  }
  return total / 2;
}

function expectRetryAfter(reply: Reply) {
  const seconds = Number(reply.headers.get("retry-after"));
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
}

describe("refused bearer tokens under concurrency", () => {
  it("checks 20 of 200 concurrent unknown tokens from one address and answers the other 180 with 429", async () => {
    // The burst must fall inside one database-clock minute, or its count would be split in two.
    await awaitRoomInWindow(server.db);
    const address = newAddress();
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => from(address, "/api/v1/briefs", { token: randomKey(), body: {} })),
    );
    // A 401 is the only answer that says a token was looked at.
    expect(statusCount(replies, 401)).toBe(20);
    expect(statusCount(replies, 429)).toBe(180);
    for (const reply of replies.filter((r) => r.status === 429)) {
      expect(reply.body.error).toBe("rate_limited");
      expectRetryAfter(reply);
    }
    // The address stays blocked for the rest of the minute; another address is not.
    const other = newAddress();
    expect((await from(address, "/api/v1/briefs", { token: randomKey(), body: {} })).status).toBe(429);
    expect((await from(other, "/api/v1/briefs", { token: randomKey(), body: {} })).status).toBe(401);
  });
});

describe("refused sign-ins under concurrency", () => {
  it("verifies at most 20 of 100 concurrent wrong passwords from one address, and answers all quickly", async () => {
    await awaitRoomInWindow(server.db, 30);
    const address = newAddress();
    const replies = await Promise.all(Array.from({ length: 100 }, () => wrongPassword(address)));
    // At most twenty argon2 checks ran (before, all hundred did: 20 to 40 s on two cores). The
    // count is the assertion; a time bound would measure the machine, not the service.
    expect(statusCount(replies, 401)).toBeLessThanOrEqual(20);
    expect(statusCount(replies, 401) + statusCount(replies, 429)).toBe(100);
    for (const reply of replies.filter((r) => r.status === 429)) expectRetryAfter(reply);
    // Even the right password is refused from that address for the rest of the minute.
    const right = await from(address, "/api/v1/session", { body: { email: world.owner.email, password: world.owner.password } });
    expect(right.status).toBe(429);
  }, 90_000);

  it("gives a successful sign-in's place back, so only refused ones count toward the 20", async () => {
    await awaitRoomInWindow(server.db, 30);
    const address = newAddress();
    const right = () => from(address, "/api/v1/session", { body: { email: world.owner.email, password: world.owner.password } });
    const first = await Promise.all(Array.from({ length: 18 }, () => wrongPassword(address)));
    expect(first.map((r) => r.status)).toEqual(Array(18).fill(401));
    for (let i = 0; i < 3; i++) expect((await right()).status).toBe(204);
    // Two places are left, whatever the concurrency.
    const last = await Promise.all(Array.from({ length: 5 }, () => wrongPassword(address)));
    expect(last.map((r) => r.status).sort()).toEqual([401, 401, 429, 429, 429]);
  }, 90_000);

  it("queues at most a bounded number of password checks per process and refuses the rest with 429", async () => {
    // One wrong password from each of 100 addresses: no address is over its limit, so only the
    // process's own bound (2 checks at once, 32 waiting) stops them.
    const replies = await Promise.all(Array.from({ length: 100 }, () => wrongPassword(newAddress())));
    const busy = replies.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(statusCount(replies, 401) + busy.length).toBe(100);
    for (const reply of busy) {
      expect(reply.body.error).toBe("rate_limited");
      expect(reply.body.message).toMatch(/password checks/);
      expectRetryAfter(reply);
    }
  }, 90_000);
});

describe("password length", () => {
  it("refuses an over-long password at sign-in with 400 validation before any hashing", async () => {
    const one = await oneCheckMs();
    const started = performance.now();
    const reply = await from(newAddress(), "/api/v1/session", {
      body: { email: world.owner.email, password: "x".repeat(2_000) },
    });
    const ms = performance.now() - started;
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe("validation");
    expect(reply.body.message).toMatch(/password/);
    // Faster than one password check: nothing was hashed.
    expect(ms).toBeLessThan(one);
    // 100,000 characters are refused as fast, by the body limit if not by the password's own.
    const huge = performance.now();
    const hugeReply = await from(newAddress(), "/api/v1/session", {
      body: { email: world.owner.email, password: "x".repeat(100_000) },
    });
    expect([400, 413]).toContain(hugeReply.status);
    expect(performance.now() - huge).toBeLessThan(one);
    // The longest allowed password is still checked.
    const longest = await from(newAddress(), "/api/v1/session", {
      body: { email: world.owner.email, password: "x".repeat(1024) },
    });
    expect(longest.status).toBe(401);
    expect(longest.body.error).toBe("invalid_credentials");
  });
});
