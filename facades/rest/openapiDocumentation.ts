// What the OpenAPI document says beyond the route declarations: each operation's id and area
// (tag), the request examples, an example answer for every JSON answer (written here, or made
// from the schema), the error codes of every refusal as examples linked to the error catalogue
// (/docs/errors), and the event stream's framing. Applied to the generated document
// (facades/rest/app.ts); a route missing from OPERATIONS fails the document's build, so a new
// route cannot go undocumented.
import { type ErrorCode, errorCatalogue, errorDocs, isErrorCode, statusOf } from "../../src/errors.ts";

type Json = Record<string, unknown>;

export const TAGS = [
  { name: "Session", description: "Signing in and out: a signed-in person's HttpOnly session cookie." },
  { name: "Briefs", description: "What to write about: the topic, angle, audience, language, length and sources wanted." },
  {
    name: "Jobs",
    description:
      "Writing an article runs a job of steps (find, read, group, write, check...). Follow it as server-sent events, retry or skip a failed step, or cancel it.",
  },
  { name: "Articles", description: "Written articles: list, read with their claims and sources, their picture, archive." },
  {
    name: "Article edits",
    description: "Editing a written article unit by unit. Every edit names the version it was made against.",
  },
  { name: "Article sources", description: "Adding a source to a claim, and rewriting a paragraph from its claims." },
  { name: "Languages and illustrations", description: "Language versions of an article, and a new illustration." },
  { name: "Developer keys", description: "A signed-in person's API keys (session only): bearer tokens for this API." },
  { name: "Agents", description: "A signed-in person's MCP agents (session only): bearer tokens for /mcp/v1." },
  { name: "Webhooks", description: "Webhook endpoints (session only, Owner or Editor): signed deliveries of events." },
];

interface Operation {
  id: string;
  tag: (typeof TAGS)[number]["name"];
  /** The request body's example, when the body's schema carries none. */
  request?: unknown;
  /** The JSON answer's example; without one it is made from the answer's schema. */
  response?: unknown;
}

const BRIEF_ID = "7D2F8E4A-0C1B-4F6E-9A3D-2B5C8E1F0A47";
const SITE_ID = "0b6e3c1a-5d2f-4e8b-9c7a-1f3e5d7b9a2c";
const STEPS = [
  { id: "find", name: "Find pages", estMs: 3000 },
  { id: "group", name: "Group pages by independent origin", estMs: 12000 },
  { id: "read", name: "Read pages", estMs: 500 },
  { id: "write", name: "Write the article", estMs: 20000 },
];

const BRIEF = {
  id: BRIEF_ID,
  siteId: SITE_ID,
  topic: "Port Elsey harbour dredging",
  angle: "What the €38 million plan means for the fishing fleet",
  useUrls: [],
  excludeDomains: [],
  purpose: "news",
  audience: "Local readers",
  region: "Global",
  language: "en",
  tone: "neutral",
  length: "standard",
  targetWords: 900,
  structure: "ibc",
  keywords: ["harbour", "dredging"],
  mustAppear: [],
  preferDomains: [],
  illustration: "none",
  seo: true,
};

const STARTED = {
  articleId: "5C1E2A3B-4D5F-4A6B-8C7D-9E0F1A2B3C4D",
  jobId: "3F6A1C2E-8B4D-4E7F-9A0B-1C2D3E4F5A6B",
  creditsHeld: 1,
  briefId: BRIEF_ID,
  steps: STEPS,
};

const CREDENTIAL = {
  id: "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D",
  name: "CMS import",
  siteId: SITE_ID,
  scopes: ["read", "brief"],
  dailyCap: 50,
  tokenHint: "bz_live_…x7Qa",
  createdAt: "2026-11-03T09:30:00.000Z",
  createdBy: "ada@example.com",
};

