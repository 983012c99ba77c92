// The writing evaluation: a writer writes every story of the test web in every structure at
// several lengths, and each article is scored on what the writing engine promises:
// - every unit's claim ids exist (claim-id validity);
// - no number or date appears that the unit's cited claims' sources do not carry (figure support);
// - every mustAppear phrase that some claim carries in the article's language appears (mustAppear
//   coverage); one that only pages in another language carry appears or is named in a warning;
// - the length is within 15% of targetWords whenever the claims carry enough words (length accuracy);
// - our own words: the longest run outside quotation marks that repeats a source page, the share
//   of words inside quotation marks, and the articles that keep both within src/writing/copying.ts's limits.
// Used by `npm run eval:writing` and, with thresholds, by evaluation.test.ts.
import { fitToPrint } from "../../src/writing/builtin/claimText.ts";
import { COPY_RUN_LIMIT, QUOTED_SHARE_LIMIT, quotedWords, SourceWindows } from "../../src/writing/copying.ts";
import { carriedFigures, pageFigureCache, uncarriedFigures } from "../../src/writing/figures.ts";
import type { Structure, Writer, WritingBrief } from "../../src/writing/types.ts";
import { countWords, draftWords, unitText } from "../../src/writing/units.ts";
import { phrasePattern } from "../../src/writing/voiceWords.ts";
import type { StoryMaterial } from "../web/storyMaterial.ts";
import type { Truth, TruthStory } from "../web/testWeb.ts";

export interface WritingScore {
  articles: number;
  units: number;
  /** Units whose every claim id exists, over all units. */
  claimIdValidity: number;
  /** Units with no uncarried figure, over all units. */
  figureSupport: number;
  /** mustAppear phrases (that a claim carries in the article's language) found in the article, over those asked. */
  mustAppearCoverage: number;
  /** mustAppear phrases that only pages in another language carry, asked over all articles. */
  foreignPhrases: number;
  /** Of those, the ones the article gives (quoted) or names in a warning as left out. */
  foreignPhrasesAccounted: number;
  /** Articles within 15% of target, over articles whose claims carry enough words. */
  lengthAccuracy: number;
  /** Mean |words − target| / target over the articles whose claims carry enough words. */
  meanLengthError: number;
  /** The longest run of words outside quotation marks that repeats a source page, over all articles. */
  longestCopiedRun: number;
  /** Body units with no run over COPY_RUN_LIMIT, over body units (headings and header rows aside). */
  ownWordUnits: number;
  /** The largest share of an article's words inside quotation marks. */
  maxQuotedShare: number;
  /** Articles with no run over COPY_RUN_LIMIT and at most QUOTED_SHARE_LIMIT quoted, over articles. */
  ownWords: number;
  /** Articles the writer failed to write, with the reason. */
  failures: string[];
  /** Every fault found, for --verbose. */
  faults: string[];
  ms: number;
}

const STRUCTURES: Structure[] = ["ibc", "list", "qa"];
const TARGETS = [300, 600, 900];

/** A plain English news brief on a test-web story, with what a test or the evaluation varies. */
export function storyBrief(story: TruthStory, over: Partial<WritingBrief> = {}): WritingBrief {
  return newsBrief({ topic: story.topic, ...over });
}

/** A plain English news brief of 600 words, with what a test varies. */
export function newsBrief(over: Partial<WritingBrief> = {}): WritingBrief {
  return {
    topic: "",
    angle: "",
    purpose: "news",
    audience: "",
    region: "Global",
    tone: "neutral",
    length: "standard",
    targetWords: 600,
    structure: "ibc",
    keywords: [],
    mustAppear: [],
    language: "en",
    ...over,
  };
}

/**
 * Phrases to ask for: for each story, three names that the ground truth says every carrier of
 * a claim contains, corroborated claims first. Chosen from the truth file, never from the
 * engine's output.
 */
export function mustAppearFor(truth: Truth, storyId: string): string[] {
  const phrases: string[] = [];
  const ordered = truth.claims
    .filter((c) => c.story === storyId && !c.crossLanguage)
    .sort((a, b) => Number(b.state === "corroborated") - Number(a.state === "corroborated"));
  for (const claim of ordered) {
    for (const fact of claim.facts) {
      if (/^\p{Lu}\p{L}{3,}/u.test(fact) && !phrases.includes(fact)) phrases.push(fact);
      if (phrases.length === 3) return phrases;
    }
  }
  return phrases;
}

