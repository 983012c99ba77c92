// The built-in engine: writes an article from the claims alone, with no model. It is the
// default writer, deterministic (the same claims give the same article), and it never states
// what no claim carries. It writes only the brief's own language: language versions need a model.
import { LANGUAGE_NAMES } from "../../languages.ts";
import { contentWords, FUNCTION_WORDS, stem } from "../../sourcing/claims/contentWords.ts";
import { QUOTED_SHARE_LIMIT, quotationBreaches, quotedWords, SourceWindows } from "../copying.ts";
import { capitalise, plural, unitNames } from "../qa/checkReport.ts";
import { shorten } from "../seo.ts";
import {
  type Draft,
  type VersionInput,
  type WriteInput,
  type Writer,
  type WritingClaim,
  WritingFailure,
  type WritingSource,
} from "../types.ts";
import { countWords, draftWords, unitText } from "../units.ts";
import { applyVoiceWords } from "../voiceWords.ts";
import { isNoComment, mainEvent, overlap, type RankedClaim, rankClaims, writingOrder } from "./claimOrder.ts";
import { factsOf, fitToPrint, opensOnEarlier, withoutDateline, wordingIn } from "./claimText.ts";
import { type ComposeContext, type Composition, composeUnits, originNames } from "./compose.ts";
import { placeInternalLinks } from "./internalLinks.ts";
import { fill, joinNames, phrasesFor } from "./phrases.ts";
import { restate, restateSentences, shortenings } from "./restate.ts";

/**
 * Below this share of a story's printable claims in words of its own, the engine keeps the claims
 * it cannot reword (flagged by the read-back) rather than leave them out: in a language with few
 * rules it would otherwise lose most of the story (docs/decisions.md, "Our own words").
 */
export const OWN_WORDS_MIN_SHARE = 0.5;

/**
 * The claims to leave out because no wording of ours repeats no long run of a source: the
 * single-source, circular and parallel claims that copy, but never the main event, when at least
 * OWN_WORDS_MIN_SHARE of the printable claims are in words of ours; else none. A source's sentence
 * under the publisher's name is the fault the copy rule is for; a claim left out is listed by the
 * read-back with its reason, so nothing is dropped silently. Corroborated claims stay (flagged by
 * the copied check): leaving them out let a weaker claim stating the same fact stand in their
 * place, and the article then showed one source where two origins agree.
 */
function leftInSourceWords(
  claims: readonly WritingClaim[],
  quoted: ReadonlySet<string>,
  mainId: string | undefined,
  ownWords: (text: string) => boolean,
): Set<string> {
  const printable = claims.filter((c) => fitToPrint(c.text) && !quoted.has(c.id));
  if (printable.length === 0) return new Set();
  const own = printable.filter((c) => ownWords(c.text)).length;
  if (own / printable.length < OWN_WORDS_MIN_SHARE) return new Set();
  // A corroborated claim is what the article is for, and a disputed one is given by its accounts:
  // only a claim resting on fewer origins (one outlet, one party, one chain) is left out.
  const flagged = (c: WritingClaim) => c.state !== "corroborated" && c.state !== "disputed";
  return new Set(printable.filter((c) => flagged(c) && c.id !== mainId && !ownWords(c.text)).map((c) => c.id));
}

/** Within this share of `targetWords` the length is on target. */
export const LENGTH_TOLERANCE = 0.15;
const TITLE_MAX = 110;
/** Below this many claims worded in the article's language, claims in other languages are used too. */
const MIN_CLAIMS_IN_LANGUAGE = 3;

export class BuiltinWriter implements Writer {
  readonly engine = "built-in";

  async write(input: WriteInput): Promise<Draft> {
    return writeBuiltin(input);
  }

  async writeVersion(input: VersionInput): Promise<Draft> {
    throw new WritingFailure(
      "language_unsupported",
      `The built-in engine writes no ${LANGUAGE_NAMES[input.language]} version: language versions need a model (set LLM_BASE_URL and LLM_MODEL).`,
    );
  }
}

/** A cut that ends on a joining word, an article or an auxiliary stops mid-phrase ("…, ed è"). */
const DANGLING_END =
  /(?:^|\s)(?:and|or|but|the|a|an|of|to|in|on|at|by|for|with|is|are|was|were|has|had|und|oder|der|ist|et|ou|est|le|la|les|de|du|des|y|o|es|el|los|las|del|e|ed|ma|è|il|lo|di|della|che|i|w|z|na|jest)$/iu;

