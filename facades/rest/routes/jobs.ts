// Starting an article (POST /articles) and the job it runs: read it, follow its events, steer it.
// Each route is one GraphQL operation, except the event stream, which follows the stored events
// (through the function the composition root hands in) after the job query has said the caller may
// see the job.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { parseId } from "../../../schema/ids.ts";
import type { Yoga } from "../../../schema/yoga.ts";
import { DomainError } from "../../../src/errors.ts";
import type { AppEnv } from "../../../src/http/appEnv.ts";
import type { FollowJobEvents } from "../../edge.ts";
import { graphql } from "../../graphql.ts";
import { graphqlCall } from "../graphqlCall.ts";
import { IdParam } from "../requestSchemas.ts";
import { asResponse, omitUnset } from "../responseShaping.ts";
import { AUTH_ERRORS, BEARER, errors, jsonBody, jsonResponse, requiredBody } from "../routeDeclarations.ts";

const StartArticleBody = z
  .object({
    briefId: z.string().max(100),
    supersedes: z.string().max(100).optional(),
    alsoNew: z.boolean().optional(),
  })
  .openapi("StartArticle");

export const StartedJob = z
  .object({
    articleId: z.string(),
    jobId: z.string(),
    creditsHeld: z.number().int(),
    briefId: z.string().optional(),
    steps: z.array(z.object({ id: z.string(), name: z.string(), estMs: z.number().int() })).optional(),
  })
  .openapi("StartedJob");

const Job = z
  .object({
    id: z.string(),
    kind: z.string(),
    status: z.string(),
    step: z.string().optional(),
    stepIndex: z.number().int(),
    steps: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), optional: z.boolean() })),
    startedAt: z.string(),
    finishedAt: z.string().optional(),
    articleId: z.string().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .openapi("Job");

const StepParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" } }),
  stepId: z.string().openapi({ param: { name: "stepId", in: "path" } }),
});

export const StartArticle = graphql(`
  mutation StartArticle($briefId: String!, $supersedes: String, $alsoNew: Boolean) {
    startArticle(briefId: $briefId, supersedes: $supersedes, alsoNew: $alsoNew) {
      articleId jobId creditsHeld briefId steps { id name estMs }
    }
  }
`);

const ReadJob = graphql(`
  query ReadJob($id: String!) {
    job(id: $id) {
      id kind status step stepIndex steps { id name status optional } startedAt finishedAt articleId error { code message }
    }
  }
`);

const SeeJob = graphql(`query SeeJob($id: String!) { job(id: $id) { id } }`);

const RetryJobStep = graphql(`mutation RetryJobStep($id: String!, $stepId: String!) { retryJobStep(id: $id, stepId: $stepId) }`);

const SkipJobStep = graphql(`mutation SkipJobStep($id: String!, $stepId: String!) { skipJobStep(id: $id, stepId: $stepId) }`);

const CancelJob = graphql(`mutation CancelJob($id: String!) { cancelJob(id: $id) }`);

const startRoute = createRoute({
  method: "post",
  path: "/articles",
  summary: "Write an article from a brief",
  description:
    "Scope `generate`, role edit. Holds 1 credit (2 for long) plus 1 per language version; captured when the job is done. " +
    "If the brief is already being written, its running job is returned instead of starting another.",
  security: BEARER,
  request: { body: jsonBody(StartArticleBody) },
  responses: {
    200: jsonResponse(StartedJob, "The started job, with its steps"),
    ...AUTH_ERRORS,
    ...errors({
      400: "validation",
      402: "insufficient_credits: the balance cannot cover it, or the trial ended",
      404: "not_found: no such brief, or supersedes not visible",
      409: "article_exists, site_not_ready, plan_limit, article_archived or workspace_paused",
      422: "invalid_language, or nothing_to_read: no useUrls, nothing in the library on the topic, no search provider",
    }),
    429: { description: "rate_limited, or budget_exhausted with resetsAt, askAHuman and Retry-After" },
  },
});

const getJobRoute = createRoute({
  method: "get",
  path: "/jobs/{id}",
  summary: "Read a job",
  description: "Scope `read`, free. A key or agent sees only article and site jobs.",
  security: BEARER,
  request: { params: IdParam },
  responses: { 200: jsonResponse(Job, "The job"), ...AUTH_ERRORS, ...errors({ 404: "not_found" }) },
});

