// Articles, read side, over REST: the whole Article shape, summaries and their filters,
// visibility, and the picture route. The pipeline that writes articles is not part of this file,
// so the rows are put in the database directly, the way the pipeline stores them.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "../prisma/generated/client/client.ts";
import { makeKey, makeWorld, type World } from "./support/fixtures.ts";
import { call, errorOf } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
afterAll(() => server?.close());

let world: World;
let otherWorld: World;
let personId: string;
let brandId: string;

const UPPER_UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const U = (id: string) => id.toUpperCase();
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
const OLD_PICTURE = Buffer.from("old picture bytes");
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

// Ids of the fixture rows (lower-case, as stored).
const id = {
  main: randomUUID(),
  de: randomUUID(),
  fr: randomUUID(),
  esArchived: randomUUID(),
  generating: randomUUID(),
  archived: randomUUID(),
  noSite: randomUUID(),
  otherSite: randomUUID(),
  skippedPicture: randomUUID(),
  foreign: randomUUID(),
  brief: randomUUID(),
  otherBrief: randomUUID(),
  job: randomUUID(),
  oldJob: randomUUID(),
  languageJob: randomUUID(),
  picture: randomUUID(),
  oldPicture: randomUUID(),
  skipped: randomUUID(),
  otherArticlePicture: randomUUID(),
  s1: randomUUID(),
  s2: randomUUID(),
  s3: randomUUID(),
  s4: randomUUID(),
  c1: randomUUID(),
  c2: randomUUID(),
  c3: randomUUID(),
  c4: randomUUID(),
  c5: randomUUID(),
  c6: randomUUID(),
};

function article(data: Partial<Prisma.ArticleUncheckedCreateInput> & { id: string }): Prisma.ArticleUncheckedCreateInput {
  return {
    workspaceId: world.workspaceId,
    siteId: world.siteId,
    personId,
    status: "needsReview",
    origin: "manual",
    language: "en",
    title: "Untitled",
    brandName: "News Desk",
    byLine: "Olive Owner",
    ...data,
  };
}

const units = [
  { n: 1, kind: "paragraph", text: "The port will **double** its capacity.", claimIds: [id.c1, id.c2] },
  { n: 2, kind: "heading", text: "## Background", claimIds: [], level: 2 },
  { n: 3, kind: "paragraph", text: "Dredging starts in spring.", claimIds: [id.c2, id.c3] },
  { n: 4, kind: "item", text: "Two new berths", claimIds: [id.c3], ordered: false },
  { n: 5, kind: "item", text: "A rail link", claimIds: [id.c4], ordered: false },
  { n: 6, kind: "row", text: "Year | Tonnes", claimIds: [], cells: ["Year", "Tonnes"], header: true },
  { n: 7, kind: "row", text: "2024 | 12", claimIds: [id.c1], cells: ["2024", "12"] },
  { n: 8, kind: "row", text: "2025 | 15", claimIds: [id.c5], cells: ["2025", "15"] },
  { n: 9, kind: "paragraph", text: "Residents will be consulted.", claimIds: [id.c4] },
];

const quality = [
  { id: "read-back", name: "Read-back against the sources", verdict: "passed", detail: "Every claim was found." },
  {
    id: "length",
    name: "Length",
    verdict: "warning",
    detail: "Shorter than asked.",
    actionLabel: "Lengthen",
    items: ["620 of 900 words"],
    units: [3],
    target: 3,
  },
];

