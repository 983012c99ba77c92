// The article after it is written (issue 12), edits and review: every edit route over REST with
// its errors and limits, new text held to the sources, versions with what each held, concurrent
// edits against one version, a person's approval over GraphQL, comments, kept flags and archive.
// The article is stored the way the write step leaves it, with page texts invented for this file.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Prisma } from "../prisma/generated/client/client.ts";
import { addPerson, makeKey, makeWorld, type Person, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());

let world: World;
let personId: string;
let token: string;
let writer: Person;
let viewer: Person;

const PAGE_A = [
  "The Harbour Board approved a plan on Tuesday to dredge the eastern channel of Port Elsey.",
  "The work will cost €38 million and take 14 months, the board said in a statement.",
  "Ships with a draught of up to 14 metres will be able to dock at Port Elsey from 2027.",
].join("\n\n");
const PAGE_B = [
  "Dredging of the eastern channel at Port Elsey will cost €38 million, the Harbour Board announced on Tuesday.",
  "Residents of Northbank will be consulted about the dredging in March, according to the board.",
  "Fishing crews in Port Elsey fear the work will close the channel for several weeks.",
].join("\n\n");

interface Fixture {
  id: string;
  c: { cost: string; consult: string; approved: string };
}

async function storeArticle(
  options: { status?: "needsReview" | "generating"; units?: object[]; briefWritten?: boolean } = {},
): Promise<Fixture> {
  const id = randomUUID();
  const c = { cost: randomUUID(), consult: randomUUID(), approved: randomUUID() };
  const sA = randomUUID();
  const sB = randomUUID();
  const units = options.units ?? [
    {
      n: 1,
      kind: "paragraph",
      text: "The Harbour Board approved a plan on Tuesday to dredge the eastern channel of Port Elsey.",
      claimIds: [c.approved],
    },
    { n: 2, kind: "heading", level: 2, text: "## Cost", claimIds: [] },
    { n: 3, kind: "paragraph", text: "The work will cost €38 million, the board said.", claimIds: [c.cost] },
    { n: 4, kind: "item", ordered: false, text: "Consultation in March", claimIds: [c.consult] },
    { n: 5, kind: "item", ordered: false, text: "Work lasting 14 months", claimIds: [] },
    { n: 6, kind: "row", header: true, text: "Item | Value", cells: ["Item", "Value"], claimIds: [] },
    { n: 7, kind: "row", text: "Cost | €38 million", cells: ["Cost", "€38 million"], claimIds: [c.cost] },
    {
      n: 8,
      kind: "paragraph",
      text: "Residents of Northbank will be consulted about the dredging in March.",
      claimIds: [c.consult],
    },
  ];
  const prisma = server.db.prisma;
  const data: Prisma.ArticleUncheckedCreateInput = {
    id,
    workspaceId: world.workspaceId,
    siteId: world.siteId,
    personId,
    status: options.status ?? "needsReview",
    origin: "manual",
    language: "en",
    title: "Port Elsey channel to be dredged",
    lead: (units[0] as { text: string }).text,
    deck: "The Harbour Board's plan and what it costs",
    words: 60,
    units,
    internalLinks: [{ id: "link-1", n: 8, anchor: "Northbank", url: "https://news.example.com/northbank", title: "Northbank" }],
    brandName: "News Desk",
    byLine: "Olive Owner",
    version: 1,
  };
  await prisma.article.create({ data });
  await prisma.articleSource.createMany({
    data: [
      {
        id: sA,
        articleId: id,
        position: 0,
        origin: "Elsey Times",
        originId: "a",
        title: "Channel to be dredged",
        url: "https://times.example/dredge",
        score: 70,
        official: false,
        text: PAGE_A,
        language: "en",
      },
      {
        id: sB,
        articleId: id,
        position: 1,
        origin: "Coast Radio",
        originId: "b",
        title: "Dredging plan",
        url: "https://radio.example/dredge",
        score: 65,
        official: false,
        text: PAGE_B,
        language: "en",
      },
    ],
  });
  await prisma.articleClaim.createMany({
    data: [
      {
        id: c.approved,
        articleId: id,
        position: 0,
        text: "The Harbour Board approved a plan on Tuesday to dredge the eastern channel.",
        state: "corroborated",
        originCount: 2,
        sourceIds: [sA, sB],
      },
      {
        id: c.cost,
        articleId: id,
        position: 1,
        text: "The work will cost €38 million.",
        state: "parallel",
        originCount: 2,
        sourceIds: [sA, sB],
        attributedTo: "Harbour Board",
      },
      {
        id: c.consult,
        articleId: id,
        position: 2,
        text: "Residents of Northbank will be consulted in March.",
        state: "singleSource",
        originCount: 1,
        sourceIds: [sB],
      },
    ],
  });
  await prisma.articleVersion.create({
    data: {
      articleId: id,
      n: 1,
      label: "generation",
      by: "Writing engine (built-in)",
      model: "none",
      note: "Written.",
      title: data.title,
    },
  });
  return { id, c };
}

