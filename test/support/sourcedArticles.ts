// Articles written from real pages of the test web, stored the way the write step stores them
// (saveArticleDraft): the pages fetched and read by the engine, grouped and checked, then one
// unit per claim (after a lead and a heading) unless the caller lays the units out itself. For
// tests of what happens to an article after it is written (sources added, paragraphs rewritten).
import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db/database.ts";
import { saveArticleDraft } from "../../src/pipeline/articleMaterial.ts";
import { fetchAndRead, groupAndCheck } from "../../src/sourcing/sourcingEngine.ts";
import { type WritingMaterial, writingMaterial } from "../../src/writing/material.ts";
import type { Draft, Unit } from "../../src/writing/types.ts";
import type { TestWeb } from "../web/testWeb.ts";

export interface SourcedArticleOptions {
  db: Database;
  web: TestWeb;
  owner: { workspaceId: string; siteId: string; personId: string };
  /** Truth URLs of the test web (plain http, no port). */
  urls: string[];
  /** The address each page is stored under (by default as served). */
  storedUrl?: (truthUrl: string) => string;
  /** The units, from the checked material; by default a lead, a heading and one paragraph per claim. */
  units?: (material: WritingMaterial) => Unit[];
  status?: "needsReview" | "generating" | "approved";
}

function defaultUnits(material: WritingMaterial): Unit[] {
  const [first, ...rest] = material.claims;
  return [
    { n: 1, kind: "paragraph", text: first?.text ?? "", claimIds: first ? [first.id] : [] },
    { n: 2, kind: "heading", text: "## What we know", claimIds: [], level: 2 },
    ...rest.map((c, i): Unit => ({ n: i + 3, kind: "paragraph", text: c.text, claimIds: [c.id] })),
  ];
}

/** Stores the article and returns its id (lower-case, as stored) and the material it was written from. */
export async function storeSourcedArticle(options: SourcedArticleOptions): Promise<{ id: string; material: WritingMaterial }> {
  const { db, web } = options;
  const { pages, failures } = await fetchAndRead(options.urls.map(web.served), {
    allowAddresses: "127.0.0.1",
    hostMap: web.hostMap,
  });
  if (failures.length > 0) throw new Error(`test web pages not read: ${JSON.stringify(failures)}`);
  const stored = options.storedUrl ?? ((url: string) => url);
  const check = groupAndCheck(
    pages.map((p) => ({ ...p, url: stored(web.toTruthUrl(p.url)) })),
    { acceptFlagged: true },
  );
  const sourceIds = new Map(check.sources.map((s) => [s.key, randomUUID()]));
  const claimIds = new Map(check.claims.map((c) => [c.key, randomUUID()]));
  const material = writingMaterial(check, {
    source: (key) => sourceIds.get(key) as string,
    claim: (key) => claimIds.get(key) as string,
  });
  const units = (options.units ?? defaultUnits)(material);
  const draft: Draft = {
    title: "A story from the test web",
    lead: units[0]?.text ?? "",
    language: "en",
    units,
    internalLinks: [],
    engine: "built-in",
    warnings: [],
  };
  const id = randomUUID();
  await db.prisma.article.create({
    data: {
      id,
      workspaceId: options.owner.workspaceId,
      siteId: options.owner.siteId,
      personId: options.owner.personId,
      origin: "manual",
      language: "en",
      subject: "test web story",
      title: draft.title,
      brandName: "News Desk",
      byLine: "Olive Owner",
    },
  });
  await saveArticleDraft(db, id, draft, material, check.sources);
  await db.prisma.article.update({ where: { id }, data: { status: options.status ?? "needsReview" } });
  return { id, material };
}
