// The methods a path has, read from the routes registered on the application (Hono's route table),
// never from a list kept by hand. A known path asked with a method it lacks answers 405
// `method_not_allowed` with `Allow`; OPTIONS (not a CORS pre-flight, corsPolicy.ts answers those)
// answers 204 with `Allow`. Unknown paths fall through to the 404. This runs before
// authentication: a path's methods are public in the OpenAPI document anyway.
import type { MiddlewareHandler } from "hono";
import { METHOD_NAME_ALL } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import type { RouterRoute } from "hono/types";
import { errorResponse } from "../../facades/rest/restErrors.ts";
import { DomainError } from "../../src/errors.ts";

interface RouteTable {
  readonly routes: readonly RouterRoute[];
}

/** Builds the lookup once, on the first request, when every route has been registered. */
export function methodsOfPath(app: RouteTable): (path: string) => string[] {
  let router: TrieRouter<string> | undefined;
  return (path) => {
    if (!router) {
      router = new TrieRouter<string>();
      // Middleware (`use`) is registered for ALL methods; only routes say what a path answers.
      for (const route of app.routes) if (route.method !== METHOD_NAME_ALL) router.add(METHOD_NAME_ALL, route.path, route.method);
    }
    const methods = new Set(router.match("GET", path)[0].map(([method]) => method));
    // Hono answers HEAD with the GET route, without the body.
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}

export function allowedMethods(app: RouteTable): MiddlewareHandler {
  const methodsOf = methodsOfPath(app);
  return async (c, next) => {
    const allowed = methodsOf(c.req.path);
    if (allowed.length === 0 || allowed.includes(c.req.method)) return next();
    const allow = allowed.join(", ");
    if (c.req.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
    const refusal = new DomainError("method_not_allowed", `${c.req.method} is not a method of this path; it has ${allow}.`);
    return errorResponse(refusal, { headers: { Allow: allow } });
  };
}
