// GraphQL work is bounded: every operation is measured before it runs (document size, tokens,
// depth, aliases, directives, cost) and refused quickly with 400 `validation`; answers have a size
// cap; introspection and field suggestions are for development only; persons' requests are
// counted per minute; and the job subscription checks who asks before it subscribes.
import { GraphQLError, getIntrospectionQuery } from "graphql";
import { createSchema, createYoga } from "graphql-yoga";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_FIELDS } from "../facades/rest/routes/articles.ts";
import { OPERATION_LIMITS, useOperationLimits } from "../schema/operationLimits.ts";
import { maskError } from "../schema/yoga.ts";
import { GRAPHQL_REQUESTS_PER_MINUTE } from "../src/http/graphqlRequestLimit.ts";
import { addPerson, makeWorld, type Person, type World } from "./support/fixtures.ts";
import { awaitRoomInWindow } from "./support/rateWindow.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
let development: TestServer;
let world: World;
let editor: Person;
afterAll(async () => {
  await server?.close();
  await development?.close();
});

beforeAll(async () => {
  // NODE_ENV is not set, as under `npm start`: production. TRUST_PROXY lets the rate-limit tests
  // stand for several client addresses.
  [server, development] = await Promise.all([
    startTestServer({ TRUST_PROXY: "true" }, { workers: false }),
    startTestServer({ NODE_ENV: "development" }, { workers: false }),
  ]);
  world = await makeWorld(server.baseUrl, server.db);
  editor = await addPerson(server.baseUrl, server.db, world.workspaceId, "Editor");
  // One refusal of each kind first, so that the timed ones below do not include warming up.
  for (const query of [
    `{ __typename } # ${"x".repeat(20_000)}`,
    "{ __schema { queryType { name } } }",
    aliased(16, (i) => `a${i}: me { name }`),
  ]) {
    await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: editor.cookie },
      body: JSON.stringify({ query }),
    });
  }
});

interface Answer {
  status: number;
  headers: Headers;
  ms: number;
  bytes: number;
  body: any;
}

async function post(
  baseUrl: string,
  query: string,
  options: { cookie?: string; variables?: object; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = JSON.stringify({ query, variables: options.variables ?? {} });
  const started = performance.now();
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers },
    body,
    // Without the limits the attacks below run for tens of seconds: fail, do not hang.
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const parsed = response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, ms, bytes: text.length, body: parsed };
}

const firstError = (answer: Answer) => answer.body?.errors?.[0] as { message: string; extensions: { code: string } } | undefined;

function expectRefused(answer: Answer, limit: RegExp) {
  expect(answer.status).toBe(400);
  expect(firstError(answer)?.extensions.code).toBe("validation");
  expect(firstError(answer)?.message).toMatch(limit);
  expect(answer.body.data ?? null).toBeNull();
}

const aliased = (count: number, field: (i: number) => string) =>
  `{ ${Array.from({ length: count }, (_, i) => field(i)).join(" ")} }`;
const uuid = (i: number) => `00000000-0000-0000-0000-${String(i).padStart(12, "0")}`;
const EVERY_QUERY_FIELD = (article: string) => `{
  me { name personId plan role trialEndsAt workspaceId workspaceName } members { email name personId role }
  sites { domain id siteName status } apiKeys { id name siteId scopes dailyCap tokenHint createdAt lastUsedAt createdBy }
  agents { id name siteId scopes dailyCap tokenHint createdAt lastUsedAt createdBy } creditBalance
  articles { id title status updatedAt brandName siteId origin beatName agentName by flaggedClaims words language
    run { jobId status briefId } primaryArticleId }
  ${article}
  brief(id: "${uuid(2)}") { id brandId siteId topic angle useUrls excludeDomains purpose audience region language tone length
    targetWords structure keywords mustAppear preferDomains illustration imageStyle imageFormat seo }
  estimateBrief(id: "${uuid(3)}") { credits enough parts { credits kind label } steps { estMs id name } }
  job(id: "${uuid(4)}") { id kind status step stepIndex steps { id name status optional } startedAt finishedAt articleId
    error { code message } }
}`;