const internalLinks = [{ id: "link-1", n: 3, anchor: "Dredging", url: "https://news.example.com/dredging", title: "Dredging" }];
const seo = {
  metaTitle: "Port to double capacity",
  metaDescription: "The port doubles its capacity.",
  slug: "port-doubles-capacity",
  focusKeyword: "port",
  focusKeywordIn: ["title", "slug"],
};

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  world = await makeWorld(server.baseUrl, server.db);
  otherWorld = await makeWorld(server.baseUrl, server.db);
  const prisma = server.db.prisma;
  personId = (await prisma.person.findUniqueOrThrow({ where: { email: world.owner.email } })).id;
  brandId = (await prisma.brand.create({ data: { workspaceId: world.workspaceId, siteId: world.siteId, name: "News Desk" } })).id;
  await prisma.brief.createMany({
    data: [
      { id: id.brief, workspaceId: world.workspaceId, siteId: world.siteId, brandId, topic: "Port" },
      { id: id.otherBrief, workspaceId: world.workspaceId, siteId: world.siteId, topic: "Other" },
    ],
  });

  await prisma.article.createMany({
    data: [
      article({
        id: id.main,
        briefId: id.brief,
        title: "Port to double capacity",
        lead: "The port will **double** its capacity.",
        deck: "What the expansion means",
        words: 42,
        units,
        internalLinks,
        quality,
        seo,
        updatedAt: hoursAgo(2),
      }),
      article({
        id: id.generating,
        briefId: id.otherBrief,
        title: "Being written",
        status: "generating",
        updatedAt: hoursAgo(1),
      }),
      article({
        id: id.archived,
        title: "Archived one",
        status: "archived",
        archivedAt: hoursAgo(3),
        archivedBy: "Olive Owner",
        archivedAgent: "API key test key (bz_live_…abcd)",
        updatedAt: hoursAgo(3),
      }),
      article({
        id: id.noSite,
        siteId: null,
        title: "No site",
        origin: "agent",
        agentName: "Desk agent",
        byLine: "Olive Owner · via agent",
        updatedAt: hoursAgo(4),
      }),
      article({ id: id.otherSite, siteId: world.otherSiteId, title: "Other site", origin: "schedule", updatedAt: hoursAgo(5) }),
      article({ id: id.skippedPicture, title: "No picture", updatedAt: hoursAgo(6) }),
    ],
  });
  // Versions are inserted out of language order on purpose: de before fr.
  await prisma.article.createMany({
    data: [
      article({ id: id.de, primaryArticleId: id.main, language: "de", title: "Hafen", updatedAt: hoursAgo(7) }),
      article({
        id: id.fr,
        primaryArticleId: id.main,
        language: "fr",
        title: "Port",
        status: "approved",
        updatedAt: hoursAgo(8),
      }),
      article({
        id: id.esArchived,
        primaryArticleId: id.main,
        language: "es",
        title: "Puerto",
        status: "archived",
        archivedAt: hoursAgo(9),
        archivedBy: "Olive Owner",
        updatedAt: hoursAgo(9),
      }),
    ],
  });
  await prisma.article.create({
    data: {
      ...article({ id: id.foreign, title: "Foreign" }),
      workspaceId: otherWorld.workspaceId,
      siteId: otherWorld.siteId,
    },
  });

  const source = (sid: string, position: number, extra: Partial<Prisma.ArticleSourceUncheckedCreateInput> = {}) => ({
    id: sid,
    articleId: id.main,
    position,
    origin: `Outlet ${position + 1}`,
    originId: `origin-${position + 1}`,
    title: `Page ${position + 1}`,
    url: `https://outlet${position + 1}.example/page`,
    score: 70 + position,
    official: position === 0,
    ...extra,
  });
  // Inserted out of position order: the view orders by position.
  await prisma.articleSource.createMany({
    data: [
      source(id.s3, 2),
      source(id.s1, 0),
      source(id.s4, 3),
      source(id.s2, 1, { relation: "Relays the same origin as Outlet 1" }),
    ],
  });
  const claim = (cid: string, position: number, state: string, sourceIds: string[], extra = {}) => ({
    id: cid,
    articleId: id.main,
    position,
    text: `Claim ${position + 1}.`,
    state,
    originCount: state === "corroborated" ? 2 : 1,
    sourceIds,
    ...extra,
  });
  await prisma.articleClaim.createMany({
    data: [
      claim(id.c6, 5, "singleSource", [id.s1], { keptFlag: true, keptNote: "Checked with the harbour office." }),
      claim(id.c1, 0, "corroborated", [id.s1, id.s2]),
      claim(id.c2, 1, "singleSource", [id.s1]),
      claim(id.c3, 2, "disputed", [id.s2, id.s3]),
      claim(id.c4, 3, "circular", [id.s3]),
      claim(id.c5, 4, "parallel", [id.s1, id.s3]),
    ],
  });
  await prisma.articleVersion.createMany({
    data: [
      {
        articleId: id.main,
        n: 2,
        label: "link removed",
        at: new Date("2026-01-02T10:00:00.000Z"),
        by: "Olive Owner",
        model: "",
        note: "Removed a link.",
        agent: "API key test key (bz_live_…abcd)",
      },
      {
        articleId: id.main,
        n: 1,
        label: "generation",
        at: new Date("2026-01-01T09:00:00.000Z"),
        by: "Writing engine",
        model: "built-in",
        note: "Written from 4 sources.",
        title: "Port to double capacity",
      },
    ],
  });
  await prisma.illustration.createMany({
    data: [
      {
        id: id.oldPicture,
        articleId: id.main,
        status: "ready",
        current: false,
        png: OLD_PICTURE,
        contentType: "image/jpeg",
        label: "AI-generated illustration",
        styleLabel: "abstract editorial",
        createdAt: hoursAgo(5),
      },
      {
        id: id.picture,
        articleId: id.main,
        status: "ready",
        png: PNG,
        altText: "An abstract harbour.",
        caption: "Plate 3: Port to double capacity",
        label: "AI-generated illustration",
        styleLabel: "abstract editorial",
      },
      {
        id: id.skipped,
        articleId: id.skippedPicture,
        status: "skipped",
        label: "AI-generated illustration",
        styleLabel: "abstract editorial",
        reason: "The brief asked for no picture.",
      },
      {
        id: id.otherArticlePicture,
        articleId: id.otherSite,
        status: "ready",
        png: PNG,
        label: "AI-generated illustration",
        styleLabel: "abstract editorial",
      },
    ],
  });
  await prisma.job.createMany({
    data: [
      {
        id: id.oldJob,
        workspaceId: world.workspaceId,
        kind: "article",
        status: "failed",
        articleId: id.generating,
        personId,
        startedAt: hoursAgo(2),
      },
      {
        id: id.job,
        workspaceId: world.workspaceId,
        siteId: world.siteId,
        kind: "article",
        status: "running",
        articleId: id.generating,
        briefId: id.otherBrief,
        personId,
      },
      // A live job on an article that is not generating gives it no `run`.
      { id: id.languageJob, workspaceId: world.workspaceId, kind: "article", status: "paused", articleId: id.main, personId },
    ],
  });
});

