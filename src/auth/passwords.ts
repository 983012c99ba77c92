// Person passwords, hashed with argon2id (the library's defaults follow OWASP's guidance: 64 MiB
// and, on a small machine, about a quarter of a second per hash or check). Every hash and check
// of a process waits its turn here, two at once, so no burst of sign-ins can take all its memory,
// its cores or libuv's thread pool (4 threads by default, shared with file reads and DNS lookups).
import { availableParallelism } from "node:os";
import argon2 from "argon2";
import { DomainError } from "../errors.ts";

export const MIN_PASSWORD_LENGTH = 8;
/** Characters (UTF-16 code units, as `length` counts them); longer is refused before any hashing. */
export const MAX_PASSWORD_LENGTH = 1024;
/** argon2id hashes and checks a process runs at once: half the default thread pool at most. */
export const PASSWORD_CHECKS_AT_ONCE = Math.min(2, availableParallelism());
/** Callers that may wait for a turn; beyond them a caller is refused at once. */
export const PASSWORD_CHECKS_WAITING = 32;

/** A password being set: 8 to 1024 characters. */
export function assertNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new DomainError("validation", `password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

/**
 * A password offered at sign-in: only the upper bound, since a short one is just wrong (401 like
 * any other), while a long one would be hashed whole before it could be found wrong.
 */
export function assertPasswordLength(password: string): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new DomainError("validation", `password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

let running = 0;
const waiting: Array<() => void> = [];
// How long one hash or check takes on this machine, for the Retry-After of a refusal.
let typicalMs = 250;

function busy(): DomainError {
  const seconds = Math.max(1, Math.ceil((((waiting.length + running) / PASSWORD_CHECKS_AT_ONCE) * typicalMs) / 1000));
  return new DomainError(
    "rate_limited",
    `Too many password checks at once on this server (${PASSWORD_CHECKS_AT_ONCE} at a time, ${PASSWORD_CHECKS_WAITING} waiting). Try again in ${seconds} seconds.`,
    { retryAfter: seconds },
  );
}

/** Runs `work` when a turn is free, waiting in line for one; throws rate_limited when the line is full. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < PASSWORD_CHECKS_AT_ONCE) {
    running += 1;
  } else {
    if (waiting.length >= PASSWORD_CHECKS_WAITING) throw busy();
    // The caller that finishes hands its turn straight over, so `running` is not touched here.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  const started = performance.now();
  try {
    return await work();
  } finally {
    typicalMs = 0.8 * typicalMs + 0.2 * (performance.now() - started);
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => argon2.hash(password, { type: argon2.argon2id }));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return inTurn(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

// Verifying against a real hash when the email is unknown keeps sign-in time the same for
// known and unknown addresses. The hash is made once, outside the line, so a refusal while the
// line is full is never remembered in its place.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= argon2.hash("not-a-real-password", { type: argon2.argon2id });
  await verifyPassword(await dummy, password);
}