export async function evaluateWriter(writer: Writer, stories: readonly StoryMaterial[], truth: Truth): Promise<WritingScore> {
  const started = performance.now();
  const figures = pageFigureCache();
  let articles = 0;
  let units = 0;
  let validUnits = 0;
  let supportedUnits = 0;
  let phrasesAsked = 0;
  let phrasesFound = 0;
  let foreignPhrases = 0;
  let foreignPhrasesAccounted = 0;
  let lengthJudged = 0;
  let lengthOk = 0;
  let lengthError = 0;
  let longestCopiedRun = 0;
  let maxQuotedShare = 0;
  let ownWordArticles = 0;
  let bodyUnits = 0;
  let ownBodyUnits = 0;
  const failures: string[] = [];
  const faults: string[] = [];

  for (const m of stories) {
    const claims = new Map(m.claims.map((c) => [c.id, c]));
    const sources = new Map(m.sources.map((s) => [s.id, s]));
    const mustAppear = mustAppearFor(truth, m.story.id);
    const windows = new SourceWindows(m.sources, "en");
    // Words the claims carry in the article's language (English): what any writer can state.
    const inEnglish = (sourceId: string) => sources.get(sourceId)?.language === "en";
    const available = m.claims
      .filter((c) => fitToPrint(c.text) && c.mentions.some((mention) => inEnglish(mention.sourceId)))
      .reduce((n, c) => n + countWords(c.text), 0);
    for (const structure of STRUCTURES) {
      for (const targetWords of TARGETS) {
        const brief = storyBrief(m.story, { targetWords, structure, mustAppear });
        const label = `${m.story.id}/${structure}/${targetWords}`;
        let draft: Awaited<ReturnType<Writer["write"]>>;
        try {
          draft = await writer.write({
            brief,
            voice: { name: "Eval", tone: "neutral", spelling: "UK", avoid: [], prefer: [], styleGuide: "", attribution: "" },
            claims: m.claims,
            sources: m.sources,
          });
        } catch (error) {
          failures.push(`${label}: ${(error as Error).message}`);
          continue;
        }
        articles++;
        for (const unit of draft.units) {
          units++;
          const unknown = unit.claimIds.filter((id) => !claims.has(id));
          if (unknown.length === 0) validUnits++;
          else faults.push(`${label} unit ${unit.n}: unknown claim ids ${unknown.join(", ")}`);
          const uncarried = uncarriedFigures(unit.text, carriedFigures(unit.claimIds, claims, sources, figures));
          if (uncarried.length === 0) supportedUnits++;
          else faults.push(`${label} unit ${unit.n}: figures not carried ${uncarried.join(", ")}: ${unit.text}`);
        }
        const text = [draft.title, draft.deck ?? "", ...draft.units.map((u) => u.text)].join("\n");
        let longest = 0;
        const pieces = [
          { text: draft.title, body: false },
          { text: draft.deck ?? "", body: false },
          ...draft.units.map((u) => ({ text: unitText(u), body: u.kind !== "heading" && !u.header })),
        ];
        for (const piece of pieces) {
          const runs = windows.copiedRuns(piece.text, "en");
          if (piece.body) {
            bodyUnits++;
            if (runs.length === 0) ownBodyUnits++;
          }
          for (const run of runs) {
            longest = Math.max(longest, run.words.length);
            faults.push(`${label}: ${run.words.length} words copied: ${run.words.join(" ")}`);
          }
        }
        const quoted = quotedWords(draft.units, windows, "en");
        const share = quoted.total === 0 ? 0 : quoted.quoted / quoted.total;
        longestCopiedRun = Math.max(longestCopiedRun, longest);
        maxQuotedShare = Math.max(maxQuotedShare, share);
        if (longest <= COPY_RUN_LIMIT && share <= QUOTED_SHARE_LIMIT) ownWordArticles++;
        else if (share > QUOTED_SHARE_LIMIT) faults.push(`${label}: ${(share * 100).toFixed(0)}% of words quoted`);
        for (const phrase of mustAppear) {
          const pattern = phrasePattern(phrase, "iu");
          if (!m.claims.some((c) => pattern.test(c.text))) continue;
          // A phrase only pages in another language carry can be given only by quoting them, within
          // the quotation limits; one the article leaves out must be named in a warning.
          const inLanguage = m.claims.some((c) => c.mentions.some((mn) => inEnglish(mn.sourceId) && pattern.test(mn.text)));
          if (!inLanguage) {
            foreignPhrases++;
            if (pattern.test(text) || draft.warnings.some((w) => w.includes(`“${phrase}”`))) foreignPhrasesAccounted++;
            else faults.push(`${label}: mustAppear “${phrase}” (carried only in another language) missing without a warning`);
            continue;
          }
          phrasesAsked++;
          if (pattern.test(text)) phrasesFound++;
          else faults.push(`${label}: mustAppear “${phrase}” missing`);
        }
        // Judge length only where the claims could fill the target.
        if (available >= targetWords * 1.1) {
          lengthJudged++;
          const words = draftWords(draft);
          const error = Math.abs(words - targetWords) / targetWords;
          lengthError += error;
          if (error <= 0.15) lengthOk++;
          else faults.push(`${label}: ${words} words against ${targetWords}`);
        }
      }
    }
  }
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return {
    articles,
    units,
    claimIdValidity: ratio(validUnits, units),
    figureSupport: ratio(supportedUnits, units),
    mustAppearCoverage: ratio(phrasesFound, phrasesAsked),
    foreignPhrases,
    foreignPhrasesAccounted,
    lengthAccuracy: ratio(lengthOk, lengthJudged),
    meanLengthError: lengthJudged === 0 ? 0 : lengthError / lengthJudged,
    longestCopiedRun,
    maxQuotedShare,
    ownWords: ratio(ownWordArticles, articles),
    ownWordUnits: ratio(ownBodyUnits, bodyUnits),
    failures,
    faults,
    ms: performance.now() - started,
  };
}
