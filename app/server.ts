// The one HTTP application: operators' routes, GraphQL for persons, and the REST facade. Every
// request gets an id that its log lines and its answer carry.
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { OwnOrigin } from "../facades/edge.ts";
import { createMcpApp } from "../facades/mcp/app.ts";
import { createRestApp } from "../facades/rest/app.ts";
import { errorResponse } from "../facades/rest/restErrors.ts";
import { createGraphQLServer } from "../schema/yoga.ts";
import { authenticateSessionCounted, bearerToken } from "../src/auth/authenticate.ts";
import { pruneCounters } from "../src/auth/rateCounters.ts";
import { SESSION_COOKIE } from "../src/auth/sessions.ts";
import type { Config } from "../src/config.ts";
import type { Database } from "../src/db/database.ts";
import { pendingMigrations } from "../src/db/migrate.ts";
import { DomainError } from "../src/errors.ts";
import { followJobEvents } from "../src/events/eventStream.ts";
import { clientAddress } from "../src/http/clientAddress.ts";
import { edgeInput } from "../src/http/edgeInput.ts";
import { graphqlBuckets, limitGraphQLRequest, withCountHeaders } from "../src/http/graphqlRequestLimit.ts";
import { hostGuard, isServedOrigin, publicBaseUrl } from "../src/http/ownOrigin.ts";
import { securityHeaders } from "../src/http/securityHeaders.ts";
import { assertStorable } from "../src/http/storableInput.ts";
import { allowedMethods } from "./http/allowedMethods.ts";
import { apiReferenceRoutes } from "./http/apiReference.ts";
import { authentication } from "./http/authentication.ts";
import { corsPolicy } from "./http/corsPolicy.ts";
import { metricsRoute } from "./http/metrics.ts";
import { answerError, requestLog } from "./http/requestLog.ts";
import { sessionCookie } from "./http/sessionCookie.ts";
import { oauthRoutes } from "./oauth/oauthRoutes.ts";
import type { Services } from "./services.ts";

export function createApp(services: Services, config: Config) {
  const { db } = services;
  const yoga = createGraphQLServer(services, { development: config.development });
  const app = new Hono();

  app.use("*", requestLog);

  // The edge, in order: headers on every answer, the Host check, CORS, then 405 for known paths,
  // then the body read within its size limit and the input checked (413, 400).
  app.use("*", securityHeaders({ graphiql: config.development }));
  app.use("*", hostGuard(config));
  app.use("*", corsPolicy(config));
  app.use("*", allowedMethods(app));
  app.use("*", edgeInput);

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/metrics", metricsRoute(services, config));
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
      // The session checked and the request counted in one statement.
      const { principal, requests } = await authenticateSessionCounted(
        db,
        getCookie(c, SESSION_COOKIE),
        graphqlBuckets(clientAddress(c, config.trustProxy)),
      );
      const counted = limitGraphQLRequest(principal, requests);
      if (counted.refusal) return errorResponse(counted.refusal, { headers: counted.headers });
      return withCountHeaders(await yoga.fetch(c.req.raw, { principal }), counted);
    } catch (error) {
      return errorResponse(error);
    }
  });

  // The API reference (Redoc) and the error catalogue.
  app.route("/", apiReferenceRoutes());

  // The facades reach the domain through GraphQL; the edge's own work is handed to them here.
  const auth = authentication(db, config);
  const ownOrigin: OwnOrigin = {
    publicBaseUrl: (c) => publicBaseUrl(c, config),
    isServedOrigin: (c, origin) => isServedOrigin(c, config, origin),
  };
  // The OAuth server first: its /api/v1/oauth/* routes take no bearer token.
  app.route("/", oauthRoutes(db, config, { fetchOptions: () => services.fetch }));
  app.route(
    "/",
    createRestApp(yoga, {
      authentication: auth,
      sessions: sessionCookie(db, config),
      assertStorable,
      followJobEvents: (jobId, afterSeq, sink) => followJobEvents(services, jobId, afterSeq, sink),
    }),
  );
  app.route("/", createMcpApp(yoga, { authentication: auth, ownOrigin }));
  app.notFound(() => errorResponse(new DomainError("not_found", "No such route.")));
  app.onError(answerError);
  return { app, yoga };
}

/** Old rate windows are dropped now and then; any process may do it. */
export function startHousekeeping(db: Database): () => void {
  const timer = setInterval(() => void pruneCounters(db.pool).catch(() => undefined), 5 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