const eventsRoute = createRoute({
  method: "get",
  path: "/jobs/{id}/events",
  summary: "Follow a job's events (server-sent events)",
  description: "Scope `read`, free. Send Last-Event-ID to resume after the last event seen.",
  security: BEARER,
  request: { params: IdParam },
  responses: {
    200: { description: "text/event-stream of Job events", content: { "text/event-stream": { schema: z.string() } } },
    ...AUTH_ERRORS,
    ...errors({ 404: "not_found" }),
  },
});

const steerRoute = (action: "retry" | "skip") =>
  createRoute({
    method: "post",
    path: `/jobs/{id}/steps/{stepId}/${action}`,
    summary: action === "retry" ? "Retry the failed step of a paused job" : "Skip the failed optional step of a paused job",
    description: "Scope `edit`, role edit, free.",
    security: BEARER,
    request: { params: StepParams },
    responses: {
      204: { description: "The job carries on" },
      ...AUTH_ERRORS,
      ...errors(
        action === "skip"
          ? { 400: "step_not_optional", 404: "not_found", 409: "job_not_paused, step_mismatch or job_settled" }
          : { 404: "not_found", 409: "job_not_paused, step_mismatch or job_settled" },
      ),
    },
  });

const cancelRoute = createRoute({
  method: "post",
  path: "/jobs/{id}/cancel",
  summary: "Cancel a job",
  description: "Scope `edit`, role edit. Releases the held credits and raises job.failed with failure `cancelled`.",
  security: BEARER,
  request: { params: IdParam },
  responses: { 204: { description: "Cancelled" }, ...AUTH_ERRORS, ...errors({ 404: "not_found", 409: "job_settled" }) },
});

export function jobRoutes(app: OpenAPIHono<AppEnv>, yoga: Yoga, followJobEvents: FollowJobEvents) {
  app.openapi(startRoute, async (c) => {
    const call = graphqlCall(yoga, c.get("principal"));
    const body = requiredBody(c, c.req.valid("json"));
    const data = await call(StartArticle, body);
    return c.json(asResponse(StartedJob, omitUnset(data.startArticle)), 200);
  });

  app.openapi(getJobRoute, async (c) => {
    const call = graphqlCall(yoga, c.get("principal"));
    const data = await call(ReadJob, { id: c.req.valid("param").id });
    return c.json(asResponse(Job, omitUnset(data.job)), 200);
  });

  app.openapi(eventsRoute, async (c) => {
    const call = graphqlCall(yoga, c.get("principal"));
    const data = await call(SeeJob, { id: c.req.valid("param").id });
    // The event store is keyed by the stored (lower-case) id; GraphQL answers the upper-case one.
    const jobId = parseId(data.job.id);
    if (jobId === undefined) throw new DomainError("internal", "The job query answered an id that is not one.");
    const lastEventId = Number.parseInt(c.req.header("Last-Event-ID") ?? "", 10);
    return streamSSE(c, async (stream) => {
      await followJobEvents(jobId, Number.isFinite(lastEventId) && lastEventId > 0 ? lastEventId : 0, {
        comment: async (text) => {
          await stream.write(`: ${text}\n\n`);
        },
        event: (id, json) => stream.writeSSE({ ...(id === undefined ? {} : { id: String(id) }), data: json }),
        closed: () => stream.aborted || stream.closed,
        onClose: (stop) => {
          stream.onAbort(stop);
        },
      });
    });
  });

  for (const action of ["retry", "skip"] as const) {
    app.openapi(steerRoute(action), async (c) => {
      const call = graphqlCall(yoga, c.get("principal"));
      const params = c.req.valid("param");
      if (action === "retry") await call(RetryJobStep, params);
      else await call(SkipJobStep, params);
      return c.body(null, 204);
    });
  }

  app.openapi(cancelRoute, async (c) => {
    const call = graphqlCall(yoga, c.get("principal"));
    await call(CancelJob, { id: c.req.valid("param").id });
    return c.body(null, 204);
  });
}
