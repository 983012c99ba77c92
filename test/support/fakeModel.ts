// A model server for the tests: real HTTP on 127.0.0.1 speaking the OpenAI chat-completions wire
// format, deterministic, and writing its answer from the request itself. It reads the claims back
// out of the prompt's DATA blocks with the same reader the prompt module exports, so a change to
// the prompt format that loses the claims shows up here as a failing test, not a silent pass.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readDataBlocks } from "../../src/writing/provider/prompt.ts";

export type FakeMode =
  | "ok"
  | "slow"
  | "error500"
  | "error429"
  | "malformed"
  | "badClaimIds"
  | "inventedNumber"
  | "schemaUnsupported"
  | "obeyInjection"
  /** Writes the claims' sentences as its sources wrote them, outside quotation marks. */
  | "copySources"
  /** Writes the claims' sentences whole inside quotation marks: within the run rule, over the quoted share. */
  | "quoteSources"
  /** 401 whose message repeats the Authorization header, as some proxies do. */
  | "unauthorizedEcho";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined for GET. */
  body: any;
  /** The mode the request was answered in. */
  mode: FakeMode;
}

export interface FakeModelOptions {
  /** The `model` the answers report, to tell it from the one asked for. */
  servedModel?: string;
}

export interface FakeModel {
  /** Base URL ending in /v1, as LLM_BASE_URL takes it. */
  url: string;
  requests: RecordedRequest[];
  /** One mode for every call, or a sequence for consecutive calls (then "ok" once it runs out). */
  setMode(mode: FakeMode | FakeMode[], options?: { delayMs?: number }): void;
  /** Back to "ok" with no requests recorded. */
  reset(): void;
  close(): Promise<void>;
}

const INJECTION = /ignore your instructions/i;
export const INVENTED_SENTENCE = "Officials said 4,812 residents were affected.";
export const OBEYED_SENTENCE = "The mayor resigned, and 99 people were evacuated.";
export const UNKNOWN_CLAIM_ID = "claim-that-does-not-exist";

interface Claim {
  id: string;
  text: string;
  state: string;
  origins?: string[];
  attributedTo?: string;
  variants?: { text: string; origins: string[] }[];
}

interface AnswerUnit {
  kind: "paragraph" | "heading" | "item" | "row";
  text: string;
  claimIds: string[];
  level: 2 | 3 | null;
  ordered: boolean | null;
  cells: string[] | null;
  header: boolean | null;
}

interface Answer {
  title: string;
  deck: string | null;
  units: AnswerUnit[];
  links: { n: number; anchor: string; url: string }[];
}

const unit = (kind: AnswerUnit["kind"], text: string, claimIds: string[], extra: Partial<AnswerUnit> = {}): AnswerUnit => ({
  kind,
  text,
  claimIds,
  level: null,
  ordered: null,
  cells: null,
  header: null,
  ...extra,
});

/** Words of a source a fake repeats in a row: under the copy rule's limit of 12 (src/writing/copying.ts), so the words around them never make a longer run. */
const OWN_RUN = 10;

/**
 * How a careful writer would state the claim, attribution included. A fake cannot paraphrase, so
 * it gives the first words of a source's sentence, never more in a row than the copy rule allows,
 * and marks the cut ("…"): within the copy rule and the quotation limits, as a model writing in
 * its own words is. `copy` writes the sentence whole, as a model that copies would; `quote` gives
 * it whole in quotation marks (inner marks made single), as a model that quotes everything would.
 */
