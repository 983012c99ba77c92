// The API reference the service serves itself: GET /docs renders the OpenAPI document
// (/api/v1/openapi.json) with Redoc's standalone bundle, served from node_modules at
// /docs/redoc.standalone.js (no CDN: the page, its script and the document come from this origin);
// GET /docs/errors is the error catalogue, from the one list of codes in src/errors.ts (the same
// list docs/errors.md is generated from). The reference page carries its own Content-Security-Policy
// (REFERENCE_CSP in src/http/securityHeaders.ts); the catalogue keeps the strict one.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Hono } from "hono";
import { errorCatalogue } from "../../src/errors.ts";
import { REFERENCE_CSP } from "../../src/http/securityHeaders.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** `code` spans of the catalogue's Markdown, as HTML. */
const inlineCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference: sourced-article writing service</title>
</head>
<body>
<redoc spec-url="/api/v1/openapi.json"></redoc>
<noscript><p>The reference needs JavaScript. The document itself: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>; the error codes: <a href="/docs/errors">/docs/errors</a>.</p></noscript>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** The catalogue as a page: one row per code, each with its own anchor (`#<code>`). */
export function errorCataloguePage(): string {
  const rows = errorCatalogue()
    .map(
      ({ code, status, description }) =>
        `<tr id="${code}"><td><a href="#${code}"><code>${code}</code></a></td><td>${status}</td><td>${inlineCode(description)}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Error codes: sourced-article writing service</title>
</head>
<body>
<h1>Error codes</h1>
<p>A refused request answers <code>{ "error": "&lt;code&gt;", "message": "...", "docs": "/docs/errors#&lt;code&gt;" }</code>
with the status of its code; some codes add fields (named below). The <a href="/docs">API reference</a> lists the codes each
route can answer.</p>
<table>
<thead><tr><th>Code</th><th>Status</th><th>Meaning</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}

/**
 * The one address of another origin the bundle loads by itself: the Redocly logo of its side-menu
 * footer. It is swapped for an empty data: image, which fails to draw, so Redoc leaves the logo
 * out (its own fallback) and the page asks nothing of another origin.
 */
const REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";

let redocScript: string | undefined;
const readRedoc = () => {
  redocScript ??= readFileSync(createRequire(import.meta.url).resolve("redoc/bundles/redoc.standalone.js"), "utf8").replaceAll(
    REDOC_LOGO,
    "data:,",
  );
  return redocScript;
};

export function apiReferenceRoutes() {
  const app = new Hono();
  const errorsPage = errorCataloguePage();
  app.get("/docs", (c) => {
    c.header("Content-Security-Policy", REFERENCE_CSP);
    return c.html(REFERENCE_PAGE);
  });
  app.get("/docs/redoc.standalone.js", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(readRedoc(), 200, { "Content-Type": "text/javascript; charset=utf-8" });
  });
  app.get("/docs/errors", (c) => c.html(errorsPage));
  return app;
}
