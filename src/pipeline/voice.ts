// The brief and the site voice as the writing engine reads them.
import type { Brief } from "../../prisma/generated/client/client.ts";
import type { Database } from "../db/database.ts";
import type { Language } from "../languages.ts";
import type { Purpose, SiteVoice, Spelling, Structure, Tone, WritingBrief } from "../writing/types.ts";

export function writingBrief(brief: Brief): WritingBrief {
  return {
    topic: brief.topic,
    angle: brief.angle,
    purpose: brief.purpose as Purpose,
    audience: brief.audience,
    region: brief.region,
    tone: brief.tone as Tone,
    length: brief.length as WritingBrief["length"],
    targetWords: brief.targetWords,
    structure: brief.structure as Structure,
    keywords: brief.keywords,
    mustAppear: brief.mustAppear,
    language: (brief.language.split("+")[0] ?? "en") as Language,
  };
}

/** The voice a brief is written in: its own brand, else its site's first brand. */
export async function voiceBrand(db: Database, brief: Pick<Brief, "brandId" | "siteId">) {
  return (
    (brief.brandId ? await db.prisma.brand.findUnique({ where: { id: brief.brandId } }) : null) ??
    (brief.siteId ? await db.prisma.brand.findFirst({ where: { siteId: brief.siteId }, orderBy: { createdAt: "asc" } }) : null)
  );
}

/** The brief's voice (see voiceBrand), else a plain voice under the article's brand name. */
export async function siteVoice(db: Database, brief: Brief, articleId: string): Promise<SiteVoice> {
  const brand = await voiceBrand(db, brief);
  if (brand) {
    return {
      name: brand.name,
      tone: brand.tone,
      spelling: (brand.spelling.toUpperCase() === "UK" ? "UK" : "US") as Spelling,
      avoid: brand.avoid,
      prefer: brand.prefer,
      styleGuide: brand.styleGuide,
      attribution: brand.attribution,
    };
  }
  const article = await db.prisma.article.findUnique({ where: { id: articleId }, select: { brandName: true } });
  return {
    name: article?.brandName ?? "",
    tone: "neutral",
    spelling: "US",
    avoid: [],
    prefer: [],
    styleGuide: "",
    attribution: "",
  };
}