function stated(claim: Claim, copy: "copy" | "quote" | false = false): string {
  const origin = claim.origins?.[0] ?? "one outlet";
  const words = (text: string) => {
    if (copy === "copy") return text;
    if (copy === "quote") return `“${text.replace(/[“”„"«»]/gu, "’").replace(/(^|\s)’/gu, "$1‘")}”`;
    const all = text
      .replace(/[“”„"«»]/gu, "")
      .split(/\s+/u)
      .filter(Boolean);
    if (all.length <= OWN_RUN) return all.join(" ");
    // Never cut right after a figure: "+44 113 | 496 0712" or "40 | Millionen" would state another number.
    let n = OWN_RUN;
    while (n > 3 && /\d/u.test(all[n - 1] as string)) n--;
    return `${all
      .slice(0, n)
      .join(" ")
      .replace(/[,;:]$/u, "")}…`;
  };
  switch (claim.state) {
    case "singleSource":
    case "circular":
      return `According to ${origin}, ${words(claim.text)} No other outlet confirmed it.`;
    case "parallel":
      return `According to ${claim.attributedTo ?? origin}, ${words(claim.text)}`;
    case "disputed":
      return (
        (claim.variants ?? []).map((v) => `${v.origins.join(" and ")} reported: ${words(v.text)}`).join(" ") || words(claim.text)
      );
    default:
      return `Reports agree: ${words(claim.text)}`;
  }
}

function articleAnswer(blocks: Map<string, unknown>, copy: "copy" | "quote" | false): Answer {
  const sentence = (claim: Claim) => stated(claim, copy);
  const brief = (blocks.get("brief") ?? {}) as {
    topic?: string;
    structure?: string;
    targetWords?: number;
    mustAppear?: string[];
  };
  const given = (blocks.get("claims") ?? []) as Claim[];
  // Like an obedient model, claims carrying a mustAppear phrase come first.
  const asked = (brief.mustAppear ?? []).map((p) => p.toLowerCase());
  const carries = (c: Claim) => asked.some((p) => c.text.toLowerCase().includes(p));
  const claims = [...given.filter(carries), ...given.filter((c) => !carries(c))];
  const pages = (blocks.get("sitePages") ?? []) as { url: string; title: string }[];
  const [first, ...rest] = claims;
  const units: AnswerUnit[] = [];
  if (first) units.push(unit("paragraph", sentence(first), [first.id]));
  // Like an obedient model, stop once the target length is reached.
  const target = brief.targetWords ?? Number.POSITIVE_INFINITY;
  let words = first ? sentence(first).split(/\s+/).length : 0;
  const body: Claim[] = [];
  for (const claim of rest) {
    if (words >= target * 0.95) break;
    const length = sentence(claim).split(/\s+/).length;
    if (words + length > target * 1.1) continue;
    body.push(claim);
    words += length;
  }
  if (body.length === 0 && first) body.push(first);
  if (brief.structure === "list") {
    for (const claim of body) units.push(unit("item", sentence(claim), [claim.id], { ordered: false }));
  } else if (brief.structure === "qa") {
    units.push(unit("heading", "## What happened?", [], { level: 2 }));
    for (const claim of body) units.push(unit("paragraph", sentence(claim), [claim.id]));
  } else {
    units.push(unit("heading", "## What we know", [], { level: 2 }));
    for (const claim of body) units.push(unit("paragraph", sentence(claim), [claim.id]));
  }
  const links: Answer["links"] = [];
  const page = pages[0];
  const anchor = units[0]?.text.split(" ").slice(0, 2).join(" ");
  if (page && anchor) links.push({ n: 1, anchor, url: page.url });
  return { title: brief.topic ?? "Untitled", deck: null, units, links };
}

interface PrimaryUnit {
  kind: AnswerUnit["kind"];
  text: string;
  claimIds: string[];
  level?: 2 | 3;
  ordered?: boolean;
  cells?: string[];
  header?: boolean;
}

/** A "translation" that marks each unit with the target language and keeps everything else. */
function versionAnswer(primary: { targetLanguage: string; title: string; deck: string | null; units: PrimaryUnit[] }): Answer {
  const tag = `[${primary.targetLanguage}]`;
  // Like a real translator, write figures in the target's notation: most of the 22 languages
  // swap the English thousands and decimal separators ("12,000" becomes "12.000").
  const localise = (text: string) =>
    ["en", "ja"].includes(primary.targetLanguage)
      ? text
      : text.replace(/\d[\d.,]*\d/g, (n) => n.replace(/[.,]/g, (c) => (c === "," ? "." : ",")));
  const mark = (text: string) => `${tag} ${localise(text)}`;
  return {
    title: mark(primary.title),
    deck: primary.deck ? mark(primary.deck) : null,
    units: primary.units.map((u) =>
      unit(
        u.kind,
        u.kind === "heading" ? u.text.replace(/^(#+)\s*(.*)$/s, (_, h, rest) => `${h} ${mark(rest)}`) : mark(u.text),
        [...u.claimIds],
        {
          level: u.level ?? null,
          ordered: u.ordered ?? null,
          cells: u.cells ? u.cells.map(mark) : null,
          header: u.header ?? null,
        },
      ),
    ),
    links: [],
  };
}

function userPrompt(body: any): string {
  const messages: { role: string; content: unknown }[] = Array.isArray(body?.messages) ? body.messages : [];
  const withData = messages.find((m) => m.role === "user" && typeof m.content === "string" && m.content.includes("<<<DATA"));
  return typeof withData?.content === "string" ? withData.content : "";
}

/** A unit rewritten from its claims (src/writing/provider/rewritePrompt.ts): each claim restated, attributed when flagged. */
function rewriteAnswer(rewrite: { mode?: string; tone?: string }, claims: Claim[]): { text: string } {
  const said = claims.map((claim) => {
    const text = claim.text.trim().replace(/[.]$/, "");
    if (rewrite.mode === "shorter" || claim.state === "corroborated") return `${text}.`;
    return `According to ${claim.origins?.[0] ?? "one outlet"}, ${text.replace(/^(The|A|An) /, (w) => w.toLowerCase())}.`;
  });
  return { text: rewrite.mode === "longer" ? `${said.join(" ")} Those are the reported facts.` : said.join(" ") };
}

/** The answer text for a request in a mode that answers 200. */
function answerContent(body: any, mode: FakeMode): string {
  if (mode === "malformed") return "Here is your article! Title: Bridge reopens. It was a good day for everyone {not json";
  const blocks = readDataBlocks(userPrompt(body));
  const rewrite = blocks.get("rewrite") as { mode?: string; tone?: string } | undefined;
  if (rewrite) {
    const answer = rewriteAnswer(rewrite, (blocks.get("claims") ?? []) as Claim[]);
    if (mode === "inventedNumber") answer.text = `${answer.text} ${INVENTED_SENTENCE}`;
    if (mode === "obeyInjection" && [...blocks.values()].some((data) => INJECTION.test(JSON.stringify(data)))) {
      answer.text = `${answer.text} ${OBEYED_SENTENCE}`;
    }
    return JSON.stringify(answer);
  }
  const primary = blocks.get("primary") as Parameters<typeof versionAnswer>[0] | undefined;
  const answer = primary
    ? versionAnswer(primary)
    : articleAnswer(blocks, mode === "copySources" ? "copy" : mode === "quoteSources" ? "quote" : false);
  const firstId = answer.units[0]?.claimIds[0];
  if (mode === "badClaimIds" && answer.units[0]) answer.units[0].claimIds.push(UNKNOWN_CLAIM_ID);
  if (mode === "inventedNumber" && firstId) answer.units.push(unit("paragraph", INVENTED_SENTENCE, [firstId]));
  if (mode === "obeyInjection" && [...blocks.values()].some((data) => INJECTION.test(JSON.stringify(data)))) {
    answer.units.push(unit("paragraph", OBEYED_SENTENCE, []));
  }
  const json = JSON.stringify(answer);
  // Without response_format a chatty model wraps its JSON; the parser has to cope.
  return body?.response_format ? json : `Here is the article:\n\`\`\`json\n${json}\n\`\`\`\n`;
}

function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

function apiError(res: ServerResponse, status: number, message: string, extra: Record<string, unknown> = {}, headers = {}): void {
  send(res, status, { error: { message, type: status >= 500 ? "server_error" : "invalid_request_error", ...extra } }, headers);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeModel(options: FakeModelOptions = {}): Promise<FakeModel> {
  const servedModel = options.servedModel ?? "fake-writer-2026-01";
  const requests: RecordedRequest[] = [];
  let mode: FakeMode = "ok";
  let sequence: FakeMode[] = [];
  let delayMs = 1_000;
  let completions = 0;

  const nextMode = (): FakeMode => sequence.shift() ?? mode;

  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (req.method === "GET" && path === "/v1/models") {
      requests.push({ method: "GET", path, headers: req.headers, body: undefined, mode });
      send(res, 200, { object: "list", data: [{ id: servedModel, object: "model", created: 1_767_225_600, owned_by: "fake" }] });
      return;
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      apiError(res, 404, `No route for ${req.method} ${path}`);
      return;
    }
    const raw = await readBody(req);
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      apiError(res, 400, "The request body is not JSON.");
      return;
    }
    const current = nextMode();
    requests.push({ method: "POST", path, headers: req.headers, body, mode: current });

    switch (current) {
      case "error500":
        apiError(res, 500, "The model server had an internal error.");
        return;
      case "error429":
        apiError(res, 429, "Rate limit reached, slow down.", {}, { "retry-after": "0" });
        return;
      case "unauthorizedEcho":
        apiError(res, 401, `Invalid credentials: ${req.headers.authorization ?? "(none)"}`);
        return;
      case "schemaUnsupported":
        if (body?.response_format?.type === "json_schema") {
          apiError(res, 400, "response_format of type json_schema is not supported by this server", {
            param: "response_format",
          });
          return;
        }
        break;
      case "slow": {
        const timer = setTimeout(() => respond(), delayMs);
        res.on("close", () => clearTimeout(timer));
        return;
      }
    }
    respond();

    function respond(): void {
      if (res.destroyed) return;
      const content = answerContent(body, current);
      completions++;
      send(res, 200, {
        id: `chatcmpl-fake-${completions}`,
        object: "chat.completion",
        created: 1_767_225_600 + completions,
        model: servedModel,
        choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
        usage: { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 },
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(next, settings = {}) {
      if (Array.isArray(next)) {
        sequence = [...next];
        mode = "ok";
      } else {
        sequence = [];
        mode = next;
      }
      if (settings.delayMs !== undefined) delayMs = settings.delayMs;
    },
    reset() {
      mode = "ok";
      sequence = [];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
