// How large a request body may be, per route family, and reading one within that limit while it
// streams in: a Content-Length above the limit is refused before a byte is read, and a body sent
// without one (chunked) is counted as it arrives and refused as soon as it passes the limit, so
// at most the limit is ever held in memory. Refusals are 413 `payload_too_large`.
import { DomainError } from "../errors.ts";

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The largest valid request is a brief with every field and list at its limit: about 146,000
 * characters, 440 KB as UTF-8 and under 900 KB with every character \u-escaped. 1 MiB takes it
 * with room to spare, on the REST facade, over GraphQL (its variables) and as an MCP tool call.
 * Signing in needs an email and a password: 16 KiB.
 */
export const SIGN_IN_BODY_BYTES = 16 * KiB;
export const JSON_BODY_BYTES = 1 * MiB;

/** The limit of a path's route family; a route that needs more gets a family of its own here. */
export function bodyLimitFor(path: string): number {
  // Sign-in and the OAuth endpoints (the consent form carries a password) take small forms.
  const small = path === "/api/v1/session" || path === "/oauth/authorize" || path.startsWith("/api/v1/oauth/");
  return small ? SIGN_IN_BODY_BYTES : JSON_BODY_BYTES;
}

function tooLarge(maxBytes: number): DomainError {
  const size = maxBytes >= MiB ? `${maxBytes / MiB} MiB` : `${maxBytes / KiB} KiB`;
  return new DomainError(
    "payload_too_large",
    `The request body is larger than ${size} (${maxBytes} bytes), the limit of this route.`,
    {
      maxBytes,
    },
  );
}

/** After a refusal a client may still be sending; what it sends is dropped unread, for a while. */
const DISCARD_BYTES = 8 * MiB;
const DISCARD_MS = 2_000;

/**
 * Reads and drops the rest of a refused body (at most DISCARD_BYTES, for at most DISCARD_MS), so
 * a client still sending gets the 413: closing the connection on unread bytes would reset it,
 * and a reset loses the answer the client has not read yet.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const stop = () => void reader.cancel().catch(() => undefined);
  const timer = setTimeout(stop, DISCARD_MS);
  timer.unref();
  void (async () => {
    let dropped = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        dropped += value.byteLength;
        if (dropped > DISCARD_BYTES) {
          stop();
          break;
        }
      }
    } catch {
      // The client went away: nothing left to drop.
    } finally {
      clearTimeout(timer);
    }
  })();
}

/**
 * The whole body, refused with payload_too_large the moment it is known to pass `maxBytes`. The
 * declared length is looked at before the body is touched: left unread, the server drops it.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      discardRest(reader);
      throw tooLarge(maxBytes);
    }
    parts.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body;
}