/** A headline's length: the main event in few words. */
const HEADLINE_MAX = 90;

/**
 * The headline: the main event (the lead's first claim) in a sentence of ours within
 * HEADLINE_MAX characters. A sentence longer than that is shortened only by cuts that keep it
 * true (restate.ts, shortenings: the attribution, a side statement, a second clause, a closing
 * phrase of time; never mid-phrase), and a form that repeats a long run of a source is rewritten
 * or passed over. In order: the main event in our words within HEADLINE_MAX, then within
 * TITLE_MAX; the main event as its source wrote it within HEADLINE_MAX (the read-back names the
 * title); another lead claim in our words; a lead claim whole within TITLE_MAX. A title from a
 * claim that is not corroborated says who reports it.
 */
function titleFrom(
  leadClaims: readonly WritingClaim[],
  ctx: ComposeContext,
  originals: ReadonlyMap<string, string>,
  windows: SourceWindows,
): string {
  const language = ctx.brief.language;
  const bareText = (text: string) => withoutDateline(text.trim()).replace(/[.。]$/u, "");
  const own = (text: string) => windows.copiedRuns(text, language).length === 0;
  // The longest form that fits and repeats no long run says most; failing that, a form rewritten;
  // and, asked for (`copied`), the longest form that fits even if it repeats its source.
  const headlineOf = (claim: WritingClaim, max: number, copied = false): string | undefined => {
    const original = bareText(originals.get(claim.id) ?? claim.text);
    // A headline opening on a pronoun ("He banged in 19 goals…") leans on a sentence it does not give.
    const forms = [...new Set([bareText(claim.text), original, ...shortenings(original, language)])]
      .filter((form) => form.length <= max && !opensOnEarlier(form) && !DANGLING_END.test(form))
      .sort((a, b) => b.length - a.length);
    const fitting = forms.find(own);
    if (fitting) return fitting;
    for (const form of forms) {
      const rewritten = restate(form, language, windows);
      if (rewritten && rewritten.length <= max && !/[.!?]\s/u.test(rewritten)) return bareText(rewritten);
    }
    return copied ? forms[0] : undefined;
  };
  const candidates = leadClaims.filter((claim, i) => i === 0 || !isNoComment(claim.text));
  const [main] = candidates;
  let chosen: { claim: WritingClaim; text: string } | undefined;
  // The main event in words of ours; else the main event as its source wrote it (the read-back's
  // copied check names the title), rather than a side fact in words of ours.
  const attempts: [WritingClaim | undefined, number, boolean][] = [
    [main, HEADLINE_MAX, false],
    [main, TITLE_MAX, false],
    [main, HEADLINE_MAX, true],
    [main, TITLE_MAX, true],
  ];
  // A side fact makes the headline only when the main event has no sentence of its own to give
  // (it opens on a pronoun); a main event longer than a title is cut (below), not passed over.
  const mainPrintable = main !== undefined && !opensOnEarlier(bareText(main.text));
  if (!mainPrintable)
    attempts.push(...candidates.slice(1).map((claim): [WritingClaim, number, boolean] => [claim, HEADLINE_MAX, false]));
  for (const [claim, max, copied] of attempts) {
    const text = claim && headlineOf(claim, max, copied);
    if (claim && text) {
      chosen = { claim, text };
      break;
    }
  }
  if (!chosen) {
    const first = mainPrintable ? main : (candidates.find((claim) => bareText(claim.text).length <= TITLE_MAX) ?? main);
    if (!first) return "";
    // Every lead claim is longer than a title may be: the main event cut where the cut keeps it
    // true, else between words with "…" to show the cut (never past the title's limit).
    const text = bareText(first.text);
    const trueCut = shortenings(text, language)
      .filter((form) => form.length <= TITLE_MAX)
      .sort((x, y) => y.length - x.length)[0];
    chosen = {
      claim: first,
      text: text.length <= TITLE_MAX ? text : (trueCut ?? `${shorten(text, TITLE_MAX - 1, language).text}…`),
    };
  }
  let title = chosen.text;
  if (chosen.claim.state !== "corroborated") {
    const origin = originNames(chosen.claim.sourceIds, ctx.sources)[0];
    if (origin) title = fill(ctx.phrases.reportTitle, { origin }) + title;
  }
  return ctx.voiceWords(title);
}

