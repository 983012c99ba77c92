// The Writer backed by an OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, Ollama,
// llama.cpp). One budget of attempts covers everything that can go wrong in a write: answers we
// reject (retried with the reasons as feedback) and 429/5xx answers. Structured output is asked
// for first and given up, once per writer, on servers that refuse it.
import { setTimeout as delay } from "node:timers/promises";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { LANGUAGE_NAMES } from "../../languages.ts";
import { SourceWindows } from "../copying.ts";
import type { RewriteInput, Rewriter, Rewritten } from "../rewrite/rewriteTypes.ts";
import type { Draft, VersionInput, WriteInput, Writer } from "../types.ts";
import { WritingFailure } from "../types.ts";
import { type JsonMode, type ModelConfig, modelConfigFromEnv, NO_API_KEY } from "./config.ts";
import { DraftRejected, parseDraft, parseVersion } from "./parseDraft.ts";
import {
  ARTICLE_SCHEMA,
  ARTICLE_SCHEMA_NAME,
  type ChatMessage,
  feedbackMessage,
  versionMessages,
  writeMessages,
} from "./prompt.ts";
import { parseRewrite, REWRITE_SCHEMA, REWRITE_SCHEMA_NAME, rewriteMessages } from "./rewritePrompt.ts";

export const ENGINE = "openai-compatible";

export interface OpenAiWriterOptions {
  /** First wait before retrying a 429/5xx answer; doubles after that. */
  retryDelayMs?: number;
}

/** At most this many of the attempts go to 429/5xx and connection failures. */
const MAX_TRANSIENT_RETRIES = 2;
/** A Retry-After longer than this is not waited for in full. */
const MAX_RETRY_AFTER_MS = 20_000;
/** How much of a rejected answer goes back to the model with the reasons. */
const MAX_ECHOED_ANSWER_CHARS = 12_000;

const NEXT_MODE: Record<JsonMode, JsonMode | undefined> = { schema: "object", object: "prompt", prompt: undefined };

/** Raised when our own per-request clock ran out (the SDK's covers the headers only). */
class RequestTimedOut extends Error {}

function isTransient(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true;
  return error instanceof APIError && typeof error.status === "number" && (error.status === 429 || error.status >= 500);
}

/** A 400 or 422 about a request field this server does not accept. */
function refusedField(error: unknown, field: RegExp): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  return field.test(`${error.message} ${error.param ?? ""} ${JSON.stringify(error.error ?? "")}`);
}

function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof APIError) || !error.headers) return undefined;
  const raw = error.headers.get("retry-after-ms") ?? error.headers.get("retry-after");
  if (raw === null) return undefined;
  const value = error.headers.get("retry-after-ms") !== null ? Number(raw) : Number(raw) * 1000;
  return Number.isFinite(value) && value >= 0 ? Math.min(value, MAX_RETRY_AFTER_MS) : undefined;
}

/** The JSON Schema a request asks the answer to follow in the `schema` mode. */
interface AnswerSchema {
  name: string;
  schema: Record<string, unknown>;
}

const ARTICLE_ANSWER: AnswerSchema = { name: ARTICLE_SCHEMA_NAME, schema: ARTICLE_SCHEMA };
const REWRITE_ANSWER: AnswerSchema = { name: REWRITE_SCHEMA_NAME, schema: REWRITE_SCHEMA };

export class OpenAiWriter implements Writer, Rewriter {
  readonly engine = ENGINE;
  readonly model: string;
  readonly #config: ModelConfig;
  readonly #client: OpenAI;
  readonly #retryDelayMs: number;
  /** Lowered for good once the server refuses a response_format. */
  #jsonMode: JsonMode;
  /** Cleared for good once the server refuses a temperature (some reasoning models take none). */
  #sendTemperature = true;

