// Endpoint secrets: `whsec_` + 32 random bytes (base64url), shown once. Stored sealed with
// AES-256-GCM under WEBHOOK_SECRET_KEY (32 bytes, base64 or 64 hex characters), so a copy of the
// database alone cannot sign. Without the setting the service makes a key once and keeps it in
// `<DATA_DIR>/webhook-secret.key` (mode 0600) and says so in its log: good for one machine, not
// for several processes on several hosts (docs/webhooks.md, docs/configuration.md).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { log } from "../log.ts";

export const SECRET_PREFIX = "whsec_";
const SEAL_VERSION = "v1";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** What the list shows of a secret: its prefix and last four characters. */
export function secretHint(secret: string): string {
  return `${SECRET_PREFIX}…${secret.slice(-4)}`;
}

function parseKey(raw: string, from: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error(`${from} must hold 32 bytes as base64 or 64 hex characters`);
  return key;
}

/** Keys already read, by where they came from: an attempt does not read the file or parse again. */
const keys = new Map<string, Buffer>();

/** The sealing key: WEBHOOK_SECRET_KEY, else the key file under DATA_DIR (made on first use). */
export function webhookSecretKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const from = env.WEBHOOK_SECRET_KEY ? `setting:${env.WEBHOOK_SECRET_KEY}` : `file:${path.resolve(env.DATA_DIR ?? ".data")}`;
  let key = keys.get(from);
  if (!key) {
    key = readSecretKey(env);
    keys.set(from, key);
  }
  return key;
}

function readSecretKey(env: NodeJS.ProcessEnv): Buffer {
  if (env.WEBHOOK_SECRET_KEY) return parseKey(env.WEBHOOK_SECRET_KEY, "WEBHOOK_SECRET_KEY");
  const file = path.resolve(env.DATA_DIR ?? ".data", "webhook-secret.key");
  if (existsSync(file)) return parseKey(readFileSync(file, "utf8"), file);
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    // `wx`: a second process making the key at the same moment fails here and reads the first's.
    writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    log.warn({ file }, "WEBHOOK_SECRET_KEY is not set: webhook secrets are sealed with a key made in this file");
    return key;
  } catch {
    return parseKey(readFileSync(file, "utf8"), file);
  }
}

/** `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function sealSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [SEAL_VERSION, iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function openSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== SEAL_VERSION || !iv || !tag || body === undefined) throw new Error("a sealed webhook secret is malformed");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
