// The REST facade at /api/v1: validates requests as the spec says, runs one GraphQL operation
// per route, shapes the answer. No business rule lives here.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Yoga } from "../../schema/yoga.ts";
import { DomainError } from "../../src/errors.ts";
import type { AppEnv } from "../../src/http/appEnv.ts";
import type { InputPlace } from "../../src/http/storableInput.ts";
import type { Authentication, FollowJobEvents, SessionCookie } from "../edge.ts";
import { restAuth } from "./edgeAuth.ts";
import { documentOperations, TAGS } from "./openapiDocumentation.ts";
import { BRIEF_FIELDS } from "./requestSchemas.ts";
import { errorResponse } from "./restErrors.ts";
import { declareEdgeErrors, jsonBodiesOnly } from "./routeDeclarations.ts";
import { articleEditRoutes } from "./routes/articleEdits.ts";
import { articleIllustrationRoutes } from "./routes/articleIllustration.ts";
import { articleLanguageRoutes } from "./routes/articleLanguages.ts";
import { articleSourceRoutes } from "./routes/articleSources.ts";
import { articleReadRoutes } from "./routes/articles.ts";
import { briefRoutes } from "./routes/briefs.ts";
import { developerRoutes } from "./routes/developer.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { sessionRoutes } from "./routes/session.ts";
import { webhookRoutes } from "./routes/webhooks.ts";

/** The document's own parts; the operations come from the routes (facades/rest/openapiDocumentation.ts). */
const DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Sourced-article writing service",
    version: "1",
    description:
      "REST facade. Errors are `{ error, message, ..., docs }`, `docs` linking the code's entry in the " +
      "[error catalogue](/docs/errors); unset fields are omitted, never null. " +
      "Any route: 405 `method_not_allowed` with `Allow` for a method its path does not have; " +
      "421 `misdirected_request` when `Host` names another server. " +
      "Browsers may call with a bearer token from any origin (`Access-Control-Allow-Origin: *`, no cookies); " +
      "only origins in CORS_ORIGINS get credentialed CORS. A rendered reference is at [/docs](/docs).",
    // The project publishes no licence: all rights reserved (an SPDX LicenseRef, not an open licence).
    license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
  },
  servers: [{ url: "/", description: "This service (the paths start with /api/v1)" }],
  tags: TAGS,
};

const OPEN_PATHS = new Set(["/api/v1/session", "/api/v1/openapi.json"]);
const isSessionOnly = (path: string) => path.startsWith("/api/v1/developer/");

/** What the REST facade takes from the composition root besides GraphQL (app/server.ts). */
export interface RestEdge {
  authentication: Authentication;
  sessions: SessionCookie;
  /** Throws 400 validation naming the first string PostgreSQL cannot store (src/http/storableInput.ts). */
  assertStorable(value: unknown, place: InputPlace): void;
  followJobEvents: FollowJobEvents;
}

/** What a refusal of an unknown field adds: the fields a brief takes, on the brief routes. */
function knownFieldsHint(path: string): string {
  return /\/api\/v1\/briefs(\/[^/]+)?$/.test(path) ? ` A brief takes: ${BRIEF_FIELDS.join(", ")}.` : "";
}

export function createRestApp(yoga: Yoga, edge: RestEdge) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
        if (issue?.code === "unrecognized_keys") {
          const known = result.target === "json" && issue.path.length === 0 ? knownFieldsHint(c.req.path) : "";
          throw new DomainError(
            "validation",
            `${where}unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.${known}`,
            {
              field: issue.keys[0],
            },
          );
        }
        throw new DomainError("validation", `${where}${issue?.message ?? "invalid request"}`);
      }
      // Bodies and query strings were checked at the edge; path parameters are named only here.
      if (result.target === "param") edge.assertStorable(result.data, "path");
    },
  }).basePath("/api/v1");

  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "An API key: `bz_live_` and 43 URL-safe characters.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "bz_session",
    description: "A signed-in person's session (POST /api/v1/session).",
  });

  const auth = restAuth(edge.authentication, isSessionOnly);
  app.use("*", async (c, next) => (OPEN_PATHS.has(c.req.path) ? next() : auth(c, next)));
  app.use("*", jsonBodiesOnly);

  sessionRoutes(app, edge.sessions);
  briefRoutes(app, yoga);
  jobRoutes(app, yoga, edge.followJobEvents);
  articleReadRoutes(app, yoga);
  articleEditRoutes(app, yoga);
  articleSourceRoutes(app, yoga);
  articleLanguageRoutes(app, yoga);
  articleIllustrationRoutes(app, yoga);
  developerRoutes(app, yoga);
  webhookRoutes(app, yoga);
  declareEdgeErrors(app.openAPIRegistry);

  // The document is made once, here, from the declarations above: a route missing from the
  // operations' table (facades/rest/openapiDocumentation.ts) stops the service from starting.
  const document = documentOperations(app.getOpenAPI31Document(DOCUMENT) as unknown as Record<string, unknown>);
  app.get("/openapi.json", (c) => c.json(document));

  app.notFound(() => errorResponse(new DomainError("not_found", "No such route.")));
  app.onError((error, c) => errorResponse(error, { headers: c.get("limitHeaders") }));
  return app;
}
