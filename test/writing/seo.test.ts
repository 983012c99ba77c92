// SEO fields: limits that hold for any title in any language, cuts between words, the slug in
// Latin, Cyrillic and Japanese script, and where the focus keyword lands.
import { describe, expect, it } from "vitest";
import type { Language } from "../../src/languages.ts";
import { codePoints, META_DESCRIPTION_LIMIT, META_TITLE_LIMIT, SLUG_LIMIT, seoFields, slugOf } from "../../src/writing/seo.ts";
import type { Draft, Unit, WritingBrief } from "../../src/writing/types.ts";

interface Article {
  title: string;
  lead: string;
  deck?: string;
  language?: Language;
  keywords?: string[];
  headings?: string[];
  siteName?: string;
}

function fields(article: Article) {
  const language = article.language ?? "en";
  const units: Unit[] = [
    { n: 1, kind: "paragraph", text: article.lead, claimIds: ["c1"] },
    ...(article.headings ?? []).map((text, i): Unit => ({ n: i + 2, kind: "heading", text, claimIds: [], level: 2 })),
  ];
  const draft: Draft = {
    title: article.title,
    lead: article.lead,
    ...(article.deck !== undefined ? { deck: article.deck } : {}),
    language,
    units,
    internalLinks: [],
    engine: "built-in",
    warnings: [],
  };
  const brief: WritingBrief = {
    topic: article.title,
    angle: "",
    purpose: "news",
    audience: "general",
    region: "",
    tone: "neutral",
    length: "standard",
    targetWords: 600,
    structure: "ibc",
    keywords: article.keywords ?? [],
    mustAppear: [],
    language,
  };
  return seoFields({ draft, brief, ...(article.siteName ? { siteName: article.siteName } : {}) });
}

const LEAD =
  "Storm Elin forced the closure of the port of Portmere on Monday. About 1,200 homes lost power. The council met on Tuesday.";

/** A small deterministic generator, so the loops below test the same titles on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS: Partial<Record<Language, string[]>> = {
  en: [
    "Storm",
    "Elin",
    "closes",
    "Portmere",
    "harbour",
    "and",
    "the",
    "council",
    "backs",
    "£2.5m",
    "sea-wall",
    "plan",
    "of",
    "after",
    "1,200",
    "homes",
    "lose",
    "power,",
    "residents",
    "say:",
    "“We",
    "need",
    "help”",
    "extraordinarily",
    "—",
    "for",
    "to",
  ],
  de: [
    "Sturmflut",
    "schließt",
    "den",
    "Hafen",
    "von",
    "Portmere",
    "und",
    "der",
    "Gemeinderat",
    "beschließt",
    "Schutzmauer",
    "für",
    "2,5",
    "Millionen",
    "Euro",
    "Hafenbehörde:",
    "Schäden",
    "an",
    "Nordmole",
  ],
  pl: [
    "Sztorm",
    "zamyka",
    "port",
    "w",
    "Portmere",
    "i",
    "rada",
    "miasta",
    "zatwierdza",
    "budowę",
    "falochronu",
    "za",
    "2,5",
    "mln",
    "złotych",
    "żółć",
  ],
  el: [
    "Καταιγίδα",
    "κλείνει",
    "το",
    "λιμάνι",
    "του",
    "Πόρτμιρ",
    "και",
    "το",
    "δημοτικό",
    "συμβούλιο",
    "εγκρίνει",
    "νέο",
    "κυματοθραύστη",
  ],
  uk: [
    "Шторм",
    "закрив",
    "порт",
    "у",
    "Портмірі",
    "і",
    "міська",
    "рада",
    "схвалила",
    "будівництво",
    "хвилеріза",
    "на",
    "2,5",
    "млн",
  ],
  ja: [
    "台風",
    "の",
    "影響",
    "で",
    "港",
    "が",
    "閉鎖",
    "、",
    "約",
    "1200",
    "世帯",
    "が",
    "停電",
    "港湾当局",
    "は",
    "木曜日",
    "に",
    "再開",
    "を",
    "目指す",
    "。",
  ],
};

function title(language: Language, next: () => number): string {
  const words = WORDS[language] as string[];
  const count = 4 + Math.floor(next() * 30);
  const picked = Array.from({ length: count }, () => words[Math.floor(next() * words.length)] as string);
  return picked.join(language === "ja" ? "" : " ");
}

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

/** Whether `part` is `whole` cut between two words (or all of it). */
function cutBetweenWords(whole: string, part: string, language: Language): boolean {
  if (!whole.startsWith(part)) return false;
  if (part.length === whole.length) return true;
  if (language === "ja") {
    const boundaries = new Set(Array.from(new Intl.Segmenter("ja", { granularity: "word" }).segment(whole), (s) => s.index));
    return boundaries.has(part.length);
  }
  return !(WORD_CHARACTER.test(whole.charAt(part.length)) && WORD_CHARACTER.test(part.charAt(part.length - 1)));
}