const get = (token: string, path: string) => call(server.baseUrl, `/api/v1${path}`, { token });

describe("GET /api/v1/articles/{id}", () => {
  let wholeKey: string;
  let siteKey: string;
  let otherSiteKey: string;
  beforeAll(async () => {
    wholeKey = (await makeKey(server.baseUrl, world.owner)).token;
    siteKey = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId, scopes: ["read"] })).token;
    otherSiteKey = (await makeKey(server.baseUrl, world.owner, { siteId: world.otherSiteId })).token;
  });

  it("answers the whole Article: ids in their case, units, blocks, claims, sources, history", async () => {
    const reply = await get(siteKey, `/articles/${U(id.main)}`);
    expect(reply.status).toBe(200);
    const [C1, C2, C3, C4, C5, C6] = [id.c1, id.c2, id.c3, id.c4, id.c5, id.c6].map(U);
    const [S1, S2, S3, S4] = [id.s1, id.s2, id.s3, id.s4].map(U);
    expect(reply.body).toEqual({
      id: U(id.main),
      status: "needsReview",
      title: "Port to double capacity",
      lead: "The port will **double** its capacity.",
      language: "en",
      words: 42,
      paragraphs: [
        { n: 1, text: "The port will **double** its capacity.", claimIds: [C1, C2] },
        { n: 2, text: "## Background", claimIds: [] },
        { n: 3, text: "Dredging starts in spring.", claimIds: [C2, C3] },
        { n: 4, text: "Two new berths", claimIds: [C3] },
        { n: 5, text: "A rail link", claimIds: [C4] },
        { n: 6, text: "Year | Tonnes", claimIds: [] },
        { n: 7, text: "2024 | 12", claimIds: [C1] },
        { n: 8, text: "2025 | 15", claimIds: [C5] },
        { n: 9, text: "Residents will be consulted.", claimIds: [C4] },
      ],
      sources: [
        {
          id: S1,
          origin: "Outlet 1",
          title: "Page 1",
          url: "https://outlet1.example/page",
          score: 70,
          official: true,
          contributed: "Carries 4 of 6 claims, 2 of them alone.",
          soleForClaims: 2,
        },
        {
          id: S2,
          origin: "Outlet 2",
          title: "Page 2",
          url: "https://outlet2.example/page",
          score: 71,
          official: false,
          contributed: "Carries 2 of 6 claims.",
          relation: "Relays the same origin as Outlet 1",
          soleForClaims: 0,
        },
        {
          id: S3,
          origin: "Outlet 3",
          title: "Page 3",
          url: "https://outlet3.example/page",
          score: 72,
          official: false,
          contributed: "Carries 3 of 6 claims, 1 of them alone.",
          soleForClaims: 1,
        },
        {
          id: S4,
          origin: "Outlet 4",
          title: "Page 4",
          url: "https://outlet4.example/page",
          score: 73,
          official: false,
          contributed: "Carries none of the article's claims.",
          soleForClaims: 0,
        },
      ],
      claims: [
        { id: C1, text: "Claim 1.", state: "corroborated", originCount: 2, sourceIds: [S1, S2], paragraph: 1, keptFlag: false },
        { id: C2, text: "Claim 2.", state: "singleSource", originCount: 1, sourceIds: [S1], paragraph: 1, keptFlag: false },
        { id: C3, text: "Claim 3.", state: "disputed", originCount: 1, sourceIds: [S2, S3], paragraph: 3, keptFlag: false },
        { id: C4, text: "Claim 4.", state: "circular", originCount: 1, sourceIds: [S3], paragraph: 5, keptFlag: false },
        { id: C5, text: "Claim 5.", state: "parallel", originCount: 1, sourceIds: [S1, S3], paragraph: 8, keptFlag: false },
        // Cited by no unit: paragraph 0.
        {
          id: C6,
          text: "Claim 6.",
          state: "singleSource",
          originCount: 1,
          sourceIds: [S1],
          paragraph: 0,
          keptFlag: true,
          keptNote: "Checked with the harbour office.",
        },
      ],
      quality,
      versions: [
        {
          n: 1,
          label: "generation",
          when: "2026-01-01T09:00:00.000Z",
          by: "Writing engine",
          model: "built-in",
          note: "Written from 4 sources.",
          title: "Port to double capacity",
        },
        {
          n: 2,
          label: "link removed",
          when: "2026-01-02T10:00:00.000Z",
          by: "Olive Owner",
          model: "",
          note: "Removed a link.",
          agent: "API key test key (bz_live_…abcd)",
        },
      ],
      comments: [],
      label: { reviewedByHuman: false },
      brandName: "News Desk",
      siteId: world.siteId.toLowerCase(),
      origin: "manual",
      by: "Olive Owner",
      blocks: [
        { n: 1, text: "The port will **double** its capacity.", claimIds: [C1, C2] },
        { kind: "heading", n: 2, text: "## Background", claimIds: [], level: 2 },
        { n: 3, text: "Dredging starts in spring.", claimIds: [C2, C3] },
        {
          kind: "list",
          n: 4,
          text: "Two new berths\nA rail link",
          claimIds: [C3, C4],
          ordered: false,
          items: [
            { text: "Two new berths", claimIds: [C3] },
            { text: "A rail link", claimIds: [C4] },
          ],
        },
        {
          kind: "table",
          n: 6,
          text: "Year | Tonnes\n2024 | 12\n2025 | 15",
          claimIds: [C1, C5],
          headers: ["Year", "Tonnes"],
          rows: [
            { cells: ["2024", "12"], claimIds: [C1] },
            { cells: ["2025", "15"], claimIds: [C5] },
          ],
        },
        { n: 9, text: "Residents will be consulted.", claimIds: [C4] },
      ],
      deck: "What the expansion means",
      internalLinks,
      illustration: {
        id: id.picture.toLowerCase(),
        status: "ready",
        url: `/api/v1/articles/${U(id.main)}/illustration?i=${id.picture.toLowerCase()}`,
        altText: "An abstract harbour.",
        caption: "Plate 3: Port to double capacity",
        label: "AI-generated illustration",
        styleLabel: "abstract editorial",
        regenerating: false,
        regenerationsLeft: 5,
      },
      languageVersions: [
        { language: "en", articleId: U(id.main), status: "needsReview", approved: false },
        { language: "fr", articleId: U(id.fr), status: "approved", approved: false },
        { language: "de", articleId: U(id.de), status: "needsReview", approved: false },
      ],
      seo,
    });
    expect(reply.body.id).toMatch(UPPER_UUID);
    // Unset fields are left out, never null; a key never gets a delivery.
    expect(JSON.stringify(reply.body)).not.toContain("null");
    expect(reply.body).not.toHaveProperty("delivery");
    expect(reply.body).not.toHaveProperty("run");
  });

  it("reads an id in any letter case", async () => {
    expect((await get(siteKey, `/articles/${id.main.toLowerCase()}`)).body.id).toBe(U(id.main));
  });

  it("leaves out every optional field an article does not have", async () => {
    const reply = await get(wholeKey, `/articles/${U(id.noSite)}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: U(id.noSite),
      status: "needsReview",
      title: "No site",
      lead: "",
      language: "en",
      words: 0,
      paragraphs: [],
      sources: [],
      claims: [],
      quality: [],
      versions: [],
      comments: [],
      label: { reviewedByHuman: false },
      brandName: "News Desk",
      origin: "agent",
      by: "Olive Owner · via agent",
      blocks: [],
    });
  });

  it("gives a language version its primary, the same language list, and no picture", async () => {
    const reply = await get(wholeKey, `/articles/${U(id.de)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.primaryArticleId).toBe(U(id.main));
    expect(reply.body.language).toBe("de");
    expect(reply.body).not.toHaveProperty("illustration");
    expect(reply.body.languageVersions.map((v: { language: string }) => v.language)).toEqual(["en", "fr", "de"]);
  });

  it("shows an archived version as archived, without the language list of the others", async () => {
    const reply = await get(wholeKey, `/articles/${U(id.esArchived)}`);
    expect(reply.body.status).toBe("archived");
    expect(reply.body.archived).toEqual({ at: expect.stringMatching(ISO_TIME), by: "Olive Owner" });
    // The list is about the primary and its live versions: the archived one is not in it.
    expect(reply.body.languageVersions.map((v: { articleId: string }) => v.articleId)).toEqual([U(id.main), U(id.fr), U(id.de)]);
  });

  it("names who archived, and the credential when one did", async () => {
    const reply = await get(wholeKey, `/articles/${U(id.archived)}`);
    expect(reply.body.archived).toEqual({
      at: expect.stringMatching(ISO_TIME),
      by: "Olive Owner",
      agent: "API key test key (bz_live_…abcd)",
    });
    // A single article has no language list.
    expect(reply.body).not.toHaveProperty("languageVersions");
  });

  it("carries run only while the article is generating", async () => {
    const reply = await get(wholeKey, `/articles/${U(id.generating)}`);
    expect(reply.body.status).toBe("generating");
    expect(reply.body.run).toEqual({ jobId: U(id.job), status: "running", briefId: U(id.otherBrief) });
    // The main article has a paused job but is not generating.
    expect((await get(wholeKey, `/articles/${U(id.main)}`)).body).not.toHaveProperty("run");
  });

  it("shows a skipped picture with its reason and no url", async () => {
    const reply = await get(wholeKey, `/articles/${U(id.skippedPicture)}`);
    expect(reply.body.illustration).toEqual({
      id: id.skipped.toLowerCase(),
      status: "skipped",
      altText: "",
      label: "AI-generated illustration",
      styleLabel: "abstract editorial",
      reason: "The brief asked for no picture.",
      regenerating: false,
      regenerationsLeft: 5,
    });
  });

  it("is not found off the credential's site, with no site, in another workspace, or with a bad id", async () => {
    for (const [token, articleId] of [
      [otherSiteKey, id.main],
      [siteKey, id.otherSite],
      [siteKey, id.noSite],
      [wholeKey, id.foreign],
      [wholeKey, "not-a-uuid"],
      [wholeKey, randomUUID()],
    ] as const) {
      expect(errorOf(await get(token, `/articles/${articleId}`))).toEqual({ status: 404, error: "not_found" });
    }
  });

  it("needs the read scope", async () => {
    const briefOnly = (await makeKey(server.baseUrl, world.owner, { scopes: ["brief"] })).token;
    for (const path of [`/articles/${U(id.main)}`, "/articles", `/articles/${U(id.main)}/illustration`]) {
      expect(errorOf(await get(briefOnly, path))).toEqual({ status: 403, error: "scope_missing" });
    }
  });
});