/** Every operation, keyed by `METHOD path` under /api/v1. */
const OPERATIONS: Record<string, Operation> = {
  "POST /session": { id: "signIn", tag: "Session", request: { email: "ada@example.com", password: "correct horse battery" } },
  "DELETE /session": { id: "signOut", tag: "Session" },
  "POST /briefs": {
    id: "createBrief",
    tag: "Briefs",
    response: BRIEF,
    request: {
      topic: "Port Elsey harbour dredging",
      angle: "What the €38 million plan means for the fishing fleet",
      purpose: "news",
      language: "en",
      length: "standard",
      keywords: ["harbour", "dredging"],
    },
  },
  "GET /briefs/{id}": { id: "getBrief", tag: "Briefs", response: BRIEF },
  "PATCH /briefs/{id}": {
    id: "updateBrief",
    tag: "Briefs",
    request: { angle: "Who pays for the dredging", targetWords: 1200 },
    response: { ...BRIEF, angle: "Who pays for the dredging", targetWords: 1200 },
  },
  "POST /briefs/{id}/estimate": {
    id: "estimateBrief",
    tag: "Briefs",
    response: {
      credits: 1,
      parts: [{ label: "Article (standard)", credits: 1, kind: "article" }],
      steps: STEPS,
      enough: true,
      warnings: [],
    },
  },
  "POST /articles": {
    id: "startArticle",
    tag: "Jobs",
    request: { briefId: BRIEF_ID },
    response: STARTED,
  },
  "GET /jobs/{id}": {
    id: "getJob",
    tag: "Jobs",
    response: {
      id: STARTED.jobId,
      kind: "article",
      status: "running",
      step: "group",
      stepIndex: 1,
      steps: STEPS.map(({ id, name }, i) => ({ id, name, status: ["done", "running"][i] ?? "todo", optional: false })),
      startedAt: "2026-11-03T09:30:00.000Z",
      articleId: STARTED.articleId,
    },
  },
  "GET /jobs/{id}/events": { id: "followJobEvents", tag: "Jobs" },
  "POST /jobs/{id}/steps/{stepId}/retry": { id: "retryJobStep", tag: "Jobs" },
  "POST /jobs/{id}/steps/{stepId}/skip": { id: "skipJobStep", tag: "Jobs" },
  "POST /jobs/{id}/cancel": { id: "cancelJob", tag: "Jobs" },
  "GET /articles": { id: "listArticles", tag: "Articles" },
  "GET /articles/{id}": { id: "getArticle", tag: "Articles" },
  "GET /articles/{id}/illustration": { id: "getArticleIllustration", tag: "Articles" },
  "POST /articles/{id}/archive": { id: "archiveArticle", tag: "Articles" },
  "PUT /articles/{id}/units/{n}": { id: "replaceArticleUnit", tag: "Article edits" },
  "PUT /articles/{id}/title": {
    id: "setArticleTitle",
    tag: "Article edits",
    request: { text: "Harbour Board approves €38 million dredging", expectedVersion: 2 },
  },
  "PUT /articles/{id}/deck": {
    id: "setArticleDeck",
    tag: "Article edits",
    request: { text: "The work starts in March and takes two years.", expectedVersion: 2 },
  },
  "DELETE /articles/{id}/links/{linkId}": { id: "removeArticleLink", tag: "Article edits", request: { expectedVersion: 2 } },
  "POST /articles/{id}/structure": { id: "editArticleStructure", tag: "Article edits" },
  "POST /articles/{id}/claims/{claimId}/sources": { id: "addClaimSource", tag: "Article sources" },
  "POST /articles/{id}/paragraphs/{n}/regenerate": { id: "rewriteParagraph", tag: "Article sources" },
  "POST /articles/{id}/languages": { id: "addArticleLanguages", tag: "Languages and illustrations" },
  "POST /articles/{id}/illustration/regenerate": { id: "regenerateIllustration", tag: "Languages and illustrations" },
  "GET /developer/keys": { id: "listApiKeys", tag: "Developer keys", response: [CREDENTIAL] },
  "POST /developer/keys": {
    id: "createApiKey",
    tag: "Developer keys",
    request: { name: "CMS import", siteId: SITE_ID, scopes: ["read", "brief"], dailyCap: 50 },
    response: { key: CREDENTIAL, token: `bz_live_${"x".repeat(39)}x7Qa` },
  },
  "PATCH /developer/keys/{keyID}": { id: "updateApiKey", tag: "Developer keys", request: { name: "CMS import (staging)" } },
  "DELETE /developer/keys/{keyID}": { id: "revokeApiKey", tag: "Developer keys" },
  "GET /developer/mcp/agents": { id: "listAgents", tag: "Agents" },
  "POST /developer/mcp/agents": {
    id: "createAgent",
    tag: "Agents",
    request: { name: "Newsroom assistant", siteId: SITE_ID, scopes: ["read"], dailyCap: 20 },
  },
  "PATCH /developer/mcp/agents/{agentID}": { id: "updateAgent", tag: "Agents", request: { dailyCap: 40 } },
  "DELETE /developer/mcp/agents/{agentID}": { id: "revokeAgent", tag: "Agents" },
  "GET /developer/webhooks": { id: "listWebhooks", tag: "Webhooks" },
  "POST /developer/webhooks": {
    id: "createWebhook",
    tag: "Webhooks",
    request: { url: "https://hooks.example.com/articles", events: ["job.done", "article.approved"] },
  },
  "PATCH /developer/webhooks/{webhookID}": {
    id: "updateWebhook",
    tag: "Webhooks",
    request: { events: ["job.done", "job.failed"] },
  },
  "DELETE /developer/webhooks/{webhookID}": { id: "deleteWebhook", tag: "Webhooks" },
  "POST /developer/webhooks/{webhookID}/test": { id: "testWebhook", tag: "Webhooks" },
  "POST /developer/webhooks/{webhookID}/secret": { id: "rotateWebhookSecret", tag: "Webhooks" },
};