  constructor(config: ModelConfig, options: OpenAiWriterOptions = {}) {
    this.#config = config;
    this.model = config.model;
    this.#jsonMode = config.jsonMode;
    this.#retryDelayMs = options.retryDelayMs ?? 1_000;
    this.#client = new OpenAI({
      baseURL: config.baseURL,
      apiKey: config.apiKey,
      timeout: config.timeoutMs,
      // Our attempt budget is the one that counts; the SDK's own retries would multiply it.
      maxRetries: 0,
      // Settings from the environment meant for some other OpenAI client must not leak in.
      organization: null,
      project: null,
      webhookSecret: null,
    });
  }

  /** The JSON mode the next request starts with (after any fallback). */
  get jsonMode(): JsonMode {
    return this.#jsonMode;
  }

  async write(input: WriteInput, signal?: AbortSignal): Promise<Draft> {
    if (input.claims.length === 0) throw new WritingFailure("nothing_to_write", "There is no claim to write from.");
    const windows = new SourceWindows(input.sources, input.brief.language);
    return this.#run(
      writeMessages(input),
      (answer, model, last) => parseDraft(answer, input, { engine: ENGINE, model }, { acceptCopied: last, windows }),
      signal,
    );
  }

  async writeVersion(input: VersionInput, signal?: AbortSignal): Promise<Draft> {
    if (input.primary.units.length === 0) {
      throw new WritingFailure("nothing_to_write", "The primary article has no units to write in another language.");
    }
    return this.#run(
      versionMessages(input),
      (answer, model) => parseVersion(answer, input, { engine: ENGINE, model }),
      signal,
      `the ${LANGUAGE_NAMES[input.language]} version`,
    );
  }

  /** Rewrites one unit of a written article from its own claims (src/articles/rewrite/). */
  async rewrite(input: RewriteInput, signal?: AbortSignal): Promise<Rewritten> {
    if (input.claims.length === 0) throw new WritingFailure("nothing_to_write", "The unit carries no claim to write from.");
    return this.#run(
      rewriteMessages(input),
      (answer, model) => {
        const text = parseRewrite(answer);
        return { text, statements: text, engine: ENGINE, model };
      },
      signal,
      "the rewritten paragraph",
      REWRITE_ANSWER,
    );
  }

  async #run<T>(
    messages: ChatMessage[],
    /** `last` is true on the last attempt: what a retry could still mend may then be let through with a warning. */
    parse: (answer: string, model: string, last: boolean) => T,
    signal: AbortSignal | undefined,
    what = "the article",
    answerSchema: AnswerSchema = ARTICLE_ANSWER,
  ): Promise<T> {
    const { maxAttempts } = this.#config;
    let mode = this.#jsonMode;
    let temperature = this.#sendTemperature;
    let attempts = 0;
    let transientRetries = 0;
    let feedback: ChatMessage[] = [];
    let lastReasons: string[] = [];

    while (attempts < maxAttempts) {
      signal?.throwIfAborted();
      attempts++;
      let completion: ChatCompletion;
      try {
        completion = await this.#request([...messages, ...feedback], mode, temperature, signal, answerSchema);
      } catch (error) {
        signal?.throwIfAborted();
        if (error instanceof RequestTimedOut || error instanceof APIConnectionTimeoutError) {
          throw new WritingFailure("model_timeout", `The model did not answer within ${this.#config.timeoutMs} ms.`, {
            cause: error,
          });
        }
        // Neither fallback spends an attempt: the request never reached the model.
        if (temperature && refusedField(error, /temperature/i)) {
          temperature = false;
          attempts--;
          continue;
        }
        // Servers word a refused response_format in many ways, so any 400 counts, except one about
        // the prompt's size, which no other JSON mode would cure.
        const next = NEXT_MODE[mode];
        if (next && refusedField(error, /./) && !refusedField(error, /context|too long|too many tokens/i)) {
          mode = next;
          attempts--;
          continue;
        }
        if (isTransient(error) && attempts < maxAttempts && transientRetries < MAX_TRANSIENT_RETRIES) {
          await this.#backoff(error, transientRetries++, signal);
          continue;
        }
        throw new WritingFailure("provider_error", this.#describe(error), {
          gaveUp: isTransient(error),
          cause: this.#safeCause(error),
        });
      }

      // Only a request that got through proves what the server accepts.
      this.#jsonMode = mode;
      this.#sendTemperature = temperature;

      const choice = completion.choices?.[0];
      const content = choice?.message?.content ?? "";
      try {
        if (!content.trim()) {
          const refusal = choice?.message?.refusal;
          throw new DraftRejected([refusal ? `the model refused: ${refusal.slice(0, 300)}` : "the answer was empty"], true);
        }
        if (choice?.finish_reason === "length") {
          throw new DraftRejected(["the answer was cut off at the token limit; write a shorter article"], true);
        }
        const served = typeof completion.model === "string" && completion.model.trim() ? completion.model.trim() : this.model;
        return parse(content, served, attempts >= maxAttempts);
      } catch (error) {
        if (!(error instanceof DraftRejected)) throw error;
        lastReasons = error.reasons;
        // Only the latest rejected answer goes back, so retries do not grow the prompt.
        feedback = [
          ...(content.trim() ? [{ role: "assistant" as const, content: content.slice(0, MAX_ECHOED_ANSWER_CHARS) }] : []),
          { role: "user", content: feedbackMessage(error.reasons) },
        ];
      }
    }
    throw new WritingFailure(
      "provider_error",
      `The model's answers for ${what} were rejected ${attempts} times; the last because ${this.#scrub(lastReasons.join("; "))}`,
      { gaveUp: true },
    );
  }

  async #request(
    messages: ChatMessage[],
    mode: JsonMode,
    temperature: boolean,
    signal: AbortSignal | undefined,
    answerSchema: AnswerSchema = ARTICLE_ANSWER,
  ): Promise<ChatCompletion> {
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.#config.model,
      messages,
      ...(temperature ? { temperature: this.#config.temperature } : {}),
      ...(mode === "schema"
        ? {
            response_format: {
              type: "json_schema",
              json_schema: { name: answerSchema.name, strict: true, schema: answerSchema.schema },
            },
          }
        : mode === "object"
          ? { response_format: { type: "json_object" } }
          : {}),
    };
    // The SDK's timeout stops at the response headers; a server that stalls mid-body is caught here.
    const clock = new AbortController();
    const timer = setTimeout(() => clock.abort(), this.#config.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, clock.signal]) : clock.signal;
    try {
      return await this.#client.chat.completions.create(body, { signal: combined, timeout: this.#config.timeoutMs });
    } catch (error) {
      if (clock.signal.aborted && !signal?.aborted) throw new RequestTimedOut("request timed out", { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async #backoff(error: unknown, retry: number, signal: AbortSignal | undefined): Promise<void> {
    const wait = retryAfterMs(error) ?? this.#retryDelayMs * 2 ** retry;
    try {
      await delay(wait, undefined, signal ? { signal } : undefined);
    } catch (abort) {
      signal?.throwIfAborted();
      throw abort;
    }
  }

  #describe(error: unknown): string {
    const where = this.#endpoint();
    if (error instanceof APIConnectionError) {
      const cause = error.cause instanceof Error ? `${error.cause.message}${causeCode(error.cause)}` : error.message;
      return this.#scrub(`Could not reach the model endpoint at ${where}: ${cause}`);
    }
    if (error instanceof APIError) {
      const status = error.status ?? "an error";
      const detail = error.message.replace(/^\d{3}\s*/, "");
      if (error.status === 401 || error.status === 403) {
        return this.#scrub(`The model endpoint at ${where} refused the API key (HTTP ${status}): ${detail}`);
      }
      return this.#scrub(`The model endpoint at ${where} answered HTTP ${status}: ${detail}`);
    }
    return this.#scrub(`The model request to ${where} failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  /** Host and port only: the base URL may carry credentials. */
  #endpoint(): string {
    try {
      return new URL(this.#config.baseURL).host;
    } catch {
      return "the configured URL";
    }
  }

  /** The SDK's error as the cause, unless its own message repeats the key (a server echoing the request). */
  #safeCause(error: unknown): unknown {
    const text =
      error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
    return this.#scrub(text) === text ? error : undefined;
  }

  /** Servers sometimes echo the request; the key must never reach an error message. */
  #scrub(message: string): string {
    const key = this.#config.apiKey;
    if (!key || key === NO_API_KEY || key.length < 4) return message;
    return message.split(key).join("[redacted]");
  }
}

function causeCode(error: Error): string {
  const inner = (error as { cause?: unknown }).cause;
  const code = (inner as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  return typeof code === "string" ? ` (${code})` : "";
}

/** The writer the environment configures (LLM_BASE_URL, LLM_MODEL, …), or undefined when none is. */
export function openAiWriterFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: OpenAiWriterOptions = {},
): OpenAiWriter | undefined {
  const config = modelConfigFromEnv(env);
  return config ? new OpenAiWriter(config, options) : undefined;
}