describe("GET /api/v1/articles", () => {
  let wholeKey: string;
  let siteKey: string;
  beforeAll(async () => {
    wholeKey = (await makeKey(server.baseUrl, world.owner)).token;
    siteKey = (await makeKey(server.baseUrl, world.owner, { siteId: world.siteId })).token;
  });
  const list = async (token: string, query = "") => {
    const reply = await get(token, `/articles${query}`);
    expect(reply.status).toBe(200);
    return reply.body as { id: string }[];
  };
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

  it("lists every visible article but the archived ones, newest change first", async () => {
    expect(ids(await list(wholeKey))).toEqual(
      [id.generating, id.main, id.noSite, id.otherSite, id.skippedPicture, id.de, id.fr].map(U),
    );
    // The other workspace's article is never listed.
    expect(ids(await list(wholeKey))).not.toContain(U(id.foreign));
  });

  it("answers summary rows with the spec's fields only", async () => {
    const rows = (await list(wholeKey)) as Record<string, unknown>[];
    const main = rows.find((r) => r.id === U(id.main));
    expect(main).toEqual({
      id: U(id.main),
      title: "Port to double capacity",
      status: "needsReview",
      updatedAt: expect.stringMatching(ISO_TIME),
      brandName: "News Desk",
      siteId: world.siteId.toLowerCase(),
      origin: "manual",
      by: "Olive Owner",
      flaggedClaims: 5,
      words: 42,
      language: "en",
    });
    expect(rows.find((r) => r.id === U(id.generating))).toMatchObject({
      run: { jobId: U(id.job), status: "running", briefId: U(id.otherBrief) },
      flaggedClaims: 0,
    });
    expect(rows.find((r) => r.id === U(id.noSite))).toMatchObject({ agentName: "Desk agent" });
    expect(rows.find((r) => r.id === U(id.noSite))).not.toHaveProperty("siteId");
    expect(rows.find((r) => r.id === U(id.de))).toMatchObject({ primaryArticleId: U(id.main), language: "de" });
    // Only the generating article has a run; nothing is null.
    expect(rows.filter((r) => "run" in r).map((r) => r.id)).toEqual([U(id.generating)]);
    expect(JSON.stringify(rows)).not.toContain("null");
  });

  it("filters by status, archived included only when asked", async () => {
    expect(ids(await list(wholeKey, "?status=archived"))).toEqual([U(id.archived), U(id.esArchived)]);
    expect(ids(await list(wholeKey, "?status=generating"))).toEqual([U(id.generating)]);
    expect(ids(await list(wholeKey, "?status=approved"))).toEqual([U(id.fr)]);
  });

  it("filters by site, by no site, by brand, by origin and by language", async () => {
    expect(ids(await list(wholeKey, `?siteId=${world.otherSiteId.toUpperCase()}`))).toEqual([U(id.otherSite)]);
    expect(ids(await list(wholeKey, "?noSite=true"))).toEqual([U(id.noSite)]);
    expect(ids(await list(wholeKey, "?noSite=false"))).toHaveLength(7);
    expect(ids(await list(wholeKey, `?brandId=${brandId}`))).toEqual([U(id.main)]);
    expect(ids(await list(wholeKey, `?brandId=${randomUUID()}`))).toEqual([]);
    expect(ids(await list(wholeKey, "?origin=schedule"))).toEqual([U(id.otherSite)]);
    expect(ids(await list(wholeKey, "?origin=agent&noSite=true"))).toEqual([U(id.noSite)]);
    expect(ids(await list(wholeKey, "?language=fr"))).toEqual([U(id.fr)]);
  });

  it("filters by the time of the last change", async () => {
    const since = encodeURIComponent(hoursAgo(4.5).toISOString());
    expect(ids(await list(wholeKey, `?since=${since}`))).toEqual([id.generating, id.main, id.noSite].map(U));
    expect(ids(await list(wholeKey, "?since=2000-01-01"))).toHaveLength(7);
    expect(ids(await list(wholeKey, "?since=2999-01-01T00:00:00Z"))).toEqual([]);
  });

  it("refuses an invalid since, status, origin or noSite with 400 validation", async () => {
    for (const query of ["?since=yesterday", "?since=2026-02-30", "?status=lost", "?origin=robot", "?noSite=maybe"]) {
      expect(errorOf(await get(wholeKey, `/articles${query}`))).toEqual({ status: 400, error: "validation" });
    }
  });

  it("shows a site-bound key its own site only, and never an article with no site", async () => {
    expect(ids(await list(siteKey))).toEqual([id.generating, id.main, id.skippedPicture, id.de, id.fr].map(U));
    expect(await list(siteKey, "?noSite=true")).toEqual([]);
    expect(await list(siteKey, `?siteId=${world.otherSiteId}`)).toEqual([]);
    expect(ids(await list(siteKey, `?siteId=${world.siteId}`))).toHaveLength(5);
  });
});

