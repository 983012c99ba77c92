import { sentenceFacts } from "../../sourcing/claims/facts.ts";
import type { WritingClaim, WritingSource } from "../types.ts";

// What of a source's sentence the built-in engine prints. A claim is a source's sentence; some
// are checkable yet not fit to stand in our article: a credit line, a site talking about itself
// in the first person, advice addressed to its readers. And a wire dateline ("PORTMERE, England
// (AP) —") belongs to the page, not to the statement.

// Unquoted first or second person: the page speaking as itself or to its readers.
const FIRST_PERSON_OPENING = /^(?:We|Our|I|My|Wir|Unser[e]?|Nous|Notre|Nos|Nosotros|Nuestr[oa]s?)\b/u;
// Lower-case only: "US" is a country.
const FIRST_PERSON = /\b(?:we|our|ours|us|me|my|mine|wir|unser[e]?[mnrs]?|nous|notre|nos|nosotros|nuestr[oa]s?)\b/u;
// Contact details and boilerplate of press releases.
const CONTACT =
  /[\w.+-]+@[\w-]+\.[\w.]+|\+\d{2}[\d\s]{6,}|^(?:about|media (?:enquiries|contact)|notes to editors|über|à propos|acerca de)\b/iu;
const SECOND_PERSON = /\b(?:you|your|ihr|ihre|vous|votre|usted)\b/iu;
const CREDIT_LINE =
  /\b(?:contributed (?:to this )?report(?:ing)?|contributed to this (?:story|article)|(?:reporting|editing|writing) by|mitarbeit|a contribué|colaboró)\b/iu;
const SELF_REFERENCE = /\b(?:(?:our|this) (?:website|newsletter|live blog|app)|sign up|subscribe|click here)\b/iu;

// Page furniture the reader sees around the story: bylines and "updated" time stamps.
const FURNITURE =
  /^(?:by|von|par|por)\s+\p{Lu}|\b(?:last )?(?:updated|modified)\b.*\d{1,2}[:.]\d{2}|\b\d{1,2}[:.]\d{2}\s*(?:am|pm)?\s*(?:GMT|UTC|BST|CET|CEST|EST|EDT|AEDT|AEST|NZDT|PST|PDT)\b|\b(?:aktualisiert|mis à jour|actualizado)\b/iu;
