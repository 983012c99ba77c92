// Reading a response body under a byte cap, undoing Content-Encoding, and decoding text.
import { Transform, type TransformCallback, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { FetchRefused } from "./refusal.ts";

export type PageKind = "html" | "text" | "pdf";

export interface MediaType {
  /** Lower-case type/subtype without parameters; "" when the header is missing or unreadable. */
  type: string;
  charset: string | undefined;
}

export function parseContentType(header: string | undefined): MediaType {
  if (!header) return { type: "", charset: undefined };
  const [essence = "", ...params] = header.split(";");
  let charset: string | undefined;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "charset") continue;
    charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim();
  }
  const type = essence.trim().toLowerCase();
  return { type: /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : "", charset: charset || undefined };
}

const KINDS: Record<string, PageKind> = {
  "text/html": "html",
  "application/xhtml+xml": "html",
  "text/plain": "text",
  "application/pdf": "pdf",
  "application/x-pdf": "pdf",
};

/** Types whose body is read and sniffed (a PDF is often served as octet-stream; some servers send no type). */
const SNIFFED = new Set(["", "application/octet-stream", "binary/octet-stream"]);

/** The kind of page a media type promises: a kind, "sniff" (decide from the bytes), or null (refuse). */
export function kindOfType(type: string): PageKind | "sniff" | null {
  return KINDS[type] ?? (SNIFFED.has(type) ? "sniff" : null);
}

/** Decides the kind of a body served without a usable type: PDF by its magic, HTML by its first tag. */
export function sniffKind(body: Buffer, type: string): PageKind | null {
  if (body.subarray(0, 1024).includes("%PDF-")) return "pdf";
  if (type !== "") return null;
  const head = body
    .subarray(0, 512)
    .toString("latin1")
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, "")
    .trimStart()
    .toLowerCase();
  return /^<(!doctype html|html|head|body|!--)/.test(head) ? "html" : null;
}

class ByteCap extends Transform {
  private seen = 0;
  constructor(
    private readonly max: number,
    private readonly what: string,
    private readonly url: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max) {
      callback(new FetchRefused("tooLarge", `the ${this.what} body is larger than ${this.max} bytes`, { url: this.url }));
      return;
    }
    callback(null, chunk);
  }
}

/** Inflates zlib-wrapped or raw deflate, deciding from the first byte (servers send both as "deflate"). */
class AnyInflate extends Transform {
  private inner: zlib.Inflate | zlib.InflateRaw | undefined;
  private pendingFlush: TransformCallback | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.inner) {
      const first = chunk[0] ?? 0;
      const second = chunk[1] ?? 0;
      const zlibHeader = (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
      const inner = zlibHeader ? zlib.createInflate() : zlib.createInflateRaw();
      inner.on("data", (data: Buffer) => this.push(data));
      inner.on("error", (error) => this.destroy(error));
      inner.on("end", () => this.pendingFlush?.());
      this.inner = inner;
    }
    this.inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.inner) {
      callback();
      return;
    }
    this.pendingFlush = callback;
    this.inner.end();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }
}

function decoderFor(coding: string): Transform | null {
  switch (coding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return new AnyInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** The decoders for a Content-Encoding header, in the order to apply them (the reverse of the header's). */
export function decodersFor(header: string | undefined, url: string): Transform[] {
  const codings = (header ?? "")
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== "" && c !== "identity");
  return codings.reverse().map((coding) => {
    const decoder = decoderFor(coding);
    if (!decoder) throw new FetchRefused("unsupportedEncoding", `Content-Encoding "${coding}" is not supported`, { url });
    return decoder;
  });
}

/**
 * Reads a body through its decoders, refusing it (tooLarge) as soon as either the bytes on the
 * wire or the decoded bytes pass `maxBytes`. A corrupt encoding is `badResponse`; an abort
 * rethrows the signal's reason.
 */
export async function readCapped(
  source: NodeJS.ReadableStream,
  decoders: Transform[],
  maxBytes: number,
  signal: AbortSignal,
  url: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const stages: NodeJS.ReadWriteStream[] = [new ByteCap(maxBytes, "raw", url)];
  if (decoders.length > 0) stages.push(...decoders, new ByteCap(maxBytes, "decoded", url));
  try {
    await pipeline([source, ...stages, sink], { signal });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof FetchRefused) throw error;
    throw new FetchRefused("badResponse", `the body could not be read: ${(error as Error).message}`, { url }, { cause: error });
  }
  return Buffer.concat(chunks);
}

function decoderLabel(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

function bomEncoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return undefined;
}

/** The charset an HTML document declares in a <meta> within its first 1024 bytes. */
export function metaCharset(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 1024).toString("latin1");
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const found = /charset\s*=\s*["']?\s*([\w:.-]+)/i.exec(tag);
    if (found?.[1]) return found[1];
  }
  return undefined;
}

/**
 * Decodes text the way a browser would, simplified: a byte-order mark wins, then the
 * Content-Type charset, then (HTML) a <meta> charset; with none of them, UTF-8 when the bytes
 * are valid UTF-8 and windows-1252 otherwise. Unknown labels are skipped.
 */
export function decodeText(bytes: Buffer, headerCharset: string | undefined, html: boolean): string {
  let encoding = bomEncoding(bytes) ?? decoderLabel(headerCharset);
  if (!encoding && html) {
    const declared = decoderLabel(metaCharset(bytes));
    // A document that could say "utf-16" in ASCII is not UTF-16 (HTML standard, prescan).
    encoding = declared?.startsWith("utf-16") ? "utf-8" : declared;
  }
  if (encoding) return new TextDecoder(encoding).decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