describe("GET /api/v1/articles/{id}/illustration", () => {
  let wholeKey: string;
  let otherSiteKey: string;
  beforeAll(async () => {
    wholeKey = (await makeKey(server.baseUrl, world.owner)).token;
    otherSiteKey = (await makeKey(server.baseUrl, world.owner, { siteId: world.otherSiteId })).token;
  });
  const picture = (token: string, path: string) =>
    fetch(`${server.baseUrl}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });

  it("answers the current picture's bytes with its content type and headers", async () => {
    const reply = await picture(wholeKey, `/articles/${U(id.main)}/illustration`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("image/png");
    expect(reply.headers.get("content-disposition")).toBe("inline");
    expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
    expect(reply.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(Buffer.from(await reply.arrayBuffer())).toEqual(PNG);
  });

  it("follows the url the article gives, and answers an earlier picture by its id", async () => {
    const article = await get(wholeKey, `/articles/${U(id.main)}`);
    const byUrl = await fetch(`${server.baseUrl}${article.body.illustration.url}`, {
      headers: { Authorization: `Bearer ${wholeKey}` },
    });
    expect(Buffer.from(await byUrl.arrayBuffer())).toEqual(PNG);
    const old = await picture(wholeKey, `/articles/${U(id.main)}/illustration?i=${id.oldPicture.toUpperCase()}`);
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await old.arrayBuffer())).toEqual(OLD_PICTURE);
  });

  it("is not found for another article's picture, no ready picture, or an article the key cannot see", async () => {
    for (const [token, path] of [
      [wholeKey, `/articles/${U(id.main)}/illustration?i=${id.otherArticlePicture}`],
      [wholeKey, `/articles/${U(id.main)}/illustration?i=nope`],
      [wholeKey, `/articles/${U(id.skippedPicture)}/illustration`],
      [wholeKey, `/articles/${U(id.skippedPicture)}/illustration?i=${id.skipped}`],
      [wholeKey, `/articles/${U(id.de)}/illustration`],
      [wholeKey, `/articles/${U(id.foreign)}/illustration`],
      [otherSiteKey, `/articles/${U(id.main)}/illustration`],
    ] as const) {
      expect(errorOf(await get(token, path)), path).toEqual({ status: 404, error: "not_found" });
    }
  });
});
