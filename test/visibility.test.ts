// Who may see a brief, an article and a job: one table, checked against src/auth/visibility.ts
// (the where-fragment and the single-row assert must agree), against the domain functions every
// surface calls, and for a few rows through REST (keys) and GraphQL (persons). Agents have no
// tool that reads these rows yet (tools/list is empty), so they are checked through the module.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findVisibleArticle } from "../src/articles/visibleArticle.ts";
import { authenticateSession, checkToken } from "../src/auth/authenticate.ts";
import type { Principal } from "../src/auth/principal.ts";
import { assertVisible, canSee, visibleWhere } from "../src/auth/visibility.ts";
import { findBrief } from "../src/briefs/briefs.ts";
import { DomainError } from "../src/errors.ts";
import { findVisibleJob } from "../src/pipeline/jobControl.ts";
import { addPerson, makeKey, makeWorld, type Person, type World } from "./support/fixtures.ts";
import { call } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());

const PLACES = ["sameSite", "otherSite", "otherWorkspace", "noSite"] as const;
type Place = (typeof PLACES)[number];
const WHO = ["Owner", "Editor", "Writer", "Viewer", "whole-workspace key", "site-bound key", "agent"] as const;
type Who = (typeof WHO)[number];
const KINDS = ["brief", "article", "job"] as const;
type Kind = (typeof KINDS)[number];

// The rule, as a table. "sameSite" is the site the key and the agent are bound to.
const everywhereInWorkspace = { sameSite: true, otherSite: true, otherWorkspace: false, noSite: true };
const ownSiteOnly = { sameSite: true, otherSite: false, otherWorkspace: false, noSite: false };
const SEES: Record<Who, Record<Place, boolean>> = {
  Owner: everywhereInWorkspace,
  Editor: everywhereInWorkspace,
  Writer: everywhereInWorkspace,
  Viewer: everywhereInWorkspace,
  "whole-workspace key": everywhereInWorkspace,
  "site-bound key": ownSiteOnly,
  agent: ownSiteOnly,
};
/** A job that is not an article or site job (a preview), on the bound site: persons only. */
const SEES_PREVIEW_JOB: Record<Who, boolean> = {
  Owner: true,
  Editor: true,
  Writer: true,
  Viewer: true,
  "whole-workspace key": false,
  "site-bound key": false,
  agent: false,
};

let world: World;
let otherWorld: World;
const principals = {} as Record<Who, Principal>;
const persons = {} as Record<"Owner" | "Editor" | "Writer" | "Viewer", Person>;
const tokens = {} as Record<"whole-workspace key" | "site-bound key" | "agent", string>;
const ids = Object.fromEntries(KINDS.map((k) => [k, Object.fromEntries(PLACES.map((p) => [p, randomUUID()]))])) as Record<
  Kind,
  Record<Place, string>
>;
const previewJob = randomUUID();
const rows = {} as Record<Kind, Record<Place, { workspaceId: string; siteId: string | null; kind: string }>>;

const sessionValue = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  world = await makeWorld(server.baseUrl, server.db);
  otherWorld = await makeWorld(server.baseUrl, server.db);
  const { db } = server;
  persons.Owner = world.owner;
  for (const role of ["Editor", "Writer", "Viewer"] as const)
    persons[role] = await addPerson(server.baseUrl, db, world.workspaceId, role);
  tokens["whole-workspace key"] = (await makeKey(server.baseUrl, world.owner, { name: "whole" })).token;
  tokens["site-bound key"] = (await makeKey(server.baseUrl, world.owner, { name: "bound", siteId: world.siteId })).token;
  const agent = await call(server.baseUrl, "/api/v1/developer/mcp/agents", {
    cookie: world.owner.cookie,
    body: { name: "desk bot", siteId: world.siteId, scopes: ["brief", "generate", "read", "edit", "export"], dailyCap: 5 },
  });
  expect(agent.status).toBe(200);
  tokens.agent = agent.body.token;

  // Real principals, resolved the way the edge resolves them.
  for (const role of ["Owner", "Editor", "Writer", "Viewer"] as const) {
    const person = await authenticateSession(db, sessionValue(persons[role].cookie));
    if (!person) throw new Error(`no session for ${role}`);
    principals[role] = person;
  }
  principals["whole-workspace key"] = (await checkToken(db, tokens["whole-workspace key"], "rest", "127.0.0.1")).principal;
  principals["site-bound key"] = (await checkToken(db, tokens["site-bound key"], "rest", "127.0.0.1")).principal;
  principals.agent = (await checkToken(db, tokens.agent, "mcp", "127.0.0.1")).principal;

  const owner = await db.prisma.person.findUniqueOrThrow({ where: { email: world.owner.email } });
  const otherOwner = await db.prisma.person.findUniqueOrThrow({ where: { email: otherWorld.owner.email } });
  const place: Record<Place, { workspaceId: string; siteId: string | null; personId: string }> = {
    sameSite: { workspaceId: world.workspaceId, siteId: world.siteId, personId: owner.id },
    otherSite: { workspaceId: world.workspaceId, siteId: world.otherSiteId, personId: owner.id },
    otherWorkspace: { workspaceId: otherWorld.workspaceId, siteId: otherWorld.siteId, personId: otherOwner.id },
    noSite: { workspaceId: world.workspaceId, siteId: null, personId: owner.id },
  };
  for (const kind of KINDS) rows[kind] = {} as Record<Place, { workspaceId: string; siteId: string | null; kind: string }>;
  for (const p of PLACES) {
    const { workspaceId, siteId, personId } = place[p];
    await db.prisma.brief.create({ data: { id: ids.brief[p], workspaceId, siteId, topic: `Brief ${p}` } });
    await db.prisma.article.create({
      data: {
        id: ids.article[p],
        workspaceId,
        siteId,
        personId,
        status: "needsReview",
        origin: "manual",
        language: "en",
        title: `Article ${p}`,
        brandName: "Desk",
        byLine: "Olive Owner",
      },
    });
    await db.prisma.job.create({ data: { id: ids.job[p], workspaceId, siteId, personId, kind: "article", status: "done" } });
    for (const kind of KINDS) rows[kind][p] = { workspaceId, siteId, kind: "article" };
  }
  await db.prisma.job.create({
    data: {
      id: previewJob,
      workspaceId: world.workspaceId,
      siteId: world.siteId,
      personId: owner.id,
      kind: "preview",
      status: "done",
    },
  });
});

