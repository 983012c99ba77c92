// Reading an article and listing articles send a fixed number of SQL statements, whatever the
// number of units, claims, sources, language versions or articles: no query per row. Each request
// is recorded on the server's own pool, which Prisma's adapter and the direct SQL both use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, type Reply } from "./support/http.ts";
import { recordStatements } from "./support/sqlStatements.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";
import { type ArticleOwner, storeWrittenArticle } from "./support/writtenArticles.ts";

let server: TestServer;
afterAll(() => server?.close());

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
});

/** A workspace of its own, its owner as the author of its articles, and a whole-workspace key. */
async function desk(): Promise<{ owner: ArticleOwner; token: string }> {
  const world: World = await makeWorld(server.baseUrl, server.db);
  const person = await server.db.prisma.person.findUniqueOrThrow({ where: { email: world.owner.email } });
  const { token } = await makeKey(server.baseUrl, world.owner);
  return { owner: { workspaceId: world.workspaceId, siteId: world.siteId, personId: person.id }, token };
}

/** One GET over HTTP and every statement the server sent for it (including any sent after the answer). */
async function recordedGet(token: string, path: string): Promise<{ reply: Reply; statements: string[] }> {
  let reply: Reply | undefined;
  const statements = await recordStatements(server.db.pool, async () => {
    reply = await call(server.baseUrl, `/api/v1${path}`, { token });
  });
  if (reply?.status !== 200) throw new Error(`GET ${path}: ${reply?.status} ${JSON.stringify(reply?.body)}`);
  return { reply, statements };
}

const listing = (label: string, statements: string[]) =>
  `${label} (${statements.length}):\n${statements.map((s) => `  ${s.slice(0, 160)}`).join("\n")}`;

describe("GET /api/v1/articles/{id}", () => {
  it("sends as many statements for 50 claims, 52 units and 30 sources as for 5, 7 and 3", async () => {
    const { owner, token } = await desk();
    const small = await storeWrittenArticle(server.db, owner, { claims: 5, sources: 3, languages: ["de"] });
    const large = await storeWrittenArticle(server.db, owner, { claims: 50, sources: 30, languages: ["de", "fr", "es"] });
    // A first request warms the pool and the credential's counters up; it is not measured.
    await recordedGet(token, `/articles/${large.toUpperCase()}`);

    const few = await recordedGet(token, `/articles/${small.toUpperCase()}`);
    const many = await recordedGet(token, `/articles/${large.toUpperCase()}`);

    expect([few.reply.body.claims.length, few.reply.body.paragraphs.length, few.reply.body.sources.length]).toEqual([5, 7, 3]);
    expect([many.reply.body.claims.length, many.reply.body.paragraphs.length, many.reply.body.sources.length]).toEqual([
      50, 52, 30,
    ]);
    expect(few.reply.body.languageVersions).toHaveLength(2);
    expect(many.reply.body.languageVersions).toHaveLength(4);
    expect(few.reply.body.illustration.status).toBe("ready");
    expect(many.statements.length, `${listing("5 claims", few.statements)}\n${listing("50 claims", many.statements)}`).toBe(
      few.statements.length,
    );
  });
});

describe("GET /api/v1/articles", () => {
  it("sends as many statements for 20 articles as for 2, half of them being written", async () => {
    const two = await desk();
    const twenty = await desk();
    for (const [{ owner }, count] of [
      [two, 2],
      [twenty, 20],
    ] as const) {
      for (let i = 0; i < count; i++) {
        await storeWrittenArticle(server.db, owner, {
          claims: 3 + (i % 4),
          sources: 2,
          status: i % 2 === 0 ? "generating" : "needsReview",
        });
      }
    }
    await recordedGet(two.token, "/articles");
    await recordedGet(twenty.token, "/articles");

    const few = await recordedGet(two.token, "/articles");
    const many = await recordedGet(twenty.token, "/articles");

    expect(few.reply.body).toHaveLength(2);
    expect(many.reply.body).toHaveLength(20);
    expect(many.reply.body.filter((a: { run?: unknown }) => a.run)).toHaveLength(10);
    expect(many.statements.length, `${listing("2 articles", few.statements)}\n${listing("20 articles", many.statements)}`).toBe(
      few.statements.length,
    );
  });
});

describe("PUT /api/v1/articles/{id}/units/{n}", () => {
  it("sends as many statements to edit a unit of an article with 50 claims and 30 sources as with 5 and 3", async () => {
    const { owner, token } = await desk();
    const small = await storeWrittenArticle(server.db, owner, { claims: 5, sources: 3 });
    const large = await storeWrittenArticle(server.db, owner, { claims: 50, sources: 30 });
    const edit = async (id: string, text: string) => {
      let reply: Reply | undefined;
      const statements = await recordStatements(server.db.pool, async () => {
        reply = await call(server.baseUrl, `/api/v1/articles/${id.toUpperCase()}/units/1`, {
          method: "PUT",
          token,
          body: { text },
        });
      });
      if (reply?.status !== 200) throw new Error(`PUT: ${reply?.status} ${JSON.stringify(reply?.body)}`);
      return { reply, statements };
    };
    await edit(large, "A first edit, not measured.");
    const few = await edit(small, "The harbour will be dredged, the board said.");
    const many = await edit(large, "The harbour will be dredged, the board said.");
    expect(many.reply.body.versions.at(-1).label).toBe("unit edited");
    expect(many.statements.length, `${listing("5 claims", few.statements)}\n${listing("50 claims", many.statements)}`).toBe(
      few.statements.length,
    );
  });
});
