// Verifying a webhook delivery (docs/webhooks.md): Node 20 or later, no dependency.
//   import { verifyWebhook } from "./verify-webhook.mjs";   // in your own receiver, or
//   WEBHOOK_SECRET=whsec_… PORT=8787 node verify-webhook.mjs // a tiny receiver that logs each event
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

/** How far the timestamp may be from this machine's clock, in seconds. */
const TOLERANCE_SECONDS = 300;
const HEX64 = /^[0-9a-f]{64}$/;
const DIGITS = /^[0-9]+$/;

/** A delivery that must not be acted on; `reason` is a short code. */
export class WebhookRefused extends Error {
  constructor(reason, message) {
    super(message);
    this.name = "WebhookRefused";
    this.reason = reason;
  }
}

/** One header from node:http's lower-cased object, a plain object, or a fetch `Headers`. */
function header(headers, name) {
  if (typeof headers?.get === "function") return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(", ") : value;
  }
  return undefined;
}

/** Whether `signature` is the HMAC-SHA256 of `<timestamp>.<raw body>` keyed with `secret`, compared in constant time. */
function signedWith(secret, timestamp, body, signature) {
  if (typeof signature !== "string" || !HEX64.test(signature)) return false;
  const expected = createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.`, "utf8").update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/**
 * Checks one delivery and answers its event, parsed; throws WebhookRefused otherwise.
 * secret: the endpoint's `whsec_…` secret, whole. headers: the request's headers.
 * rawBody: the request body exactly as received (a Buffer, or the undecoded text), never re-serialised JSON.
 * now: this machine's clock, in seconds.
 */
export function verifyWebhook({ secret, headers, rawBody, now = Date.now() / 1000 }) {
  // 1. Never run without a secret: an empty key would make every signature easy to forge.
  if (typeof secret !== "string" || secret === "") {
    throw new WebhookRefused("no_secret", "the webhook secret is empty or missing");
  }
  // 2. The raw bytes: parsing and re-serialising the JSON changes them, and the signature with them.
  if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array)) {
    throw new WebhookRefused("not_raw_body", "rawBody must be the body as received (a Buffer or a string), not parsed JSON");
  }
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
  // 3. The signature is exactly 64 lower-case hex characters.
  const signature = header(headers, "X-Service-Signature");
  if (typeof signature !== "string" || !HEX64.test(signature)) {
    throw new WebhookRefused("signature_format", "X-Service-Signature is missing or not 64 lower-case hex characters");
  }
  // 4. The timestamp is a number of seconds, at most 300 seconds from the clock (a replayed delivery is older).
  const timestamp = header(headers, "X-Service-Timestamp");
  if (typeof timestamp !== "string" || !DIGITS.test(timestamp)) {
    throw new WebhookRefused("timestamp_format", "X-Service-Timestamp is missing or not a number of seconds");
  }
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) {
    throw new WebhookRefused("timestamp_window", `X-Service-Timestamp is more than ${TOLERANCE_SECONDS} seconds from the clock`);
  }
  // 5-7. The HMAC over `<timestamp>.` and the raw bytes, compared in constant time; during a secret
  // rotation the same secret is tried on X-Service-Signature-Previous when the first fails.
  const previous = header(headers, "X-Service-Signature-Previous");
  const signed = signedWith(secret, timestamp, body, signature) || signedWith(secret, timestamp, body, previous);
  if (!signed) {
    throw new WebhookRefused("signature_mismatch", "the signature does not match this secret");
  }
  // 8. Only now is the body parsed.
  try {
    return JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    throw new WebhookRefused("not_json", "the body is not JSON");
  }
}

// Run directly: a receiver on PORT that verifies every delivery with WEBHOOK_SECRET.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET ?? "";
  if (secret === "") {
    console.error("WEBHOOK_SECRET is empty or missing: refusing to start");
    process.exit(1);
  }
  // 9. Deduplicate on the event's `id`: a delivery can come twice. A real receiver keeps the ids it
  // has handled in its database (a unique key), for longer than the retries last (four days).
  const handled = new Set();
  const server = createServer((request, response) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > 1_048_576) request.destroy();
      else chunks.push(chunk);
    });
    request.on("end", () => {
      let event;
      try {
        event = verifyWebhook({ secret, headers: request.headers, rawBody: Buffer.concat(chunks) });
      } catch (error) {
        console.error(`refused: ${error.message}`);
        response.writeHead(400, { "Content-Type": "text/plain" }).end(`refused: ${error.reason ?? "error"}\n`);
        return;
      }
      if (handled.has(event.id)) {
        response.writeHead(200, { "Content-Type": "text/plain" }).end("already handled\n");
        return;
      }
      handled.add(event.id);
      console.log(`${event.type} ${event.id}`, JSON.stringify(event.data));
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok\n");
    });
  });
  const port = Number(process.env.PORT ?? 8787);
  server.listen(port, () => console.log(`verifying webhook deliveries on port ${port}`));
}
