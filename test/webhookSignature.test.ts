// The signature of a webhook delivery and the receivers' examples (spec, Webhooks; docs/webhooks.md):
// signDelivery against an implementation written here from the spec, against Stripe's verifier
// (the same `<timestamp>.<raw body>` scheme), and the Node and Python examples a receiver copies,
// which must accept what the service sends and refuse everything the spec's receiver rules refuse.
// Also the envelope's bytes: keys sorted at every depth, unset fields left out, ids lower-cased.
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { type Envelope, envelopeBody, eventId, sortedJson } from "../src/webhooks/envelope.ts";
import { signDelivery } from "../src/webhooks/signature.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NODE_EXAMPLE = path.join(ROOT, "docs/examples/verify-webhook.mjs");
const PYTHON_EXAMPLE = path.join(ROOT, "docs/examples/verify_webhook.py");
const DOC = path.join(ROOT, "docs/webhooks.md");

const SECRET = "whsec_Zm9vYmFyYmF6cXV4LXRlc3Qtc2VjcmV0LWZvci12ZXJpZnk";
const OTHER_SECRET = "whsec_dGhlLW9uZS1pdC1yZXBsYWNlZC1kdXJpbmctcm90YXRpb24";
const NOW = 1_760_000_000;

/** The spec's signature, built another way: the bytes of the timestamp, a dot and the body, concatenated. */
function specSignature(secret: string, timestamp: number, body: string): string {
  const signed = Buffer.concat([Buffer.from(String(timestamp), "ascii"), Buffer.from([0x2e]), Buffer.from(body, "utf8")]);
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(signed).digest("hex");
}

const BODIES = [
  "",
  "{}",
  '{"id":"evt_00000000-0000-4000-8000-000000000000","type":"test"}',
  '{"data":{"title":"Café – 東京 🚀","quote":"\\"ünïcödé\\""}}',
  "a body with\nnew lines\r\nand a tab\t, and a trailing space ",
  "x".repeat(10_000),
];

function sampleEnvelope(overrides: Partial<Envelope> = {}): Envelope {
  return {
    id: eventId("3F2C9A1E-5B7D-4C3A-9E8F-0A1B2C3D4E5F"),
    type: "article.approved",
    createdAt: new Date("2026-03-01T12:34:56.789Z"),
    workspaceId: "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D",
    siteId: "B2C3D4E5-F6A7-4B8C-9D0E-1F2A3B4C5D6E",
    data: { version: 3, approvedBy: "Zoë Müller", article: { title: "Überblick – 東京", id: "ART-1", tags: ["b", "a"] } },
    ...overrides,
  };
}

describe("signDelivery", () => {
  it("is the HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the whole secret, as 64 lower-case hex", () => {
    for (const body of BODIES) {
      for (const timestamp of [0, 1_700_000_000, NOW]) {
        const signature = signDelivery(SECRET, timestamp, body);
        expect(signature).toMatch(/^[0-9a-f]{64}$/);
        expect(signature).toBe(specSignature(SECRET, timestamp, body));
      }
    }
  });

  it("matches a known answer (computed with openssl and Python's hmac)", () => {
    const body = '{"id":"evt_x","data":{"title":"Café – 東京"}}';
    expect(signDelivery("whsec_known_answer", 1_700_000_000, body)).toBe(
      "fc569017ea8b45307de97b9c515737bc49945ff8beb45da78f089422a6e8b28d",
    );
  });

  it("keys with the whole secret, `whsec_` included, and depends on every byte of timestamp and body", () => {
    const body = envelopeBody(sampleEnvelope());
    const signature = signDelivery(SECRET, NOW, body);
    expect(signature).not.toBe(specSignature(SECRET.slice("whsec_".length), NOW, body));
    expect(signature).not.toBe(signDelivery(OTHER_SECRET, NOW, body));
    expect(signature).not.toBe(signDelivery(SECRET, NOW + 1, body));
    expect(signature).not.toBe(signDelivery(SECRET, NOW, `${body} `));
    // The non-ASCII text is signed as UTF-8, not as Latin-1 or UTF-16.
    expect(signature).not.toBe(
      createHmac("sha256", SECRET)
        .update(Buffer.from(`${NOW}.${body}`, "latin1"))
        .digest("hex"),
    );
  });
});

