// Headers every answer carries, so that no answer (JSON, an image, an HTML page added later) can be
// framed, sniffed into another type, run scripts, or leak its address in a Referer. The strict
// Content-Security-Policy allows nothing at all: the service serves no page that needs a script.
//
// The one exception is GraphiQL, served on GET /graphql only in development (NODE_ENV=development).
// It loads its code and styles from unpkg.com and starts it with inline scripts; its policy allows
// exactly those inline scripts by their SHA-256 hash (never 'unsafe-inline' for scripts), the
// unpkg.com assets and the blob: workers its editor makes, and still forbids framing.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

export const STRICT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const ALWAYS: Record<string, string> = {
  "Content-Security-Policy": STRICT_CSP,
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

const CDN = "https://unpkg.com";

/** The policy for a GraphiQL page: its own inline scripts by hash, its assets from unpkg.com. */
export function graphiqlCsp(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) =>
      `'sha256-${createHash("sha256")
        .update(m[1] ?? "")
        .digest("base64")}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${CDN} ${hashes.join(" ")}`.trim(),
    // The editor injects <style> elements at run time.
    `style-src 'self' ${CDN} 'unsafe-inline'`,
    "worker-src 'self' blob:",
    `connect-src 'self' ${CDN}`,
    "img-src 'self' data: https://raw.githubusercontent.com",
    `font-src 'self' data: ${CDN}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Pages that set a policy of their own (still no script, no framing): the OAuth consent page. */
const OWN_POLICY = new Set(["/oauth/authorize"]);

export function securityHeaders(options: { graphiql: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const ownPolicy = OWN_POLICY.has(c.req.path) && c.res.headers.has("Content-Security-Policy");
    for (const [name, value] of Object.entries(ALWAYS)) {
      if (!(ownPolicy && name === "Content-Security-Policy")) c.header(name, value);
    }
    const isGraphiql =
      options.graphiql && c.req.path === "/graphql" && /^text\/html\b/i.test(c.res.headers.get("Content-Type") ?? "");
    if (isGraphiql) {
      const html = await c.res.text();
      c.res = new Response(html, { status: c.res.status, headers: c.res.headers });
      c.header("Content-Security-Policy", graphiqlCsp(html));
    }
  };
}
