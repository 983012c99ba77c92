// What one process holds besides its HTTP server, as the domain, the schema and the facades see it:
// the database, where pipeline work is queued, the job event hub and its timings, and the
// contract's form of ids and of the article in what the domain stores to send later. The composition
// root (app/services.ts) starts them.
import type { RegenerationQueue } from "./articles/illustration/regenerationQueue.ts";
import type { PipelineCapabilities } from "./briefs/readiness.ts";
import type { ContractFormat } from "./contractFormat.ts";
import type { Database } from "./db/database.ts";
import type { EventTimings } from "./events/eventStream.ts";
import type { JobEventHub } from "./events/jobEvents.ts";
import type { PipelineQueue } from "./pipeline/pipelineQueue.ts";
import type { FetchOptions } from "./sourcing/fetch/index.ts";
import type { WebhookSettings } from "./webhooks/webhookSettings.ts";
import type { Writers } from "./writing/writers.ts";

export interface Services {
  db: Database;
  /** Where the domain queues pipeline work (pg-boss, jobs/pipelineQueue.ts). */
  queue: PipelineQueue;
  /** Where a new picture of an article is queued (pg-boss, jobs/illustrationRegeneration.ts). */
  illustrations: RegenerationQueue;
  events: JobEventHub;
  /** The contract's form of what the domain writes once and sends later (schema/ids.ts). */
  contract: ContractFormat;
  eventTimings: EventTimings;
  /** How a page a person or key names is fetched (a source added to a claim): as the pipeline fetches. */
  fetch: FetchOptions;
  /** How webhook deliveries are paced; they are sent under `fetch`'s address settings. */
  webhooks: WebhookSettings;
  /** What the pipeline can do with this process's settings (a search provider, a model for versions). */
  capabilities: PipelineCapabilities;
  /** The writers the environment configures (a paragraph rewritten by the model, when one is). */
  writers: Writers;
  stop(): Promise<void>;
}
