// The edge every request passes before its route: the body is read within its family's size
// limit (bodyLimit.ts), then the query string and any JSON in the body are checked for text
// PostgreSQL cannot store and for nesting past the bound (storableInput.ts). GraphQL's own
// inputs get the same checks: `variables` sent in a query string, and the document's string
// literals. The body is handed on as bytes already read, so every surface parses what was checked.
import type { MiddlewareHandler } from "hono";
import { bodyLimitFor, readBodyWithin } from "./bodyLimit.ts";
import { assertStorableGraphQL, checkJsonText, isStorable, unstorableText } from "./storableInput.ts";

const GRAPHQL_PATH = "/graphql";
const GRAPHQL_JSON_PARAMS = new Set(["variables", "extensions"]);

function checkQueryString(url: string, graphql: boolean): void {
  const query = url.indexOf("?");
  if (query < 0) return;
  for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
    if (!isStorable(name)) throw unstorableText(JSON.stringify(name), "query");
    if (!isStorable(value)) throw unstorableText(name, "query");
    if (graphql && GRAPHQL_JSON_PARAMS.has(name)) checkJsonText(value, "query", name);
    if (graphql && name === "query") assertStorableGraphQL(value, "query", name);
  }
}

/** A GraphQL request body holds one operation or, batched, several: check each one's document. */
function checkGraphQLDocuments(parsed: unknown): void {
  const operations = Array.isArray(parsed) ? parsed : [parsed];
  operations.forEach((operation, i) => {
    if (operation && typeof operation === "object" && "query" in operation) {
      assertStorableGraphQL(operation.query, "body", Array.isArray(parsed) ? `${i}.query` : "query");
    }
  });
}

export const edgeInput: MiddlewareHandler = async (c, next) => {
  const graphql = c.req.path === GRAPHQL_PATH;
  checkQueryString(c.req.url, graphql);
  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD") {
    const bytes = await readBodyWithin(c.req.raw, bodyLimitFor(c.req.path));
    // Whatever the Content-Type says (a surface may parse JSON anyway), a body that opens like
    // JSON is checked as JSON.
    const text = new TextDecoder().decode(bytes);
    if (/^\s*[[{"]/.test(text)) {
      const parsed = checkJsonText(text, "body");
      if (graphql) checkGraphQLDocuments(parsed);
    }
    c.req.raw = new Request(c.req.raw, { body: bytes });
  }
  await next();
};
