// What one process holds besides its HTTP server: the database, pg-boss, the job event listener
// and, when the process runs workers, the pipeline workers. main.ts, the test server and the
// benchmarks start the same services.
import { queueSettingsFromEnv, startBoss } from "../jobs/boss.ts";
import { ILLUSTRATION_QUEUES, regenerationQueueOn, startRegenerationWorkers } from "../jobs/illustrationRegeneration.ts";
import { PIPELINE_QUEUES, pipelineQueueOn } from "../jobs/pipelineQueue.ts";
import { startPipelineWorkers } from "../jobs/pipelineWorker.ts";
import { startWebhookWorkers, WEBHOOK_QUEUES } from "../jobs/webhookDelivery.ts";
import { contractFormat } from "../schema/contractFormat.ts";
import { regenerationSettingsFromEnv } from "../src/articles/illustration/regenerationQueue.ts";
import type { Database } from "../src/db/database.ts";
import { DEFAULT_EVENT_TIMINGS, type EventTimings } from "../src/events/eventStream.ts";
import { JobEventHub } from "../src/events/jobEvents.ts";
import { pipelineDepsFromEnv, stepEnginesOf } from "../src/pipeline/pipelineDeps.ts";
import type { Services } from "../src/processServices.ts";
import { webhookSettingsFromEnv } from "../src/webhooks/webhookSettings.ts";
import { queueSizeReaders } from "./http/metrics.ts";

export type { Services };

export interface ServiceOptions {
  databaseUrl: string;
  /** Run the pipeline workers in this process (ROLE=worker or all). */
  workers: boolean;
  env?: NodeJS.ProcessEnv;
}

export async function startServices(db: Database, options: ServiceOptions): Promise<Services> {
  const env = options.env ?? process.env;
  const webhooks = webhookSettingsFromEnv(env);
  const queues = [...PIPELINE_QUEUES, ...ILLUSTRATION_QUEUES, ...WEBHOOK_QUEUES];
  const boss = await startBoss(db, queueSettingsFromEnv(env), options.workers, queues);
  const queue = pipelineQueueOn(boss);
  const illustrations = regenerationQueueOn(boss, regenerationSettingsFromEnv(env));
  const events = new JobEventHub(options.databaseUrl);
  const deps = pipelineDepsFromEnv(env);
  if (options.workers) {
    await startPipelineWorkers(db, boss, queue, deps, contractFormat, env);
    // A new picture is made by the illustrator the `illustrate` step uses.
    await startRegenerationWorkers(db, boss, illustrations, deps.illustrator);
    // Deliveries are sent under the fetcher's address settings, read at each attempt (a test may
    // replace services.fetch after the start).
    await startWebhookWorkers(db, boss, webhooks, () => services.fetch, events);
  }
  // Shorter pings only for tests that watch them (JOB_EVENTS_PING_MS); the spec's 20 s / 5 s otherwise.
  const pingMs = Number(env.JOB_EVENTS_PING_MS) || DEFAULT_EVENT_TIMINGS.pingMs;
  const eventTimings: EventTimings = {
    pingMs,
    queuedPingMs: Math.min(DEFAULT_EVENT_TIMINGS.queuedPingMs, pingMs),
    pollMs: DEFAULT_EVENT_TIMINGS.pollMs,
  };
  const services: Services = {
    db,
    queue,
    illustrations,
    events,
    contract: contractFormat,
    eventTimings,
    fetch: deps.fetch,
    writers: deps.writers,
    capabilities: stepEnginesOf(deps),
    webhooks,
    async stop() {
      await boss.stop();
      await events.close();
    },
  };
  // /metrics reads each queue's size from pg-boss at scrape time.
  queueSizeReaders.set(services, async () => {
    const sizes: Record<string, number> = {};
    for (const { name } of queues) sizes[name] = (await boss.pgBoss.getQueueSize(name)) ?? 0;
    return sizes;
  });
  return services;
}
