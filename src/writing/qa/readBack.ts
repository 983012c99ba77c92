// The read-back: the finished text read against its claims, sources and brief. It returns every
// check every time, in one order, passed or warning, because a reviewer needs to see what was
// checked as much as what was found. Text quoted in items is the article's or a source's own
// wording, as data.
import { isCheckable, sentenceFacts } from "../../sourcing/claims/facts.ts";
import { fitToPrint } from "../builtin/claimText.ts";
import { carriedFigures, type Figures, figuresOf, pageFigureCache, uncarriedFigures } from "../figures.ts";
import type { Draft, QualityCheck, SitePage, SiteVoice, Unit, WritingBrief, WritingClaim, WritingSource } from "../types.ts";
import { countWords, draftWords } from "../units.ts";
import { phrasePattern } from "../voiceWords.ts";
import { contentStems, plainText, sourcingVocabulary, unitSentences, Vocabulary, wordTokens } from "./wording.ts";

export interface ReadBackInput {
  draft: Draft;
  brief: WritingBrief;
  voice?: SiteVoice;
  claims: WritingClaim[];
  /** Claims the sources carry that the article does not keep (the text states none of them): named as left out. */
  omitted?: WritingClaim[];
  sources: WritingSource[];
  sitePages?: SitePage[];
  /** An HTTP status for a url, or undefined when it cannot be reached. */
  linkStatus?: (url: string) => Promise<number | undefined>;
  /**
   * Page figures by source, to share one `pageFigureCache()` with the writer that already read
   * the same pages: reading 20 long pages is most of the read-back's time.
   */
  pageFigures?: (source: WritingSource) => Figures;
}

/** Length within this share of the brief's target passes. */
export const LENGTH_TOLERANCE = 0.15;
/** Longest sentence, in words, before it is reported; Japanese counts characters instead. */
export const SENTENCE_WORD_LIMIT = 40;
export const SENTENCE_CHARACTER_LIMIT_JA = 120;
/** Word-set overlap at which two sentences count as near-identical. */
export const NEAR_DUPLICATE = 0.8;
/**
 * A sentence says more than its claims when at least this many of its content words are not in
 * them and they make up at least half of its content. Attribution and hedging words are not
 * counted, and short connective sentences never reach the count.
 */
export const UNSUPPORTED_WORDS = 4;

interface Read {
  input: ReadBackInput;
  language: string;
  /** Units whose text counts as body text (every unit but table header rows). */
  body: Unit[];
  sentences: Map<number, string[]>;
  claims: Map<string, WritingClaim>;
  sources: Map<string, WritingSource>;
}

export async function readBack(input: ReadBackInput): Promise<QualityCheck[]> {
  const { draft } = input;
  const read: Read = {
    input,
    language: draft.language,
    body: draft.units.filter((u) => !u.header),
    sentences: new Map(),
    claims: new Map(input.claims.map((c) => [c.id, c])),
    sources: new Map(input.sources.map((s) => [s.id, s])),
  };
  for (const unit of read.body) read.sentences.set(unit.n, unitSentences(unit, read.language));
  // Link statuses are the only slow part; asking for them first lets the text checks run meanwhile.
  const linkCheck = links(read);
  return [
    supported(read),
    flagged(read),
    leftOut(read),
    claimReferences(read),
    mustAppear(read),
    length(read),
    sentenceLength(read),
    repetition(read),
    await linkCheck,
    avoidWords(read),
  ];
}

