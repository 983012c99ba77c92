// Fuzzing from outside: generated requests over every REST route of the OpenAPI document (so a
// new route is covered when it is added), every GraphQL query, mutation and subscription of the
// schema, and /mcp/v1 (its tools too, from tools/list), sent by a key, an agent, signed-in persons
// of every role and anonymous callers. Whatever is sent, no answer may be a 5xx and every request
// must be answered. The seed is fixed and the count bounded; FUZZ_SEED and FUZZ_RUNS replay or
// widen a run, FUZZ_REPORT=1 prints the answers by status. Pipeline workers are off, so a started job never runs and nothing is fetched.
import fc from "fast-check";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLObjectType,
  getNamedType,
  isLeafType,
  isNonNullType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../schema/index.ts";
import { addPerson, makeKey, makeWorld, type Person, type World } from "./support/fixtures.ts";
import {
  awkwardBody,
  contentTypes,
  encodePart,
  fromGraphQLType,
  fromJsonSchema,
  fuzzJson,
  fuzzString,
  graphqlStringLiteral,
  type Known,
  type Rate,
  type Wrap,
} from "./support/fuzzInputs.ts";
import { call } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const COUNTS = { rest: 600 * RUNS, graphql: 400 * RUNS, mcp: 200 * RUNS };
const ANSWER_MS = 10_000;

interface Probe {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

interface Finding {
  label: string;
  status: number | "no answer";
  answer: string;
}

let server: TestServer;
let world: World;
let persons: Person[];
let keys: string[];
let agents: string[];
let known: Known;

beforeAll(async () => {
  // TRUST_PROXY: each probe comes from its own X-Forwarded-For, so the refused-token limit of one
  // address does not turn the rest of the run into 429s.
  server = await startTestServer({ TRUST_PROXY: "1" }, { workers: false });
  world = await makeWorld(server.baseUrl, server.db, 3);
  persons = [
    world.owner,
    await addPerson(server.baseUrl, server.db, world.workspaceId, "Editor"),
    await addPerson(server.baseUrl, server.db, world.workspaceId, "Writer"),
    await addPerson(server.baseUrl, server.db, world.workspaceId, "Viewer"),
  ];
  // Keys the fuzz sends requests with (60 requests a minute each) ...
  keys = [];
  for (let i = 0; i < 9; i++) {
    const options = i === 0 ? { dailyCap: 2 } : { siteId: world.siteId, dailyCap: 2 };
    keys.push((await makeKey(server.baseUrl, world.owner, options)).token);
  }
  const agent = async (name: string) =>
    call(server.baseUrl, "/api/v1/developer/mcp/agents", {
      cookie: world.owner.cookie,
      body: { name, siteId: world.siteId, scopes: ["brief", "generate", "read", "edit", "export"], dailyCap: 2 },
    });
  agents = [(await agent("fuzz one")).body.token, (await agent("fuzz two")).body.token];
  // ... and records whose ids the fuzz may name, including a key and an agent it may revoke.
  const victimKey = await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, name: "victim" });
  const victimAgent = (await agent("victim")).body.agent.id as string;
  const brief = await call(server.baseUrl, "/api/v1/briefs", {
    token: keys[1],
    body: { topic: "Harbour dredging", useUrls: ["https://news.example.com/story"] },
  });
  const started = await call(server.baseUrl, "/api/v1/articles", { token: keys[1], body: { briefId: brief.body.id } });
  expect(started.status).toBe(200);
  const ids = {
    siteid: [world.siteId],
    briefid: [brief.body.id],
    articleid: [started.body.articleId],
    supersedes: [started.body.articleId],
    jobid: [started.body.jobId],
    stepid: ["find", "group", "write", "illustrate"],
    keyid: [victimKey.key.id],
    agentid: [victimAgent],
    id: [brief.body.id, started.body.articleId, started.body.jobId, victimKey.key.id, victimAgent],
  };
  known = {
    ...ids,
    brandid: [],
    role: ["Owner", "Editor", "Viewer"],
    any: [...new Set(Object.values(ids).flat()), world.otherSiteId],
  };
});
afterAll(() => server?.close());

let address = 0;
/** A fresh client address per probe (see TRUST_PROXY above). */
const nextAddress = () => {
  address++;
  return `198.18.${(address >> 8) & 255}.${address & 255}`;
};

