// Headers a middleware adds to an answer after the handler made it. Hono's `c.header()` called
// then copies the whole Response for every header it sets (and with @hono/node-server that first
// turns its light answer into a full one), so the edge's dozen headers cost a dozen copies per
// request (bench/README.md, facade). This sets them on the answer's own headers in place, and
// copies the answer once only when its headers cannot be changed (an answer fetched from elsewhere,
// Response.redirect).
import type { Context } from "hono";

export function changeAnswerHeaders(c: Context, change: (headers: Headers) => void): void {
  const answer = c.res;
  try {
    change(answer.headers);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // Immutable headers refuse the first change, so nothing was half applied.
    c.res = new Response(answer.body, answer);
    change(c.res.headers);
  }
}