const finders: Record<Kind, (principal: Principal, id: string) => Promise<unknown>> = {
  brief: (principal, id) => findBrief(server.db, principal, id),
  article: (principal, id) => findVisibleArticle(server.db, principal, id),
  job: (principal, id) => findVisibleJob(server.db, principal, id),
};

async function visibleIds(principal: Principal, kind: Kind, among: string[]): Promise<string[]> {
  const { prisma } = server.db;
  const where = (rule: object) => ({ AND: [rule, { id: { in: among } }] });
  const found =
    kind === "brief"
      ? await prisma.brief.findMany({ where: where(visibleWhere(principal, "brief")), select: { id: true } })
      : kind === "article"
        ? await prisma.article.findMany({ where: where(visibleWhere(principal, "article")), select: { id: true } })
        : await prisma.job.findMany({ where: where(visibleWhere(principal, "job")), select: { id: true } });
  return found.map((r) => r.id).sort();
}

async function notFound(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return false;
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") return true;
    throw error;
  }
}

describe("the visibility rule, through src/auth/visibility.ts and the domain functions", () => {
  for (const who of WHO) {
    for (const kind of KINDS) {
      it(`${who} × ${kind}: assert, where and the finder agree with the table`, async () => {
        const principal = principals[who];
        const expected: Record<string, boolean> = {};
        const seen: Record<string, boolean> = {};
        for (const p of PLACES) {
          expected[p] = SEES[who][p];
          const row = rows[kind][p];
          expect(canSee(principal, kind, row), `canSee ${p}`).toBe(SEES[who][p]);
          let asserted = true;
          try {
            assertVisible(principal, kind, row);
          } catch (error) {
            expect(error).toMatchObject({ code: "not_found" });
            asserted = false;
          }
          expect(asserted, `assertVisible ${p}`).toBe(SEES[who][p]);
          // Ids are matched case-insensitively: ask with the upper-case form a client sends.
          seen[p] = !(await notFound(finders[kind](principal, ids[kind][p].toUpperCase())));
        }
        expect(seen).toEqual(expected);
        const all = PLACES.map((p) => ids[kind][p]);
        const wanted = PLACES.filter((p) => SEES[who][p]).map((p) => ids[kind][p]);
        expect(await visibleIds(principal, kind, all)).toEqual(wanted.sort());
      });
    }
    it(`${who} × a preview job on the bound site`, async () => {
      const principal = principals[who];
      const row = { workspaceId: world.workspaceId, siteId: world.siteId, kind: "preview" };
      expect(canSee(principal, "job", row)).toBe(SEES_PREVIEW_JOB[who]);
      expect(await notFound(findVisibleJob(server.db, principal, previewJob))).toBe(!SEES_PREVIEW_JOB[who]);
      expect(await visibleIds(principal, "job", [previewJob])).toEqual(SEES_PREVIEW_JOB[who] ? [previewJob] : []);
    });
  }

  it("hides a missing row and a malformed id as not found", async () => {
    expect(() => assertVisible(principals.Owner, "brief", null)).toThrow(DomainError);
    for (const kind of KINDS) {
      expect(await notFound(finders[kind](principals.Owner, randomUUID()))).toBe(true);
      expect(await notFound(finders[kind](principals.Owner, "not-an-id"))).toBe(true);
    }
  });

  it("lets a bound credential see its own site and brands with no site; nobody sees a deleted site", () => {
    const bound = principals["site-bound key"];
    const whole = principals["whole-workspace key"];
    const site = (id: string, deletedAt: Date | null = null) => ({ id, workspaceId: world.workspaceId, deletedAt });
    expect(canSee(bound, "site", site(world.siteId))).toBe(true);
    expect(canSee(bound, "site", site(world.otherSiteId))).toBe(false);
    expect(canSee(whole, "site", site(world.otherSiteId))).toBe(true);
    expect(canSee(principals.Viewer, "site", site(world.otherSiteId, new Date()))).toBe(false);
    expect(canSee(whole, "site", { id: otherWorld.siteId, workspaceId: otherWorld.workspaceId, deletedAt: null })).toBe(false);
    const brand = (siteId: string | null, workspaceId = world.workspaceId) => ({ workspaceId, siteId });
    expect(canSee(bound, "brand", brand(null))).toBe(true);
    expect(canSee(bound, "brand", brand(world.siteId))).toBe(true);
    expect(canSee(bound, "brand", brand(world.otherSiteId))).toBe(false);
    expect(canSee(whole, "brand", brand(world.otherSiteId))).toBe(true);
    expect(canSee(whole, "brand", brand(null, otherWorld.workspaceId))).toBe(false);
  });

  it("lets an Owner see every webhook endpoint, an Editor the site-bound ones, no one else any", () => {
    const webhook = (siteId: string | null, workspaceId = world.workspaceId) => ({ workspaceId, siteId });
    const seen = Object.fromEntries(
      WHO.map((who) => [
        who,
        [canSee(principals[who], "webhook", webhook(null)), canSee(principals[who], "webhook", webhook(world.siteId))],
      ]),
    );
    expect(seen).toEqual({
      Owner: [true, true],
      Editor: [false, true],
      Writer: [false, false],
      Viewer: [false, false],
      "whole-workspace key": [false, false],
      "site-bound key": [false, false],
      agent: [false, false],
    });
    expect(canSee(principals.Owner, "webhook", webhook(null, otherWorld.workspaceId))).toBe(false);
  });
});

