// Headers every answer carries, so that no answer (JSON, an image, an HTML page added later) can be
// framed, sniffed into another type, run scripts, or leak its address in a Referer. The strict
// Content-Security-Policy allows nothing at all: the service serves no page that needs a script,
// but for the API reference at /docs (REFERENCE_CSP below, Redoc from this origin only).
//
// The other exception is GraphiQL, served on GET /graphql only in development (NODE_ENV=development).
// Its page (@graphql-yoga/render-graphiql) carries all its code and styles inline and loads nothing
// from elsewhere; its policy allows exactly that page's inline script by its SHA-256 hash (never
// 'unsafe-inline' for scripts), inline styles (its editor, monaco, writes <style> elements at run
// time whose text varies and which carry no nonce), the blob: workers its editor makes and requests
// to this origin only, and still forbids framing (docs/decisions.md).
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { changeAnswerHeaders } from "./answerHeaders.ts";

export const STRICT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const ALWAYS: Record<string, string> = {
  "Content-Security-Policy": STRICT_CSP,
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The hashes of a page's inline scripts (`<script>` without src). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => hashOf(m[1] ?? ""));
}

/** The policy for a GraphiQL page: its own inline script by hash, inline styles, nothing from elsewhere. */
export function graphiqlCsp(html: string): string {
  return [
    "default-src 'none'",
    `script-src ${inlineScriptHashes(html).join(" ") || "'none'"}`,
    "style-src 'unsafe-inline'",
    "worker-src blob:",
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The API reference (GET /docs, app/http/apiReference.ts): Redoc's script and the OpenAPI
 * document from this origin only. Redoc renders with styled-components, which injects <style>
 * elements at run time ('unsafe-inline' for styles, never for scripts), runs its search index in a
 * blob: worker, and draws its icons as data: images. Nothing else: no other origin, no framing.
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "connect-src 'self'",
  "worker-src blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Pages that set a policy of their own (no framing either): the OAuth consent page (still no
 * script) and the API reference (REFERENCE_CSP).
 */
const OWN_POLICY = new Set(["/oauth/authorize", "/docs"]);

export function securityHeaders(options: { graphiql: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const ownPolicy = OWN_POLICY.has(c.req.path) && c.res.headers.has("Content-Security-Policy");
    changeAnswerHeaders(c, (headers) => {
      for (const [name, value] of Object.entries(ALWAYS)) {
        if (!(ownPolicy && name === "Content-Security-Policy")) headers.set(name, value);
      }
    });
    const isGraphiql =
      options.graphiql && c.req.path === "/graphql" && /^text\/html\b/i.test(c.res.headers.get("Content-Type") ?? "");
    if (isGraphiql) {
      const html = await c.res.text();
      c.res = new Response(html, { status: c.res.status, headers: c.res.headers });
      c.header("Content-Security-Policy", graphiqlCsp(html));
    }
  };
}
