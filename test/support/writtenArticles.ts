// Articles as an article job leaves them, of any size, for tests of the read side: the row as
// starting an article makes it, then the sources, claims, units and version entry stored by the
// write step's own `saveArticleDraft`, then a picture and the status the job ends with. A
// "generating" article keeps the running job that is writing it.
import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db/database.ts";
import { saveArticleDraft } from "../../src/pipeline/articleMaterial.ts";
import type { ClaimState, GroupedSource } from "../../src/sourcing/types.ts";
import type { Draft, Unit, WritingClaim, WritingSource } from "../../src/writing/types.ts";

export interface ArticleOwner {
  workspaceId: string;
  siteId: string;
  personId: string;
}

export interface WrittenArticleOptions {
  /** Claims the units state; there are about as many units as claims. */
  claims: number;
  sources: number;
  status?: "needsReview" | "generating";
  /** Language versions beside the article (each an article of its own). */
  languages?: string[];
}

const STATES: ClaimState[] = ["corroborated", "singleSource", "disputed", "circular", "parallel"];
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

/** Stores one written article and returns its id (lower-case, as stored). */
export async function storeWrittenArticle(db: Database, owner: ArticleOwner, options: WrittenArticleOptions): Promise<string> {
  const articleId = randomUUID();
  const row = (id: string, language: string, primaryArticleId?: string) => ({
    id,
    workspaceId: owner.workspaceId,
    siteId: owner.siteId,
    personId: owner.personId,
    primaryArticleId,
    origin: "manual",
    language,
    subject: "harbour dredging",
    title: "Harbour dredging plan",
    brandName: "News Desk",
    byLine: "Olive Owner",
  });
  await db.prisma.article.create({ data: row(articleId, "en") });

  const grouped: GroupedSource[] = Array.from({ length: options.sources }, (_, i) => {
    const url = `https://outlet${i}.example/harbour`;
    return {
      key: String(i),
      page: { url, title: `Page ${i}`, text: `Text of page ${i}.`, links: [], attributions: [] },
      domain: `outlet${i}.example`,
      originId: `origin-${Math.floor(i / 2)}`,
      origin: `Outlet ${i}`,
      // Every second page relays the one before it: one origin for the pair.
      ...(i % 2 === 1 ? { relation: { kind: "wire" as const, to: String(i - 1) } } : {}),
      official: i === 0,
      score: 60 + (i % 40),
    };
  });
  const sources: WritingSource[] = grouped.map((g) => ({
    id: randomUUID(),
    origin: g.origin,
    originId: g.originId,
    title: g.page.title,
    url: g.page.url,
    official: g.official,
    text: g.page.text,
  }));
  const sourceAt = (i: number) => sources[i % sources.length]?.id ?? "";
  const claims: WritingClaim[] = Array.from({ length: options.claims }, (_, i) => {
    const state = STATES[i % STATES.length] ?? "singleSource";
    const sourceIds = state === "singleSource" ? [sourceAt(i)] : [sourceAt(i), sourceAt(i + 1)];
    return {
      id: randomUUID(),
      text: `Claim ${i + 1} about the harbour.`,
      state,
      originCount: sourceIds.length,
      sourceIds,
      mentions: sourceIds.map((sourceId) => ({ sourceId, text: `Claim ${i + 1}, as the page words it.` })),
    };
  });

  // The lead, a heading, then one unit per claim (each citing it and the next): paragraphs, list
  // items and table rows, so that every kind of block is built.
  const claimAt = (i: number) => claims[i % claims.length]?.id ?? "";
  const units: Unit[] = [
    { n: 1, kind: "paragraph", text: "The harbour will be dredged.", claimIds: [claimAt(0)] },
    { n: 2, kind: "heading", text: "## What is planned", claimIds: [], level: 2 },
    ...claims.map((claim, i): Unit => {
      const base = { n: i + 3, text: `Unit ${i + 3}: ${claim.text}`, claimIds: [claim.id, claimAt(i + 1)] };
      if (i % 5 === 3) return { ...base, kind: "item", ordered: false };
      if (i % 5 === 4) return { ...base, kind: "row", cells: [`Row ${i}`, String(i)] };
      return { ...base, kind: "paragraph" };
    }),
  ];
  const draft: Draft = {
    title: "Harbour dredging plan",
    lead: units[0]?.text ?? "",
    language: "en",
    units,
    internalLinks: [],
    engine: "built-in",
    warnings: [],
  };
  await saveArticleDraft(db, articleId, draft, { claims, sources }, grouped);

  await db.prisma.illustration.create({
    data: { articleId, status: "ready", png: PNG, label: "AI-generated illustration", styleLabel: "abstract editorial" },
  });
  for (const language of options.languages ?? []) {
    await db.prisma.article.create({ data: { ...row(randomUUID(), language, articleId), status: "needsReview" } });
  }
  if (options.status === "generating") {
    await db.prisma.job.create({
      data: {
        workspaceId: owner.workspaceId,
        siteId: owner.siteId,
        kind: "article",
        status: "running",
        articleId,
        personId: owner.personId,
      },
    });
  } else {
    await db.prisma.article.update({ where: { id: articleId }, data: { status: "needsReview", updatedAt: new Date() } });
  }
  return articleId;
}
