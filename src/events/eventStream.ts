// Following a job's events for a server-sent event stream: the opening comment, the stored
// events after Last-Event-ID (no replay), then new ones as they are written, whichever process
// writes them. Pings are not stored and carry no id: every 20 seconds, and every 5 seconds with
// the queue position while the job waits. The stream ends after `done`, or after a `refunded`
// without a reason (the job failed or was cancelled).

import { SETTLED_JOB_STATUSES } from "../articles/articleTerms.ts";
import { eventStreamsOpen } from "../metrics.ts";
import { jobEventsAfter, jobStatusAndQueuePosition } from "../pipeline/jobStore.ts";
import type { Services } from "../processServices.ts";
import type { JobEvent } from "./jobEvents.ts";

export interface EventSink {
  comment(text: string): Promise<void>;
  event(id: number | undefined, json: string): Promise<void>;
  closed(): boolean;
  onClose(stop: () => void): void;
}

export interface EventTimings {
  pingMs: number;
  queuedPingMs: number;
  /** Re-read the rows this often even without a notification (a listener may reconnect). */
  pollMs: number;
}

export const DEFAULT_EVENT_TIMINGS: EventTimings = { pingMs: 20_000, queuedPingMs: 5_000, pollMs: 5_000 };

const isFinal = (event: JobEvent) => event.kind === "done" || (event.kind === "refunded" && event.reason === undefined);

async function jobState(services: Services, jobId: string): Promise<{ status: string; queued?: number }> {
  const row = await jobStatusAndQueuePosition(services.db, jobId);
  return row
    ? { status: row.status, ...(row.status === "queued" ? { queued: Math.max(1, row.position) } : {}) }
    : { status: "failed" };
}

export async function followJobEvents(services: Services, jobId: string, afterSeq: number, sink: EventSink): Promise<void> {
  const timings = services.eventTimings;
  let last = afterSeq;
  let pending = true;
  let stopped = false;
  let wake: (() => void) | undefined;
  const nudge = () => {
    pending = true;
    wake?.();
  };
  await sink.comment(`job ${services.contract.jobId(jobId)}`);
  const unfollow = await services.events.follow(jobId, nudge);
  sink.onClose(() => {
    stopped = true;
    wake?.();
  });
  let lastPing = Date.now();
  eventStreamsOpen.inc();
  try {
    while (!stopped && !sink.closed()) {
      if (pending) {
        pending = false;
        for (const { seq, event } of await jobEventsAfter(services.db, jobId, last)) {
          await sink.event(seq, JSON.stringify(event));
          last = seq;
          if (isFinal(event)) return;
        }
      }
      const state = await jobState(services, jobId);
      // Resumed after the last event of a finished job: nothing more will come.
      if (SETTLED_JOB_STATUSES.includes(state.status) && !pending) {
        const more = await jobEventsAfter(services.db, jobId, last);
        if (more.length === 0) return;
        pending = true;
        continue;
      }
      // A notification that came while reading: read again before sleeping.
      if (pending) continue;
      const interval = state.queued !== undefined ? timings.queuedPingMs : timings.pingMs;
      const due = lastPing + interval - Date.now();
      if (due <= 0) {
        await sink.event(
          undefined,
          JSON.stringify(state.queued !== undefined ? { kind: "ping", queued: state.queued } : { kind: "ping" }),
        );
        lastPing = Date.now();
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(
          () => {
            pending = true;
            resolve();
          },
          Math.min(due, timings.pollMs),
        );
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    eventStreamsOpen.dec();
    unfollow();
  }
}

/**
 * The same stream as an async iterator of job events (pings included, without ids), for the
 * GraphQL subscription. Ends where the SSE stream ends; `return()` (the client left) stops it.
 */
export async function* jobEventIterator(
  services: Services,
  jobId: string,
  afterSeq: number,
): AsyncGenerator<{ seq?: number; event: JobEvent | { kind: "ping"; queued?: number } }> {
  const queue: { seq?: number; event: JobEvent | { kind: "ping"; queued?: number } }[] = [];
  let notify: (() => void) | undefined;
  let finished = false;
  let stop: (() => void) | undefined;
  const push = (item: (typeof queue)[number]) => {
    queue.push(item);
    notify?.();
  };
  const following = followJobEvents(services, jobId, afterSeq, {
    comment: async () => undefined,
    event: async (id, json) => push({ ...(id === undefined ? {} : { seq: id }), event: JSON.parse(json) }),
    closed: () => false,
    onClose: (s) => {
      stop = s;
    },
  });
  let error: unknown;
  following.then(
    () => {
      finished = true;
      notify?.();
    },
    (e: unknown) => {
      error = e;
      finished = true;
      notify?.();
    },
  );
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (finished) {
        // A stream that broke is an error for the subscriber, not the job's end.
        if (error !== undefined) throw error;
        break;
      }
      await new Promise<void>((resolve) => {
        notify = resolve;
      });
      notify = undefined;
    }
  } finally {
    stop?.();
    await following.catch(() => undefined);
  }
}
