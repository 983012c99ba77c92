// Cross-origin reads by browser pages, decided here and nowhere else (yoga's own CORS headers are
// dropped). A person's session cookie rides along on credentialed requests, so only the origins an
// operator lists in CORS_ORIGINS get credentialed CORS, on /graphql and /api/v1. On /api/v1 every
// other origin may call with a bearer token and no cookies (`Access-Control-Allow-Origin: *`, which
// browsers never combine with credentials). The public metadata under /.well-known is readable by
// any page. /mcp/v1 and the probes have no CORS: an agent is not a browser page.
//
// A pre-flight (OPTIONS with Origin and Access-Control-Request-Method) is answered here: 204 with
// the family's methods and headers, or 403 `forbidden_origin` without any CORS header.
import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../../facades/rest/restErrors.ts";
import type { Config } from "../../src/config.ts";
import { DomainError } from "../../src/errors.ts";
import { changeAnswerHeaders } from "../../src/http/answerHeaders.ts";

interface Family {
  /** Whether an origin not listed in CORS_ORIGINS may read answers (without credentials). */
  anyOrigin: boolean;
  methods: string;
  headers: string;
  expose: string;
}

const LIMIT_HEADERS = "RateLimit, RateLimit-Policy, Retry-After, X-Request-Id";

const GRAPHQL: Family = {
  anyOrigin: false,
  methods: "GET, POST",
  headers: "Accept, Content-Type, X-Request-Id",
  expose: LIMIT_HEADERS,
};

const API: Family = {
  anyOrigin: true,
  methods: "GET, HEAD, POST, PUT, PATCH, DELETE",
  headers: "Accept, Authorization, Content-Type, Idempotency-Key, Last-Event-ID, X-Request-Id",
  expose: `${LIMIT_HEADERS}, WWW-Authenticate, Content-Disposition`,
};

const METADATA: Family = { anyOrigin: true, methods: "GET, HEAD", headers: "Accept", expose: "X-Request-Id" };

/** How long a browser may keep a pre-flight's answer, in seconds. */
export const PREFLIGHT_MAX_AGE = 600;

function familyOf(path: string): Family | undefined {
  if (path === "/graphql") return GRAPHQL;
  if (path === "/api/v1" || path.startsWith("/api/v1/")) return API;
  if (path.startsWith("/.well-known/")) return METADATA;
  return undefined;
}

/** The Access-Control-* headers for `origin` on `family`, or undefined when that origin gets none. */
function grant(family: Family, origin: string, listed: ReadonlySet<string>): Record<string, string> | undefined {
  if (listed.has(origin) && family !== METADATA) {
    return { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true" };
  }
  if (family.anyOrigin) return { "Access-Control-Allow-Origin": "*" };
  return undefined;
}

/** `https://App.Example:443/` and `https://app.example` name one origin; browsers send the latter. */
function originOf(listed: string): string {
  try {
    return new URL(listed).origin;
  } catch {
    return listed;
  }
}

export function corsPolicy(config: Config): MiddlewareHandler {
  const listed: ReadonlySet<string> = new Set(config.corsOrigins.map(originOf));
  return async (c, next) => {
    const family = familyOf(c.req.path);
    const origin = c.req.header("Origin");
    const requested = c.req.header("Access-Control-Request-Method");
    if (c.req.method === "OPTIONS" && origin !== undefined && requested !== undefined) {
      const granted = family && grant(family, origin, listed);
      if (!family || !granted) {
        return errorResponse(
          new DomainError("forbidden_origin", "Cross-origin requests from this Origin are not accepted here."),
        );
      }
      return new Response(null, {
        status: 204,
        headers: {
          ...granted,
          "Access-Control-Allow-Methods": family.methods,
          "Access-Control-Allow-Headers": family.headers,
          "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE),
          Vary: "Origin",
        },
      });
    }
    await next();
    const granted = family && origin !== undefined ? grant(family, origin, listed) : undefined;
    changeAnswerHeaders(c, (headers) => {
      for (const name of [...headers.keys()]) {
        if (name.startsWith("access-control-")) headers.delete(name);
      }
      if (!family) return;
      headers.append("Vary", "Origin");
      if (!granted) return;
      for (const [name, value] of Object.entries(granted)) headers.set(name, value);
      headers.set("Access-Control-Expose-Headers", family.expose);
    });
  };
}
