// How a new picture is queued. The domain owns this interface; jobs/illustrationRegeneration.ts
// implements it on pg-boss and the composition root (app/services.ts) hands it in, so nothing
// under src/ imports jobs/. The message is sent inside the request's transaction: it is queued if
// and only if the regeneration row it names commits.
import { intSetting } from "../../config.ts";
import type { Sql } from "../../db/transaction.ts";
import { illustrationsEnabled } from "../../writing/illustration/illustrator.ts";

/** Make the new picture of regeneration `regenerationId` and swap it in. */
export interface RegenerationMessage {
  regenerationId: string;
}

/** The timings of a regeneration (ILLUSTRATION_REGENERATION_* settings, docs/configuration.md). */
export interface RegenerationSettings {
  /** Whether this deployment makes illustrations at all (ILLUSTRATIONS). */
  enabled: boolean;
  /**
   * The longest one run may take before pg-boss takes its worker as lost and runs it again; longer
   * than the image model's own time limit (IMAGE_TIMEOUT_MS, 60 s by default).
   */
  runExpireSeconds: number;
  /** Runs that try to make the picture; one more run after them only records the failure. */
  tries: number;
  /**
   * A try still queued or running this long after it was asked for is over: it reads as failed
   * (`lastFailure`), frees its place, and its worker, if one is still alive, cannot swap it in.
   */
  deadlineSeconds: number;
  /** Workers per worker process. */
  concurrency: number;
}

export function regenerationSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): RegenerationSettings {
  const int = (name: string, fallback: number, min: number) => intSetting(env, name, fallback, min);
  const settings: RegenerationSettings = {
    enabled: illustrationsEnabled(env),
    runExpireSeconds: int("ILLUSTRATION_REGENERATION_EXPIRE_SECONDS", 180, 2),
    tries: int("ILLUSTRATION_REGENERATION_TRIES", 2, 1),
    deadlineSeconds: int("ILLUSTRATION_REGENERATION_DEADLINE_SECONDS", 1800, 5),
    concurrency: int("ILLUSTRATION_REGENERATION_CONCURRENCY", 2, 1),
  };
  // Every run pg-boss may make has to fit before the deadline, or a live retry would be cut off.
  if (settings.deadlineSeconds < (settings.tries + 1) * settings.runExpireSeconds) {
    throw new Error(
      "ILLUSTRATION_REGENERATION_DEADLINE_SECONDS must be at least (ILLUSTRATION_REGENERATION_TRIES + 1) × ILLUSTRATION_REGENERATION_EXPIRE_SECONDS",
    );
  }
  return settings;
}

export interface RegenerationQueue {
  settings: RegenerationSettings;
  /** Queues the message inside `sql`'s transaction; throws (rolling it back) when it could not. */
  queueRegeneration(sql: Sql, message: RegenerationMessage): Promise<void>;
  /** Wakes this process's regeneration workers now, after the transaction that queued committed. */
  wake(): void;
}