function deckFrom(units: Composition["units"], ctx: ComposeContext, claims: ReadonlyMap<string, WritingClaim>): string {
  const cited = [...new Set(units.flatMap((u) => u.claimIds))].flatMap((id) => claims.get(id)?.sourceIds ?? []);
  const names = originNames(cited, ctx.sources).slice(0, 4);
  return names.length > 0 ? ctx.voiceWords(fill(ctx.phrases.deck, { origins: joinNames(names, ctx.phrases.and) })) : "";
}

/** The number of claims, in writing order, whose article comes closest to the target length. */
function bestCount(order: readonly RankedClaim[], ctx: ComposeContext, mandatory: number): number {
  const target = ctx.brief.targetWords;
  const wordsWith = (k: number) =>
    draftWords({ units: composeUnits(order.slice(0, k), ctx).units, language: ctx.brief.language });
  let best = Math.max(1, mandatory);
  let bestGap = Math.abs(wordsWith(best) - target);
  for (let k = best + 1; k <= order.length; k++) {
    const words = wordsWith(k);
    const gap = Math.abs(words - target);
    if (gap < bestGap) {
      best = k;
      bestGap = gap;
    }
    // Past the upper bound, more claims only move further away.
    if (words > target * (1 + LENGTH_TOLERANCE)) break;
  }
  return best;
}

/**
 * The article composed from the chosen claims within the quotation limits (copying.ts): a claim
 * no carrier words in the article's language is quoted as its source wrote it only to carry a
 * mustAppear phrase, and such quotes are dropped, the longest first, while the article puts more
 * than QUOTED_SHARE_LIMIT of its words, or one source more than its share of the quotes, inside
 * quotation marks. A source's whole sentence under the publisher's name, even quoted, is not a
 * person's words given briefly. Returns the phrases that no longer appear.
 */
function withinQuotedShare(
  chosen: readonly RankedClaim[],
  ctx: ComposeContext,
  quoted: ReadonlySet<string>,
  windows: SourceWindows,
): { composition: Composition; dropped: string[] } {
  let kept = [...chosen];
  let composition = composeUnits(kept, ctx);
  const language = ctx.brief.language;
  for (;;) {
    if (quotationBreaches(quotedWords(composition.units, windows, language)).length === 0) break;
    const quotes = kept.filter((r) => quoted.has(r.claim.id));
    if (quotes.length === 0 || kept.length <= 1) break;
    const longest = quotes.reduce((a, b) => (countWords(b.claim.text) > countWords(a.claim.text) ? b : a));
    kept = kept.filter((r) => r !== longest);
    composition = composeUnits(kept, ctx);
  }
  const carried = new Set(kept.flatMap((r) => r.carries));
  const dropped = [...new Set(chosen.flatMap((r) => r.carries))]
    .filter((i) => !carried.has(i))
    .map((i) => ctx.brief.mustAppear[i] as string);
  return { composition, dropped };
}

/** The share of its content words a carrier's other sentence must share with the claim's to say the same. */
const SAME_SAYING = 0.6;