const U = (id: string) => id.toUpperCase();
const put = (path: string, body: unknown, t = token) =>
  call(server.baseUrl, `/api/v1/articles/${path}`, { method: "PUT", token: t, body });
const post = (path: string, body: unknown, t = token) =>
  call(server.baseUrl, `/api/v1/articles/${path}`, { method: "POST", token: t, body });
const read = (id: string) => call(server.baseUrl, `/api/v1/articles/${id}`, { token });

async function gql(person: Person, query: string, variables: Record<string, unknown> = {}) {
  const reply = await call(server.baseUrl, "/graphql", { cookie: person.cookie, body: { query, variables } });
  expect(reply.status).toBe(200);
  return reply.body as { data?: any; errors?: { message: string; extensions: { code: string; [k: string]: unknown } }[] };
}
const codeOf = (result: { errors?: { extensions: { code: string } }[] }) => result.errors?.[0]?.extensions.code;

let owner: Person;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  world = await makeWorld(server.baseUrl, server.db);
  owner = world.owner;
  personId = (await server.db.prisma.person.findUniqueOrThrow({ where: { email: world.owner.email } })).id;
  token = (await makeKey(server.baseUrl, world.owner, { name: "desk key" })).token;
  writer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Writer");
  viewer = await addPerson(server.baseUrl, server.db, world.workspaceId, "Viewer");
});

let a: Fixture;
beforeEach(async () => {
  a = await storeArticle();
  // A key of its own per test: each key may make 60 requests a minute.
  token = (await makeKey(server.baseUrl, world.owner, { name: "desk key" })).token;
});