describe("seo fields", () => {
  describe("focus keyword", () => {
    it("is the first keyword, trimmed, and absent without keywords", () => {
      expect(
        fields({ title: "Storm Elin closes Portmere port", lead: LEAD, keywords: ["  Portmere port ", "storm"] }).focusKeyword,
      ).toBe("Portmere port");
      const none = fields({ title: "Storm Elin closes Portmere port", lead: LEAD });
      expect(none.focusKeyword).toBeUndefined();
      expect(none.focusKeywordIn).toBeUndefined();
    });

    it("reports where it appears: title, meta fields, slug, lead and headings", () => {
      const seo = fields({
        title: "Storm Elin closes Portmere port",
        lead: "Storm Elin shut the Portmere port on Monday, the harbour master said.",
        keywords: ["portmere PORT"],
        headings: ["## What is confirmed", "## When the Portmere port reopens"],
      });
      expect(seo.focusKeywordIn).toEqual(["title", "metaTitle", "metaDescription", "slug", "lead", "heading"]);
    });

    it("matches at word starts only, so compounds count and embedded words do not", () => {
      const storm = fields({
        title: "Council brainstorms sea-wall ideas",
        lead: "The council met on Tuesday.",
        keywords: ["storm"],
      });
      expect(storm.focusKeywordIn).not.toContain("title");
      const hafen = fields({
        title: "Hafenbehörde schließt Portmere",
        lead: "Die Hafenbehörde schloss am Montag den Hafen.",
        keywords: ["Hafen"],
        language: "de",
      });
      expect(hafen.focusKeywordIn).toEqual(expect.arrayContaining(["title", "metaTitle", "lead"]));
    });

    it("finds a Japanese keyword inside unspaced text", () => {
      const seo = fields({
        title: "台風で港湾施設に被害",
        lead: "台風の影響で港湾施設が被害を受けた。",
        keywords: ["港湾"],
        language: "ja",
      });
      expect(seo.focusKeywordIn).toEqual(["title", "metaTitle", "metaDescription", "slug", "lead"]);
    });
  });

  describe("meta title", () => {
    it("is the title when it fits, with the site name when that fits too", () => {
      expect(fields({ title: "Storm Elin closes **Portmere** port", lead: LEAD, keywords: ["Portmere"] }).metaTitle).toBe(
        "Storm Elin closes Portmere port",
      );
      expect(
        fields({ title: "Storm Elin closes Portmere port", lead: LEAD, keywords: ["Portmere"], siteName: "Coast Desk" })
          .metaTitle,
      ).toBe("Storm Elin closes Portmere port | Coast Desk");
    });

    it("leads with the keyword when the title lacks it and keeps enough of itself", () => {
      expect(fields({ title: "Council backs new sea wall after Storm Elin", lead: LEAD, keywords: ["portmere"] }).metaTitle).toBe(
        "Portmere: Council backs new sea wall after Storm Elin",
      );
    });

    it("does not let the keyword crowd out a long title", () => {
      const long = "Council backs new sea wall after Storm Elin leaves thousands of homes without power for two nights";
      const seo = fields({ title: long, lead: LEAD, keywords: ["Portmere harbour authority"] });
      expect(seo.metaTitle).toBe("Council backs new sea wall after Storm Elin leaves thousands");
      expect(seo.focusKeywordIn).not.toContain("metaTitle");
    });

    it("cuts at a word boundary without trailing punctuation or a dangling connective", () => {
      const seo = fields({
        title: "Storm Elin closes the port of Portmere, and the council backs a new sea wall for the town",
        lead: LEAD,
        keywords: ["Storm Elin"],
        siteName: "Coast Desk",
      });
      expect(seo.metaTitle).toBe("Storm Elin closes the port of Portmere, and the council");
      expect(
        fields({ title: "Storm Elin closes the harbour of Portmere and the council of the town of Eastwick", lead: LEAD })
          .metaTitle,
      ).toBe("Storm Elin closes the harbour of Portmere and the council");
    });

    it("cuts a single over-long word by characters", () => {
      const word = "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt";
      const seo = fields({ title: word, lead: LEAD, language: "de" });
      expect(codePoints(seo.metaTitle)).toBe(META_TITLE_LIMIT);
      expect(word.startsWith(seo.metaTitle)).toBe(true);
    });

    it("stays within 60 code points and cuts between words, for many generated titles in six languages", () => {
      const next = random(20261122);
      for (const language of ["en", "de", "pl", "el", "uk", "ja"] as Language[]) {
        for (let i = 0; i < 150; i++) {
          const t = title(language, next);
          const keyword = i % 3 === 0 ? undefined : ((WORDS[language] as string[])[i % 5] as string);
          const seo = fields({
            title: t,
            lead: LEAD,
            language,
            ...(keyword ? { keywords: [keyword] } : {}),
            ...(i % 4 === 0 ? { siteName: "Coast Desk" } : {}),
          });
          const meta = seo.metaTitle;
          expect(codePoints(meta), meta).toBeLessThanOrEqual(META_TITLE_LIMIT);
          expect(meta.length).toBeGreaterThan(0);
          // Strip what the title may have gained: a keyword before it, the site name after it.
          let body = meta.replace(/ \| Coast Desk$/, "");
          if (!t.startsWith(body) && keyword) body = body.replace(/^[^:：]+[:：] ?/u, "");
          expect(cutBetweenWords(t, body, language), `${language}: "${meta}" from "${t}"`).toBe(true);
          if (body !== t) expect(body).not.toMatch(/[,;:、\s\p{Pd}]$/u);
          if (language === "en" && body !== t) expect(body).not.toMatch(/\s(and|the|of|for|to)$/);
        }
      }
    });
  });

  describe("meta description", () => {
    it("takes whole sentences of the lead while they fit, not the standfirst (it says who was checked, not what happened)", () => {
      const seo = fields({
        title: "Storm Elin closes Portmere port",
        deck: "The port and 1,200 homes were hit.",
        lead: LEAD,
      });
      expect(seo.metaDescription).toBe(
        "Storm Elin forced the closure of the port of Portmere on Monday. About 1,200 homes lost power. The council met on Tuesday.",
      );
    });

    it("describes by the lead when its opening holds the keyword the standfirst lacks", () => {
      const seo = fields({
        title: "Storm Elin closes Portmere port",
        deck: "Drawn from reports by Portmere Gazette, Harbour Radio and Coastal Times, checked against each other over two days of coverage.",
        lead: LEAD,
        keywords: ["Storm Elin"],
      });
      expect(seo.metaDescription.startsWith("Storm Elin forced the closure")).toBe(true);
      expect(seo.focusKeywordIn).toContain("metaDescription");
    });

    it("cuts an over-long first sentence at a word boundary and marks the cut", () => {
      const lead =
        "Storm Elin forced the closure of the port of Portmere on Monday and left about 1,200 homes in the town without power for a second night, the grid operator said in a statement on Tuesday evening.";
      const seo = fields({ title: "Storm Elin closes Portmere port", lead });
      expect(seo.metaDescription).toBe(
        "Storm Elin forced the closure of the port of Portmere on Monday and left about 1,200 homes in the town without power for a second night, the grid operator…",
      );
      expect(codePoints(seo.metaDescription)).toBeLessThanOrEqual(META_DESCRIPTION_LIMIT);
    });

    it("joins Japanese sentences without spaces", () => {
      const seo = fields({ title: "台風で港が閉鎖", lead: "台風の影響で港が閉鎖された。約1200世帯が停電した。", language: "ja" });
      expect(seo.metaDescription).toBe("台風の影響で港が閉鎖された。約1200世帯が停電した。");
    });

    it("stays within 155 code points for many generated leads", () => {
      const next = random(7);
      for (const language of ["en", "de", "uk", "ja"] as Language[]) {
        for (let i = 0; i < 100; i++) {
          const sentences = Array.from(
            { length: 1 + (i % 4) },
            () => `${title(language, next)}${language === "ja" ? "。" : "."}`,
          );
          const lead = sentences.join(language === "ja" ? "" : " ");
          const seo = fields({ title: title(language, next), lead, language });
          expect(codePoints(seo.metaDescription), seo.metaDescription).toBeLessThanOrEqual(META_DESCRIPTION_LIMIT);
          expect(seo.metaDescription.length).toBeGreaterThan(0);
          if (seo.metaDescription.endsWith("…")) {
            const body = seo.metaDescription.slice(0, -1);
            expect(cutBetweenWords(lead, body, language), `${language}: "${seo.metaDescription}"`).toBe(true);
          } else {
            expect(lead.startsWith(seo.metaDescription)).toBe(true);
          }
        }
      }
    });
  });

  describe("slug", () => {
    it("is lower-case, hyphenated and transliterated by language", () => {
      expect(fields({ title: "Storm Elin closes Portmere port!", lead: LEAD }).slug).toBe("storm-elin-closes-portmere-port");
      expect(fields({ title: "Schäden über 2,5 Mio. Euro an der Nordmole", lead: LEAD, language: "de" }).slug).toBe(
        "schaeden-ueber-2-5-mio-euro-an-der-nordmole",
      );
      expect(fields({ title: "Räksmörgås i hamnen", lead: LEAD, language: "sv" }).slug).toBe("raksmorgas-i-hamnen");
      expect(fields({ title: "Шторм закрив порт у Портмірі", lead: LEAD, language: "uk" }).slug).toBe(
        "shtorm-zakriv-port-u-portmiri",
      );
      expect(fields({ title: "New iPhone plant for Portmere", lead: LEAD }).slug).toBe("new-iphone-plant-for-portmere");
    });

    it("keeps Japanese script rather than lose it, and falls back to 'article'", () => {
      expect(fields({ title: "台風で港が閉鎖　被害は２億円", lead: LEAD, language: "ja" }).slug).toBe(
        "台風で港が閉鎖-被害は2億円",
      );
      expect(slugOf("東京港 closes after storm", "en")).toBe("東京港-closes-after-storm");
      expect(fields({ title: "!!! ???", lead: LEAD }).slug).toBe("article");
    });

    it("is cut at a hyphen within 75 characters", () => {
      const seo = fields({
        title:
          "Storm Elin forces the closure of the harbour of Portmere and leaves thousands of homes without power for a second night",
        lead: LEAD,
      });
      expect(seo.slug).toBe("storm-elin-forces-the-closure-of-the-harbour-of-portmere-and-leaves");
      const next = random(99);
      for (const language of ["en", "de", "el", "ja"] as Language[]) {
        for (let i = 0; i < 60; i++) {
          const slug = fields({ title: title(language, next), lead: LEAD, language }).slug;
          expect(codePoints(slug), slug).toBeLessThanOrEqual(SLUG_LIMIT);
          expect(slug).toMatch(/^[\p{Ll}\p{Lo}\p{M}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{M}\p{N}]+)*$/u);
        }
      }
    });
  });
});
