// Signing in and out for the REST facade's session routes (facades/edge.ts): the session is an
// HttpOnly cookie; refused sign-ins count toward the same per-address limit as refused tokens,
// which bounds password guessing (src/auth/sessions.ts).
import { deleteCookie, setCookie } from "hono/cookie";
import type { SessionCookie } from "../../facades/edge.ts";
import { SESSION_COOKIE, signIn, signOut } from "../../src/auth/sessions.ts";
import type { Config } from "../../src/config.ts";
import type { Database } from "../../src/db/database.ts";
import { clientAddress } from "../../src/http/clientAddress.ts";
import { publicBaseUrl } from "../../src/http/ownOrigin.ts";
import { sessionPrincipal } from "./authentication.ts";

export function sessionCookie(db: Database, config: Config): SessionCookie {
  return {
    async signIn(c, input) {
      const session = await signIn(db, input, {
        address: clientAddress(c, config.trustProxy),
        sessionDays: config.sessionDays,
      });
      // BASE_URL, or the trusted proxy's X-Forwarded-Proto; never the request's own URL.
      const secure = publicBaseUrl(c, config).startsWith("https:");
      setCookie(c, SESSION_COOKIE, session.token, {
        httpOnly: true,
        secure,
        sameSite: "Lax",
        path: "/",
        expires: session.expiresAt,
      });
    },
    async signOut(c) {
      const person = await sessionPrincipal(c, db).catch(() => undefined);
      if (person) await signOut(db, person.sessionId);
      deleteCookie(c, SESSION_COOKIE, { path: "/" });
    },
  };
}