// Advice to readers opens with a bare verb: "Report it to …", "Call …".
const IMPERATIVE_OPENING =
  /^(?:report|call|contact|visit|read|see|follow|click|sign|subscribe|share|send|email|download|check|keep|stay|avoid|do not|don't)\b/iu;

// A quotation whose speaker is only "he" or "she": who spoke was in a sentence we do not print.
const PRONOUN_SPEAKER = /[”"»]\s*,?\s*(?:he|she|they|er|sie|il|elle|él|ella)\s+(?:said|says|added|told|sagte|a dit|dijo)\b/iu;

/** Opening and closing quotation marks that do not pair up: the sentence was cut inside a quote. */
function unbalancedQuotes(text: string): boolean {
  const count = (mark: string) => text.split(mark).length - 1;
  // German opens with „ and closes with “, which opens an English quotation.
  const [opens, closes] = text.includes("„")
    ? [count("„"), count("“") + count("”")]
    : [count("“") + count("«"), count("”") + count("»")];
  return opens !== closes || count('"') % 2 === 1;
}

function withoutQuotes(text: string): string {
  return text.replace(/[“"„«‘][^”"“»’]*[”"“»’]/gu, " ");
}

/** Whether a claim's sentence can stand in the article as the engine's statement. */
export function fitToPrint(text: string): boolean {
  const plain = withoutQuotes(text).trim();
  if (FIRST_PERSON_OPENING.test(plain) || FIRST_PERSON.test(plain) || SECOND_PERSON.test(plain)) return false;
  if (IMPERATIVE_OPENING.test(plain) || FURNITURE.test(plain) || CONTACT.test(plain)) return false;
  if (unbalancedQuotes(text) || PRONOUN_SPEAKER.test(text)) return false;
  if (CREDIT_LINE.test(plain) || SELF_REFERENCE.test(plain)) return false;
  // A question asks; it states nothing.
  return !/[?？]\s*$/u.test(plain);
}

// An upper-case place, optional country or date, optional agency in brackets, then a dash.
const DATELINE = /^\p{Lu}[\p{Lu}\s.'’-]{2,40}(?:,\s*[\p{L}\p{N}\s.]{2,40})?\s*(?:\([^)]{1,40}\))?\s*[—–-]{1,2}\s+/u;

// A press release's "Portmere, 21 October 2026 –".
const RELEASE_DATELINE = /^\p{Lu}[\p{L}\s.'’-]{2,40},\s*(?:\d{1,2}\.?\s+\p{L}+|\p{L}+\s+\d{1,2}),?\s+\d{4}\s*[—–-]{1,2}\s+/u;

// "Kaltenbrück (Allemagne) (AFP) - ": a place in any case, then bracketed country and agency.
const BRACKETED_DATELINE = /^\p{Lu}[\p{L}\s.'’-]{2,40}(?:\s*\([^)]{1,40}\)){1,2}\s*[—–-]{1,2}\s+/u;

// A wire dateline of a date alone: "Oct 13 (Reuters) - ", "13 Oct (AP) — ".
const DATE_DATELINE = /^(?:\p{Lu}\p{Ll}{2,8}\.?\s+\d{1,2}|\d{1,2}\s+\p{Lu}\p{Ll}{2,8}\.?)\s*\([^)]{1,40}\)\s*[—–-]{1,2}\s+/u;

/**
 * A sentence that opens on a pronoun ("Its members had rejected…", "Er sagte…", "Son président…")
 * names what it speaks of in a sentence before it.
 */
const EARLIER_REFERENCE =
  /^(?:it|its|he|she|they|their|his|her|them|this|these|those|er|sie|es|sein|seine|ihr|ihre|dies|diese|il|elle|ils|elles|son|sa|ses|leur|leurs|cette|ces|él|ella|ellos|ellas|su|sus|este|esta|estos|estas|lui|lei|loro|suo|sua|suoi|sue|questo|questa|on|ona|ono|oni|jego|jej|ich|ten|ta|to)(?![\p{L}])/iu;

export function opensOnEarlier(text: string): boolean {
  return EARLIER_REFERENCE.test(withoutDateline(text).trim());
}

/** A sentence as the article compares and gives it: no dateline, no closing full stop. */
export function bareSentence(text: string): string {
  return withoutDateline(text.trim()).replace(/[.]$/u, "");
}

/** The sentence without a leading wire or press-release dateline. */
export function withoutDateline(text: string): string {
  const stripped = text
    .replace(DATELINE, "")
    .replace(RELEASE_DATELINE, "")
    .replace(BRACKETED_DATELINE, "")
    .replace(DATE_DATELINE, "");
  return stripped === text ? text : stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/** The figures and dates a sentence states, in the sourcing engine's normalised form. */
export function factsOf(text: string, language: string): string[] {
  const facts = sentenceFacts(text, language);
  return [...facts.numbers, ...facts.dates];
}

/**
 * The claim in the article's language, worded by the carrier sentence that keeps most of it: the
 * sourcing engine names a claim by one sentence, and the sentences it joined to it may state the
 * figures and dates most carriers give when that one does not ("Die Freien Wähler stimmten
 * dagegen" for "mit 27 zu 9 Stimmen … verabschiedet"; a signature line for "15 proc."). When the
 * claim's own sentence is such a stub (under seven words, or not fit to print) and states none of
 * the figures and dates at least half the carriers state, the wording is the carrier sentence in
 * the article's language that states most of them, fit to print before not; otherwise the
 * claim's own sentence stands. A disputed
 * claim keeps its own sentence: the other side names it by that sentence. Undefined when no
 * carrier writes it in the article's language.
 */
export function wordingIn(
  claim: WritingClaim,
  language: string,
  sources: ReadonlyMap<string, WritingSource>,
): string | undefined {
  const languageOf = (sourceId: string | undefined) => (sourceId ? sources.get(sourceId)?.language : undefined);
  const own = languageOf(claim.sourceIds[0]);
  const inLanguage = claim.mentions.filter((m) => languageOf(m.sourceId) === language).map((m) => m.text);
  const candidates = own === undefined || own === language ? [claim.text, ...inLanguage] : inLanguage;
  if (candidates.length === 0) return undefined;
  if (claim.state === "disputed" || claim.mentions.length < 2) return candidates[0];
  const counts = new Map<string, number>();
  for (const mention of claim.mentions) {
    for (const fact of new Set(factsOf(mention.text, languageOf(mention.sourceId) ?? language))) {
      counts.set(fact, (counts.get(fact) ?? 0) + 1);
    }
  }
  const shared = new Set([...counts].filter(([, n]) => n >= Math.max(2, claim.mentions.length / 2)).map(([fact]) => fact));
  // The claim's own sentence stands unless it is a stub (under seven words, or not fit to print)
  // stating none of what most carriers state. A full sentence without figures is kept: the
  // figures its carriers add may be another statement joined to it ("the match was abandoned in
  // the 63rd minute" beside "a section of the roof gave way").
  const first = candidates[0] as string;
  const stub = first.split(/\s+/u).length < 7 || !fitToPrint(first);
  if (!stub || shared.size === 0 || factsOf(first, language).some((f) => shared.has(f))) return first;
  let best = first;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const text of candidates) {
    const held = new Set(factsOf(text, language).filter((f) => shared.has(f))).size;
    const score = held * 10 + (fitToPrint(text) ? 5 : 0);
    if (score > bestScore) {
      best = text;
      bestScore = score;
    }
  }
  return best;
}

/** A figure as a sentence writes it, with its scale and, after a space, the word for what it counts. */
const FIGURE_AS_WRITTEN =
  /[£$€¥]?\d(?:[\d.,]*\d)?(?:\s?(?:%|per cent|percent|bn|m|k|million|billion|Millionen|Milliarden|millions?|milliards?|millones|milioni|miliardi)(?![\p{L}]))?(?:\s+(?!(?:a|an|the|and|or|of|to|in|on|at|by|for|from|with|as|is|are|was|were|has|have|had|will|de|des|du|la|le|les|el|los|las|der|die|das|den|und|et|y|e)(?![\p{L}]))\p{Ll}[\p{L}-]+)?|\d(?:[\d.,]*\d)?[\p{Script=Han}\p{Script=Katakana}]{1,2}/gu;

/**
 * What each account of a dispute states that the others do not: its figures as it writes them,
 * each with the word for what it counts ("210 people", "£10.4m"). An account with no figure of its
 * own (a denial, a different name or date) has none.
 */
export function accountValues(texts: readonly string[], language: string): string[][] {
  const facts = texts.map((text) => sentenceFacts(text, language));
  const numbers = facts.map((f) => new Set(f.numbers));
  const dates = facts.map((f) => new Set([...f.dates, ...f.times]));
  return texts.map((text, i) => {
    const own = [...(numbers[i] ?? [])].filter((n) => !numbers.every((set) => set.has(n)));
    // Only an account that differs by a figure or two, nothing else that a figure cannot say (a
    // date, a year): "the figure is 148 million and 2030" would say nothing.
    const ownDates = [...(dates[i] ?? [])].filter((d) => !dates.every((set) => set.has(d)));
    if (own.length === 0 || own.length > 2 || ownDates.length > 0) return [];
    const values: string[] = [];
    const found = new Set<string>();
    for (const match of text.matchAll(FIGURE_AS_WRITTEN)) {
      const written = match[0].trim().replace(/[.,]$/u, "");
      const stated = sentenceFacts(written, language).numbers.filter((n) => own.includes(n));
      if (stated.length > 0 && !values.includes(written)) values.push(written);
      for (const n of stated) found.add(n);
    }
    // Every figure of its own, or none: a figure written in words ("seis mesas") is not found here.
    return own.every((n) => found.has(n)) ? values : [];
  });
}