const BASE = "/api/v1";
const METHODS = ["get", "put", "post", "delete", "patch"] as const;
const describe = new Map(errorCatalogue().map((entry) => [entry.code, entry.description]));

/** The error codes a refusal's description names (`invalid_key: ...`, `article_exists or ...`). */
export function codesIn(description: string): ErrorCode[] {
  return [...new Set(description.match(/\b[a-z]+(?:_[a-z]+)*\b/g) ?? [])].filter(isErrorCode);
}

/** A refusal: its codes named and linked, each an example of the error body. */
function documentRefusal(where: string, status: number, response: Json): void {
  const description = String(response.description ?? "");
  const codes = codesIn(description);
  if (codes.length === 0) throw new Error(`${where} ${status}: the description names no error code`);
  for (const code of codes) {
    if (statusOf(code) !== status) throw new Error(`${where} ${status}: ${code} answers ${statusOf(code)}`);
  }
  response.description = description.replace(/\b[a-z]+(?:_[a-z]+)*\b/g, (word) =>
    isErrorCode(word) && codes.includes(word) ? `[\`${word}\`](${errorDocs(word)})` : word,
  );
  response.content = {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      examples: Object.fromEntries(
        codes.map((code) => [
          code,
          {
            summary: code,
            value: { error: code, message: describe.get(code), docs: errorDocs(code) },
          },
        ]),
      ),
    },
  };
}

/** The JSON Schema of the `data:` line of each event (src/events/jobEvents.ts). */
const JOB_EVENT_SCHEMA = {
  title: "JobEvent",
  oneOf: [
    {
      title: "step",
      type: "object",
      description: "A step changed status.",
      properties: {
        kind: { const: "step" },
        stepId: { type: "string" },
        status: { enum: ["todo", "running", "done", "failed"] },
        summary: { type: "string" },
        ms: { type: "integer" },
        details: {
          type: "array",
          items: { type: "object", properties: { tag: { type: "string" }, text: { type: "string" } }, required: ["tag", "text"] },
        },
      },
      required: ["kind", "stepId", "status", "summary", "ms", "details"],
    },
    {
      title: "done",
      type: "object",
      description: "The article is written; the stream ends.",
      properties: { kind: { const: "done" }, articleId: { type: "string" } },
      required: ["kind", "articleId"],
    },
    {
      title: "failed",
      type: "object",
      description: "The job failed (code: cancelled, fetch_timeout, too_few_origins, model_timeout, provider_error or other).",
      properties: { kind: { const: "failed" }, code: { type: "string" }, message: { type: "string" } },
      required: ["kind", "code", "message"],
    },
    {
      title: "refunded",
      type: "object",
      description:
        "Held credits were released. Without `reason` the job failed or was cancelled and the stream ends; `reason: unused` returns what a finished job did not use.",
      properties: { kind: { const: "refunded" }, credits: { type: "integer" }, reason: { const: "unused" } },
      required: ["kind", "credits"],
    },
    {
      title: "ping",
      type: "object",
      description:
        "Not stored, no `id:`: every 20 seconds, every 5 seconds with `queued` (the queue position) while the job waits.",
      properties: { kind: { const: "ping" }, queued: { type: "integer", minimum: 1 } },
      required: ["kind"],
    },
  ],
};

