// What one process holds besides its HTTP server, as the domain, the schema and the facades see it:
// the database, where pipeline work is queued, the job event hub and its timings. The composition
// root (app/services.ts) starts them.
import type { Database } from "./db/database.ts";
import type { EventTimings } from "./jobs/eventStream.ts";
import type { JobEventHub } from "./jobs/jobEvents.ts";
import type { PipelineQueue } from "./pipeline/pipelineQueue.ts";

export interface Services {
  db: Database;
  /** Where the domain queues pipeline work (pg-boss, jobs/pipelineQueue.ts). */
  queue: PipelineQueue;
  events: JobEventHub;
  eventTimings: EventTimings;
  stop(): Promise<void>;
}