/**
 * A fault answered with another status: GraphQL reports a resolver's fault with 200 and an error
 * coded `internal`; JSON-RPC with -32603, and a tool with `isError` and `internal`.
 */
function masksAFault(answer: string): boolean {
  let parsed: any;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return false;
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  return messages.some(
    (m) =>
      m?.errors?.some?.((e: any) => e?.extensions?.code === "internal") ||
      m?.error?.code === -32603 ||
      m?.result?.structuredContent?.error === "internal",
  );
}

/** Answers by status and probe, printed after each surface with FUZZ_REPORT=1. */
const statuses = new Map<string, number>();

async function send(probe: Probe): Promise<Finding | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(server.baseUrl + probe.path, {
      method: probe.method,
      headers: { ...probe.headers, "X-Forwarded-For": nextAddress() },
      body: probe.body as BodyInit | undefined,
      signal: AbortSignal.timeout(ANSWER_MS),
    });
    const type = response.headers.get("content-type") ?? "";
    const tally = `${response.status} ${probe.label.split(" (")[0]}`;
    statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
    // A stream that stays open (job events, a subscription) has answered once its headers are in.
    let answer = "";
    if (/event-stream|multipart\/mixed/.test(type)) await response.body?.cancel();
    else answer = await response.text();
    if (response.status >= 500 || masksAFault(answer)) {
      return { label: probe.label, status: response.status, answer: answer.slice(0, 300) };
    }
    return undefined;
  } catch (error) {
    return {
      label: probe.label,
      status: "no answer",
      answer: `${(error as Error).message} after ${Math.round(performance.now() - started)} ms`,
    };
  }
}

/** Sends the probes a few at a time, as several clients would. */
async function sendAll(probes: Probe[], concurrency = 4): Promise<Finding[]> {
  const findings: Finding[] = [];
  let next = 0;
  const client = async () => {
    while (next < probes.length) {
      const finding = await send(probes[next++] as Probe);
      if (finding) findings.push(finding);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  if (process.env.FUZZ_REPORT) console.log(probes[0]?.label.split(" ")[0], Object.fromEntries([...statuses].sort()));
  statuses.clear();
  return findings;
}

const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);
/** Mostly plausible requests with one odd value (so they reach the code behind validation), some with many. */
const RATES: fc.Arbitrary<Rate> = fc.constantFrom(3, 3, 10, 30);
const text = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));

/** Who sends a probe: mostly the credential the route asks for, sometimes anybody else. */
function caller(wants: "key" | "agent" | "session" | "none"): fc.Arbitrary<{ who: string; headers: Record<string, string> }> {
  const key = pick(keys).map((k) => ({ who: "key", headers: { Authorization: `Bearer ${k}` } }));
  const agent = pick(agents).map((a) => ({ who: "agent", headers: { Authorization: `Bearer ${a}` } }));
  const person = pick(persons).map((p) => ({ who: "person", headers: { Cookie: p.cookie } }));
  const anonymous = fc.constant({ who: "anonymous", headers: {} as Record<string, string> });
  const forged = fuzzString({ any: ["bz_live_x", "Bearer", "bz_mcp_live_"] }).map((t) => ({
    who: "forged",
    headers: { Authorization: `Bearer ${t.replace(/[^\x21-\x7e]/g, "A")}` },
  }));
  const wanted = { key, agent, session: person, none: anonymous }[wants];
  return fc.oneof({ weight: 12, arbitrary: wanted }, anonymous, forged, key, person);
}

/** A body: shaped by the route's schema mostly, else any JSON, else something awkward. */
function body(
  shaped: fc.Arbitrary<unknown>,
  wraps: readonly Wrap[] = [],
): fc.Arbitrary<{ label: string; body: string | Uint8Array | undefined }> {
  return fc.oneof(
    { weight: 12, arbitrary: shaped.map((value) => ({ label: "shaped", body: text(value) })) },
    { weight: 2, arbitrary: fuzzJson(known).map((value) => ({ label: "json", body: text(value) })) },
    { weight: 2, arbitrary: awkwardBody(wraps) },
  );
}

/** Where a raw value goes in a body of this JSON Schema: each of its fields. */
const wrapsFor = (schema: any, components: Record<string, any>): Wrap[] => {
  const resolved = schema?.$ref ? components[String(schema.$ref).split("/").at(-1) ?? ""] : schema;
  return Object.keys(resolved?.properties ?? {}).map((name) => (value: string) => `{${JSON.stringify(name)}:${value}}`);
};