describe("PUT /articles/{id}/units/{n}", () => {
  it("replaces a paragraph, adds a version naming the key, and keeps what the version before held", async () => {
    const reply = await put(`${a.id}/units/3`, {
      text: "Dredging will cost €38 million, the Harbour Board said on Tuesday.",
      expectedVersion: 1,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.paragraphs[2]).toEqual({
      n: 3,
      text: "Dredging will cost €38 million, the Harbour Board said on Tuesday.",
      claimIds: [U(a.c.cost)],
    });
    // The sources carry it: no new claim.
    expect(reply.body.claims).toHaveLength(3);
    const v = reply.body.versions.at(-1);
    expect(v).toMatchObject({ n: 2, label: "unit edited", by: "desk key", model: "none" });
    expect(v.agent).toMatch(/^API key desk key \(.+\)$/);
    expect(v.title).toBeUndefined();

    const before = await gql(owner, `query($id: String!) { articleVersion(id: $id, n: 1) { n label units { n text } } }`, {
      id: a.id,
    });
    expect(before.data.articleVersion.units[2].text).toBe("The work will cost €38 million, the board said.");
    const diff = await gql(
      owner,
      `query($id: String!) { compareArticleVersions(id: $id, from: 1, to: 2) { units { n change before after } titleAfter } }`,
      { id: a.id },
    );
    expect(diff.data.compareArticleVersions).toEqual({
      titleAfter: null,
      units: [
        {
          n: 3,
          change: "changed",
          before: "The work will cost €38 million, the board said.",
          after: "Dredging will cost €38 million, the Harbour Board said on Tuesday.",
        },
      ],
    });
  });

  it("changes nothing and adds no version when the text is the unit's own", async () => {
    const reply = await put(`${a.id}/units/3`, { text: "The work will cost €38 million, the board said." });
    expect(reply.status).toBe(200);
    expect(reply.body.versions).toHaveLength(1);
  });

  it("flags a new statement in a paragraph that no source carries as a single-source claim of that unit", async () => {
    const text =
      "Residents of Northbank will be consulted about the dredging in March. The mayor of Port Elsey, Dana Wilde, resigned on Friday after 12 years.";
    const reply = await put(`${a.id}/units/8`, { text });
    expect(reply.status).toBe(200);
    const added = reply.body.claims.filter((c: { text: string }) => c.text.includes("Dana Wilde"));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ state: "singleSource", originCount: 0, sourceIds: [], paragraph: 8, keptFlag: false });
    expect(reply.body.paragraphs[7].claimIds).toEqual([U(a.c.consult), added[0].id]);
  });

  it("refuses a heading the sources do not carry for a key, and flags it for a person", async () => {
    const unsourced = "## The mayor of Port Elsey resigned on Friday after 12 years";
    expect(errorOf(await put(`${a.id}/units/2`, { text: unsourced }))).toEqual({ status: 422, error: "unsourced_statement" });
    expect((await read(a.id)).body.versions).toHaveLength(1);
    const carried = await put(`${a.id}/units/2`, { text: "The Harbour Board approved the dredging plan on Tuesday" });
    expect(carried.status).toBe(200);
    expect(carried.body.paragraphs[1].text).toBe("## The Harbour Board approved the dredging plan on Tuesday");

    const byPerson = await gql(
      owner,
      `mutation($id: String!) { editUnit(id: $id, n: 2, text: "${unsourced}") { claims { text state } paragraphs { n text } } }`,
      { id: a.id },
    );
    expect(byPerson.errors).toBeUndefined();
    expect(byPerson.data.editUnit.claims.filter((c: { state: string; text: string }) => c.text.includes("resigned"))).toEqual([
      { text: "The mayor of Port Elsey resigned on Friday after 12 years", state: "singleSource" },
    ]);
  });

  it("holds the limits: 4,000 characters for text, 200 for a heading, 500 a cell", async () => {
    expect(errorOf(await put(`${a.id}/units/3`, { text: "x".repeat(4001) }))).toEqual({ status: 400, error: "text_too_long" });
    expect(errorOf(await put(`${a.id}/units/2`, { text: `## ${"Port ".repeat(41)}` }))).toEqual({
      status: 400,
      error: "text_too_long",
    });
    expect(errorOf(await put(`${a.id}/units/7`, { cells: ["Cost", "x".repeat(501)] }))).toEqual({
      status: 400,
      error: "text_too_long",
    });
    expect(errorOf(await put(`${a.id}/units/3`, { text: "" }))).toEqual({ status: 400, error: "validation" });
    expect(errorOf(await put(`${a.id}/units/3`, {}))).toEqual({ status: 400, error: "validation" });
  });

  it("answers wrong_unit_kind for text to a row, cells to text and an edited table header; cells_mismatch for a wrong count", async () => {
    expect(errorOf(await put(`${a.id}/units/7`, { text: "Cost | €40 million" }))).toEqual({
      status: 422,
      error: "wrong_unit_kind",
    });
    expect(errorOf(await put(`${a.id}/units/3`, { cells: ["a", "b"] }))).toEqual({ status: 422, error: "wrong_unit_kind" });
    expect(errorOf(await put(`${a.id}/units/6`, { cells: ["Thing", "Amount"] }))).toEqual({
      status: 422,
      error: "wrong_unit_kind",
    });
    expect(errorOf(await put(`${a.id}/units/7`, { cells: ["Cost", "€38 million", "2027"] }))).toEqual({
      status: 422,
      error: "cells_mismatch",
    });
    const row = await put(`${a.id}/units/7`, { cells: ["Cost of the work", "€38 million"] });
    expect(row.status).toBe(200);
    expect(row.body.blocks.find((b: { kind?: string }) => b.kind === "table").rows[0].cells).toEqual([
      "Cost of the work",
      "€38 million",
    ]);
    expect(errorOf(await put(`${a.id}/units/99`, { text: "x" }))).toEqual({ status: 404, error: "not_found" });
  });

  it("refuses a stale expectedVersion with article_changed, and of two edits racing on one version only one wins", async () => {
    expect((await put(`${a.id}/units/3`, { text: "The dredging will cost €38 million.", expectedVersion: 1 })).status).toBe(200);
    const stale = await put(`${a.id}/units/3`, { text: "The work costs €38 million.", expectedVersion: 1 });
    expect(errorOf(stale)).toEqual({ status: 409, error: "article_changed" });
    expect(stale.body.currentVersion).toBe(2);

    const b = await storeArticle();
    const race = await Promise.all(
      [
        "The dredging will cost €38 million in all.",
        "Dredging costs €38 million, the board said.",
        "The €38 million cost was confirmed by the board.",
      ].map((text) => put(`${b.id}/units/3`, { text, expectedVersion: 1 })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const after = await read(b.id);
    expect(after.body.versions.map((v: { n: number }) => v.n)).toEqual([1, 2]);
  });

  it("answers article_generating while the article is written and article_archived once archived", async () => {
    const writing = await storeArticle({ status: "generating" });
    expect(errorOf(await put(`${writing.id}/units/3`, { text: "Anything." }))).toEqual({
      status: 409,
      error: "article_generating",
    });
    expect((await post(`${a.id}/archive`, undefined)).status).toBe(204);
    expect(errorOf(await put(`${a.id}/units/3`, { text: "Anything." }))).toEqual({ status: 409, error: "article_archived" });
    expect(errorOf(await put(`${a.id}/title`, { text: "Anything" }))).toEqual({ status: 409, error: "article_archived" });
  });

  it("needs scope edit and an edit role, and hides an article of a site the key cannot see", async () => {
    const reader = await makeKey(server.baseUrl, owner, { scopes: ["read"], name: "reader" });
    expect(errorOf(await put(`${a.id}/units/3`, { text: "x" }, reader.token))).toEqual({ status: 403, error: "scope_missing" });
    const otherSite = await makeKey(server.baseUrl, owner, { siteId: world.otherSiteId, name: "other site" });
    expect(errorOf(await put(`${a.id}/units/3`, { text: "x" }, otherSite.token))).toEqual({ status: 404, error: "not_found" });
    const viewerResult = await gql(viewer, `mutation($id: String!) { editTitle(id: $id, text: "New") { id } }`, { id: a.id });
    expect(codeOf(viewerResult)).toBe("role_missing");
  });
});

describe("title, deck and links", () => {
  it("changes the title when the sources carry it, names it on the version, and refuses one they do not", async () => {
    const ok = await put(`${a.id}/title`, {
      text: "Harbour Board approves €38 million dredging of Port Elsey channel",
      expectedVersion: 1,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.title).toBe("Harbour Board approves €38 million dredging of Port Elsey channel");
    expect(ok.body.versions.at(-1)).toMatchObject({ n: 2, label: "title changed", title: ok.body.title });
    expect(errorOf(await put(`${a.id}/title`, { text: "Port Elsey mayor Dana Wilde resigns after 12 years" }))).toEqual({
      status: 422,
      error: "unsourced_statement",
    });
    expect(errorOf(await put(`${a.id}/title`, { text: "x".repeat(201) }))).toEqual({ status: 400, error: "text_too_long" });
    expect(errorOf(await put(`${a.id}/title`, { text: "   " }))).toEqual({ status: 400, error: "validation" });
    expect(errorOf(await put(`${a.id}/title`, {}))).toEqual({ status: 400, error: "validation" });
  });

  it("answers sources_not_checked for a key's title when no source text can be read", async () => {
    await server.db.prisma.articleSource.updateMany({ where: { articleId: a.id }, data: { text: "" } });
    expect(errorOf(await put(`${a.id}/title`, { text: "Harbour Board approves €38 million dredging on Tuesday" }))).toEqual({
      status: 422,
      error: "sources_not_checked",
    });
  });

  it("sets the deck, removes it when empty, and holds 400 characters", async () => {
    const set = await put(`${a.id}/deck`, { text: "Ships of up to 14 metres draught will dock at Port Elsey from 2027." });
    expect(set.status).toBe(200);
    expect(set.body.deck).toBe("Ships of up to 14 metres draught will dock at Port Elsey from 2027.");
    const removed = await put(`${a.id}/deck`, { text: "" });
    expect(removed.status).toBe(200);
    expect(removed.body.deck).toBeUndefined();
    expect(removed.body.versions.at(-1)).toMatchObject({ label: "deck changed", note: "Deck removed." });
    expect(errorOf(await put(`${a.id}/deck`, { text: "y".repeat(401) }))).toEqual({ status: 400, error: "text_too_long" });
    expect(errorOf(await put(`${a.id}/deck`, { text: "The mayor of Port Elsey, Dana Wilde, resigned on Friday." }))).toEqual({
      status: 422,
      error: "unsourced_statement",
    });
  });

  it("removes an internal link and keeps the words", async () => {
    const reply = await call(server.baseUrl, `/api/v1/articles/${a.id}/links/link-1`, { method: "DELETE", token });
    expect(reply.status).toBe(200);
    expect(reply.body.internalLinks).toBeUndefined();
    expect(reply.body.paragraphs[7].text).toBe("Residents of Northbank will be consulted about the dredging in March.");
    expect(reply.body.versions.at(-1).label).toBe("link removed");
    expect(errorOf(await call(server.baseUrl, `/api/v1/articles/${a.id}/links/link-1`, { method: "DELETE", token }))).toEqual({
      status: 404,
      error: "not_found",
    });
  });
});

describe("POST /articles/{id}/structure", () => {
  const structure = (id: string, body: unknown, t = token) => post(`${id}/structure`, body, t);

  it("inserts a paragraph, shifting unit numbers and the links that follow, with claims kept on their units", async () => {
    const reply = await structure(a.id, {
      op: "insertParagraph",
      after: 3,
      text: "Ships with a draught of up to 14 metres will dock from 2027.",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.paragraphs.map((p: { n: number }) => p.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(reply.body.paragraphs[3].text).toBe("Ships with a draught of up to 14 metres will dock from 2027.");
    expect(reply.body.paragraphs[8].claimIds).toEqual([U(a.c.consult)]);
    expect(reply.body.internalLinks[0].n).toBe(9);
    const consult = reply.body.claims.find((c: { id: string }) => c.id === U(a.c.consult));
    expect(consult.paragraph).toBe(5);
  });

  it("inserts a heading, an item and a row where they belong", async () => {
    const heading = await structure(a.id, {
      op: "insertHeading",
      after: 3,
      level: 3,
      text: "Residents of Northbank will be consulted in March",
    });
    expect(heading.status).toBe(200);
    expect(heading.body.paragraphs[3].text).toBe("### Residents of Northbank will be consulted in March");
    const item = await structure(a.id, { op: "insertItem", after: 6, text: "Ships of 14 metres from 2027" });
    expect(item.status).toBe(200);
    expect(item.body.blocks.find((b: { kind?: string }) => b.kind === "list").items).toHaveLength(3);
    const row = await structure(a.id, { op: "insertRow", after: 9, cells: ["Length", "14 months"] });
    expect(row.status).toBe(200);
    expect(
      row.body.blocks.find((b: { kind?: string }) => b.kind === "table").rows.map((r: { cells: string[] }) => r.cells),
    ).toEqual([
      ["Cost", "€38 million"],
      ["Length", "14 months"],
    ]);
    expect(errorOf(await structure(a.id, { op: "insertRow", after: 10, cells: ["a", "b", "c"] }))).toEqual({
      status: 422,
      error: "cells_mismatch",
    });
    expect(errorOf(await structure(a.id, { op: "insertRow", after: 1, cells: ["a", "b"] }))).toEqual({
      status: 400,
      error: "invalid_structure_edit",
    });
  });

  it("moves a unit up or down and refuses a move out of the article", async () => {
    const moved = await structure(a.id, { op: "move", n: 5, direction: "up" });
    expect(moved.status).toBe(200);
    expect(moved.body.paragraphs[3].text).toBe("Work lasting 14 months");
    expect(moved.body.paragraphs[4].claimIds).toEqual([U(a.c.consult)]);
    expect(errorOf(await structure(a.id, { op: "move", n: 1, direction: "up" }))).toEqual({
      status: 400,
      error: "invalid_structure_edit",
    });
    expect(errorOf(await structure(a.id, { op: "move", n: 1, direction: "down" }))).toEqual({
      status: 422,
      error: "paragraph_first",
    });
  });

  it("answers the spec's errors: unknown op, missing field, paragraph first, last paragraph", async () => {
    expect(errorOf(await structure(a.id, { op: "split" }))).toEqual({ status: 400, error: "invalid_structure_edit" });
    expect(errorOf(await structure(a.id, { op: "insertParagraph", text: "No place." }))).toEqual({
      status: 400,
      error: "invalid_structure_edit",
    });
    expect(errorOf(await structure(a.id, { op: "insertHeading", after: 1, text: "Level missing" }))).toEqual({
      status: 400,
      error: "invalid_structure_edit",
    });
    expect(errorOf(await structure(a.id, { op: "move", n: 3 }))).toEqual({ status: 400, error: "invalid_structure_edit" });
    expect(
      errorOf(
        await structure(a.id, { op: "insertHeading", after: 0, level: 2, text: "Harbour Board approves the plan on Tuesday" }),
      ),
    ).toEqual({
      status: 422,
      error: "paragraph_first",
    });
    expect(errorOf(await structure(a.id, { op: "remove", n: 1 }))).toEqual({ status: 422, error: "paragraph_first" });
    const lone = await storeArticle({
      units: [
        { n: 1, kind: "paragraph", text: "The Harbour Board approved a plan on Tuesday.", claimIds: [] },
        { n: 2, kind: "item", ordered: false, text: "Costs €38 million", claimIds: [] },
      ],
    });
    expect(errorOf(await structure(lone.id, { op: "remove", n: 1 }))).toEqual({ status: 422, error: "last_paragraph" });
  });

  it("lets only a person remove a unit that carries a flagged claim", async () => {
    expect(errorOf(await structure(a.id, { op: "remove", n: 8 }))).toEqual({
      status: 409,
      error: "flagged_removal_needs_person",
    });
    const byPerson = await gql(
      writer,
      `mutation($id: String!) { editStructure(id: $id, op: "remove", n: 8) { paragraphs { n } internalLinks { n } claims { id paragraph } } }`,
      { id: a.id },
    );
    expect(byPerson.errors).toBeUndefined();
    expect(byPerson.data.editStructure.paragraphs).toHaveLength(7);
    // The link sat in the removed unit; the claim is kept, with no unit left (0).
    expect(byPerson.data.editStructure.internalLinks).toBeNull();
    // A corroborated claim's unit may be removed by a key.
    expect((await structure(a.id, { op: "remove", n: 5 })).status).toBe(200);
  });
});

describe("approval, flags and comments (persons, over GraphQL)", () => {
  const APPROVE = `mutation($id: ID!, $v: Int!, $acks: [AcknowledgementInput!]) {
    approveArticle(id: $id, version: $v, acknowledgements: $acks) { status label { reviewedByHuman approvedVersion approvedBy acknowledged { statement note by } } }
  }`;

  it("refuses open flags neither kept nor acknowledged, naming them, then approves the exact version", async () => {
    const refused = await gql(owner, APPROVE, { id: a.id, v: 1 });
    expect(codeOf(refused)).toBe("open_flags");
    expect(refused.errors?.[0]?.message).toContain("Residents of Northbank");
    expect(
      await server.db.prisma.outboxEvent.count({
        where: { type: "article.approved", workspaceId: world.workspaceId, data: { path: ["article", "id"], equals: U(a.id) } },
      }),
    ).toBe(0);

    const kept = await gql(
      owner,
      `mutation($a: ID!, $c: ID!) { keepClaimFlag(articleId: $a, claimId: $c, note: "Only the board gives the cost; we say so.") { claims { id keptFlag keptNote } versions { n } } }`,
      { a: a.id, c: U(a.c.cost) },
    );
    expect(kept.data.keepClaimFlag.claims.find((c: { id: string }) => c.id === U(a.c.cost))).toMatchObject({
      keptFlag: true,
      keptNote: "Only the board gives the cost; we say so.",
    });
    const version = kept.data.keepClaimFlag.versions.at(-1).n;
    expect(codeOf(await gql(owner, APPROVE, { id: a.id, v: version - 1 }))).toBe("article_changed");

    const approved = await gql(owner, APPROVE, {
      id: a.id,
      v: version,
      acks: [{ statement: "Residents of Northbank will be consulted in March.", note: "The board confirmed it by phone." }],
    });
    expect(approved.errors).toBeUndefined();
    expect(approved.data.approveArticle).toEqual({
      status: "approved",
      label: {
        reviewedByHuman: true,
        approvedVersion: version,
        approvedBy: "Olive Owner",
        acknowledged: [
          {
            statement: "Residents of Northbank will be consulted in March.",
            note: "The board confirmed it by phone.",
            by: "Olive Owner",
          },
        ],
      },
    });
    const events = await server.db.prisma.outboxEvent.findMany({
      where: { type: "article.approved", data: { path: ["article", "id"], equals: U(a.id) } },
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      version,
      approvedBy: "Olive Owner",
      article: { id: U(a.id), status: "approved", label: { reviewedByHuman: true } },
    });
    expect((events[0] as unknown as { data: { article: object } }).data.article).not.toHaveProperty("comments");

    // A key's edit takes the approval away: back to needsReview, not reviewed by a human.
    const edited = await put(`${a.id}/deck`, { text: "" });
    expect(edited.body.status).toBe("needsReview");
    expect(edited.body.label).toMatchObject({ reviewedByHuman: false, approvedVersion: version });
    expect(edited.body.versions.at(-1).agent).toMatch(/^API key desk key/);
    expect(codeOf(await gql(owner, `mutation($id: ID!) { republishArticle(id: $id) { status } }`, { id: a.id }))).toBe(
      "conflict",
    );
  });

  it("raises article.approved again on republish, and lets no key approve", async () => {
    const b = await storeArticle({
      units: [
        {
          n: 1,
          kind: "paragraph",
          text: "The Harbour Board approved a plan on Tuesday to dredge the eastern channel of Port Elsey.",
          claimIds: [],
        },
      ],
    });
    await server.db.prisma.articleClaim.deleteMany({ where: { articleId: b.id, state: { not: "corroborated" } } });
    expect((await gql(owner, APPROVE, { id: b.id, v: 1 })).data.approveArticle.status).toBe("approved");
    expect(
      (await gql(owner, `mutation($id: ID!) { republishArticle(id: $id) { status } }`, { id: b.id })).data.republishArticle
        .status,
    ).toBe("approved");
    expect(
      await server.db.prisma.outboxEvent.count({
        where: { type: "article.approved", data: { path: ["article", "id"], equals: U(b.id) } },
      }),
    ).toBe(2);
    const byKey = await call(server.baseUrl, "/graphql", { token, body: { query: APPROVE, variables: { id: b.id, v: 1 } } });
    // Keys never reach GraphQL: approval is a person's, with the session cookie.
    expect(errorOf(byKey)).toEqual({ status: 401, error: "invalid_key" });
    expect(codeOf(await gql(viewer, APPROVE, { id: b.id, v: 1 }))).toBe("role_missing");
  });

  it("shows persons' comments to persons and never to a key", async () => {
    const added = await gql(
      writer,
      `mutation($id: ID!) { addComment(articleId: $id, text: "Check the cost with the board.", unit: 3) { id by unit } }`,
      { id: a.id },
    );
    expect(added.data.addComment).toMatchObject({ by: "Writer Person", unit: 3 });
    const seen = await gql(owner, `query($id: String!) { article(id: $id) { comments { text by unit } } }`, { id: a.id });
    expect(seen.data.article.comments).toEqual([{ text: "Check the cost with the board.", by: "Writer Person", unit: 3 }]);
    expect((await read(a.id)).body.comments).toEqual([]);
    expect(codeOf(await gql(writer, `mutation($id: ID!) { addComment(articleId: $id, text: "  ") { id } }`, { id: a.id }))).toBe(
      "validation",
    );
    expect(
      codeOf(await gql(writer, `mutation($id: ID!) { addComment(articleId: $id, text: "x", unit: 42) { id } }`, { id: a.id })),
    ).toBe("not_found");
  });
});

describe("POST /articles/{id}/archive", () => {
  it("archives an article with its language versions, twice harmlessly, and leaves it out of lists", async () => {
    const version = randomUUID();
    await server.db.prisma.article.create({
      data: {
        id: version,
        workspaceId: world.workspaceId,
        siteId: world.siteId,
        personId,
        primaryArticleId: a.id,
        status: "needsReview",
        origin: "manual",
        language: "de",
        title: "Hafen",
        brandName: "News Desk",
        byLine: "Olive Owner",
      },
    });
    expect((await post(`${a.id}/archive`, undefined)).status).toBe(204);
    expect((await post(`${a.id}/archive`, undefined)).status).toBe(204);
    const read1 = await read(a.id);
    expect(read1.body.status).toBe("archived");
    expect(read1.body.archived).toMatchObject({ by: "Olive Owner" });
    expect(read1.body.archived.agent).toMatch(/^API key desk key/);
    expect((await read(version)).body.status).toBe("archived");
    const list = await call(server.baseUrl, "/api/v1/articles", { token });
    expect(list.body.map((s: { id: string }) => s.id)).not.toContain(U(a.id));
    const archived = await call(server.baseUrl, "/api/v1/articles?status=archived", { token });
    expect(archived.body.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([U(a.id), U(version)]));
  });

  it("archives a language version alone, and refuses while a job writes the article", async () => {
    const version = randomUUID();
    await server.db.prisma.article.create({
      data: {
        id: version,
        workspaceId: world.workspaceId,
        siteId: world.siteId,
        personId,
        primaryArticleId: a.id,
        status: "needsReview",
        origin: "manual",
        language: "fr",
        title: "Port",
        brandName: "News Desk",
        byLine: "Olive Owner",
      },
    });
    expect((await post(`${version}/archive`, undefined)).status).toBe(204);
    expect((await read(a.id)).body.status).toBe("needsReview");
    const writing = await storeArticle({ status: "generating" });
    expect(errorOf(await post(`${writing.id}/archive`, undefined))).toEqual({ status: 409, error: "article_generating" });
    expect(errorOf(await post(`${randomUUID()}/archive`, undefined))).toEqual({ status: 404, error: "not_found" });
  });
});