describe("Stripe's verifier (the same scheme) accepts our signature", () => {
  const stripe = new Stripe("sk_test_x");

  it("accepts a signed envelope and parses it", () => {
    const body = envelopeBody(sampleEnvelope());
    const timestamp = Math.floor(Date.now() / 1000);
    const header = `t=${timestamp},v1=${signDelivery(SECRET, timestamp, body)}`;
    const event = stripe.webhooks.constructEvent(body, header, SECRET, 300) as unknown;
    expect(event).toEqual(JSON.parse(body));
    // The raw bytes too, as a receiver hands them over.
    expect(stripe.webhooks.constructEvent(Buffer.from(body, "utf8"), header, SECRET, 300) as unknown).toEqual(JSON.parse(body));
  });

  it("refuses a tampered body, another secret and an old timestamp", () => {
    const body = envelopeBody(sampleEnvelope());
    const timestamp = Math.floor(Date.now() / 1000);
    const header = `t=${timestamp},v1=${signDelivery(SECRET, timestamp, body)}`;
    expect(() => stripe.webhooks.constructEvent(body.replace("Zoë", "Zoe"), header, SECRET, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(body, header, OTHER_SECRET, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const old = timestamp - 301;
    expect(() => stripe.webhooks.constructEvent(body, `t=${old},v1=${signDelivery(SECRET, old, body)}`, SECRET, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});

// The receivers' cases, run against both examples. `headers` as the service sends them.
interface Vector {
  name: string;
  secret: string;
  headers: Record<string, string>;
  body: string;
  now: number;
  /** `ok` or the refusal's reason code. */
  expected: string;
}

function deliveryHeaders(body: string, timestamp: number, current: string, previous?: string): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": "Service-Webhooks/1.0",
    "X-Service-Event": "article.approved",
    "X-Service-Delivery": "9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b",
    "X-Service-Timestamp": String(timestamp),
    "X-Service-Signature": signDelivery(current, timestamp, body),
    ...(previous ? { "X-Service-Signature-Previous": signDelivery(previous, timestamp, body) } : {}),
  };
}

function vectors(): Vector[] {
  const body = envelopeBody(sampleEnvelope());
  const signed = deliveryHeaders(body, NOW, SECRET);
  const valid = { secret: SECRET, headers: signed, body, now: NOW };
  const without = (name: string) => Object.fromEntries(Object.entries(signed).filter(([key]) => key !== name));
  const withHeader = (name: string, value: string) => ({ ...signed, [name]: value });
  const signature = signed["X-Service-Signature"] as string;
  return [
    { name: "a delivery as the service sends it", ...valid, expected: "ok" },
    {
      name: "header names in lower case (as node:http gives them)",
      ...valid,
      headers: Object.fromEntries(Object.entries(signed).map(([k, v]) => [k.toLowerCase(), v])),
      expected: "ok",
    },
    { name: "a timestamp 300 seconds behind the clock", ...valid, now: NOW + 300, expected: "ok" },
    { name: "a timestamp 300 seconds ahead of the clock", ...valid, now: NOW - 300, expected: "ok" },
    { name: "an empty secret", ...valid, secret: "", expected: "no_secret" },
    { name: "a missing signature", ...valid, headers: without("X-Service-Signature"), expected: "signature_format" },
    {
      name: "a short signature",
      ...valid,
      headers: withHeader("X-Service-Signature", signature.slice(0, 63)),
      expected: "signature_format",
    },
    {
      name: "an upper-case signature",
      ...valid,
      headers: withHeader("X-Service-Signature", signature.toUpperCase()),
      expected: "signature_format",
    },
    {
      name: "a signature with a prefix",
      ...valid,
      headers: withHeader("X-Service-Signature", `v1=${signature}`),
      expected: "signature_format",
    },
    { name: "a missing timestamp", ...valid, headers: without("X-Service-Timestamp"), expected: "timestamp_format" },
    {
      name: "a non-numeric timestamp",
      ...valid,
      headers: withHeader("X-Service-Timestamp", `${NOW}a`),
      expected: "timestamp_format",
    },
    {
      name: "a fractional timestamp",
      ...valid,
      headers: withHeader("X-Service-Timestamp", `${NOW}.5`),
      expected: "timestamp_format",
    },
    { name: "a timestamp 301 seconds behind the clock", ...valid, now: NOW + 301, expected: "timestamp_window" },
    { name: "a timestamp 301 seconds ahead of the clock", ...valid, now: NOW - 301, expected: "timestamp_window" },
    { name: "a tampered body", ...valid, body: body.replace("Zoë", "Zoe"), expected: "signature_mismatch" },
    {
      name: "a body re-serialised with spaces",
      ...valid,
      body: JSON.stringify(JSON.parse(body), null, 1),
      expected: "signature_mismatch",
    },
    {
      name: "another timestamp than the one signed",
      ...valid,
      headers: withHeader("X-Service-Timestamp", String(NOW + 1)),
      expected: "signature_mismatch",
    },
    { name: "the wrong secret", ...valid, secret: OTHER_SECRET, expected: "signature_mismatch" },
    {
      name: "the secret without its whsec_ prefix",
      ...valid,
      secret: SECRET.slice("whsec_".length),
      expected: "signature_mismatch",
    },
    {
      name: "during a rotation, a receiver still holding the previous secret (X-Service-Signature-Previous)",
      ...valid,
      secret: OTHER_SECRET,
      headers: deliveryHeaders(body, NOW, SECRET, OTHER_SECRET),
      expected: "ok",
    },
    {
      name: "during a rotation, a receiver already holding the new secret",
      ...valid,
      headers: deliveryHeaders(body, NOW, SECRET, OTHER_SECRET),
      expected: "ok",
    },
    {
      name: "during a rotation, a secret that is neither",
      ...valid,
      secret: "whsec_neither",
      headers: deliveryHeaders(body, NOW, SECRET, OTHER_SECRET),
      expected: "signature_mismatch",
    },
    {
      name: "a previous signature that is not 64 lower-case hex",
      ...valid,
      secret: OTHER_SECRET,
      headers: { ...signed, "X-Service-Signature-Previous": signDelivery(OTHER_SECRET, NOW, body).toUpperCase() },
      expected: "signature_mismatch",
    },
    {
      name: "a signed body that is not JSON",
      secret: SECRET,
      headers: deliveryHeaders("not json", NOW, SECRET),
      body: "not json",
      now: NOW,
      expected: "not_json",
    },
  ];
}

interface NodeExample {
  verifyWebhook(input: { secret: string; headers: unknown; rawBody: unknown; now?: number }): { id: string };
  WebhookRefused: new (...args: never[]) => Error & { reason: string };
}

describe("the Node example (docs/examples/verify-webhook.mjs)", () => {
  let example: NodeExample;
  beforeAll(async () => {
    example = (await import(pathToFileURL(NODE_EXAMPLE).href)) as NodeExample;
  });

  function outcome(vector: Vector): string {
    try {
      const event = example.verifyWebhook({
        secret: vector.secret,
        headers: vector.headers,
        rawBody: Buffer.from(vector.body, "utf8"),
        now: vector.now,
      });
      return `ok ${event.id}`;
    } catch (error) {
      expect(error).toBeInstanceOf(example.WebhookRefused);
      return `refused ${(error as { reason: string }).reason}`;
    }
  }

  it.each(vectors().map((v) => [v.name, v] as const))("%s", (_name, vector) => {
    const expected =
      vector.expected === "ok" ? `ok ${JSON.parse(envelopeBody(sampleEnvelope())).id}` : `refused ${vector.expected}`;
    expect(outcome(vector)).toBe(expected);
  });

  it("answers the parsed envelope, and takes the raw text or a fetch Headers too", () => {
    const body = envelopeBody(sampleEnvelope());
    const headers = deliveryHeaders(body, NOW, SECRET);
    const event = example.verifyWebhook({ secret: SECRET, headers, rawBody: body, now: NOW });
    expect(event).toEqual(JSON.parse(body));
    expect(
      example.verifyWebhook({ secret: SECRET, headers: new Headers(headers), rawBody: Buffer.from(body), now: NOW }),
    ).toEqual(event);
  });

  it("refuses parsed JSON in place of the raw body, and a missing secret", () => {
    const body = envelopeBody(sampleEnvelope());
    const headers = deliveryHeaders(body, NOW, SECRET);
    expect(() => example.verifyWebhook({ secret: SECRET, headers, rawBody: JSON.parse(body), now: NOW })).toThrow(/raw|received/);
    expect(() => example.verifyWebhook({ secret: undefined as unknown as string, headers, rawBody: body, now: NOW })).toThrow(
      example.WebhookRefused,
    );
  });

  it("checks the timestamp against the clock when no `now` is given", () => {
    const body = envelopeBody(sampleEnvelope());
    const fresh = Math.floor(Date.now() / 1000);
    expect(example.verifyWebhook({ secret: SECRET, headers: deliveryHeaders(body, fresh, SECRET), rawBody: body }).id).toMatch(
      /^evt_/,
    );
    expect(() =>
      example.verifyWebhook({ secret: SECRET, headers: deliveryHeaders(body, fresh - 400, SECRET), rawBody: body }),
    ).toThrow(/300 seconds/);
  });

  it("refuses to start its receiver without WEBHOOK_SECRET", () => {
    const run = spawnSync(process.execPath, [NODE_EXAMPLE], {
      env: { ...process.env, WEBHOOK_SECRET: "" },
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/WEBHOOK_SECRET is empty or missing/);
  });
});

const python = spawnSync("python3", ["--version"], { encoding: "utf8" });
const hasPython = python.status === 0;
const PYTHON_MISSING = "skipped: python3 is not on this machine, so the Python example cannot be run";

describe(hasPython ? "the Python example (docs/examples/verify_webhook.py)" : `the Python example (${PYTHON_MISSING})`, () => {
  function run(vector: Omit<Vector, "name" | "expected">) {
    return spawnSync("python3", [PYTHON_EXAMPLE], { input: JSON.stringify(vector), encoding: "utf8", timeout: 10_000 });
  }

  it.skipIf(!hasPython)("gives every receiver case the outcome the Node example gives", () => {
    const id = JSON.parse(envelopeBody(sampleEnvelope())).id as string;
    const outcomes = vectors().map((vector) => {
      const answer = run(vector);
      expect(answer.stderr, vector.name).toBe("");
      return { name: vector.name, outcome: answer.stdout.trim(), status: answer.status };
    });
    expect(outcomes).toEqual(
      vectors().map((vector) => ({
        name: vector.name,
        outcome: vector.expected === "ok" ? `ok ${id}` : `refused ${vector.expected}`,
        status: vector.expected === "ok" ? 0 : 1,
      })),
    );
  });

  it.skipIf(!hasPython)("refuses a missing secret", () => {
    const body = envelopeBody(sampleEnvelope());
    const answer = spawnSync("python3", [PYTHON_EXAMPLE], {
      input: JSON.stringify({ headers: deliveryHeaders(body, NOW, SECRET), body, now: NOW }),
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(answer.stdout.trim()).toBe("refused no_secret");
  });
});

describe("docs/webhooks.md", () => {
  const blocks = () =>
    [...readFileSync(DOC, "utf8").matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1] ?? "", code: m[2] ?? "" }));

  it("embeds the Node example exactly as docs/examples/verify-webhook.mjs", () => {
    const js = blocks().filter((b) => b.lang === "js");
    expect(js).toHaveLength(1);
    expect(js[0]?.code.trim()).toBe(readFileSync(NODE_EXAMPLE, "utf8").trim());
  });

  it("embeds the Python example exactly as docs/examples/verify_webhook.py", () => {
    const py = blocks().filter((b) => b.lang === "python");
    expect(py).toHaveLength(1);
    expect(py[0]?.code.trim()).toBe(readFileSync(PYTHON_EXAMPLE, "utf8").trim());
  });
});

describe("the envelope's bytes", () => {
  it("sortedJson sorts keys at every depth, keeps arrays in order and leaves undefined members out", () => {
    const value = {
      b: 1,
      a: { d: [{ z: 1, y: 2 }, 3, [{ k: true, j: null }]], c: undefined, B: "upper" },
      _: [3, 1, 2],
    };
    expect(sortedJson(value)).toBe('{"_":[3,1,2],"a":{"B":"upper","d":[{"y":2,"z":1},3,[{"j":null,"k":true}]]},"b":1}');
    expect(sortedJson([{ b: 1, a: 2 }, undefined])).toBe('[{"a":2,"b":1},null]');
    // Integer-like keys too: an object would list them first, in numeric order.
    expect(sortedJson({ b: 1, "10": 2, "2": 3 })).toBe('{"10":2,"2":3,"b":1}');
    expect(sortedJson({ when: new Date("2026-01-02T03:04:05.000Z") })).toBe('{"when":"2026-01-02T03:04:05.000Z"}');
  });

  it("depends only on the values, not on the order the keys were written in", () => {
    expect(sortedJson({ x: { q: 1, p: [2, { n: 1, m: 2 }] }, w: 0 })).toBe(
      sortedJson({ w: 0, x: { p: [2, { m: 2, n: 1 }], q: 1 } }),
    );
  });

  it("envelopeBody writes the spec's fields in key order, with lower-case ids", () => {
    const body = envelopeBody(sampleEnvelope());
    expect(Object.keys(JSON.parse(body))).toEqual(["createdAt", "data", "id", "siteId", "type", "workspaceId"]);
    expect(JSON.parse(body)).toEqual({
      id: "evt_3f2c9a1e-5b7d-4c3a-9e8f-0a1b2c3d4e5f",
      type: "article.approved",
      createdAt: "2026-03-01T12:34:56.789Z",
      workspaceId: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
      siteId: "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
      data: { version: 3, approvedBy: "Zoë Müller", article: { title: "Überblick – 東京", id: "ART-1", tags: ["b", "a"] } },
    });
    // data's own keys sorted too, its arrays and its values (an upper-case id inside an article) untouched.
    expect(body).toContain(
      '"data":{"approvedBy":"Zoë Müller","article":{"id":"ART-1","tags":["b","a"],"title":"Überblick – 東京"},"version":3}',
    );
    expect(body).toBe(envelopeBody(sampleEnvelope()));
  });

  it("leaves siteId out when the event has no site (never null)", () => {
    const body = envelopeBody(sampleEnvelope({ siteId: null, type: "agent.budget_exhausted", data: { kind: "key" } }));
    expect(JSON.parse(body)).not.toHaveProperty("siteId");
    expect(body).not.toContain("null");
    expect(body).not.toContain("siteId");
  });

  it("eventId is `evt_` and the lower-case UUID", () => {
    expect(eventId("3F2C9A1E-5B7D-4C3A-9E8F-0A1B2C3D4E5F")).toBe("evt_3f2c9a1e-5b7d-4c3a-9e8f-0a1b2c3d4e5f");
  });
});