export function writeBuiltin(input: WriteInput): Draft {
  const { brief, voice } = input;
  if (input.claims.length === 0) {
    throw new WritingFailure("nothing_to_write", "No claim was found in the sources, so there is nothing to write from.");
  }
  const warnings: string[] = [];
  const { phrases, fallback } = phrasesFor(brief.language, brief.tone);
  if (fallback) {
    warnings.push(
      `The built-in engine has no words of its own in ${LANGUAGE_NAMES[brief.language]}: its headings and attributions are in English.`,
    );
  }
  const sources = new Map<string, WritingSource>(input.sources.map((s) => [s.id, s]));
  const names = [
    ...new Set([...input.sources.map((s) => s.origin), ...input.claims.flatMap((c) => (c.attributedTo ? [c.attributedTo] : []))]),
  ];
  const claims = new Map(input.claims.map((c) => [c.id, c]));
  const ctx: ComposeContext = {
    brief,
    phrases,
    sources,
    // Outlets' and parties' names are kept as they write them, whatever the voice's spelling.
    voiceWords: (text) => applyVoiceWords(text, voice, brief.language, names),
  };

  // Each claim in the article's language where a carrier words it so. Claims no carrier words
  // in that language are not stated: one that carries a mustAppear phrase is quoted as its
  // source wrote it; the rest are left out, unless too few claims remain to write from.
  const foreign = new Set<string>();
  const inLanguage = input.claims.map((claim) => {
    const text = wordingIn(claim, brief.language, sources);
    if (text === undefined) foreign.add(claim.id);
    return text === undefined ? claim : { ...claim, text };
  });
  // A dispute's other account is the other side's claim: given in the words that claim is given
  // in, the article's language where a carrier writes it so.
  // A text two claims share (one sentence stating two facts) names no one claim: left as it is.
  const textCount = new Map<string, number>();
  for (const claim of input.claims) textCount.set(claim.text, (textCount.get(claim.text) ?? 0) + 1);
  const wordedText = new Map(
    input.claims.flatMap((claim, i) =>
      textCount.get(claim.text) === 1 ? [[claim.text, (inLanguage[i] as WritingClaim).text]] : [],
    ),
  );
  const worded = inLanguage.map((claim) =>
    claim.variants
      ? { ...claim, variants: claim.variants.map((v) => ({ ...v, text: wordedText.get(v.text) ?? v.text })) }
      : claim,
  );
  const tooFew = input.claims.length - foreign.size < MIN_CLAIMS_IN_LANGUAGE;
  if (tooFew && foreign.size > 0) {
    warnings.push(
      `Some claims stand in the language their sources wrote them in: too few are worded in ${LANGUAGE_NAMES[brief.language]}.`,
    );
  }
  const quoted = tooFew ? new Set<string>() : foreign;
  // Each claim in words of ours where the engine can rewrite it (restate.ts, rephrase.ts). A
  // sentence it cannot rewrite without repeating a run of its source is left out when it is a
  // flagged claim's and the engine words most of the story (leftInSourceWords); otherwise it
  // stands as the source wrote it, and the read-back's `copied` check names its unit.
  const windows = new SourceWindows(input.sources, brief.language);
  ctx.ownWords = (text) => windows.copiedRuns(text, brief.language).length === 0;
  // A side statement two claims' sentences share ("Edith Marwood is 97.") is given with the first
  // only; one sentence stated by two claims (one per fact), or a claim and another's account of a
  // dispute, stays one text, so it is written once and the two sides still find each other.
  // A side statement that another claim states as its own sentence ("The port employs 1,150
  // people.") is given by that claim only.
  const sides = new Set<string>();
  const originals = new Map(worded.map((claim) => [claim.id, claim.text]));
  const sentencesOf = new Map<string, string[] | undefined>();
  const restatedOf = (original: string) => {
    if (!sentencesOf.has(original)) sentencesOf.set(original, restateSentences(original, brief.language, windows));
    return sentencesOf.get(original);
  };
  // A sentence the engine cannot make its own may be worded by another carrier in a way it can:
  // a carrier's sentence in the article's language that states every figure and date of the
  // claim's sentence, so nothing is lost, and most of those most carriers state; never one that
  // opens on a pronoun, which leans on a sentence the article does not give. A disputed claim
  // keeps its own: the other side names it by that sentence.
  const anotherWording = (claim: WritingClaim): string | undefined => {
    if (claim.state === "disputed") return undefined;
    const needed = factsOf(claim.text, brief.language);
    const inLanguage = claim.mentions
      .filter((m) => sources.get(m.sourceId)?.language === brief.language)
      .map((m) => withoutDateline(m.text));
    const counts = new Map<string, number>();
    for (const text of inLanguage)
      for (const f of new Set(factsOf(text, brief.language))) counts.set(f, (counts.get(f) ?? 0) + 1);
    const stemsOf = (text: string) =>
      new Set(
        contentWords(text, brief.language)
          .filter((w) => !FUNCTION_WORDS.has(w))
          .map(stem),
      );
    const own = stemsOf(claim.text);
    const sameSaying = (text: string) => {
      const other = stemsOf(text);
      return overlap(other, own) / Math.max(1, Math.min(own.size, other.size));
    };
    let best: { text: string; held: number } | undefined;
    for (const text of new Set(inLanguage)) {
      if (text === withoutDateline(claim.text) || !fitToPrint(text) || opensOnEarlier(text)) continue;
      const facts = new Set(factsOf(text, brief.language));
      const shared = (f: string) => (counts.get(f) ?? 0) >= Math.max(2, inLanguage.length / 2);
      if (!needed.every((f) => facts.has(f)) || ![...facts].every((f) => needed.includes(f) || shared(f))) continue;
      if (!/[.!…»”"'’)]$/u.test(text.trim()) || sameSaying(text) < SAME_SAYING) continue;
      const held = [...facts].filter(shared).length;
      if ((best === undefined || held > best.held) && restatedOf(text) !== undefined) best = { text, held };
    }
    return best?.text;
  };
  const stated = new Set<string>();
  for (const claim of worded) {
    if (quoted.has(claim.id)) continue;
    for (const text of [claim.text, ...(claim.variants ?? []).map((v) => v.text)]) {
      const main = restatedOf(withoutDateline(text))?.[0];
      if (main) stated.add(main);
    }
  }
  const rewritten = new Map<string, string>();
  const ours = (sentence: string): string => {
    const original = withoutDateline(sentence);
    let text = rewritten.get(original);
    if (text === undefined) {
      const own = restatedOf(original);
      if (own === undefined) return sentence;
      const [main, ...rest] = own;
      text = [main, ...rest.filter((side) => !sides.has(side) && !stated.has(side))].join(" ");
      for (const side of rest) sides.add(side);
      rewritten.set(original, text);
    }
    return text;
  };
  const restated = worded.map((claim) => {
    if (quoted.has(claim.id)) return claim;
    const variants = claim.variants?.map((v) => ({ ...v, text: ours(v.text) }));
    const text = restatedOf(withoutDateline(claim.text)) ? claim.text : (anotherWording(claim) ?? claim.text);
    return { ...claim, text: ours(text), ...(variants ? { variants } : {}) };
  });
  // The main event is chosen from every claim; then claims the engine cannot put in words of its
  // own are left out when it can word most of the story itself (leftInSourceWords).
  const leadEvent = mainEvent(rankClaims(restated, brief, { sources, quoteOnly: quoted, avoid: voice.avoid }), brief, sources);
  const copying = leftInSourceWords(restated, quoted, leadEvent?.claim.id, ctx.ownWords);
  const ranked = rankClaims(restated, brief, { sources, quoteOnly: quoted, avoid: voice.avoid, copying });
  ctx.quoted = quoted;
  const main = leadEvent && ranked.find((r) => r.claim.id === leadEvent.claim.id);
  ctx.main = main?.claim.id;
  const { order, mandatory } = writingOrder(ranked, brief.mustAppear.length, main);
  const count = bestCount(order, ctx, mandatory);
  const { composition, dropped } = withinQuotedShare(order.slice(0, count), ctx, quoted, windows);
  for (const phrase of dropped) {
    warnings.push(
      `Only sources in another language carry “${phrase}”: quoting them would put more of the article inside quotation marks than ${Math.round(QUOTED_SHARE_LIMIT * 100)}%, so it does not appear (a model provider can translate it).`,
    );
  }
  const draft: Draft = {
    title: titleFrom(composition.leadClaims, ctx, originals, windows),
    lead: composition.units[0]?.text ?? "",
    language: brief.language,
    units: composition.units,
    internalLinks: placeInternalLinks(composition.units, input.sitePages ?? []),
    engine: "built-in",
    warnings,
  };
  const deck = deckFrom(composition.units, ctx, claims);
  if (deck) draft.deck = deck;

  const copied = composition.units.filter((u) => windows.copiedRuns(unitText(u), brief.language).length > 0);
  if (copied.length > 0) {
    warnings.push(
      `${capitalise(unitNames(copied.map((u) => u.n)))} repeat${copied.length === 1 ? "s" : ""} a source's words that the engine could not rewrite (the read-back's copied check names them): rewrite them before publishing, or write with a model provider.`,
    );
  }
  const cited = new Set(composition.units.flatMap((u) => u.claimIds));
  const leftOut = [...copying].filter((id) => !cited.has(id)).length;
  if (leftOut > 0) {
    warnings.push(
      `${plural(leftOut, "claim is", "claims are")} left out: the engine could not put ${leftOut === 1 ? "its sentence" : "their sentences"} in words of its own (listed by the read-back); a model provider can write what is left out.`,
    );
  }
  const words = draftWords(draft);
  if (words < brief.targetWords * (1 - LENGTH_TOLERANCE)) {
    warnings.push(
      `The claims carry about ${words} words; the article is shorter than its target of ${brief.targetWords} words rather than padded.`,
    );
  }
  brief.mustAppear.forEach((phrase, i) => {
    if (!ranked.some((r) => r.carries.includes(i)) && !dropped.includes(phrase)) {
      warnings.push(`No claim carries “${phrase}”, so it does not appear: the engine states only what the sources carry.`);
    }
  });
  return draft;
}
