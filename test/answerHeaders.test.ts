// Headers the edge adds after a handler answered: set in place on the answer, and still set when
// the answer's headers are immutable (Response.redirect, an answer fetched from elsewhere).
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { changeAnswerHeaders } from "../src/http/answerHeaders.ts";
import { STRICT_CSP, securityHeaders } from "../src/http/securityHeaders.ts";

function appAnswering(answer: () => Response): Hono {
  const app = new Hono();
  app.use(securityHeaders({ graphiql: false }));
  app.use(async (c, next) => {
    await next();
    changeAnswerHeaders(c, (headers) => headers.append("Vary", "Origin"));
  });
  app.get("/", () => answer());
  return app;
}

describe("headers added after the handler", () => {
  it("are set on an answer the handler built, keeping its own headers and body", async () => {
    const app = appAnswering(() => new Response("hello", { status: 201, headers: { "X-Own": "1", Vary: "Accept" } }));
    const res = await app.request("/");
    expect(res.status).toBe(201);
    expect(await res.text()).toBe("hello");
    expect(res.headers.get("X-Own")).toBe("1");
    expect(res.headers.get("Vary")).toBe("Accept, Origin");
    expect(res.headers.get("Content-Security-Policy")).toBe(STRICT_CSP);
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("are set on an answer whose headers cannot be changed, by copying it once", async () => {
    const redirect = Response.redirect("https://example.org/elsewhere", 302);
    expect(() => redirect.headers.set("X-Test", "1")).toThrow(TypeError);
    const app = appAnswering(() => Response.redirect("https://example.org/elsewhere", 302));
    const res = await app.request("/");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("https://example.org/elsewhere");
    expect(res.headers.get("Vary")).toBe("Origin");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