const quote = (text: string) => `“${text}”`;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function listOf(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function unitNames(ns: Iterable<number>): string {
  const sorted = [...new Set(ns)].sort((a, b) => a - b);
  return `${sorted.length === 1 ? "unit" : "units"} ${listOf(sorted.map(String))}`;
}

function result(
  base: { id: string; name: string; actionLabel: string },
  found: { items: string[]; units: Iterable<number> },
  detail: { passed: string; warning: string },
): QualityCheck {
  if (found.items.length === 0) return { id: base.id, name: base.name, verdict: "passed", detail: detail.passed };
  const units = [...new Set(found.units)].sort((a, b) => a - b);
  return {
    id: base.id,
    name: base.name,
    verdict: "warning",
    detail: detail.warning,
    actionLabel: base.actionLabel,
    items: found.items,
    ...(units.length > 0 ? { units, target: units[0] } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Statements carried by their sources

const LANGUAGE_GROUPS: Record<string, string> = { bhs: "hbs", hr: "hbs", sr: "hbs", bs: "hbs", nb: "no", nn: "no" };
const languageGroup = (code: string) => {
  const primary = code.toLowerCase().split(/[-_]/)[0] ?? "";
  return LANGUAGE_GROUPS[primary] ?? primary;
};

function supported(read: Read): QualityCheck {
  const { claims, sources, language } = read;
  const { draft } = read.input;
  const pageFigures = read.input.pageFigures ?? pageFigureCache();
  const carriedCache = new Map<string, Figures>();
  const carried = (ids: readonly string[]): Figures => {
    const key = [...new Set(ids)].sort().join("\n");
    let figures = carriedCache.get(key);
    if (!figures) {
      figures = carriedFigures(ids, claims, sources, pageFigures);
      carriedCache.set(key, figures);
    }
    return figures;
  };

  // Origin and party names attribute a statement; they are neither support nor news.
  const neutral = new Vocabulary();
  const sourcing = sourcingVocabulary(language);
  for (const source of read.input.sources) neutral.add(contentStems(source.origin, language));
  for (const claim of read.input.claims) if (claim.attributedTo) neutral.add(contentStems(claim.attributedTo, language));
  const isNeutral = (s: string) => sourcing.has(s) || neutral.has(s);
  // "France 24" or "Channel 4" names an outlet and states no figure, where the sentence names it.
  const numberedNames = [...read.input.sources.map((s) => s.origin), ...read.input.claims.map((c) => c.attributedTo ?? "")]
    .map((name) => ({ name: name.toLowerCase().trim(), figures: figuresOf(name, language) }))
    .filter((n) => n.name !== "" && (n.figures.numbers.size > 0 || n.figures.dates.size > 0));
  const uncarried = (sentence: string, figures: Figures) => {
    const missing = uncarriedFigures(sentence, figures, language);
    if (missing.length === 0 || numberedNames.length === 0) return missing;
    const lower = sentence.toLowerCase();
    const named = numberedNames.filter((n) => lower.includes(n.name));
    return missing.filter((f) => !named.some((n) => n.figures.numbers.has(f) || n.figures.dates.has(f)));
  };

  const claimStems = new Map<string, string[]>();
  const stemsOfClaim = (claim: WritingClaim): string[] => {
    let stems = claimStems.get(claim.id);
    if (!stems) {
      const texts = [claim.text, ...claim.mentions.map((m) => m.text), ...(claim.variants ?? []).map((v) => v.text)];
      stems = texts.flatMap((t) => contentStems(t, language));
      claimStems.set(claim.id, stems);
    }
    return stems;
  };
  const articleGroup = languageGroup(language);
  // Claims worded in another language (a version written from sources in the primary language)
  // cannot be compared word for word; their figures still can.
  const comparable = (known: WritingClaim[]): boolean => {
    const languages = known.flatMap((c) => c.sourceIds.map((id) => sources.get(id)?.language).filter((l) => l !== undefined));
    return languages.length === 0 || languages.some((l) => languageGroup(l) === articleGroup);
  };

  const items: string[] = [];
  const units: number[] = [];
  let notCompared = 0;
  for (const unit of read.body) {
    const known = [...new Set(unit.claimIds)].map((id) => claims.get(id)).filter((c) => c !== undefined);
    const figures = carried(known.map((c) => c.id));
    const wordsCompared = known.length > 0 && comparable(known);
    if (known.length > 0 && !wordsCompared) notCompared++;
    const vocabulary = new Vocabulary(true);
    if (wordsCompared) for (const claim of known) vocabulary.add(stemsOfClaim(claim));
    for (const sentence of read.sentences.get(unit.n) ?? []) {
      const missing = uncarried(sentence, figures);
      const stems = contentStems(sentence, language).filter((s) => !isNeutral(s));
      if (known.length === 0) {
        if (missing.length > 0 || statesSomething(sentence, stems, language)) {
          const figuresNote = missing.length > 0 ? ` (figures: ${missing.join(", ")})` : "";
          items.push(`Unit ${unit.n} cites no claim but states: ${quote(sentence)}${figuresNote}`);
          units.push(unit.n);
        }
        continue;
      }
      const notes: string[] = [];
      if (missing.length > 0) notes.push(`figures its claims' sources do not carry: ${missing.join(", ")}`);
      const novel = wordsCompared ? stems.filter((s) => !vocabulary.has(s)) : [];
      if (novel.length >= UNSUPPORTED_WORDS && novel.length * 2 >= stems.length) {
        notes.push(`words its claims do not carry: ${wordsFor(sentence, novel, language).join(", ")}`);
      }
      if (notes.length === 0) continue;
      items.push(`Unit ${unit.n}: ${quote(sentence)} — ${notes.join("; ")}`);
      units.push(unit.n);
    }
  }

  // The title and standfirst cite no claim of their own: their figures must come from the claims
  // the article cites.
  const cited = read.body.flatMap((u) => u.claimIds.filter((id) => claims.has(id)));
  const allFigures = carried(cited);
  for (const [label, text] of [
    ["Title", draft.title],
    ["Standfirst", draft.deck ?? ""],
  ] as const) {
    const plain = plainText(text);
    if (!plain) continue;
    const missing = uncarried(plain, allFigures);
    if (missing.length > 0)
      items.push(`${label}: ${quote(plain)} — figures no cited claim's sources carry: ${missing.join(", ")}`);
  }

  const skipped =
    notCompared > 0
      ? ` The wording of ${plural(notCompared, "unit", "units")} was not compared because their sources are in another language; their figures were.`
      : "";
  return result(
    { id: "supported", name: "Statements carried by their sources", actionLabel: "Review statement" },
    { items, units },
    {
      passed: `Every statement, figures included, is carried by the claims its unit cites.${skipped}`,
      warning: `${plural(items.length, "statement is", "statements are")} not carried by the claims cited for ${items.length === 1 ? "it" : "them"}: check against the sources, cite the right claim or remove the wording.${skipped}`,
    },
  );
}

/** A sentence in a unit citing no claim states something when it is checkable beyond naming its sources. */
function statesSomething(sentence: string, stems: readonly string[], language: string): boolean {
  if (stems.length === 0) return false;
  // Japanese has no capitals to find names by, and the sourcing engine's stems do not split it.
  if (language === "ja") return stems.length >= UNSUPPORTED_WORDS;
  return isCheckable(sentenceFacts(sentence, language));
}

/** The sentence's own words behind a set of stems, for an editor to read. */
function wordsFor(sentence: string, stems: readonly string[], language: string): string[] {
  const wanted = new Set(stems);
  const out = new Set<string>();
  for (const token of wordTokens(sentence, language)) {
    const [s] = contentStems(token, language);
    if (s !== undefined && wanted.has(s)) out.add(token);
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Flagged claims

function citedClaims(read: Read): Map<string, number[]> {
  const cited = new Map<string, number[]>();
  for (const unit of read.body) {
    for (const id of new Set(unit.claimIds)) {
      if (!read.claims.has(id)) continue;
      const at = cited.get(id);
      if (at) at.push(unit.n);
      else cited.set(id, [unit.n]);
    }
  }
  return cited;
}

function flagged(read: Read): QualityCheck {
  const items: string[] = [];
  const units: number[] = [];
  let kept = 0;
  for (const [id, at] of citedClaims(read)) {
    const claim = read.claims.get(id) as WritingClaim;
    if (claim.state === "corroborated") continue;
    if (claim.keptFlag) {
      kept++;
      continue;
    }
    items.push(`${claim.state}: ${claim.text}`);
    units.push(...at);
  }
  const keptNote = kept > 0 ? ` ${plural(kept, "flag was", "flags were")} already kept by a reviewer.` : "";
  return result(
    { id: "flagged", name: "Claims not independently confirmed", actionLabel: "Review flag" },
    { items, units },
    {
      passed: `Every claim the text states is corroborated by two or more independent origins.${keptNote}`,
      warning: `The text states ${plural(items.length, "claim", "claims")} without independent corroboration (one origin, relays of one origin, one party's statement, or origins that disagree). ${items.length === 1 ? "It must be attributed in the text, and is" : "They must be attributed in the text, and are"} flagged for review.${keptNote}`,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Claims left out of the text

const STATE_WORDS: Record<WritingClaim["state"], string> = {
  corroborated: "corroborated",
  singleSource: "single source",
  circular: "circular",
  parallel: "parallel",
  disputed: "disputed",
};

/** Why the text does without a claim, as far as the read-back can tell from the text and the claim. */
function leftOutReason(claim: WritingClaim, read: Read): string {
  if (!fitToPrint(claim.text)) return "its wording cannot stand as a statement (a question, page furniture or a cut quotation)";
  const words = draftWords(read.input.draft);
  if (words >= read.input.brief.targetWords * (1 - LENGTH_TOLERANCE)) return "the article reached its length without it";
  return "the writer did not choose it";
}

/**
 * Every claim the sources carry either reaches the text or is named here with a reason, so an
 * exclusive or a dispute is never dropped silently. A flagged claim left out is a warning: the
 * reviewer decides whether the article can do without it.
 */
function leftOut(read: Read): QualityCheck {
  const cited = citedClaims(read);
  const seen = new Set(read.input.claims.filter((c) => cited.has(c.id)).map((c) => c.text));
  const missing: WritingClaim[] = [];
  for (const c of [...read.input.claims.filter((x) => !cited.has(x.id)), ...(read.input.omitted ?? [])]) {
    if (seen.has(c.text)) continue;
    seen.add(c.text);
    missing.push(c);
  }
  const flaggedOut = missing.filter((c) => c.state !== "corroborated");
  const base = { id: "left-out", name: "Claims left out of the text" };
  const items = missing.map((c) => `${STATE_WORDS[c.state]}: ${c.text} (${leftOutReason(c, read)})`);
  if (missing.length === 0) return { ...base, verdict: "passed", detail: "The text states every claim the sources carry." };
  if (flaggedOut.length === 0) {
    return {
      ...base,
      verdict: "passed",
      detail: `${plural(missing.length, "corroborated claim is", "corroborated claims are")} left out of the text; no flagged claim is.`,
      items,
    };
  }
  return {
    ...base,
    verdict: "warning",
    detail: `${plural(flaggedOut.length, "flagged claim is", "flagged claims are")} left out of the text (${listOf([
      ...new Set(flaggedOut.map((c) => STATE_WORDS[c.state])),
    ])}): an exclusive or a disagreement the reader does not see.${
      missing.length > flaggedOut.length
        ? ` ${plural(missing.length - flaggedOut.length, "corroborated claim is", "corroborated claims are")} left out too.`
        : ""
    }`,
    actionLabel: "Review left-out claims",
    items,
  };
}

// ---------------------------------------------------------------------------------------------
// Claim references

function claimReferences(read: Read): QualityCheck {
  const items: string[] = [];
  const units: number[] = [];
  for (const unit of read.input.draft.units) {
    for (const id of new Set(unit.claimIds)) {
      if (read.claims.has(id)) continue;
      items.push(`Unit ${unit.n} cites ${quote(id)}, which is not one of the article's claims`);
      units.push(unit.n);
    }
  }
  return result(
    { id: "claim-ids", name: "Claim references", actionLabel: "Fix claim reference" },
    { items, units },
    {
      passed: "Every claim a unit cites is one of the article's claims.",
      warning: `${plural(items.length, "citation points", "citations point")} to no claim of this article, so the text there is not tied to a source.`,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Phrases the brief requires

function normalisePhrase(text: string): string {
  return text.normalize("NFKC").replace(/\*\*/g, "").replace(/[’‘]/g, "'").replace(/\s+/g, " ").trim().toLowerCase();
}

function mustAppear(read: Read): QualityCheck {
  const { draft, brief } = read.input;
  const phrases = brief.mustAppear.map((p) => p.trim()).filter((p) => p !== "");
  const texts = [draft.title, draft.deck ?? "", ...draft.units.map((u) => u.text)].map(normalisePhrase);
  const items = phrases.filter((phrase) => {
    const wanted = normalisePhrase(phrase);
    return !texts.some((text) => text.includes(wanted));
  });
  if (phrases.length === 0) {
    return {
      id: "must-appear",
      name: "Required phrases",
      verdict: "passed",
      detail: "The brief names no phrase that must appear.",
    };
  }
  return result(
    { id: "must-appear", name: "Required phrases", actionLabel: "Add phrase" },
    { items, units: [] },
    {
      passed:
        phrases.length === 1
          ? "The phrase the brief requires appears in the article."
          : `All ${phrases.length} phrases the brief requires appear in the article.`,
      warning: `${plural(items.length, "phrase", "phrases")} the brief requires ${items.length === 1 ? "does" : "do"} not appear in the title, standfirst or text.`,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Length

function length(read: Read): QualityCheck {
  const { draft, brief } = read.input;
  const words = draftWords(draft);
  const target = brief.targetWords;
  const percent = target > 0 ? Math.round(((words - target) / target) * 100) : 0;
  const signed = percent > 0 ? `+${percent}%` : percent < 0 ? `−${-percent}%` : "±0%";
  const figure = `${words} words against a target of ${target} (${signed})`;
  const within = Math.abs(percent) <= LENGTH_TOLERANCE * 100;
  const base = { id: "length", name: "Length" };
  if (within) return { ...base, verdict: "passed", detail: `${figure}, within ${LENGTH_TOLERANCE * 100}%.` };
  return {
    ...base,
    verdict: "warning",
    detail: `${figure}: ${percent < 0 ? "shorter" : "longer"} than the brief allows (±${LENGTH_TOLERANCE * 100}%).`,
    actionLabel: "Adjust length",
  };
}

// ---------------------------------------------------------------------------------------------
// Sentence length

function sentenceLength(read: Read): QualityCheck {
  const japanese = read.language === "ja";
  const limit = japanese ? SENTENCE_CHARACTER_LIMIT_JA : SENTENCE_WORD_LIMIT;
  const measure = japanese ? "characters" : "words";
  const items: string[] = [];
  const units: number[] = [];
  for (const unit of read.body) {
    if (unit.kind !== "paragraph" && unit.kind !== "item") continue;
    for (const sentence of read.sentences.get(unit.n) ?? []) {
      const size = japanese ? Array.from(sentence.replace(/\s/g, "")).length : countWords(sentence, read.language);
      if (size <= limit) continue;
      items.push(`Unit ${unit.n}: ${quote(sentence)} (${size} ${measure})`);
      units.push(unit.n);
    }
  }
  return result(
    { id: "sentence-length", name: "Sentence length", actionLabel: "Split sentence" },
    { items, units },
    {
      passed: `No sentence runs over ${limit} ${measure}.`,
      warning: `${plural(items.length, "sentence runs", "sentences run")} over ${limit} ${measure}; splitting ${items.length === 1 ? "it" : "them"} makes the text easier to read.`,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Repetition

interface Said {
  n: number;
  text: string;
  key: string;
  words: Set<string>;
  size: number;
  prose: boolean;
}

function repetition(read: Read): QualityCheck {
  const { language } = read;
  const sourcing = sourcingVocabulary(language);
  const parties = new Vocabulary();
  for (const source of read.input.sources) parties.add(contentStems(source.origin, language));
  for (const claim of read.input.claims) if (claim.attributedTo) parties.add(contentStems(claim.attributedTo, language));

  const said: Said[] = [];
  for (const unit of read.body) {
    const prose = unit.kind === "paragraph" || unit.kind === "item";
    for (const sentence of read.sentences.get(unit.n) ?? []) {
      const tokens = wordTokens(sentence, language);
      // A repeated attribution ("Only X has reported this.") follows each claim it belongs to.
      if (prose && contentStems(sentence, language).every((s) => sourcing.has(s) || parties.has(s))) continue;
      if (prose && tokens.length < 3) continue;
      said.push({ n: unit.n, text: sentence, key: tokens.join(" "), words: new Set(tokens), size: tokens.length, prose });
    }
  }

  const items: string[] = [];
  const units: number[] = [];
  const reported = new Set<number>();
  for (let i = 0; i < said.length; i++) {
    if (reported.has(i)) continue;
    const a = said[i] as Said;
    const same: number[] = [];
    const near: number[] = [];
    for (let j = i + 1; j < said.length; j++) {
      if (reported.has(j)) continue;
      const b = said[j] as Said;
      if (a.key === b.key) same.push(j);
      else if (a.prose && b.prose && a.size >= 6 && b.size >= 6 && jaccard(a.words, b.words) >= NEAR_DUPLICATE) near.push(j);
    }
    if (same.length > 0) {
      const at = [a.n, ...same.map((j) => (said[j] as Said).n)];
      items.push(`${capitalise(unitNames(at))}: ${quote(a.text)} appears ${same.length + 1} times`);
      units.push(...at);
      for (const j of same) reported.add(j);
    }
    for (const j of near) {
      const b = said[j] as Said;
      items.push(`${capitalise(unitNames([a.n, b.n]))}: ${quote(a.text)} and ${quote(b.text)} say nearly the same`);
      units.push(a.n, b.n);
      reported.add(j);
    }
  }
  return result(
    { id: "repetition", name: "Repetition", actionLabel: "Remove repetition" },
    { items, units },
    {
      passed: "No sentence is repeated or nearly repeated.",
      warning: `${plural(items.length, "sentence is", "sentences are")} repeated or nearly repeated; keeping one of each makes the text tighter.`,
    },
  );
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------
// Internal links

const normaliseUrl = (url: string) => url.trim().replace(/#.*$/, "").replace(/\/+$/, "");

async function links(read: Read): Promise<QualityCheck> {
  const { draft, sitePages, linkStatus } = read.input;
  const base = { id: "links", name: "Internal links", actionLabel: "Fix link" };
  const all = draft.internalLinks;
  if (all.length === 0) return { id: base.id, name: base.name, verdict: "passed", detail: "The article has no internal links." };

  const statuses = new Map<string, number | undefined>();
  if (linkStatus) {
    const urls = [...new Set(all.map((l) => l.url))];
    // A checker that throws answers as an unreachable page would.
    const answers = await Promise.all(
      urls.map((url) =>
        Promise.resolve()
          .then(() => linkStatus(url))
          .catch(() => undefined),
      ),
    );
    for (const [i, url] of urls.entries()) statuses.set(url, answers[i]);
  }
  const pages = sitePages ? new Set(sitePages.map((p) => normaliseUrl(p.url))) : undefined;
  const units = new Map(draft.units.map((u) => [u.n, u]));

  const items: string[] = [];
  const at: number[] = [];
  let broken = 0;
  for (const link of all) {
    const problems: string[] = [];
    if (pages && !pages.has(normaliseUrl(link.url))) problems.push("is not a page of the site");
    const unit = units.get(link.n);
    if (!unit) problems.push(`sits in unit ${link.n}, which does not exist`);
    else if (!unit.text.includes(link.anchor) && !plainText(unit.text).includes(plainText(link.anchor))) {
      problems.push(`has an anchor text that is not in unit ${link.n}`);
    }
    if (linkStatus) {
      const status = statuses.get(link.url);
      if (status === undefined) problems.push("could not be reached");
      else if (status >= 400) problems.push(`answered HTTP ${status}`);
    }
    if (problems.length === 0) continue;
    broken++;
    items.push(`${quote(link.anchor)} → ${link.url} ${listOf(problems)}`);
    if (unit) at.push(link.n);
  }
  const requested = linkStatus
    ? ""
    : ` ${all.length === 1 ? "Its address was" : "Their addresses were"} not requested: no link checker was available.`;
  return result(
    base,
    { items, units: at },
    {
      passed: `${all.length === 1 ? "The internal link points" : `All ${all.length} internal links point`} to pages of the site and sit in their units.${requested}`,
      warning: `${broken} of ${plural(all.length, "internal link is", "internal links are")} broken.${requested}`,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Words the site avoids

function avoidWords(read: Read): QualityCheck {
  const { draft, voice } = read.input;
  const base = { id: "avoid-words", name: "Words the site avoids", actionLabel: "Replace word" };
  if (!voice)
    return { id: base.id, name: base.name, verdict: "passed", detail: "No site voice was given, so no word was avoided." };
  const avoid = [...new Set(voice.avoid.map((w) => w.trim()).filter((w) => w !== ""))];
  if (avoid.length === 0) {
    return { id: base.id, name: base.name, verdict: "passed", detail: "The site voice lists no words to avoid." };
  }
  const items: string[] = [];
  const units: number[] = [];
  for (const word of avoid) {
    const pattern = phrasePattern(word, "iu");
    const places: string[] = [];
    if (pattern.test(plainText(draft.title))) places.push("the title");
    if (draft.deck && pattern.test(plainText(draft.deck))) places.push("the standfirst");
    const at = draft.units.filter((u) => pattern.test(plainText(u.text))).map((u) => u.n);
    if (at.length > 0) places.push(unitNames(at));
    if (places.length === 0) continue;
    items.push(`${quote(word)} in ${listOf(places)}`);
    units.push(...at);
  }
  return result(
    base,
    { items, units },
    {
      passed:
        avoid.length === 1
          ? "The word the site avoids does not appear."
          : `None of the ${avoid.length} words the site avoids appears.`,
      warning: `${plural(items.length, "word", "words")} the site avoids ${items.length === 1 ? "appears" : "appear"} in the text.`,
    },
  );
}
