// How the OpenAI-compatible writer reaches its model, read from the environment. One shape for
// OpenAI, vLLM, Ollama and llama.cpp: they differ only in base URL, key and what JSON mode they
// accept, and the JSON mode falls back by itself when a server refuses structured output.

/**
 * How the answer is held to JSON: `schema` asks for structured output against our JSON Schema,
 * `object` for any JSON object, `prompt` sends no response_format and relies on the instructions.
 */
export type JsonMode = "schema" | "object" | "prompt";

export const JSON_MODES: readonly JsonMode[] = ["schema", "object", "prompt"];

export interface ModelConfig {
  baseURL: string;
  /** "none" when the server asks for no key: the SDK refuses to start without one. */
  apiKey: string;
  model: string;
  /** Per request, including reading the answer. */
  timeoutMs: number;
  /** Requests per write, retries of rejected output and of 429/5xx answers included. */
  maxAttempts: number;
  jsonMode: JsonMode;
  temperature: number;
}

export const NO_API_KEY = "none";
const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_ATTEMPTS = 3;
const MAX_ATTEMPTS_LIMIT = 5;
const DEFAULT_TEMPERATURE = 0.2;

type Env = Readonly<Record<string, string | undefined>>;

function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = setting(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new Error(`${name} must be between ${min} and ${max}, got ${raw}`);
  return value;
}

/** The model settings, or undefined when LLM_BASE_URL or LLM_MODEL is not set (no model configured). */
export function modelConfigFromEnv(env: Env = process.env): ModelConfig | undefined {
  const baseURL = setting(env, "LLM_BASE_URL");
  const model = setting(env, "LLM_MODEL");
  if (baseURL === undefined || model === undefined) return undefined;

  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    // The value itself may carry credentials, so it is not echoed.
    throw new Error("LLM_BASE_URL is not a valid URL (expected e.g. http://127.0.0.1:11434/v1)");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`LLM_BASE_URL must be an http or https URL, got a ${url.protocol} URL`);
  }

  const timeoutMs = integer(env, "LLM_TIMEOUT_MS", DEFAULT_TIMEOUT_MS, 1, 3_600_000);
  // Out-of-range attempt counts are an error rather than clamped: someone asking for 10 should
  // learn the limit now, not when a write gives up after 5.
  const maxAttempts = integer(env, "LLM_MAX_ATTEMPTS", DEFAULT_MAX_ATTEMPTS, 1, MAX_ATTEMPTS_LIMIT);

  const modeRaw = setting(env, "LLM_JSON_MODE")?.toLowerCase() ?? "schema";
  if (!(JSON_MODES as readonly string[]).includes(modeRaw)) {
    throw new Error(`LLM_JSON_MODE must be one of ${JSON_MODES.join(", ")}, got "${modeRaw}"`);
  }

  const temperatureRaw = setting(env, "LLM_TEMPERATURE");
  let temperature = DEFAULT_TEMPERATURE;
  if (temperatureRaw !== undefined) {
    temperature = Number(temperatureRaw);
    if (!/^\d+(\.\d+)?$/.test(temperatureRaw) || temperature > 2) {
      throw new Error(`LLM_TEMPERATURE must be a number from 0 to 2, got "${temperatureRaw}"`);
    }
  }

  return {
    baseURL,
    apiKey: setting(env, "LLM_API_KEY") ?? NO_API_KEY,
    model,
    timeoutMs,
    maxAttempts,
    jsonMode: modeRaw as JsonMode,
    temperature,
  };
}