/** The attacks observed from outside, as sent then; `signedIn` ones carry a person's session. */
const ATTACKS = [
  {
    name: "8,000 aliased __schema, anonymous",
    query: aliased(8000, (i) => `s${i}: __schema { types { name fields { name type { name } } } }`),
  },
  {
    name: "5,000 aliased article(id), signed in",
    query: aliased(5000, (i) => `a${i}: article(id: "${uuid(i)}") { id title }`),
    signedIn: true,
  },
  {
    name: "deep nesting, signed in",
    query: `{ ${"... on Query { ".repeat(150)}me { name }${" }".repeat(150)} }`,
    signedIn: true,
  },
  {
    name: "deep introspection, anonymous",
    query: `{ __schema { types { ${"fields { type { ofType { ".repeat(40)}name${" } } }".repeat(40)} } } }`,
  },
  { name: "a 512 KB document, signed in", query: `{ me { name } }${" ".repeat(512 * 1024)}`, signedIn: true },
];

const send = (attack: (typeof ATTACKS)[number]) =>
  post(server.baseUrl, attack.query, { cookie: attack.signedIn ? editor.cookie : undefined });

describe("the attacks observed from outside", () => {
  for (const attack of ATTACKS) {
    it(`refuses ${attack.name} with 400 validation in under 100 ms`, async () => {
      // The fastest of three, so that a busy test machine does not decide it.
      const answers = [await send(attack), await send(attack), await send(attack)];
      for (const answer of answers) {
        expectRefused(answer, /limit|Introspection is turned off/);
        expect(answer.bytes).toBeLessThan(1000);
      }
      expect(Math.min(...answers.map((a) => a.ms))).toBeLessThan(100);
    });
  }

  it("keeps /healthz fast while all of them are sent at once, three times over", async () => {
    let slowest = 0;
    let sending = true;
    const health = (async () => {
      while (sending) {
        const started = performance.now();
        const reply = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
        expect(reply.status).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all([...ATTACKS, ...ATTACKS, ...ATTACKS].map(send));
    const elapsed = performance.now() - started;
    sending = false;
    await health;
    for (const answer of answers) expect(answer.status).toBe(400);
    // Before the limits: 125 s for three of the first alone, /healthz stalled for 36 s. The bounds
    // leave room for a busy machine: client and server share this process and its two cores.
    expect(elapsed).toBeLessThan(3000);
    expect(slowest).toBeLessThan(1000);
  });
});

describe("each limit, named in its refusal", () => {
  it("refuses a document over the size limit before parsing it", async () => {
    const query = `{ me { name } } # ${"x".repeat(OPERATION_LIMITS.documentBytes)}`;
    expectRefused(await post(server.baseUrl, query, { cookie: editor.cookie }), /document size limit of 16384 bytes/);
  });

  it("refuses more tokens than the limit while parsing", async () => {
    const query = `{ me { name } ${"__typename ".repeat(OPERATION_LIMITS.tokens)}}`;
    expect(Buffer.byteLength(query)).toBeLessThan(OPERATION_LIMITS.documentBytes);
    expectRefused(await post(server.baseUrl, query, { cookie: editor.cookie }), /Token limit of 1000/);
  });

  it("refuses nesting deeper than the limit, fragments included", async () => {
    const query = `{ ${"... on Query { ".repeat(10)}me { name }${" }".repeat(10)} }`;
    expectRefused(await post(server.baseUrl, query, { cookie: editor.cookie }), /depth limit of 10 exceeded, found 12/);
  });

  it("refuses more aliases than the limit", async () => {
    const query = aliased(16, (i) => `a${i}: article(id: "${uuid(i)}") { id }`);
    expectRefused(await post(server.baseUrl, query, { cookie: editor.cookie }), /Aliases limit of 15 exceeded, found 16/);
  });

  it("refuses more directives than the limit", async () => {
    const query = `{ me { name } ${"... @include(if: true) { __typename } ".repeat(51)}}`;
    expectRefused(await post(server.baseUrl, query, { cookie: editor.cookie }), /Directives limit of 50 exceeded, found 51/);
  });

  it("refuses an operation over the cost budget, lists counting more, and lets every field of the schema once through", async () => {
    // Five of the REST facade's full article reads: few aliases and tokens, but each list (units,
    // claims, sources, blocks and their rows) is costed as ten items.
    const article = `article(id: "${uuid(1)}") { ${ARTICLE_FIELDS} }`;
    const query = aliased(5, (i) => `a${i}: ${article}`);
    expectRefused(await post(server.baseUrl, query, { cookie: editor.cookie }), /cost limit of 5000 exceeded, found 5495/);
    // The largest legitimate operation: every query field with all its fields, once (cost 1,646).
    const everything = await post(server.baseUrl, EVERY_QUERY_FIELD(article), { cookie: world.owner.cookie });
    // Run, not refused: what fails is a made-up id not found (the first one ends the operation).
    expect(everything.status).toBe(200);
    expect(firstError(everything)?.extensions.code).toBe("not_found");
  });

  it("refuses an answer over the size cap with a clear error", async () => {
    const yoga = createYoga({
      schema: createSchema({ typeDefs: "type Query { big: String! }", resolvers: { Query: { big: () => "x".repeat(17e6) } } }),
      logging: false,
      plugins: [useOperationLimits({ development: false })],
    });
    const response = await yoga.fetch("http://in-process/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "{ big }" }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[0].extensions.code).toBe("validation");
    expect(body.errors[0].message).toMatch(/answer is too large: \d+ bytes, over the limit of 16777216/);
  });
});

describe("development conveniences, off unless NODE_ENV=development", () => {
  const introspection = `{ __schema { queryType { name } } __type(name: "Brief") { name } }`;

  it("refuses introspection in production, signed in or not; answers it, GraphiQL's included, in development", async () => {
    expectRefused(await post(server.baseUrl, introspection), /Introspection is turned off/);
    expectRefused(await post(server.baseUrl, `{ __type(name: "Brief") { name } }`, { cookie: editor.cookie }), /__type/);
    // __typename is not introspection of the schema.
    expect((await post(server.baseUrl, "{ __typename }", { cookie: editor.cookie })).body.data).toEqual({ __typename: "Query" });

    const answer = await post(development.baseUrl, introspection);
    expect(answer.body.data).toEqual({ __schema: { queryType: { name: "Query" } }, __type: { name: "Brief" } });
    const full = await post(development.baseUrl, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(full.status).toBe(200);
    expect(full.body.data.__schema.types.length).toBeGreaterThan(20);
    // GraphiQL, which needs introspection, follows the same setting.
    const page = (baseUrl: string) => fetch(`${baseUrl}/graphql`, { headers: { Accept: "text/html" } });
    expect((await page(development.baseUrl)).headers.get("content-type")).toMatch(/text\/html/);
    expect((await page(server.baseUrl)).headers.get("content-type") ?? "").not.toMatch(/text\/html/);
  });

  it("gives no field suggestions in production, in validation or in variables; gives them in development", async () => {
    const field = await post(server.baseUrl, "{ mee { name } }", { cookie: editor.cookie });
    expect(firstError(field)?.message).toBe('Cannot query field "mee" on type "Query".');
    const variable = await post(server.baseUrl, "mutation($i: BriefInput) { createBrief(input: $i) { id } }", {
      cookie: editor.cookie,
      variables: { i: { topc: "Tides" } },
    });
    expect(firstError(variable)?.extensions.code).toBe("validation");
    expect(firstError(variable)?.message).toMatch(/Field "topc" is not defined by type "BriefInput"\.$/);
    for (const answer of [field, variable]) expect(JSON.stringify(answer.body)).not.toMatch(/Did you mean/);

    const suggested = await post(development.baseUrl, "{ mee { name } }");
    expect(firstError(suggested)?.message).toMatch(/Did you mean "me"\?/);
  });
});

describe(`${GRAPHQL_REQUESTS_PER_MINUTE} GraphQL requests a minute`, () => {
  async function burst(count: number, options: { cookie?: string; headers?: Record<string, string> }) {
    const answers: Answer[] = [];
    for (let sent = 0; sent < count; sent += 20) {
      const size = Math.min(20, count - sent);
      answers.push(...(await Promise.all(Array.from({ length: size }, () => post(server.baseUrl, "{ __typename }", options)))));
    }
    return answers;
  }

  it("per signed-in person: the next one is 429 rate_limited with Retry-After and RateLimit headers", async () => {
    const person = await addPerson(server.baseUrl, server.db, world.workspaceId, "Viewer");
    await awaitRoomInWindow(server.db);
    const allowed = await burst(GRAPHQL_REQUESTS_PER_MINUTE, { cookie: person.cookie });
    expect(allowed.map((a) => a.status)).toEqual(allowed.map(() => 200));
    expect(allowed[0]?.headers.get("ratelimit-policy")).toBe(`"graphql";q=${GRAPHQL_REQUESTS_PER_MINUTE};w=60`);
    const refused = await post(server.baseUrl, "{ __typename }", { cookie: person.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("rate_limited");
    expect(refused.body.message).toMatch(/120 GraphQL requests a minute per person/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit")).toMatch(/^"graphql";r=0;t=\d+$/);
    // Another person, at the same address, is not held back.
    expect((await post(server.baseUrl, "{ __typename }", { cookie: editor.cookie })).status).toBe(200);
  });

  it("per client address without a session", async () => {
    await awaitRoomInWindow(server.db);
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    const allowed = await burst(GRAPHQL_REQUESTS_PER_MINUTE, from("203.0.113.7"));
    expect(allowed.every((a) => a.status === 200)).toBe(true);
    const refused = await post(server.baseUrl, "{ __typename }", from("203.0.113.7"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/per client address without a session/);
    expect((await post(server.baseUrl, "{ __typename }", from("203.0.113.8"))).status).toBe(200);
  });
});

describe("the jobEvents subscription checks before it subscribes", () => {
  const subscription = "subscription($id: String!) { jobEvents(id: $id) { seq kind } }";
  const variables = { id: uuid(7) };

  /** Over graphql-sse: the `data` of each event, until the stream ends. */
  async function streamed(cookie: string | undefined) {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ query: subscription, variables }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return text
      .split("\n")
      .filter((line) => line.startsWith("data: ") && line.length > 6)
      .map((line) => JSON.parse(line.slice(6)));
  }

  it("refuses an anonymous subscriber like the job query: invalid_key, nothing internal", async () => {
    const query = await post(server.baseUrl, "query($id: String!) { job(id: $id) { id } }", { variables });
    const events = await streamed(undefined);
    expect(events).toEqual([{ errors: [expect.objectContaining({ message: firstError(query)?.message })] }]);
    expect(events[0].errors[0].extensions.code).toBe("invalid_key");
    expect(JSON.stringify(events)).not.toMatch(/Cannot read properties|undefined|workspaceId/);
  });

  it("masks a fault of ours that reaches no resolver path, as it did for that subscriber", () => {
    const fault = new GraphQLError("Cannot read properties of undefined (reading 'workspaceId')", {
      originalError: new TypeError("Cannot read properties of undefined (reading 'workspaceId')"),
    });
    const masked = maskError(fault) as GraphQLError;
    expect(masked.message).toBe("Something went wrong on our side.");
    expect(masked.extensions.code).toBe("internal");
  });

  it("refuses before any stream starts: a plain JSON answer, for an anonymous caller and for a job the person cannot see", async () => {
    const anonymous = await post(server.baseUrl, subscription, { variables });
    expect(anonymous.status).toBe(200);
    expect(firstError(anonymous)?.extensions.code).toBe("invalid_key");
    const hidden = await post(server.baseUrl, subscription, { variables, cookie: editor.cookie });
    expect(hidden.status).toBe(200);
    expect(firstError(hidden)).toMatchObject({ message: "No such job.", extensions: { code: "not_found" } });
  });
});
