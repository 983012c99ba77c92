// What the facades take from the composition root: the edge's own work (who is calling, the
// session cookie, the service's own origin) and the job event stream, built in app/ and handed in
// as functions, so that a facade takes from src/ only types and reaches the domain through GraphQL.
import type { Context } from "hono";
import type { Surface } from "../src/auth/authenticate.ts";
import type { CredentialPrincipal, PersonPrincipal } from "../src/auth/principal.ts";
import type { SignIn } from "../src/auth/sessions.ts";
import type { EventSink } from "../src/events/eventStream.ts";
import type { AppEnv } from "../src/http/appEnv.ts";

/** Who is calling (app/http/authentication.ts). */
export interface Authentication {
  /**
   * The credential of the request's `Authorization: Bearer` token on this surface, counted against
   * its request limit (the RateLimit headers set on the answer and kept in `limitHeaders` for error
   * answers); undefined when the request sends no bearer token. Throws for a refused token or a
   * spent limit.
   */
  bearer(c: Context<AppEnv>, surface: Surface): Promise<CredentialPrincipal | undefined>;
  /** The signed-in person of the request's session cookie; undefined without a live session. */
  session(c: Context): Promise<PersonPrincipal | undefined>;
}

/** Signing in and out with the session cookie (app/http/sessionCookie.ts). */
export interface SessionCookie {
  /** Checks the password, opens a session and sets its HttpOnly cookie on the answer. */
  signIn(c: Context, input: SignIn): Promise<void>;
  /** Closes the session of the request's cookie, if it names a live one, and clears the cookie. */
  signOut(c: Context): Promise<void>;
}

/** The service's own address (src/http/ownOrigin.ts): BASE_URL, else where it listens; never Host. */
export interface OwnOrigin {
  /** The public base URL, without a trailing slash. */
  publicBaseUrl(c: Context): string;
  /** Whether a browser page of this origin is one of the service's own. */
  isServedOrigin(c: Context, origin: string): boolean;
}

/**
 * Writes a job's stored events after `afterSeq`, then new ones as they come, into `sink`
 * (src/events/eventStream.ts) until the job ends or the sink closes. `jobId` is the stored id
 * (schema/ids.ts); the caller has asked GraphQL whether the principal may see the job.
 */
export type FollowJobEvents = (jobId: string, afterSeq: number, sink: EventSink) => Promise<void>;
