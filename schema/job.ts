// Article jobs: starting one (POST /articles), reading and steering it.

import type { LanguageJobStarted } from "../src/articles/languages/addLanguages.ts";
import { startArticle } from "../src/articles/startArticle.ts";
import { jobEventIterator } from "../src/events/eventStream.ts";
import { cancelJob, findVisibleJob, type JobView, jobView, retryStep, skipStep } from "../src/pipeline/jobControl.ts";
import { builder } from "./builder.ts";
import { articleIdOut, briefIdOut, jobIdOut, optionalIdOut } from "./ids.ts";

/** A started job (startArticle, addArticleLanguages) with the contract's ids. */
export const startedJobOut = (started: LanguageJobStarted) => ({
  ...started,
  articleId: articleIdOut(started.articleId),
  jobId: jobIdOut(started.jobId),
  briefId: optionalIdOut(briefIdOut, started.briefId),
});

const jobOut = (job: JobView): JobView => ({
  ...job,
  id: jobIdOut(job.id),
  articleId: optionalIdOut(articleIdOut, job.articleId),
});

const PlannedStepRef = builder.simpleObject("StartedStep", {
  fields: (t) => ({ id: t.string(), name: t.string(), estMs: t.int() }),
});

export const StartedJob = builder.simpleObject("StartedJob", {
  fields: (t) => ({
    articleId: t.string(),
    jobId: t.string(),
    creditsHeld: t.int({ description: "Held until the job ends; skipped, failed or empty versions are released then." }),
    briefId: t.string({ nullable: true }),
    steps: t.field({ type: [PlannedStepRef], nullable: true }),
  }),
});

const JobStep = builder.simpleObject("JobStep", {
  fields: (t) => ({ id: t.string(), name: t.string(), status: t.string(), optional: t.boolean() }),
});

const JobError = builder.simpleObject("JobError", {
  fields: (t) => ({
    code: t.string({ description: "cancelled, fetch_timeout, too_few_origins, model_timeout, provider_error or other" }),
    message: t.string(),
  }),
});

const Job = builder.simpleObject("Job", {
  fields: (t) => ({
    id: t.string(),
    kind: t.string(),
    status: t.string(),
    step: t.string({ nullable: true }),
    stepIndex: t.int(),
    steps: t.field({ type: [JobStep] }),
    startedAt: t.string(),
    finishedAt: t.string({ nullable: true }),
    articleId: t.string({ nullable: true }),
    error: t.field({ type: JobError, nullable: true }),
  }),
});

builder.mutationField("startArticle", (t) =>
  t.field({
    type: StartedJob,
    authScopes: { scope: "generate", editRole: true },
    args: {
      briefId: t.arg.string({ required: true }),
      supersedes: t.arg.string(),
      alsoNew: t.arg.boolean(),
    },
    resolve: async (_root, args, { services, principal }) =>
      startedJobOut(
        await startArticle(services.db, services.queue, services.contract, services.capabilities, principal!, {
          briefId: args.briefId,
          ...(args.supersedes != null ? { supersedes: args.supersedes } : {}),
          ...(args.alsoNew != null ? { alsoNew: args.alsoNew } : {}),
        }),
      ),
  }),
);

builder.queryField("job", (t) =>
  t.field({
    type: Job,
    authScopes: { scope: "read" },
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, { id }, { db, principal }) => jobOut(await jobView(db, principal!, id)),
  }),
);

const steer = (name: string, run: typeof retryStep) =>
  builder.mutationField(name, (t) =>
    t.boolean({
      authScopes: { scope: "edit", editRole: true },
      args: { id: t.arg.string({ required: true }), stepId: t.arg.string({ required: true }) },
      resolve: async (_root, { id, stepId }, { services, principal }) => {
        await run(services.db, services.queue, services.contract, principal!, id, stepId);
        return true;
      },
    }),
  );
steer("retryJobStep", retryStep);
steer("skipJobStep", skipStep);

builder.mutationField("cancelJob", (t) =>
  t.boolean({
    authScopes: { scope: "edit", editRole: true },
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, { id }, { services, principal }) => {
      await cancelJob(services.db, services.contract, principal!, id);
      return true;
    },
  }),
);

const JobEventDetail = builder.simpleObject("JobEventDetail", {
  fields: (t) => ({ tag: t.string(), text: t.string() }),
});

const JobEventMessage = builder.simpleObject("JobEvent", {
  description: "One event of a job's stream, as the REST event stream sends it; `seq` is absent on pings.",
  fields: (t) => ({
    seq: t.int({ nullable: true }),
    kind: t.string({ description: "step, done, failed, refunded or ping" }),
    stepId: t.string({ nullable: true }),
    status: t.string({ nullable: true }),
    summary: t.string({ nullable: true }),
    ms: t.int({ nullable: true }),
    details: t.field({ type: [JobEventDetail], nullable: true }),
    articleId: t.string({ nullable: true }),
    reason: t.string({ nullable: true }),
    credits: t.int({ nullable: true }),
    queued: t.int({ nullable: true }),
    code: t.string({ nullable: true }),
    message: t.string({ nullable: true }),
  }),
});

builder.subscriptionType({});

builder.subscriptionField("jobEvents", (t) =>
  t.field({
    type: JobEventMessage,
    description: "The job's events, over graphql-sse (distinct connections); `after` resumes like Last-Event-ID.",
    authScopes: { scope: "read" },
    args: { id: t.arg.string({ required: true }), after: t.arg.int() },
    // The job's visibility is checked before the stream starts, so a job the principal may not see
    // is refused like the `job` query, not as the stream's first event.
    subscribe: async (_root, { id, after }, { services, principal }) => {
      const jobId = await findVisibleJob(services.db, principal!, id);
      return (async function* () {
        for await (const { seq, event } of jobEventIterator(services, jobId, after ?? 0)) {
          yield { ...(seq === undefined ? {} : { seq }), ...event };
        }
      })();
    },
    resolve: (event) => event as never,
  }),
);
