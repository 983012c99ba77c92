// The one HTTP application: operators' routes, GraphQL for persons, and the REST facade. Every
// request gets an id that its log lines and its answer carry.
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { createMcpApp } from "../facades/mcp/app.ts";
import { createRestApp } from "../facades/rest/app.ts";
import { errorResponse } from "../facades/rest/restErrors.ts";
import { createGraphQLServer } from "../schema/yoga.ts";
import { authenticateSession, bearerToken } from "../src/auth/authenticate.ts";
import { pruneCounters } from "../src/auth/rateCounters.ts";
import { SESSION_COOKIE } from "../src/auth/sessions.ts";
import type { Config } from "../src/config.ts";
import type { Database } from "../src/db/database.ts";
import { pendingMigrations } from "../src/db/migrate.ts";
import { DomainError } from "../src/errors.ts";
import { clientAddress } from "../src/http/clientAddress.ts";
import { edgeInput } from "../src/http/edgeInput.ts";
import { countGraphQLRequest, withCountHeaders } from "../src/http/graphqlRequestLimit.ts";
import { hostGuard } from "../src/http/ownOrigin.ts";
import { securityHeaders } from "../src/http/securityHeaders.ts";
import { log, logContext } from "../src/log.ts";
import { allowedMethods } from "./http/allowedMethods.ts";
import { corsPolicy } from "./http/corsPolicy.ts";
import type { Services } from "./services.ts";

export function createApp(services: Services, config: Config) {
  const { db } = services;
  const yoga = createGraphQLServer(services, { development: config.development });
  const app = new Hono();

  app.use("*", async (c, next) => {
    const requestId = c.req.header("X-Request-Id")?.slice(0, 100) || randomUUID();
    const started = performance.now();
    await logContext.run({ requestId }, async () => {
      await next();
      c.header("X-Request-Id", requestId);
      log.info(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    });
  });

  // The edge, in order: headers on every answer, the Host check, CORS, then 405 for known paths,
  // then the body read within its size limit and the input checked (413, 400).
  app.use("*", securityHeaders({ graphiql: config.development }));
  app.use("*", hostGuard(config));
  app.use("*", corsPolicy(config));
  app.use("*", allowedMethods(app));
  app.use("*", edgeInput);

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await db.pool.query("SELECT 1");
    } catch {
      return c.json({ status: "unavailable", database: "unreachable" }, 503);
    }
    const pending = await pendingMigrations(db.pool);
    if (pending.length > 0) return c.json({ status: "unavailable", database: "ok", pendingMigrations: pending }, 503);
    return c.json({ status: "ok", database: "ok", migrations: "applied" });
  });

  // GraphQL over the network serves signed-in persons. Keys and agents use their own paths;
  // a token sent here is refused like any token on the wrong path.
  app.on(["GET", "POST"], "/graphql", async (c) => {
    try {
      if (bearerToken(c.req.header("Authorization")) !== undefined) {
        throw new DomainError("invalid_key", "Bearer tokens are not accepted on /graphql; use /api/v1 or /mcp/v1.");
      }
      // A cookie rides along on a cross-site form post; such a post cannot send JSON without a
      // pre-flight, so POSTs must be JSON (GET runs queries only, never mutations).
      if (c.req.method === "POST" && !/^application\/(graphql-response\+)?json\b/i.test(c.req.header("Content-Type") ?? "")) {
        throw new DomainError("validation", "POST /graphql takes a JSON body (Content-Type: application/json).");
      }
      const cookie = getCookie(c, SESSION_COOKIE);
      const principal = cookie ? await authenticateSession(db, cookie) : undefined;
      const counted = await countGraphQLRequest(db, principal, clientAddress(c, config.trustProxy));
      if (counted.refusal) return errorResponse(counted.refusal, { headers: counted.headers });
      return withCountHeaders(await yoga.fetch(c.req.raw, { principal }), counted);
    } catch (error) {
      return errorResponse(error);
    }
  });

  app.route("/", createRestApp(services, yoga, config));
  app.route("/", createMcpApp(db, config));
  app.notFound(() => errorResponse(new DomainError("not_found", "No such route.")));
  app.onError((error) => errorResponse(error));
  return { app, yoga };
}

/** Old rate windows are dropped now and then; any process may do it. */
export function startHousekeeping(db: Database): () => void {
  const timer = setInterval(() => void pruneCounters(db.pool).catch(() => undefined), 5 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