// ----- REST, from the OpenAPI document -----

/** `/briefs/{id}` takes a brief id: the name of the ids to pick from for a path parameter. */
function idName(path: string, param: string): string {
  if (param !== "id") return param;
  const resource = path.split("/{id}")[0]?.split("/").at(-1) ?? "";
  return `${resource.replace(/s$/, "")}Id`;
}

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: object }[];
  bodySchema: object | undefined;
  security: string | undefined;
}

async function restProbes(): Promise<Probe[]> {
  const doc = (await call(server.baseUrl, "/api/v1/openapi.json")).body;
  const components = doc.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path: path.startsWith("/api/v1") ? path : `/api/v1${path}`,
        parameters: op.parameters ?? [],
        bodySchema: op.requestBody?.content?.["application/json"]?.schema,
        security: Object.keys(op.security?.[0] ?? {})[0],
      });
    }
  }
  expect(operations.length).toBeGreaterThan(15);
  const probe = fc.tuple(pick(operations), RATES).chain(([op, rate]) => {
    const params = op.parameters.filter((p) => p.in === "path");
    const queries = op.parameters.filter((p) => p.in === "query");
    return fc
      .record({
        who: caller(op.security === "bearer" ? "key" : op.security === "session" ? "session" : "none"),
        path: fc.tuple(...params.map((p) => fuzzString(known, idName(op.path, p.name), rate))),
        query: fc.record(
          Object.fromEntries(queries.map((q) => [q.name, fromJsonSchema(q.schema, components, known, rate, q.name)])),
          { requiredKeys: [] },
        ),
        extraQuery: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, fc.tuple(fuzzString(known), fuzzString(known))),
        body:
          op.bodySchema || op.method !== "GET"
            ? body(fromJsonSchema(op.bodySchema, components, known, rate), wrapsFor(op.bodySchema, components))
            : fc.constant(undefined),
        contentType: contentTypes,
        method: fc.oneof(
          { weight: 15, arbitrary: fc.constant(op.method) },
          pick(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]),
        ),
      })
      .map((g): Probe => {
        let path = op.path;
        params.forEach((p, i) => {
          path = path.replace(`{${p.name}}`, encodePart(String(g.path[i])));
        });
        const pairs = Object.entries(g.query).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]);
        if (g.extraQuery) pairs.push(g.extraQuery);
        if (pairs.length) path += `?${pairs.map(([k, v]) => `${encodePart(k ?? "")}=${encodePart(v ?? "")}`).join("&")}`;
        const send = g.method === "GET" || g.method === "OPTIONS" ? undefined : g.body?.body;
        const headers: Record<string, string> = { ...g.who.headers, Accept: "application/json" };
        if (send !== undefined && g.contentType) headers["Content-Type"] = g.contentType;
        // Signing out is a route like any other, but it would end the persons' sessions mid-run.
        if (g.method === "DELETE" && op.path.endsWith("/session")) delete headers.Cookie;
        return {
          label: `REST ${g.method} ${op.path} as ${g.who.who} (${g.body?.label ?? "no body"})`,
          method: g.method,
          path,
          headers,
          body: send,
        };
      });
  });
  return fc.sample(probe, { seed: SEED, numRuns: COUNTS.rest });
}

// ----- GraphQL, from the schema -----

type Field = GraphQLField<unknown, unknown>;

function selectionOf(field: Field): string {
  return isLeafType(getNamedType(field.type)) ? "" : "{ __typename }";
}

