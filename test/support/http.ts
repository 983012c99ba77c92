// A small client for the tests: JSON in, status + headers + parsed body out.

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  method?: string;
  token?: string;
  cookie?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(baseUrl: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = options.cookie;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await fetch(baseUrl + path, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (text && response.headers.get("content-type")?.includes("json")) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Asserts nothing itself: returns the `{ error, status }` pair for compact expectations. */
export function errorOf(reply: Reply): { status: number; error: unknown } {
  return { status: reply.status, error: (reply.body as { error?: unknown })?.error };
}

/** Reads a node:http stream to its end: the text, and the text parsed when it is JSON. */
export function readStreamBody(stream: NodeJS.ReadableStream): Promise<{ text: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    stream.on("data", (part: Buffer) => parts.push(part));
    stream.on("error", reject);
    stream.on("end", () => {
      const text = Buffer.concat(parts).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      resolve({ text, body });
    });
  });
}
