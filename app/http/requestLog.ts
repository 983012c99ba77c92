// Every request gets an id that its log lines and its answer carry, one `request` log line when it
// is answered (method, path, route, status, ms), and is counted for /metrics. A request whose
// client went away before its answer is logged as such (status 499, `clientGone`), not as an error.
import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { errorResponse } from "../../facades/rest/restErrors.ts";
import { changeAnswerHeaders } from "../../src/http/answerHeaders.ts";
import { log, logContext } from "../../src/log.ts";
import { countRequest, routeTemplate } from "./metrics.ts";

/** nginx's code for "the client closed the request": nobody reads the answer. */
const CLIENT_GONE = 499;

function clientGone(c: Context): boolean {
  try {
    return c.req.raw.signal.aborted;
  } catch {
    return false;
  }
}

export const requestLog: MiddlewareHandler = async (c, next) => {
  const requestId = c.req.header("X-Request-Id")?.slice(0, 100) || randomUUID();
  const started = performance.now();
  await logContext.run({ requestId }, async () => {
    await next();
    changeAnswerHeaders(c, (headers) => headers.set("X-Request-Id", requestId));
    const ms = performance.now() - started;
    const gone = clientGone(c);
    const status = gone ? CLIENT_GONE : c.res.status;
    countRequest(c, status, ms / 1000);
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        route: routeTemplate(c),
        status,
        ms: Math.round(ms),
        ...(gone ? { clientGone: true } : {}),
      },
      "request",
    );
  });
};

/**
 * The app's onError: the REST error mapper (which logs unexpected errors), except when the client
 * went away, whose broken read or write is no fault of ours and is not logged as an error.
 */
export function answerError(error: unknown, c: Context): Response {
  if (clientGone(c)) {
    log.info({ reason: (error as Error)?.message ?? String(error) }, "client went away before the answer");
    return new Response(null, { status: CLIENT_GONE });
  }
  return errorResponse(error);
}