const EVENT_STREAM_DESCRIPTION = [
  "`text/event-stream`. The stream opens with a comment line, `: job <id>`; then each stored event after `Last-Event-ID` ",
  "(none replayed) and each new one as it is written, as `id: <seq>` and `data: <JSON>` lines and a blank line. ",
  'Pings (`data: {"kind":"ping"}`) carry no `id:`. The stream ends after `done`, or after a `refunded` without `reason`. ',
  "Reconnect with `Last-Event-ID: <last id seen>` to resume.",
].join("");

const EVENT_STREAM_EXAMPLE = [
  ": job 3F6A1C2E-8B4D-4E7F-9A0B-1C2D3E4F5A6B",
  "",
  "id: 1",
  'data: {"kind":"step","stepId":"find","status":"running","summary":"Finding pages","ms":0,"details":[]}',
  "",
  'data: {"kind":"ping","queued":2}',
  "",
  "id: 9",
  'data: {"kind":"done","articleId":"5C1E2A3B-4D5F-4A6B-8C7D-9E0F1A2B3C4D"}',
  "",
  "",
].join("\n");

/** An example made from a JSON Schema: its own example, else a plausible value by type and name. */
function sample(schema: unknown, components: Json, name = "", depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 8) return undefined;
  const s = schema as Json;
  if (typeof s.$ref === "string") return sample(components[s.$ref.split("/").pop() ?? ""], components, name, depth + 1);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const options = (s[key] as unknown[] | undefined)?.filter((o) => (o as Json).type !== "null");
    if (options?.length) return sample(options[0], components, name, depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "object" || s.properties) {
    const properties = (s.properties ?? {}) as Json;
    return Object.fromEntries(
      Object.entries(properties)
        .map(([key, value]) => [key, sample(value, components, key, depth + 1)])
        .filter(([, value]) => value !== undefined),
    );
  }
  if (type === "array") {
    const item = sample(s.items, components, name.replace(/s$/, ""), depth + 1);
    return item === undefined ? [] : [item];
  }
  if (type === "integer" || type === "number") return typeof s.minimum === "number" ? Math.max(s.minimum, 1) : 1;
  if (type === "boolean") return true;
  if (type === "string") {
    if (s.format === "binary") return undefined;
    if (/At$|Until$|^since$/.test(name)) return "2026-11-03T09:30:00.000Z";
    if (/^(id|.+Id)$/.test(name)) return "5C1E2A3B-4D5F-4A6B-8C7D-9E0F1A2B3C4D";
    if (/url$/i.test(name)) return "https://www.example-news.com/2026/11/03/harbour.html";
    if (/language/i.test(name)) return "en";
    return name ? `${name} text` : "text";
  }
  return undefined;
}

/** Adds the operations' ids, tags, examples and refusals to the generated document. */
export function documentOperations(doc: Json): Json {
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  components.JobEvent = JOB_EVENT_SCHEMA;
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path.startsWith(BASE) ? path.slice(BASE.length) : path}`;
      const entry = OPERATIONS[key];
      if (!entry) throw new Error(`${key} has no entry in OPERATIONS (facades/rest/openapiDocumentation.ts)`);
      seen.add(key);
      op.operationId = entry.id;
      op.tags = [entry.tag];
      const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"] as Json | undefined;
      if (body && body.example === undefined) body.example = entry.request ?? sample(body.schema, components);
      let answered = false;
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        if (Number(status) >= 400) {
          documentRefusal(key, Number(status), response);
          continue;
        }
        const content = (response.content ?? {}) as Record<string, Json>;
        if (content["text/event-stream"]) {
          response.description = EVENT_STREAM_DESCRIPTION;
          content["text/event-stream"] = {
            schema: {
              type: "string",
              description: "Comment, `id:` and `data:` lines; each `data:` line is one JobEvent as JSON.",
              contentSchema: { $ref: "#/components/schemas/JobEvent" },
            },
            example: EVENT_STREAM_EXAMPLE,
          };
        }
        const json = content["application/json"];
        if (json && json.example === undefined) {
          json.example = !answered && entry.response !== undefined ? entry.response : sample(json.schema, components);
          answered = true;
        }
      }
    }
  }
  const missing = Object.keys(OPERATIONS).filter((key) => !seen.has(key));
  if (missing.length > 0) throw new Error(`OPERATIONS names routes that do not exist: ${missing.join(", ")}`);
  return doc;
}