function operationProbe(kind: "query" | "mutation" | "subscription", field: Field, rate: Rate): fc.Arbitrary<Probe> {
  const args: readonly GraphQLArgument[] = field.args;
  const values = fc.tuple(
    ...args.map((a) =>
      fc.option(fromGraphQLType(a.type, known, rate, a.name === "id" ? `${field.name}Id` : a.name), {
        freq: isNonNullType(a.type) ? 20 : 3,
        nil: undefined,
      }),
    ),
  );
  return fc
    .record({
      values,
      inline: fc.boolean(),
      who: caller("session"),
      get: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, fc.constant(true)),
    })
    .map((g) => {
      let document: string;
      let variables: Record<string, unknown> | undefined;
      if (g.inline) {
        // Arguments written into the document, strings as literals with their escapes.
        const literal = (value: unknown): string =>
          typeof value === "string"
            ? graphqlStringLiteral(value)
            : Array.isArray(value)
              ? `[${value.map(literal).join(", ")}]`
              : value && typeof value === "object"
                ? `{ ${Object.entries(value)
                    .filter(([k]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(k))
                    .map(([k, v]) => `${k}: ${literal(v)}`)
                    .join(", ")} }`
                : value === undefined || value === null || (typeof value === "number" && !Number.isFinite(value))
                  ? "null"
                  : String(value);
        const given = args.map((a, i) => [a.name, g.values[i]] as const).filter(([, v]) => v !== undefined);
        const list = given.map(([name, v]) => `${name}: ${literal(v)}`).join(", ");
        document = `${kind} { ${field.name}${list ? `(${list})` : ""} ${selectionOf(field)} }`;
      } else {
        const declared = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
        const passed = args.map((a) => `${a.name}: $${a.name}`).join(", ");
        document = `${kind}${declared ? `(${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""} ${selectionOf(field)} }`;
        variables = Object.fromEntries(args.map((a, i) => [a.name, g.values[i]]).filter(([, v]) => v !== undefined));
      }
      const label = `GraphQL ${kind} ${field.name} as ${g.who.who} (${g.inline ? "inline" : "variables"}${g.get ? ", GET" : ""})`;
      const headers = { ...g.who.headers, Accept: "application/json" };
      if (g.get) {
        const query = `query=${encodePart(document)}${variables ? `&variables=${encodePart(JSON.stringify(variables))}` : ""}`;
        return { label, method: "GET", path: `/graphql?${query}`, headers };
      }
      return {
        label,
        method: "POST",
        path: "/graphql",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ query: document, variables }),
      };
    });
}

const MALFORMED_DOCUMENTS = [
  "{",
  "query {",
  "{ me { name } ",
  "mutation",
  "{ __typename @skip }",
  "{ me(x: 1) { name } }",
  "{ article(id: 1) { id } }",
  "query($a: Strin) { me { name } }",
  "query($a: String) { me { name } }",
  '{ articles(since: "\\u0000") { id } }',
  '{ articles(since: "\\uD800") { id } }',
  "{ me { name } } { me { name } }",
  "subscription { jobEvents(id: 1) { kind } }",
  "fragment f on Query { ...f } { ...f }",
  `{ ${"me { name } ".repeat(2)} }`,
  `query ${"(".repeat(500)}`,
  `{ articles(siteId: ${"[".repeat(10_000)}"x"${"]".repeat(10_000)}) { id } }`,
  `{ me ${"{ name ".repeat(5_000)}${"}".repeat(5_000)} }`,
  "\u0000",
  "{ me { name } } # \ud800",
];

async function graphqlProbes(): Promise<Probe[]> {
  const roots: [kind: "query" | "mutation" | "subscription", type: GraphQLObjectType | null | undefined][] = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
    ["subscription", schema.getSubscriptionType()],
  ];
  const fields = roots.flatMap(([kind, type]) => Object.values(type?.getFields() ?? {}).map((f) => [kind, f] as const));
  expect(fields.length).toBeGreaterThan(20);
  const operations = fields.map(([kind, field]) => RATES.chain((rate) => operationProbe(kind, field, rate)));
  const malformed = fc.record({ doc: pick(MALFORMED_DOCUMENTS), who: caller("session"), extra: fuzzJson(known) }).map(
    (g): Probe => ({
      label: `GraphQL malformed ${JSON.stringify(g.doc.slice(0, 40))} as ${g.who.who}`,
      method: "POST",
      path: "/graphql",
      headers: { ...g.who.headers, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ query: g.doc, variables: g.extra, operationName: typeof g.extra === "string" ? g.extra : null }),
    }),
  );
  const wraps: Wrap[] = [
    (value) => `{"query":"mutation($input: BriefInput) { createBrief(input: $input) { id } }","variables":{"input":${value}}}`,
    (value) => `{"query":"{ me { name } }","variables":${value},"extensions":${value}}`,
  ];
  const raw = fc.record({ who: caller("session"), body: body(fuzzJson(known), wraps), contentType: contentTypes }).map(
    (g): Probe => ({
      label: `GraphQL raw body (${g.body.label}, ${g.contentType}) as ${g.who.who}`,
      method: "POST",
      path: "/graphql",
      headers: { ...g.who.headers, "Content-Type": g.contentType, Accept: "application/graphql-response+json" },
      body: g.body.body,
    }),
  );
  const probe = fc.oneof(
    { weight: 10, arbitrary: fc.oneof(...operations) },
    { weight: 2, arbitrary: malformed },
    { weight: 2, arbitrary: raw },
  );
  return fc.sample(probe, { seed: SEED + 1, numRuns: COUNTS.graphql });
}

// ----- MCP, JSON-RPC with generated params -----

async function mcpProbes(): Promise<Probe[]> {
  const listed = await call(server.baseUrl, "/mcp/v1", {
    token: agents[0],
    body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    headers: { Accept: "application/json, text/event-stream" },
  });
  const tools: { name: string; inputSchema?: object }[] = listed.body?.result?.tools ?? [];
  const toolCall = tools.length
    ? pick(tools).chain((tool) =>
        RATES.chain((rate) => fromJsonSchema(tool.inputSchema as never, {}, known, rate)).map((args) => ({
          name: tool.name,
          arguments: args,
        })),
      )
    : fc.record({ name: fuzzString(known), arguments: fuzzJson(known) });
  const params = fc.oneof(
    { weight: 4, arbitrary: toolCall },
    fc.record({ protocolVersion: fuzzString({ any: ["2025-11-25", "2025-06-18"] }), capabilities: fuzzJson(known) }),
    fuzzJson(known),
  );
  const message = fc.record(
    {
      jsonrpc: fc.oneof({ weight: 8, arbitrary: fc.constant("2.0") }, fuzzJson(known)),
      id: fc.oneof(fc.integer(), fuzzString(known), fc.constant(null), fuzzJson(known)),
      method: fc.oneof(
        { weight: 6, arbitrary: pick(["tools/call", "tools/list", "initialize", "ping", "notifications/initialized"]) },
        fuzzString(known),
      ),
      params,
    },
    { requiredKeys: ["jsonrpc"] },
  );
  const probe = fc
    .record({
      who: caller("agent"),
      body: body(fc.oneof({ weight: 5, arbitrary: message }, fc.array(message, { maxLength: 3 })), [
        (value) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${value},"arguments":{}}}`,
        (value) => `{"jsonrpc":"2.0","id":${value},"method":${value},"params":${value}}`,
      ]),
      contentType: contentTypes,
      version: fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        fuzzString({ any: ["2025-11-25", "2025-03-26", "1999-01-01"] }),
      ),
      origin: fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, pick(["https://evil.example", "null", server.baseUrl])),
      method: fc.oneof({ weight: 12, arbitrary: fc.constant("POST") }, pick(["GET", "DELETE", "PUT", "OPTIONS"])),
    })
    .map((g): Probe => {
      const headers: Record<string, string> = {
        ...g.who.headers,
        Accept: "application/json, text/event-stream",
        "Content-Type": g.contentType,
      };
      if (g.version !== null) headers["MCP-Protocol-Version"] = g.version.replace(/[^\x20-\x7e]/g, "?");
      if (g.origin !== null) headers.Origin = g.origin;
      return {
        label: `MCP ${g.method} as ${g.who.who} (${g.body.label})`,
        method: g.method,
        path: "/mcp/v1",
        headers,
        body: g.method === "GET" || g.method === "OPTIONS" ? undefined : g.body.body,
      };
    });
  return fc.sample(probe, { seed: SEED + 2, numRuns: COUNTS.mcp });
}

describe("fuzzing every surface finds no 5xx", () => {
  const report = (findings: Finding[]) => findings.map((f) => `${f.status} ${f.label}: ${f.answer}`);

  it("over every REST route of the OpenAPI document", async () => {
    expect(report(await sendAll(await restProbes()))).toEqual([]);
  }, 120_000);

  it("over every GraphQL query, mutation and subscription, and malformed documents", async () => {
    expect(report(await sendAll(await graphqlProbes()))).toEqual([]);
  }, 120_000);

  it("over /mcp/v1", async () => {
    expect(report(await sendAll(await mcpProbes()))).toEqual([]);
  }, 120_000);
});
