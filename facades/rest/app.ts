// The REST facade at /api/v1: validates requests as the spec says, runs one GraphQL operation
// per route, shapes the answer. No business rule lives here.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Yoga } from "../../schema/yoga.ts";
import { DomainError } from "../../src/errors.ts";
import type { AppEnv } from "../../src/http/appEnv.ts";
import type { InputPlace } from "../../src/http/storableInput.ts";
import type { Authentication, FollowJobEvents, SessionCookie } from "../edge.ts";
import { restAuth } from "./edgeAuth.ts";
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

export function createRestApp(yoga: Yoga, edge: RestEdge) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
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

  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Sourced-article writing service",
      version: "1",
      description:
        "REST facade. Errors are `{ error, message, ... }`; unset fields are omitted, never null. " +
        "Any route: 405 `method_not_allowed` with `Allow` for a method its path does not have; " +
        "421 `misdirected_request` when `Host` names another server. " +
        "Browsers may call with a bearer token from any origin (`Access-Control-Allow-Origin: *`, no cookies); " +
        "only origins in CORS_ORIGINS get credentialed CORS.",
    },
  });

  app.notFound(() => errorResponse(new DomainError("not_found", "No such route.")));
  app.onError((error, c) => errorResponse(error, { headers: c.get("limitHeaders") }));
  return app;
}