const REST_PATHS: Record<Kind, string> = { brief: "/api/v1/briefs/", article: "/api/v1/articles/", job: "/api/v1/jobs/" };

describe("the same rule through the HTTP surfaces", () => {
  for (const who of ["whole-workspace key", "site-bound key"] as const) {
    it(`REST with a ${who}: GET of a brief, an article and a job answers 200 or 404 as the table says`, async () => {
      const answers: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const kind of KINDS) {
        for (const p of PLACES) {
          const reply = await call(server.baseUrl, REST_PATHS[kind] + ids[kind][p].toUpperCase(), { token: tokens[who] });
          answers[`${kind} ${p}`] = reply.status;
          expected[`${kind} ${p}`] = SEES[who][p] ? 200 : 404;
          if (reply.status === 404) expect(reply.body.error).toBe("not_found");
        }
      }
      const preview = await call(server.baseUrl, `/api/v1/jobs/${previewJob}`, { token: tokens[who] });
      answers["job preview"] = preview.status;
      expected["job preview"] = 404;
      expect(answers).toEqual(expected);
    });

    it(`REST with a ${who}: the article list and its site filters`, async () => {
      const listed = async (query = "") => {
        const reply = await call(server.baseUrl, `/api/v1/articles${query}`, { token: tokens[who] });
        expect(reply.status).toBe(200);
        return (reply.body as { id: string }[]).map((a) => a.id.toLowerCase()).sort();
      };
      const wanted = PLACES.filter((p) => SEES[who][p]).map((p) => ids.article[p]);
      expect(await listed()).toEqual(wanted.sort());
      expect(await listed(`?siteId=${world.otherSiteId}`)).toEqual(SEES[who].otherSite ? [ids.article.otherSite] : []);
      expect(await listed(`?siteId=${otherWorld.siteId}`)).toEqual([]);
      expect(await listed("?noSite=true")).toEqual(SEES[who].noSite ? [ids.article.noSite] : []);
    });
  }

  for (const role of ["Viewer", "Writer"] as const) {
    it(`GraphQL as a ${role}: every site and no site of the workspace, never another workspace`, async () => {
      const answers: Record<string, boolean> = {};
      const expected: Record<string, boolean> = {};
      for (const p of PLACES) {
        const reply = await call(server.baseUrl, "/graphql", {
          cookie: persons[role].cookie,
          body: {
            query: `query($b: String!, $a: String!, $j: String!) {
              brief(id: $b) { id } article(id: $a) { id } job(id: $j) { id } }`,
            variables: { b: ids.brief[p], a: ids.article[p], j: ids.job[p] },
          },
        });
        expect(reply.status).toBe(200);
        const { data, errors } = reply.body as {
          data: Record<string, unknown> | null;
          errors?: { extensions: { code: string } }[];
        };
        for (const kind of KINDS) {
          answers[`${kind} ${p}`] = data?.[kind] != null;
          expected[`${kind} ${p}`] = SEES[role][p];
        }
        for (const error of errors ?? []) expect(error.extensions.code).toBe("not_found");
      }
      const preview = await call(server.baseUrl, "/graphql", {
        cookie: persons[role].cookie,
        body: { query: `query($j: String!) { job(id: $j) { kind } }`, variables: { j: previewJob } },
      });
      answers["job preview"] = preview.body.data?.job?.kind === "preview";
      expected["job preview"] = true;
      expect(answers).toEqual(expected);
    });
  }
});
