// Checks claims across independent origins. Every checkable sentence of every source is a
// mention; mentions that state the same thing in other words are one claim; mentions that state
// the same thing with a different number, date or a denial dispute it. Each claim then gets its
// state from the origins behind it (ARCHITECTURE.md, read/check):
//   corroborated  two or more independent origins carry it;
//   singleSource  one origin carries it;
//   circular      several sources carry it, but they relay or cite one another back to one origin;
//   parallel      independent outlets carry it, but each attributes it to the same single party;
//   disputed      origins disagree on it.
// Candidate pairs come from an index of distinctive facts (numbers, dates, names, quotations), so
// the work grows with the mentions that share a fact, not with the square of all mentions.

import { UnionFind } from "../group/unionFind.ts";
import type { CheckedClaim, ClaimState, GroupedSource } from "../types.ts";
import { attributeSentences } from "./attribution.ts";
import { type CarrierMention, claimState, REPORTED, type StateResult } from "./claimStates.ts";
import { FUNCTION_WORDS } from "./contentWords.ts";
import {
  isCheckable,
  lowerWords,
  namesOwnReporter,
  negatedThings,
  negates,
  type Quantity,
  type SentenceFacts,
  sentenceFacts,
  stem,
  storyNameWords,
  withOpeningName,
  wordBefore,
} from "./facts.ts";
import { BROAD_UNITS, COUNTED_CLASSES, roundingOf, sameAmount, sameFigure } from "./figures.ts";
import { conceptOf } from "./newsLexicon.ts";
import { CALENDAR, sameParty, toParty } from "./parties.ts";
import { partyCountConflicts } from "./partyCounts.ts";
import { partMonths } from "./sentenceFigures.ts";
import { splitSentences } from "./sentences.ts";

/** A statement whose issuer the page does not name: it rests on "the statement" of whoever the story is about. */
const DOCUMENT_PARTY = "officials";
/** The speaker of a quotation the sentence does not name: one person, whoever the others name. */
const QUOTED_SPEAKER = "spokesperson";

interface Mention {
  source: number;
  text: string;
  language: string;
  facts: SentenceFacts;
  /** Who the sentence rests its statement on (attribution.ts); undefined for the page's own account. */
  party?: string;
}

const MAX_MENTIONS_PER_SOURCE = 250;
/** A fact shared by more mentions than this is too common to pair on (e.g. the event's city). */
const MAX_POSTING = 150;
/** A figure or date stated by at most this many mentions of a check singles out one claim. */
const RARE_FACT = 8;
/** A fact stated by at most this many sentences of a story is nearly its own: a date only one claim gives. */
const FEW_SENTENCES = 4;

const intersects = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/**
 * Day-precision dates as month-day, so "19 November" and "2025-11-19" compare. A dateline's date
 * is when the page was written: it disagrees with no other.
 */
const days = (f: SentenceFacts) =>
  f.dates.filter((d) => /\d{2}-\d{2}$/.test(d) && d.length !== 7 && !f.dateline?.includes(d)).map((d) => d.slice(-5));

/** Two parts of one year ("2027-p6.8", "2027-p5.8") that share a month. */
function partsOverlap(x: string, y: string): boolean {
  const mx = partMonths(x);
  const my = partMonths(y);
  return mx !== undefined && my !== undefined && x.slice(0, 4) === y.slice(0, 4) && mx[0] <= my[1] && my[0] <= mx[1];
}

/**
 * Both say when in one year, and the parts do not overlap: "summer 2027" against "the end of 2027".
 * A part that overlaps the other ("the second half of 2027", "autumn 2027") may be the same plan.
 */
function partsConflict(a: SentenceFacts, b: SentenceFacts): boolean {
  const parts = (f: SentenceFacts) => f.dates.filter((d) => partMonths(d) !== undefined);
  const pa = parts(a);
  const pb = parts(b);
  if (!pb.some((y) => pa.some((x) => x.slice(0, 4) === y.slice(0, 4)))) return false;
  return !pa.some((x) => pb.some((y) => partsOverlap(x, y)));
}

type Relation = "same" | "conflict" | "none";

/** Concepts two sentences of two languages share, beside a figure or date they share, to be one claim. */
const GLOSS_SAME = 0.4;
/** Concepts two sentences of two languages share, counting one class of thing differently, to disagree. */
const GLOSS_CONFLICT = 0.5;
/** Of them, how many beside what is counted. */
const GLOSS_BESIDES = 1;

/** How rare each word stem is among the mentions: shared rare words say more than shared common ones. */
export type Weights = (stem: string) => number;

function weightedOverlap(a: readonly string[], b: readonly string[], weight: Weights): number {
  const sa = new Set(a);
  const sb = new Set(b);
  let shared = 0;
  let wa = 0;
  let wb = 0;
  for (const x of sa) {
    const w = weight(x);
    wa += w;
    if (sb.has(x)) shared += w;
  }
  for (const x of sb) wb += weight(x);
  const smaller = Math.min(wa, wb);
  return smaller === 0 ? 0 : shared / smaller;
}

/**
 * Figures of one sentence that the other states too, rounding allowed, and a measurement given in
 * another unit ("4.3 m" and "14 feet").
 */
function sharedFigures(a: SentenceFacts, b: SentenceFacts, rounded: FigureRounding = NO_ROUNDING): string[] {
  const hedged = a.hedged || b.hedged;
  const converted = (x: string) =>
    a.quantities.some(
      (qa) =>
        qa.value === x &&
        qa.base !== undefined &&
        b.quantities.some((qb) => sameAmount(qa, qb, (p, q) => sameFigure(p, q, hedged))),
    );
  // The same figure counting two kinds of thing is no fact in common: "quatre communes" and "vier
  // Kubikmeter", "4 dead" and "4 km", "€12m" and "12%".
  const apart = (x: string, y: string) => {
    const qx = a.quantities.filter((q) => q.value === x);
    const qy = b.quantities.filter((q) => q.value === y);
    return qx.length > 0 && qy.length > 0 && !qx.some((p) => qy.some((q) => countsAlike(p, q)));
  };
  return a.numbers.filter(
    (x) => b.numbers.some((y) => (sameFigure(x, y, hedged) || rounded(x, y)) && !apart(x, y)) || converted(x),
  );
}

/** Whether two figures agree beyond their comparison as figures (one speaker's rounding). */
type FigureRounding = (x: string, y: string) => boolean;
const NO_ROUNDING: FigureRounding = () => false;

/**
 * One speaker's hedged figure is its own figure rounded to what it writes: the mayor's "2,8
 * milioni" and the mayor's "quasi 3 milioni" are one estimate, within a tenth of each other. The
 * hedge must point the right way: "almost 3 million" is no 3.2 million, "more than 1,000" no 910.
 * Only for two mentions of one speaker, named alike or by one role (`sameSpeaker`).
 */
function speakerRounding(a: Mention, b: Mention): FigureRounding {
  if (!(a.facts.hedged || b.facts.hedged) || !sameSpeaker(a, b)) return NO_ROUNDING;
  const ofA = (value: string) => a.facts.numbers.includes(value);
  const quantityOf = (value: string) => (ofA(value) ? a.facts.quantities : b.facts.quantities).find((q) => q.value === value);
  const rounds = (rounded: string, exact: string) => {
    const [r, e] = [Number.parseFloat(rounded), Number.parseFloat(exact)];
    if (!roundingOf(rounded, exact) || Math.abs(r - e) > SPEAKER_ROUNDING * Math.max(r, e)) return false;
    // The same thing counted: "about 3,000 residents" is no rounding of "2,800 households".
    const [qr, qe] = [quantityOf(rounded), quantityOf(exact)];
    if (!qr || !qe || qr.unit !== qe.unit || (qr.counted ?? "") !== (qe.counted ?? "")) return false;
    // The hedge right before the rounded figure says which way it rounds.
    const text = ofA(rounded) ? a.text : b.text;
    if (BELOW_HEDGE.test(text)) return e <= r;
    if (ABOVE_HEDGE.test(text)) return e >= r;
    return true;
  };
  return (x, y) => rounds(x, y) || rounds(y, x);
}

/** A hedge right before a figure ("almost 3", "über 30", "more than £1m"; not "over the weekend … 3"). */
const hedgeBefore = (hedges: string) => new RegExp(`(?<![\\p{L}])(?:${hedges})\\s+(?:[£$€¥]\\s*)?\\d`, "iu");
/** Hedges that put the exact figure below the one written: "almost 3 million", "knapp 30". */
const BELOW_HEDGE = hedgeBefore(
  "almost|nearly|just under|close to|knapp|fast|beinahe|presque|près de|quasi|casi|cerca de|prawie|niemal|blisko",
);
/** Hedges that put the exact figure above the one written: "more than 1,000", "über 30". */
const ABOVE_HEDGE = hedgeBefore(
  "more than|over|above|upwards of|at least|über|mehr als|mindestens|plus de|au moins|más de|al menos|oltre|più di|almeno|ponad|co najmniej|powyżej",
);

/**
 * Two mentions on one speaker's word: named alike ("La sindaca Silvia Orlandi"), or by one role and
 * no name ("the union"); never a role against a name, which may be another body of that kind.
 */
function sameSpeaker(a: Mention, b: Mention): boolean {
  if (a.party === undefined || b.party === undefined || a.party === QUOTED_SPEAKER || b.party === QUOTED_SPEAKER) return false;
  const [pa, pb] = [toParty(a.party), toParty(b.party)];
  if (pa.name.length > 0 && pb.name.length > 0) return sameParty(pa, pb);
  if (pa.name.length > 0 || pb.name.length > 0) return false;
  return pa.roles.some((r) => r !== "officials" && pb.roles.includes(r));
}

/** How far one speaker's hedged figure may lie from its own exact one. */
const SPEAKER_ROUNDING = 0.1;

/**
 * Whether two figures may count one kind of thing: a measurement only in its own measure, and money
 * and a share not each other. (Things counted are left alike: "16 feriti" and "16 persone ferite"
 * name one count in two words.)
 */
function countsAlike(p: Quantity, q: Quantity): boolean {
  if (p.unit === "" || q.unit === "") return true;
  if (p.base !== undefined || q.base !== undefined) return p.unit === q.unit;
  // Money written without its currency ("208,5 millones la factura") counts a word, not nothing.
  const fixed = (x: Quantity) => x.unit === "¤" || x.unit === "%";
  return !(fixed(p) && fixed(q)) || p.unit === q.unit;
}

/**
 * Figures that contradict: both sentences count the same thing (same unit) with different values,
 * and agree on no value for it. "120 people injured" against "210 people injured" conflicts;
 * "180 permanent jobs" against "650 construction jobs" does not. Returns the unit, or undefined.
 */
function conflictingUnit(
  a: SentenceFacts,
  b: SentenceFacts,
  sameSubject: (x: Quantity, y: Quantity) => boolean = () => true,
  /** What a figure counts, as compared: its unit, or across languages what its noun means. */
  kind: (q: Quantity) => string = (q) => q.unit,
  /** Figures that agree beyond their comparison as figures: one speaker's rounding of its own. */
  rounded: FigureRounding = NO_ROUNDING,
): string | undefined {
  const hedged = a.hedged || b.hedged;
  for (const qa of a.quantities) {
    // An addition ("another 11 flights were diverted") gives no account of a total to dispute.
    if (!kind(qa) || qa.additional) continue;
    const sameUnit = b.quantities.filter(
      (qb) => kind(qb) === kind(qa) && !qb.additional && sameSubject(qa, qb) && sameScale(qa, qb),
    );
    if (sameUnit.length === 0) continue;
    const same = (x: Quantity, y: Quantity) => sameAmount(x, y, (p, q) => sameFigure(p, q, hedged) || rounded(p, q));
    const agree =
      sameUnit.some((qb) => same(qa, qb)) || a.quantities.some((x) => kind(x) === kind(qa) && sameUnit.some((qb) => same(x, qb)));
    if (!agree) return kind(qa);
  }
  return undefined;
}

/**
 * What a figure counts, compared across languages: a class every language's words are read into
 * ("injured", money, a share, a length), else what the lexicon says its noun means, else nothing
 * comparable (a stem of one language's word).
 */
const kindAcrossLanguages = (q: Quantity): string =>
  q.base !== undefined || q.unit === "¤" || q.unit === "%" || COUNTED_CLASSES.has(q.unit) || q.unit === "people"
    ? q.unit
    : (q.counted ?? "");

/**
 * Two measurements of one thing are of one order: 70 cm of snow and a 60-metre section of roof are
 * two lengths, not two accounts of one (a revision from 40 to 60 metres is).
 */
function sameScale(a: Quantity, b: Quantity): boolean {
  if (a.base === undefined || b.base === undefined) return true;
  const [small, large] = [Math.abs(a.base), Math.abs(b.base)].sort((x, y) => x - y) as [number, number];
  return small > 0 && large / small <= MEASURE_SPREAD;
}
/** How far apart two measurements of one thing may be: a revision or a dispute, not another thing. */
const MEASURE_SPREAD = 5;

/** The stems of the words of a sentence's names. */
const nameStems = (f: SentenceFacts) => new Set(f.names.flatMap((n) => n.split(/\s+/).map(stem)));

function withoutNames(f: SentenceFacts): string[] {
  const named = nameStems(f);
  return f.stems.filter((x) => !named.has(x));
}

/** Words that tell an hour in the languages read: part of a time, not of what happened at it. */
const TIME_WORDS = new Set(
  [
    "uhr",
    "hour",
    "hours",
    "o'clock",
    "local",
    "time",
    "heure",
    "heures",
    "hora",
    "horas",
    "ora",
    "ore",
    "godzinie",
    "godz",
    "morning",
    "evening",
    "matin",
    "soir",
    "morgens",
    "abends",
    "mattina",
    "sera",
    "mañana",
    "noche",
    "tarde",
    "rano",
    "wieczorem",
  ].map(stem),
);

function withoutTimeWords(f: SentenceFacts): string[] {
  return withoutNames(f).filter((x) => !TIME_WORDS.has(x));
}

function agentsConflict(a: SentenceFacts, b: SentenceFacts): boolean {
  if (a.agents.length === 0 || b.agents.length === 0) return false;
  return !a.agents.some((x) => b.agents.some((y) => x.includes(y) || y.includes(x)));
}

/** Forms of address written before a name ("Me", "Dr", "Avv", "Mec", "Sra"). */
const TITLES = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "me",
  "mme",
  "mlle",
  "maître",
  "avv",
  "mec",
  "sr",
  "sra",
  "herr",
  "frau",
  "prof",
  "dott",
  "dra",
  "pan",
  "pani",
]);

/** Each names the one holder of the same role, and they name different people: "Son avocate, Me
 * Laure Vidal-Castan" against "Son avocat, Me Olivier Brasseur". */
function holdersConflict(a: SentenceFacts, b: SentenceFacts): boolean {
  if (a.holders.length !== 1 || b.holders.length !== 1) return false;
  const [x, y] = [a.holders[0], b.holders[0]] as [SentenceFacts["holders"][0], SentenceFacts["holders"][0]];
  if (x.role !== y.role) return false;
  // Engaged for the same task ("to investigate the breach", "to run the investigation"; "the
  // salvage", "las labores de salvamento"): a story may engage several firms for several tasks.
  if (x.task && y.task && !intersects(x.task, y.task)) return false;
  // "Me Laure Vidal-Castan" and "Me Olivier Brasseur" share a title, not a name.
  const words = (n: string) => n.split(/[- ]/).filter((w) => w.length > 2 && !TITLES.has(w));
  return !words(x.name).some((w) => words(y.name).includes(w));
}

/** A quotation in two languages of a person named in full on both mentions, of about the same length, with the same figures. */
function translatedQuote(a: Mention, b: Mention): boolean {
  const qa = a.facts.quotes;
  const qb = b.facts.quotes;
  if (a.language === b.language || qa.length !== 1 || qb.length !== 1) return false;
  if (!a.party || !b.party) return false;
  // A person's full name (two words or more) both sentences give, outside the quotation.
  const named = (m: Mention) => {
    const outside = m.facts.quotes.reduce((t, q) => t.replace(q, " "), m.text.toLowerCase());
    return m.facts.names.filter((n) => n.includes(" ") && outside.includes(n)).flatMap((n) => n.split(" "));
  };
  const nb = named(b);
  if (named(a).filter((w) => nb.includes(w)).length < 2) return false;
  const ratio = (qa[0] as string).length / (qb[0] as string).length;
  if (ratio < 0.6 || ratio > 1.67) return false;
  const numbers = (f: SentenceFacts) => [...f.numbers].sort().join(" ");
  return numbers(a.facts) === numbers(b.facts);
}

/** The figure one sentence sets aside as not so that the other states, counting the same kind of thing (or unnamed). */
function deniesFigure(a: SentenceFacts, b: SentenceFacts): Quantity | undefined {
  return a.negated.find((q) =>
    b.quantities.some((r) => (q.unit === r.unit || q.unit === "" || r.unit === "") && sameAmount(q, r, sameFigure)),
  );
}

/**
 * One sentence's sum counted with a part included (or left out) that the other's, counted without
 * it (or with it), could be: larger when it includes a part, smaller when it leaves one out, and of
 * the same order ("about 42 billion yen" and "51 billion including land acquisition").
 */
function countedAnotherWay(qualified: SentenceFacts, other: SentenceFacts): boolean {
  if (!qualified.qualifiedSum) return false;
  const sums = (f: SentenceFacts) => f.quantities.filter((q) => q.unit === "¤").map((q) => Number(q.value));
  return sums(qualified).some((q) =>
    sums(other).some((o) => {
      if (!(q > 0 && o > 0) || Math.max(q, o) / Math.min(q, o) > SAME_ORDER) return false;
      return qualified.qualifiedSum === "includes" ? q > o : q < o;
    }),
  );
}
/** How far apart a sum counted with or without a part may be from the sum counted the other way. */
const SAME_ORDER = 2;

/** Digits a figure is given to: "18400000000" has three, "1187" four, "6%" one. */
function significantDigits(value: string): number {
  return value.replace(/%$/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length;
}

/** How many mentions state each fact: a fact few mentions share singles out one claim. */
export type FactCounts = (fact: string) => number;

/** A figure given as a share of a whole ("53,1 %", "46,9 proc."). */
function isShare(q: Quantity): boolean {
  return q.unit === "%" || q.unit === "proc" || q.value.endsWith("%");
}

export function relate(
  a: Mention,
  b: Mention,
  weight: Weights,
  factCount: FactCounts = () => Number.POSITIVE_INFINITY,
): Relation {
  const fa = a.facts;
  const fb = b.facts;
  const da = days(fa);
  const db = days(fb);
  const datesConflict = (da.length > 0 && db.length > 0 && !intersects(da, db)) || partsConflict(fa, fb);
  const speaker = speakerRounding(a, b);
  const figures = sharedFigures(fa, fb, speaker);
  const numbersDisjoint = fa.numbers.length > 0 && fb.numbers.length > 0 && figures.length === 0;
  const hardShared =
    figures.length +
    da.filter((x) => db.includes(x)).length +
    fa.times.filter((x) => fb.times.includes(x)).length +
    fa.quotes.filter((x) => fb.quotes.includes(x)).length;
  const namesShared = intersects(fa.names, fb.names);
  const rareShared =
    fa.numbers.some((x) => fb.numbers.includes(x) && factCount(`n:${x}`) <= RARE_FACT) ||
    fa.dates.some((x) => fb.dates.includes(x) && factCount(`d:${x}`) <= RARE_FACT) ||
    fa.times.some((x) => fb.times.includes(x) && factCount(`t:${x}`) <= RARE_FACT);
  if (holdersConflict(fa, fb)) return "conflict";
  // "La Línea 4 costó 23 mil 100 millones, no 18 mil 400": the one says the other's figure is not
  // so, when the two speak of one thing: a name in common, much the same words, or a figure so
  // precise and rare in the story ("18 mil 400 millones") that it singles the fact out. "4.5%, not
  // 6%" says nothing of an unemployment rate of 6%.
  const denied = deniesFigure(fa, fb) ?? deniesFigure(fb, fa);
  if (
    denied !== undefined &&
    (namesShared ||
      (a.language === b.language && weightedOverlap(fa.stems, fb.stems, weight) >= 0.25) ||
      (significantDigits(denied.value) >= 2 && factCount(`n:${denied.value}`) <= RARE_FACT))
  )
    return "conflict";
  // Whose figure each is: the names in its clause, the speakers aside. "Oyarzábal, cuatro años"
  // and "Escudero, seis años" are two men's sentences, not two accounts of one.
  const speakers = new Set(
    [a.party, b.party].flatMap((p) => (p ?? "").toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 2),
  );
  // Across languages a clause without a name ("The businessman, Fermín Oyarzábal, owner of the
  // firm Sermarsa, was given four years") is the sentence's subject's: the name it opens with.
  const firstNamed = (f: SentenceFacts): string[] => {
    const text = (f === fa ? a : b).text.toLowerCase();
    const placed = f.names.map((n) => ({ n, at: text.indexOf(n) })).filter((x) => x.at >= 0);
    const first = placed.sort((x, y) => x.at - y.at)[0];
    return first ? [first.n] : [];
  };
  const whose = (f: SentenceFacts, q: Quantity) =>
    (f.figureNames[q.value] ?? (a.language !== b.language ? firstNamed(f) : []))
      .flatMap((n) => n.split(" "))
      .filter((w) => w.length > 2 && !speakers.has(w) && !CALENDAR.test(w));
  const sameSubject = (x: Quantity, y: Quantity, fx: SentenceFacts, fy: SentenceFacts) => {
    const wx = whose(fx, x);
    const wy = whose(fy, y);
    // A share someone won is theirs, not a share that names no one ("Frekwencja 38,71 proc.", the
    // turnout's): a split of shares among those named ("Wolańska 53,1 proc.,
    // Sędziak 46,9 proc."), or a share given with a person's full name ("Lucía Benavídez: 41,3 %").
    // A place's rate is the place's: "Inflation in Valdena hit 4.2%" against "Inflation hit 3.9%"
    // is one rate.
    if (isShare(x) && isShare(y) && (wx.length === 0) !== (wy.length === 0)) {
      const [named, q] = wx.length > 0 ? [fx, x] : [fy, y];
      const person = (named.figureNames[q.value] ?? []).some((n) => n.split(" ").length >= 2);
      if (person || named.quantities.filter(isShare).length >= 2) return false;
    }
    return wx.length === 0 || wy.length === 0 || wx.some((w) => wy.includes(w));
  };
  // Figures under opposite instance words count different things: "38% in the first round" and
  // "won the runoff with 54%"; "the new hospital will have 640 beds" and "the old one had 410".
  const opposite = (x: string, y: string) =>
    (fa.instances.includes(x) && !fa.instances.includes(y) && fb.instances.includes(y) && !fb.instances.includes(x)) ||
    (fa.instances.includes(y) && !fa.instances.includes(x) && fb.instances.includes(x) && !fb.instances.includes(y));
  const otherInstance = opposite("first", "second") || opposite("new", "old");
  if (a.language !== b.language) {
    // Across languages words do not compare; facts do: a figure with a name or another fact, or
    // a figure counting the same thing in a word both languages have ("85 familles", "85 famiglie"),
    // or a measurement in any unit ("vier Kubikmeter", "4 000 litres").
    const sameCount = fa.quantities.some(
      (qa) =>
        (COUNTED_CLASSES.has(qa.unit) || qa.base !== undefined) &&
        fb.quantities.some((qb) => qb.unit === qa.unit && sameAmount(qa, qb, sameFigure)),
    );
    // A date more precise than its year ("juin 2030", "latem 2027") that few sentences of the story
    // state is one fact in any language: "jusqu'en juin 2030" and "until June 2030".
    // The whole sentences' figures must not differ: "En juin 2030, le stade accueillera 40 000
    // spectateurs" and "In June 2030 Valmont will pay a further €5m" share only the month.
    // A day is often the news day ("SANTIAGO, Chile, May 4, 2026 –"), shared by sentences of
    // different facts: a month of a year or a part of one only.
    const rareDate = fa.dates.some(
      (d) => /^\d{4}-(?:\d{2}|p.*)$/.test(d) && fb.dates.includes(d) && factCount(`d:${d}`) <= FEW_SENTENCES,
    );
    const wholeDisjoint = () => {
      const [na, nb] = [a, b].map((m) => ("stated" in m ? (m as FactMention).stated.numbers : m.facts.numbers)) as [
        string[],
        string[],
      ];
      return na.length > 0 && nb.length > 0 && !na.some((x) => nb.some((y) => sameFigure(x, y, fa.hedged || fb.hedged)));
    };
    if (rareDate && !numbersDisjoint && !datesConflict && !wholeDisjoint()) return "same";
    if (!numbersDisjoint && !datesConflict && hardShared >= 1 && (namesShared || hardShared >= 2 || sameCount)) return "same";
    // What the words speak of, in any language (newsLexicon.ts): "23 Menschen verletzt" and "i
    // feriti sono 31" count the injured of one accident.
    // The share of the smaller sentence's concepts the other speaks of too.
    const meaning = weightedOverlap(fa.gloss, fb.gloss, () => 1);
    if (!numbersDisjoint && !datesConflict && hardShared >= 1 && meaning >= GLOSS_SAME) return "same";
    // Both naming someone and no word of a name in common ("die Stadt Ostrand", "Ostrand's Kessler
    // Bridge" share one), they speak of two.
    const nameWords = (f: SentenceFacts) => new Set(f.names.flatMap((n) => n.split(/[\s'’-]+/u)).filter((w) => w.length >= 4));
    const [na, nb] = [nameWords(fa), nameWords(fb)];
    const namesApart = na.size > 0 && nb.size > 0 && ![...na].some((w) => nb.has(w));
    // Years both give and none in common date two things ("paid €3.5m in 2023", "signed to 2031").
    const years = (f: SentenceFacts) => new Set(f.dates.map((d) => d.slice(0, 4)).filter((y) => /^\d{4}$/u.test(y)));
    const [ya, yb] = [years(fa), years(fb)];
    const yearsApart = ya.size > 0 && yb.size > 0 && ![...ya].some((y) => yb.has(y));
    if (
      fa.position === fb.position &&
      !otherInstance &&
      !namesApart &&
      !yearsApart &&
      !datesConflict &&
      hardShared === 0 &&
      meaning >= GLOSS_CONFLICT
    ) {
      // A count of one kind of thing ("injured", money, containers) that differs, nothing else
      // agreeing, of the same one (the names in its clause: "Oyarzábal, cuatro años" and
      // "Escudero, six years" are two men's sentences), in sentences that speak of more than
      // what is counted: "5.400 Mitarbeitende an elf Standorten" and "1 186 salariés" share
      // only their workers.
      const unit =
        conflictingUnit(fa, fb, (x, y) => sameSubject(x, y, fa, fb), kindAcrossLanguages) ??
        conflictingUnit(fb, fa, (x, y) => sameSubject(x, y, fb, fa), kindAcrossLanguages);
      // What is counted is no second thing in common: "300 Häuser" and "450 maisons" share only houses.
      const counted = new Set([unit, ...[...fa.quantities, ...fb.quantities].flatMap((q) => (q.counted ? [q.counted] : []))]);
      const besides = fa.gloss.filter((c) => !counted.has(c) && fb.gloss.includes(c)).length;
      if (unit !== undefined && numbersDisjoint && besides >= GLOSS_BESIDES) return "conflict";
    }
    // One person's words quoted in two languages: a translation shares no word, but the speaker
    // is named on both, the quotations are of a length, and neither states a figure the other lacks.
    if (translatedQuote(a, b)) return "same";
    return "none";
  }
  const similar = weightedOverlap(fa.stems, fb.stems, weight);
  // The same figure counting the same thing ("22 crew") is strong evidence on its own.
  const sameQuantity = fa.quantities.some(
    (qa) =>
      qa.unit !== "" &&
      fb.quantities.some((qb) => qb.unit === qa.unit && sameAmount(qa, qb, (x, y) => sameFigure(x, y, fa.hedged || fb.hedged))),
  );
  // A denial of the same thing by name ("Northsound denies plans to cut crew" against "Northsound
  // plans to cut 38 crew posts"): the words need agree less, a named party must be shared.
  // The denial must be of this claim: its words apart from the names agree too.
  // And the other states a word of what is denied: two sentences of one strike share many words,
  // "desmintió que su mina esté detenida" is no denial of "300 trabajadores bloquean el acceso".
  const deniesThis = () => {
    const [denying, other] = fa.denial ? [fa, fb] : [fb, fa];
    return (
      weightedOverlap(withoutNames(fa), withoutNames(fb), weight) >= 0.25 && denying.denied.some((w) => other.stems.includes(w))
    );
  };
  // Or what the one denies, the other states: most words of "tout projet de fermeture du site de
  // Montbrac" are in "envisage la fermeture complète du site de Montbrac d'ici 2028".
  const deniedStated = () => {
    const [denying, other] = fa.denial ? [fa, fb] : [fb, fa];
    // The names say what it is about, not what is denied of it ("reports that it was warned
    // about corrosion in the East Stand roof" is not stated by "the East Stand roof gave way").
    const named = new Set(withoutNames(denying));
    const denied = denying.denied.filter((w) => named.has(w));
    // Weighed by rarity: "la mina" in a story about a mine says little of what is denied of it.
    const total = denied.reduce((sum, w) => sum + weight(w), 0);
    const covered = denied.filter((w) => other.stems.includes(w)).reduce((sum, w) => sum + weight(w), 0);
    return denied.length >= 2 && total > 0 && covered / total >= 0.4;
  };
  // A denial agrees with a sentence that says the same is not so ("Tallyforge denies that bank
  // account numbers were exposed" and "No bank account numbers were stored in the system").
  const agreesNot = () => {
    const [denying, other] = fa.denial ? [a, b] : [b, a];
    return other.facts.negative && negates(other.text, denying.facts.denied, other.language);
  };
  // One party says there was none of what another says there was: "Nie stwierdziliśmy żadnych
  // nieprawidłowości" against "doszło do nieprawidłowości przy liczeniu głosów". The thing negated
  // is a word few sentences of the story use, which the other states without negating it.
  // The thing must be the same one: beside it the two share some words, weighed by rarity ("no
  // injuries among the 140 passengers" says nothing of "two crew members suffered minor injuries").
  // And the other must state it, not say it was absent ("put out without injuries").
  const negatesStated = () => {
    if (fa.negative === fb.negative || fa.denial || fb.denial || !twoParties(a, b)) return false;
    const [neg, other] = fa.negative ? [a, b] : [b, a];
    const rare = rareWeight(weight);
    const negated = negatedThings(
      neg.text,
      neg.facts.stems.filter((s) => s.length >= 4 && weight(s) >= rare && other.facts.stems.includes(s)),
      neg.language,
    ).filter(
      (s) =>
        !withoutIt(other.text, s) &&
        !ofAnotherGroup(neg.text, s, other.facts.stems) &&
        !meansApart(neg.text, neg.language, other.text, other.language, s),
    );
    return negated.length > 0 && weightedOverlap(withoutNames(fa), withoutNames(fb), weight) >= NEGATED_SHARED;
  };
  if (fa.position === fb.position && negatesStated()) return "conflict";
  if (
    fa.denial !== fb.denial &&
    !agreesNot() &&
    ((namesShared && similar >= 0.25 && deniesThis()) || deniedStated() || similar >= 0.45)
  )
    return "conflict";
  // A party's demand or offer beside an account of what is (or the other side's offer) states
  // another fact: "prosecutors sought nine years" does not dispute "sentenced to four years".
  const positions = fa.position === fb.position;
  // Two accounts of one thing may word it differently ("would cost $1.8 million", "the full bill
  // will be $2.6 million"; "reopens in summer 2027", "Wiederinbetriebnahme Ende 2027"): to find a
  // disagreement, what the words speak of counts too, not only the words.
  const ofOneThing = weightedOverlap([...fa.stems, ...fa.concepts], [...fb.stems, ...fb.concepts], weight);
  // Different figures of two instances are two facts, never one claim.
  if (otherInstance && numbersDisjoint) return "none";
  const unit =
    positions && !otherInstance
      ? (conflictingUnit(fa, fb, (x, y) => sameSubject(x, y, fa, fb), undefined, speaker) ??
        conflictingUnit(fb, fa, (x, y) => sameSubject(x, y, fb, fa), undefined, speaker))
      : undefined;
  // A figure given as a revision ("has risen to 19") speaks of an earlier figure for the same thing:
  // counting the same thing is enough, with fewer words in common.
  // A broad class ("people", money) says less about what is counted than a noun ("ships").
  const broad = unit !== undefined && BROAD_UNITS.has(unit);
  const another = fa.revision || fb.revision || (unit === "¤" && (countedAnotherWay(fa, fb) || countedAnotherWay(fb, fa)));
  if (unit !== undefined && ofOneThing >= (another ? (broad ? 0.2 : 0.1) : 0.25)) return "conflict";
  // The same event on another day, or done by someone else: a disagreement on when or who.
  // Or at another hour: "the order was given on Saturday at 22:00" against "no order before 1.30".
  // One hour each (two are a span or a timetable), and words that agree beyond the names (the
  // place of the story) and those telling the hour ("Uhr", "heures"), which every time shares.
  // A story tells many acts at many hours ("the 6 a.m. bulletin", "the next bulletin at 18:00"):
  // the one must set itself against the other, or the two tell the act in much the same words.
  const timesConflict = () => {
    if (fa.times.length !== 1 || fb.times.length !== 1 || fa.times[0] === fb.times[0]) return false;
    const [wa, wb] = [withoutTimeWords(fa), withoutTimeWords(fb)];
    const overlap = weightedOverlap(wa, wb, weight);
    return (
      wa.filter((x) => wb.includes(x)).length >= 2 && overlap >= 0.25 && (fa.contrary || fb.contrary || overlap >= STRONG_OVERLAP)
    );
  };
  if (positions && ofOneThing >= 0.25 && hardShared === 0 && (datesConflict || timesConflict() || agentsConflict(fa, fb)))
    return "conflict";
  // One figure each, for the same thing said in much the same words: a conflicting figure. Units
  // that differ (money against jobs) are different facts, not a conflict.
  const ua = fa.quantities[0]?.unit ?? "";
  const ub = fb.quantities[0]?.unit ?? "";
  if (
    positions &&
    !otherInstance &&
    numbersDisjoint &&
    ofOneThing >= 0.45 &&
    fa.numbers.length === 1 &&
    fb.numbers.length === 1 &&
    !fa.quantities.some((q) => q.additional) &&
    !fb.quantities.some((q) => q.additional) &&
    hardShared === 0 &&
    (ua === ub || ((!ua || !ub) && ua !== "%" && ub !== "%")) &&
    (fa.quantities.length === 0 ||
      fb.quantities.length === 0 ||
      (sameSubject(fa.quantities[0] as Quantity, fb.quantities[0] as Quantity, fa, fb) &&
        sameScale(fa.quantities[0] as Quantity, fb.quantities[0] as Quantity)))
  ) {
    return "conflict";
  }
  if (datesConflict || (numbersDisjoint && similar < 0.6)) return "none";
  if (sameQuantity && similar >= 0.12) return "same";
  // The same figure of the same specific thing, which few sentences of the story state ("about 60
  // vehicles" queuing, "around 60 vehicles" counted): one fact, however differently the scene is told.
  // A sum of money given to two digits or more ("7,5 millions d'euros", "5,9 millions") singles
  // out one fact too.
  if (
    fa.quantities.some(
      (qa) =>
        qa.unit !== "" &&
        (!BROAD_UNITS.has(qa.unit) || (qa.unit === "¤" && significantDigits(qa.value) >= 2)) &&
        qa.base === undefined &&
        factCount(`n:${qa.value}`) <= FEW_SENTENCES &&
        fb.quantities.some((qb) => qb.unit === qa.unit && sameAmount(qa, qb, (x, y) => sameFigure(x, y, fa.hedged || fb.hedged))),
    )
  )
    return "same";
  // A rare fact both state (a year, a figure, a date only this claim has) with some words in common.
  if (rareShared && similar >= 0.1) return "same";
  if (similar >= 0.55) return "same";
  if (similar >= 0.3 && hardShared >= 1) return "same";
  // Sharing a name is not sharing a claim: the rest of the words must agree too.
  if (namesShared && weightedOverlap(withoutNames(fa), withoutNames(fb), weight) >= 0.3) return "same";
  return "none";
}

/**
 * Two sentences resting on different parties' words (or one on the page's own account, the other
 * on a party's): a page that tells both tells a disagreement between them ("the prefecture says the
 * order was given at 22:00"; "« There was no order before 1.30 », the mayor says").
 */
function twoParties(a: Mention, b: Mention): boolean {
  if (a.party === b.party) return false;
  if (a.party === undefined || b.party === undefined) return true;
  return !sameParty(toParty(a.party), toParty(b.party));
}

/** How many checkable sentences before a denial the account it answers may stand on its page. */
const DENIAL_ANSWERS_WITHIN = 2;

/**
 * A page tells an account and, right after it, the other party's denial of it: "Selon des documents
 * internes, la fabrication serait transférée en Hongrie" and "la direction dément tout projet de
 * délocalisation vers la Hongrie"; "Der Konzern dementierte das". The denial answers the account
 * just before it when it points back at it ("das", "ces chiffres", "quella segnalazione") or denies
 * a word of it. (Both sentences are the page's, so the one is read as answering the other.)
 */
function deniesJustBefore(a: FactMention, b: FactMention, weight: Weights): boolean {
  const [earlier, later] = a.sentence < b.sentence ? [a, b] : [b, a];
  if (!later.facts.denial || earlier.facts.denial) return false;
  const distance = later.sentence - earlier.sentence;
  if (distance > DENIAL_ANSWERS_WITHIN) return false;
  // An account a denial answers is someone's: a party's word or a report ("Selon nos informations",
  // "Records seen by the Courant show"), not the page's own telling of what is known.
  if (earlier.party === undefined && !REPORTED.test(earlier.text)) return false;
  // What it denies is said there, weighed by rarity: the story's own names ("Orzeł") say little.
  const named = nameStems(earlier.facts);
  const denied = [...new Set(later.facts.denied)];
  const total = denied.reduce((sum, w) => sum + weight(w), 0);
  const saidWords = denied.filter((w) => earlier.facts.stems.includes(w) || named.has(w));
  const said = saidWords.reduce((sum, w) => sum + weight(w), 0);
  // Two words of it, or a name no commoner than what is denied is on average ("la Hongrie"): one
  // word of a story about a roof ("the roof") is said by half its sentences.
  const rareName = saidWords.some((w) => named.has(w) && weight(w) * denied.length >= total);
  if (total > 0 && said / total >= DENIED_SAID_BEFORE && (saidWords.length >= 2 || rareName)) return true;
  // "Der Konzern dementierte das" answers the sentence right before it, and no other.
  return distance === 1 && POINTS_BACK.test(later.text);
}
/**
 * A party setting its own figure against the one just told: "Los magistrados calculan que el
 * perjuicio roza los 1,9 millones", then "El Ayuntamiento … eleva esa cifra a 3,2 millones". The
 * later sentence points back at the figure ("esa cifra", "that figure", "diese Zahl") and gives
 * another of the same kind. (Two parties' sentences of one page; `compare` sees to that.)
 */
function countersJustBefore(a: FactMention, b: FactMention): boolean {
  const [earlier, later] = a.sentence < b.sentence ? [a, b] : [b, a];
  if (later.sentence - earlier.sentence !== 1) return false;
  const back = FIGURE_BACK.exec(later.text);
  // "Of that total, 1.1 million will be paid by the state", "De esa cifra", "Von dieser Summe":
  // a part of the figure, not another account of it.
  if (!back || PART_OF.test(later.text.slice(0, back.index))) return false;
  // Of the same kind: the same unit, or what each counts ("480 Vollzeitstellen" and "1.100
  // bedrohten Arbeitsplätzen" are jobs). A figure given right after the words pointing back may
  // leave its noun unsaid ("the true figure is more than 3,000 once hotel guests are counted");
  // one with a noun of its own ("that figure includes 12 hotels") counts that.
  const known = (q: Quantity) => kindAcrossLanguages(q) !== "";
  const kind = (q: Quantity) => kindAcrossLanguages(q) || q.unit;
  const given = FIGURE_GIVEN.test(later.text.slice(back.index + back[0].length));
  const ofKind = (p: Quantity, q: Quantity) =>
    kind(p) === kind(q) || (given && known(p) && !known(q) && q.unit !== "%" && p.unit !== "%");
  return later.facts.quantities.some(
    (q) =>
      kind(q) !== "" &&
      earlier.facts.quantities.some((p) => ofKind(p, q)) &&
      !earlier.facts.quantities.some((p) => ofKind(p, q) && sameAmount(p, q, sameFigure)),
  );
}

/** A figure right after the words pointing back, with no noun of its own: "the true figure is more than 3,000 once …". */
const FIGURE_GIVEN =
  /^[^.;:\d]{0,25}\d[\d.,]*(?:\s*(?:[.,;:]|$)|\s+(?:once|when|if|after|and|or|si|quand|cuando|wenn|se|quando|gdy)(?![\p{L}]))/u;

/** Words before a figure pointed back at that take a part of it: "of that total", "de esa cifra", "von dieser Summe", "z tej kwoty". */
const PART_OF = /(?<![\p{L}])(?:of|from|out of|de|sur|dont|von|aus|di|su|da|z|ze)\s+$/iu;

/** A figure pointed back at: "that figure", "esa cifra", "diese Zahl", "ce chiffre", "quella stima", "tę liczbę"; or set against it as the true one: "the true figure", "la cifra real". */
const FIGURE_BACK =
  /(?<![\p{L}])(?:(?:the|la|le|el|il|die|der) (?:true|real|actual|vrai|véritable|verdadera|vera|tatsächliche|wahre) (?:figure|number|count|toll|total|chiffre|bilan|nombre|cifra|número|numero|Zahl|Bilanz)|(?:la|le|el|il) (?:chiffre|bilan|nombre|cifra|número|numero) (?:réel|véritable|real|verdadero|reale|vero)|prawdziw[aą] liczb[aęy]|(?:this|that|these|those|diese[rsnm]?|jene[rsnm]?|ce|cet|cette|ces|esa|ese|esta|este|esas|esos|estas|estos|quell[aoei]|quest[aoei]|t[eęą]|tej|tych|tego)\s+(?:figures?|numbers?|count|total|estimate|sum|amount|cifras?|cantidad|importe|número|chiffres?|montant|somme|estimation|bilan|Zahl|Summe|Betrag|Schätzung|somma|stima|importo|numero|liczb\p{L}*|kwot\p{L}*))(?![\p{L}])/iu;

/** How much of what a denial denies, weighed by rarity, the account just before it must say. */
const DENIED_SAID_BEFORE = 0.25;

/** A denial pointing back at what was just said: "denied this", "dementierte das", "a démenti ces chiffres". */
const POINTS_BACK =
  /(?<![\p{L}])(?:den(?:y|ies|ied|ying)|dementier\p{L}*|bestr(?:eit|itt)\p{L}*|dément\p{L}*|démenti\p{L}*|desmient\p{L}*|desmintió|desmintieron|niega|negó|smentisc\p{L}*|smentit\p{L}*|zaprzecz\p{L}*|zdementował\p{L}*)\s+(?:(?:di\s+aver\s+mai|ever|formellement|formalmente|kategorycznie)\s+)?(?:\p{L}+\s+){0,2}?(?:(?:this|that)(?=\s*(?:[.,;:!?]|$)|\s(?:reports?|claims?|account|figures?|version|story|allegations?|suggestion)(?![\p{L}]))|these|those|such|das(?=\s*(?:[.,;:!?]|$))|dies|diese[nsm]?|cet|cette|ces|cela|esa|ese|esos|esas|eso|esto|quell[aoei]|quest[aoei]|tal[ei]?|tego|tych|tę)(?![\p{L}])|(?:それ|これ)を否定/iu;

/** The party a page credits its statements to, for a sentence that names only "the release". */
function pageParty(source: GroupedSource): string | undefined {
  return source.page.attributions.find((a) => a.kind === "statement")?.party;
}

export function collectMentions(sources: readonly GroupedSource[]): Mention[] {
  const mentions: Mention[] = [];
  // Each page's sentences and their facts, read once; then the words the story writes as names
  // anywhere, so a sentence opening on one of them names it too (facts.ts, `withOpeningName`).
  const pages = sources.map((source) => {
    const language = source.page.language ?? "en";
    const paragraphs = source.page.text.split(/\n\s*\n/).map((p) => splitSentences(p, language));
    const factsOf = new Map<string, SentenceFacts>();
    for (const sentence of paragraphs.flat())
      if (!factsOf.has(sentence)) factsOf.set(sentence, sentenceFacts(sentence, language));
    return { language, paragraphs, factsOf };
  });
  const storyNames = storyNameWords(pages.flatMap(({ factsOf }) => [...factsOf]));
  for (const { language, factsOf } of pages)
    for (const [sentence, f] of factsOf) factsOf.set(sentence, withOpeningName(f, sentence, language, storyNames));
  sources.forEach((source, index) => {
    const { language, paragraphs, factsOf } = pages[index] as (typeof pages)[number];
    const facts = (sentence: string) => factsOf.get(sentence) ?? sentenceFacts(sentence, language);
    const attributions = attributeSentences(paragraphs, language, (s) => isCheckable(facts(s)));
    const seen = new Set<string>();
    let count = 0;
    let lastParty: string | undefined;
    // The page named its own reporter after the last party: "Our reporter Eilidh Strachan was at
    // Ardcraig last night. She says the 21:40 sailing was full" is the outlet's own account.
    let reporterLast = false;
    paragraphs.flat().forEach((text, i) => {
      const attribution = attributions[i];
      if (attribution?.party && !attribution.carried) {
        lastParty = attribution.party;
        reporterLast = false;
      }
      if (namesOwnReporter(text)) reporterLast = true;
      if (count >= MAX_MENTIONS_PER_SOURCE) return;
      const key = text.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      const f = facts(text);
      if (!isCheckable(f)) return;
      // "The release says", "she said": the party the page named last, else the issuer it credits.
      // A quotation always rests on its speaker, named or not: several outlets quoting the same
      // words rest on one person's word.
      // "…, our reporter saw": a sentence that names the outlet's own reporter is the outlet's
      // account, however the party's statement before it would carry on.
      if (
        (attribution?.pronoun && !attribution.party && reporterLast) ||
        (attribution?.carried && namesOwnReporter(text) && !REPORTER_TOLD.test(text))
      ) {
        mentions.push({ source: index, text, language, facts: { ...f, ownReport: true } });
        count++;
        return;
      }
      const party = attribution
        ? attribution.party || lastParty || pageParty(source) || DOCUMENT_PARTY
        : f.quotes.length > 0
          ? QUOTED_SPEAKER
          : undefined;
      mentions.push({ source: index, text, language, facts: f, ...(party ? { party } : {}) });
      count++;
    });
  });
  return mentions;
}

/** Every passage a sentence quotes, however short ("a dream"), lower-cased. */
function quotedWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[“„«"「『]\s*([^”“"»」』]{6,}?)\s*[”“"»」』]/gu)) out.push((m[1] as string).toLowerCase());
  return out;
}

/** The outlet's reporter told by someone ("Our correspondent was told that …", "told our reporter"): the teller's word, not the outlet's. */
const REPORTER_TOLD =
  /(?:(?:was|were)\s+(?:told|informed|given|shown)|(?:told|informed)\s+(?:our|notre|unser\p{L}*|nuestr\p{L}*|il nostro|la nostra|nasz\p{L}*))(?![\p{L}])/iu;

/** Each mention's rarest content words also pair it with others: a claim restated without any shared figure. */
const RARE_WORDS_PER_MENTION = 6;

function postings(mentions: readonly Mention[], weight: Weights): Map<string, number[]> {
  const index = new Map<string, number[]>();
  // What a sentence says there is none of ("no irregularities") meets every sentence naming it,
  // however common its other words.
  const rareLine = rareWeight(weight);
  const negatedThing = new Set(
    mentions.flatMap((m) =>
      m.facts.negative
        ? negatedThings(
            m.text,
            m.facts.stems.filter((s) => weight(s) >= rareLine),
            m.language,
          )
        : [],
    ),
  );
  mentions.forEach((m, i) => {
    const rare = [...new Set(m.facts.stems)].sort((x, y) => weight(y) - weight(x)).slice(0, RARE_WORDS_PER_MENTION);
    const tokens = new Set([
      ...m.facts.numbers.map((x) => `n:${x}`),
      // A figure a sentence says is not so meets the sentences that state it.
      ...m.facts.negated.map((q) => `n:${q.value}`),
      // A figure and its rounding ("3.080", "rund 3.100") meet at two significant digits.
      ...m.facts.numbers.map((x) => `r:${twoDigits(x)}`),
      ...m.facts.dates.map((x) => `d:${x}`),
      // A part of a year meets the year and the other parts of it.
      ...m.facts.dates.filter((x) => partMonths(x) !== undefined).map((x) => `d:${x.slice(0, 4)}`),
      ...m.facts.times.map((x) => `t:${x}`),
      ...m.facts.names.map((x) => `p:${x}`),
      ...m.facts.quotes.map((x) => `q:${x}`),
      // A quoted person's surname, so one person's words meet in a translation (translatedQuote).
      ...(m.facts.quotes.length > 0 ? m.facts.names.filter((x) => x.includes(" ")).map((x) => `s:${x.split(" ").pop()}`) : []),
      // Two accounts naming a role's one holder ("son avocate", "his lawyer") must meet to disagree,
      // whatever else they share, in whatever language.
      ...m.facts.holders.map((x) => `h:${x.role}`),
      // What a figure counts: a revised figure meets the earlier figures of the same thing.
      ...m.facts.quantities.filter((q) => q.unit !== "").map((q) => `u:${q.unit}`),
      ...m.facts.quantities.flatMap((q) => (q.counted ? [`k:${q.counted}`] : [])),
      ...rare.map((x) => `w:${x}`),
      ...m.facts.stems.filter((x) => negatedThing.has(x)).map((x) => `w:${x}`),
    ]);
    for (const t of tokens) {
      const list = index.get(t);
      if (list) list.push(i);
      else index.set(t, [i]);
    }
  });
  return index;
}

/** A figure to two significant digits, so figures and their roundings share an index entry. */
function twoDigits(x: string): string {
  const n = Number.parseFloat(x);
  return Number.isFinite(n) && n > 0 ? `${Number(n.toPrecision(2))}${x.endsWith("%") ? "%" : ""}` : x;
}

/** Inverse document frequency of each stem over the mentions. */
export function stemWeights(mentions: readonly Mention[]): Weights {
  const df = new Map<string, number>();
  for (const m of mentions) for (const s of new Set([...m.facts.stems, ...m.facts.concepts])) df.set(s, (df.get(s) ?? 0) + 1);
  const total = mentions.length + 1;
  return (stem) => Math.log(1 + total / (df.get(stem) ?? 1));
}

/** One fact a sentence states, which a claim can be anchored on. */
interface Anchor {
  numbers: string[];
  quantities: SentenceFacts["quantities"];
  dates: string[];
  times: string[];
  quotes: string[];
}

/**
 * The facts a sentence states, one anchor each: a figure with what it counts, a date, a quotation.
 * "The repair costs €38m and will take 14 months; trains run again in summer 2027" states three.
 */
export function anchorsOf(f: SentenceFacts, isFrame: (fact: string) => boolean = () => false): Anchor[] {
  const out: Anchor[] = [];
  const none: Anchor = { numbers: [], quantities: [], dates: [], times: [], quotes: [] };
  for (const value of f.numbers)
    if (!isFrame(`n:${value}`))
      out.push({ ...none, numbers: [value], quantities: f.quantities.filter((q) => q.value === value) });
  for (const date of f.dates) if (!isFrame(`d:${date}`)) out.push({ ...none, dates: [date] });
  for (const time of f.times) if (!isFrame(`t:${time}`)) out.push({ ...none, times: [time] });
  for (const quote of f.quotes) out.push({ ...none, quotes: [quote] });
  // A year beside another fact dates that fact ("paid €3.5m in 2023"); it is a fact of its own only
  // when the sentence states nothing else ("the castle was built in 1347").
  const year = (a: Anchor) => a.dates.length === 1 && /^\d{4}$/.test(a.dates[0] as string);
  return out.some((a) => !year(a)) ? out.filter((a) => !year(a)) : out;
}

/** All of a sentence's anchors as one set of facts. */
function joined(anchors: readonly Anchor[]): Anchor {
  return {
    numbers: anchors.flatMap((a) => a.numbers),
    quantities: anchors.flatMap((a) => a.quantities),
    dates: anchors.flatMap((a) => a.dates),
    times: anchors.flatMap((a) => a.times),
    quotes: anchors.flatMap((a) => a.quotes),
  };
}

const hasAnchor = (f: Anchor) => f.numbers.length + f.dates.length + f.times.length + f.quotes.length > 0;

/** The two state a fact in common: a figure (rounding allowed), a date, or a quotation. */
function shareAnchor(a: Anchor, b: Anchor, hedged: boolean, rounded: FigureRounding = NO_ROUNDING): boolean {
  const figure = (x: string, y: string) => sameFigure(x, y, hedged) || rounded(x, y);
  // "2026-01-09", "01-09" and "2026" can be one date at different precision, and two parts of one
  // year that overlap ("summer 2027", "mid-2027") one time of it.
  const sameDate = (x: string, y: string) =>
    x === y || x.startsWith(`${y}-`) || y.startsWith(`${x}-`) || x.endsWith(`-${y}`) || y.endsWith(`-${x}`) || partsOverlap(x, y);
  // The same figure, or a rounded one: what a figure counts is a word of its language, so figures
  // that name it differently are one fact when one is the other rounded ("rund 3.100 Fahrgäste",
  // "3080 pasażerów"), not when they merely lie close ("about 22 miles", "21 crew").
  // A measurement is compared as its base value: "8 km" is not "8 miles", "12 miles" is "19 km".
  const sameQuantity = (x: Quantity, y: Quantity) =>
    x.base !== undefined && y.base !== undefined
      ? sameAmount(x, y, figure)
      : x.value === y.value ||
        (figure(x.value, y.value) &&
          (x.unit === y.unit || x.unit === "" || y.unit === "" || roundingOf(x.value, y.value) || roundingOf(y.value, x.value)));
  return (
    a.quantities.some((x) => b.quantities.some((y) => sameQuantity(x, y))) ||
    a.dates.some((x) => b.dates.some((y) => sameDate(x, y))) ||
    intersects(a.times, b.times) ||
    a.quotes.some((x) => b.quotes.some((y) => x.includes(y) || y.includes(x)))
  );
}

/** A mention of one fact: a sentence that states several facts is a mention of each of them. */
interface FactMention extends Mention {
  /** The sentence (index into the mentions) this mention of a fact is read from. */
  sentence: number;
  /** The fact it is a mention of (all of the sentence's, when it states one or none). */
  anchor: Anchor;
  /** Every fact of the sentence. */
  stated: Anchor;
}

/** A fact stated by more than this share of a story's sentences is the story's frame (the day of the
 * event, the number of a typhoon), not the fact of one claim. */
const FRAME_SHARE = 0.25;
/** How many of a denial's rarest denied words it meets other sentences by. */
const DENIED_WORDS_MET = 3;
/** How many checkable sentences of its page on from one another party's account is looked for. */
const NEARBY_SENTENCES = 3;
/** Words agreeing this much say the same thing whatever figures one of them adds. */
const STRONG_OVERLAP = 0.55;

/**
 * Each sentence as mentions of the facts it states: the sentence's words, names, denial and
 * attribution with one anchor fact each, so that a claim is matched, and disputed, on one fact.
 */
export function factMentions(mentions: readonly Mention[], isFrame: (fact: string) => boolean = () => false): FactMention[] {
  const out: FactMention[] = [];
  mentions.forEach((m, sentence) => {
    const anchors = anchorsOf(m.facts, isFrame);
    const stated = joined(anchors);
    if (anchors.length <= 1) {
      out.push({ ...m, sentence, anchor: stated, stated });
      return;
    }
    for (const a of anchors) out.push({ ...m, sentence, facts: { ...m.facts, ...a }, anchor: a, stated });
  });
  return out;
}

export function checkClaims(sources: readonly GroupedSource[]): CheckedClaim[] {
  const sentences = collectMentions(sources);
  const weight = stemWeights(sentences);
  // How rare a fact is counts the sentences that state it, however many facts each states.
  const sentenceIndex = postings(sentences, weight);
  const factCount: FactCounts = (fact) => sentenceIndex.get(fact)?.length ?? 0;
  const frameCount = Math.max(RARE_FACT, FRAME_SHARE * sentences.length);
  const mentions = factMentions(sentences, (fact) => factCount(fact) > frameCount);
  const uf = new UnionFind(mentions.length);
  const conflicts: [number, number][] = [];
  const edges: { a: number; b: number; strength: number }[] = [];
  const compared = new Set<string>();
  const index = postings(mentions, weight);
  const related = new Map<string, Relation>();
  const sentenceRelation = (a: number, b: number): Relation => {
    const key = `${a}:${b}`;
    let r = related.get(key);
    if (r === undefined) {
      r = relate(sentences[a] as Mention, sentences[b] as Mention, weight, factCount);
      related.set(key, r);
    }
    return r;
  };
  /**
   * Two mentions of facts state the same claim when they state the same fact and say the same of
   * it (in the words of the fact's mention or of the whole sentences); they dispute it when the
   * sentences disagree and on this fact: neither sentence also states the other's value of it.
   */
  const factRelation = (a: number, b: number): Relation => {
    const ma = mentions[a] as FactMention;
    const mb = mentions[b] as FactMention;
    const own = relate(ma, mb, weight, factCount);
    if (!hasAnchor(ma.anchor) && !hasAnchor(mb.anchor)) return own;
    // A sentence that states no figure, date or quotation does not state an anchored claim's fact;
    // it tells the claim's act only when it says it in much the same words ("the player will say
    // goodbye to the fans at the training ground" beside "… on Friday at 11.00").
    if (!hasAnchor(ma.anchor) || !hasAnchor(mb.anchor))
      return own === "conflict" || (own === "same" && weightedOverlap(ma.facts.stems, mb.facts.stems, weight) >= STRONG_OVERLAP)
        ? own
        : "none";
    const whole = sentenceRelation(ma.sentence, mb.sentence);
    const hedged = ma.facts.hedged || mb.facts.hedged;
    if (own === "conflict")
      return whole === "conflict" && !shareAnchor(ma.anchor, mb.stated, hedged) && !shareAnchor(mb.anchor, ma.stated, hedged)
        ? "conflict"
        : "none";
    if ((own === "same" || whole === "same") && shareAnchor(ma.anchor, mb.anchor, hedged, speakerRounding(ma, mb))) return "same";
    // A quotation and its translation share no words: their anchor is the speaker's statement.
    if (ma.anchor.quotes.length > 0 && mb.anchor.quotes.length > 0 && translatedQuote(ma, mb)) return "same";
    return "none";
  };
  /**
   * Compares two mentions of facts, met on a fact or word they share or close by on one page;
   * met on what they count, only when one of them revises a figure.
   */
  const compare = (a: number, b: number, revisionsOnly = false) => {
    const ma = mentions[a] as FactMention;
    const mb = mentions[b] as FactMention;
    // One page compares its sentences only where it gives two parties' accounts, the one set
    // against the other ("the prefecture says 22:00"; "there was no order before 1.30, the mayor
    // says"): beside each other, a page tells different things far more often than a dispute.
    // A party's own channel speaks for the party throughout: its statements and its background
    // are one party's word, whichever sentence names it.
    const onePage = ma.source === mb.source;
    if (onePage && (sources[ma.source] as GroupedSource).official) return;
    if (onePage && !twoParties(ma, mb)) return;
    if (revisionsOnly && !ma.facts.revision && !mb.facts.revision && !ma.facts.qualifiedSum && !mb.facts.qualifiedSum) return;
    // A pair meets through every fact and word it shares: it is weighed once.
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (compared.has(key)) return;
    compared.add(key);
    const setAgainst = ma.facts.contrary || mb.facts.contrary || ma.facts.negated.length + mb.facts.negated.length > 0;
    const answers = onePage && (deniesJustBefore(ma, mb, weight) || countersJustBefore(ma, mb));
    if (onePage && !answers && !setAgainst) return;
    if (answers) {
      conflicts.push(a < b ? [a, b] : [b, a]);
      return;
    }
    const relation = factRelation(a, b);
    if (onePage) {
      if (relation === "conflict") conflicts.push([a, b]);
    } else if (relation === "same") edges.push({ a, b, strength: weightedOverlap(ma.facts.stems, mb.facts.stems, weight) });
    else if (relation === "conflict") conflicts.push([a, b]);
  };
  for (const [token, list] of index) {
    if (list.length < 2 || list.length > MAX_POSTING) continue;
    // Counting the same thing pairs a revision with the figures it revises, nothing else; what
    // the counted noun means pairs two languages' counts of it ("37 contenedores", "64 container").
    const revisionsOnly = token.startsWith("u:");
    const acrossOnly = token.startsWith("k:");
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i] as number, list[j] as number];
        if (acrossOnly && (mentions[a] as FactMention).language === (mentions[b] as FactMention).language) continue;
        compare(a, b, revisionsOnly);
      }
  }
  // A page that gives a second party's account of something gives it close by: each sentence is
  // also compared with the next few checkable sentences of its page, whatever words they share.
  for (let a = 0; a < mentions.length; a++) {
    const ma = mentions[a] as FactMention;
    for (let b = a + 1; b < mentions.length; b++) {
      const mb = mentions[b] as FactMention;
      if (mb.source !== ma.source || mb.sentence - ma.sentence > NEARBY_SENTENCES) break;
      if (mb.sentence !== ma.sentence) compare(a, b);
    }
  }
  // A denial meets the sentences that state what it denies, however common those words are
  // elsewhere ("denies that any bank account numbers were exposed" and "the sample contains bank
  // account numbers"): its rarest denied words, each through the sentences that use it.
  const denials = mentions.flatMap((m, i) => (m.facts.denial && m.facts.denied.length > 0 ? [i] : []));
  if (denials.length > 0) {
    // Each denial's rarest denied words, and only those words indexed.
    const metBy = new Map(
      denials.map((a) => [
        a,
        [...new Set((mentions[a] as FactMention).facts.denied)].sort((x, y) => weight(y) - weight(x)).slice(0, DENIED_WORDS_MET),
      ]),
    );
    const deniedWords = new Set([...metBy.values()].flat());
    const withStem = new Map<string, number[]>();
    mentions.forEach((m, i) => {
      for (const w of new Set(m.facts.stems)) {
        if (!deniedWords.has(w)) continue;
        const list = withStem.get(w);
        if (list) list.push(i);
        else withStem.set(w, [i]);
      }
    });
    for (const [a, words] of metBy)
      for (const w of words) {
        const list = withStem.get(w) ?? [];
        if (list.length <= MAX_POSTING) for (const b of list) if (b !== a) compare(a, b);
      }
  }
  // Strongest matches first, and a mention joins a claim only if it also states the claim's
  // founding sentence: single links would chain one claim into the next through a sentence that
  // happens to touch both.
  edges.sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b);
  const lead = new Map<number, number>();
  const leadOf = (root: number) => lead.get(root) ?? root;
  for (const { a, b } of edges) {
    const ra = uf.find(a);
    const rb = uf.find(b);
    if (ra === rb) continue;
    const la = leadOf(ra);
    const lb = leadOf(rb);
    const states = (x: number, y: number) => x === y || factRelation(x, y) === "same";
    if (!(states(a, lb) || states(la, b) || states(la, lb))) continue;
    const founding = uf.sizeOf(ra) >= uf.sizeOf(rb) ? la : lb;
    uf.union(a, b);
    lead.set(uf.find(a), founding);
  }

  // One claim per set of sentences: the facts of a sentence that no other sentence states, or
  // that the same sentences state together, are one claim.
  const clusterOfFact = new Map<number, number>();
  const clusters: number[][] = [];
  const clusterOfSentences = new Map<string, number>();
  const actOnly = new Map<number, Set<number>>();
  for (const members of uf.groups().values()) {
    const sentenceSet = [...new Set(members.map((m) => (mentions[m] as FactMention).sentence))].sort((x, y) => x - y);
    const key = sentenceSet.join(",");
    let id = clusterOfSentences.get(key);
    if (id === undefined) {
      id = clusters.length;
      clusters.push(sentenceSet);
      clusterOfSentences.set(key, id);
    }
    for (const m of members) clusterOfFact.set(m, id);
    // Sentences that joined a claim on its act without stating its fact.
    if (members.some((m) => hasAnchor((mentions[m] as FactMention).anchor))) {
      const bare = members
        .filter((m) => !hasAnchor((mentions[m] as FactMention).anchor))
        .map((m) => (mentions[m] as FactMention).sentence);
      if (bare.length > 0) actOnly.set(id, new Set([...(actOnly.get(id) ?? []), ...bare]));
    }
  }
  // Whether a claim takes from a sentence only figures the sentence states in passing beside its
  // attributed statement ("Tallyforge, which sells software to about 3,100 businesses, said …"):
  // for that claim the sentence is the outlet's own account, whoever it quotes.
  const passing = new Map<string, boolean>();
  mentions.forEach((m, i) => {
    const key = `${clusterOfFact.get(i)}:${m.sentence}`;
    const inPassing =
      m.anchor.numbers.length > 0 &&
      m.anchor.dates.length + m.anchor.times.length + m.anchor.quotes.length === 0 &&
      m.anchor.numbers.every((n) => m.facts.background.includes(n));
    passing.set(key, (passing.get(key) ?? true) && inPassing);
  });
  // A sentence giving two sides' figures of one count ("según el sindicato, 1.850; la empresa
  // reduce la cifra a 1.120") disputes the two claims itself, whichever pages carry them.
  const sides: { a: number; b: number; ca: number; cb: number }[] = [];
  // Each such sentence's mentions of facts, found once.
  const mentionsOf = new Map<number, number[]>();
  mentions.forEach((m, i) => {
    if (sentences[m.sentence]?.facts.accounts) mentionsOf.set(m.sentence, [...(mentionsOf.get(m.sentence) ?? []), i]);
  });
  sentences.forEach((sentence, i) => {
    const accounts = sentence.facts.accounts;
    if (!accounts) return;
    const clusterOf = (value: string) => {
      const found = (mentionsOf.get(i) ?? []).find((k) => {
        const m = mentions[k] as FactMention;
        return m.anchor.numbers.length === 1 && m.anchor.numbers[0] === value;
      });
      return found === undefined ? undefined : clusterOfFact.get(found);
    };
    const [ca, cb] = accounts.map(clusterOf);
    if (ca !== undefined && cb !== undefined && ca !== cb) sides.push({ a: i, b: i, ca, cb });
  });
  return claimsOf(
    sources,
    sentences,
    clusters,
    actOnly,
    (claim, sentence) => passing.get(`${claim}:${sentence}`) === true,
    // Two sentences that disagree on several facts are one disagreement between each pair of claims.
    [
      ...new Map(
        conflicts.map(([x, y]) => {
          const c = {
            a: (mentions[x] as FactMention).sentence,
            b: (mentions[y] as FactMention).sentence,
            ca: clusterOfFact.get(x) as number,
            cb: clusterOfFact.get(y) as number,
          };
          return [`${c.a}:${c.b}:${c.ca}:${c.cb}`, c] as const;
        }),
      ).values(),
    ],
    sides,
  );
}

/** What the claim's state reads of a mention: its page, whose word it rests on, whether it states a position, and whether the outlet says it saw it. */
function carrierMention(m: Mention, inPassing = false): CarrierMention {
  return {
    source: m.source,
    text: m.text,
    ...(m.party && !inPassing ? { party: m.party } : {}),
    ...(m.facts.position ? { position: m.facts.position } : {}),
    ...(m.facts.ownReport ? { ownReport: true } : {}),
  };
}

function claimsOf(
  sources: readonly GroupedSource[],
  mentions: readonly Mention[],
  clusters: readonly number[][],
  /** Per claim, the sentences that state its act but not its fact. */
  actOnly: ReadonlyMap<number, ReadonlySet<number>>,
  /** Whether a claim's facts stand in its sentence only in passing, beyond the sentence's attribution. */
  inPassing: (claim: number, sentence: number) => boolean,
  conflicts: readonly { a: number; b: number; ca: number; cb: number }[],
  /** Disputes a sentence states itself, two sides' figures of one count: no origin to compare. */
  sides: readonly { a: number; b: number; ca: number; cb: number }[] = [],
): CheckedClaim[] {
  // Who each page credits anywhere in its text: a bare statement may rest on a body credited elsewhere.
  const pageParties = new Map<number, string[]>();
  for (const m of mentions) if (m.party) pageParties.set(m.source, [...(pageParties.get(m.source) ?? []), m.party]);

  const disputedWith = new Map<number, Set<number>>();
  const selfConflicts = new Map<number, number[]>();
  // Each claim's state by who carries it on whose word, before disagreement is weighed: read once,
  // for the two parties' counts below and for the claim itself.
  const states = new Map<number, StateResult>();
  const stateOf = (id: number): StateResult => {
    let state = states.get(id);
    if (!state) {
      const members = clusters[id] as number[];
      const carriers = [...new Set(members.map((m) => (mentions[m] as Mention).source))].sort((x, y) => x - y);
      state = claimState(
        carriers,
        members.map((m) => carrierMention(mentions[m] as Mention, inPassing(id, m))),
        sources,
        pageParties,
      );
      states.set(id, state);
    }
    return state;
  };
  const counts = partyCountConflicts(
    clusters,
    mentions,
    sources,
    (x, y) => sameAmount(x, y, (p, q) => sameFigure(p, q, true)),
    (id) => {
      const state = stateOf(id);
      return state.state === "parallel" && state.attributedTo ? toParty(state.attributedTo) : undefined;
    },
  );
  for (const { a, b, ca, cb } of [...conflicts, ...counts, ...sides]) {
    const oa = (sources[(mentions[a] as Mention).source] as GroupedSource).originId;
    const ob = (sources[(mentions[b] as Mention).source] as GroupedSource).originId;
    // One origin does not dispute itself across its pages (an updated copy is no second account);
    // a page giving two parties' accounts does, and so does one sentence giving two sides.
    const onePage = (mentions[a] as Mention).source === (mentions[b] as Mention).source;
    if (oa === ob && a !== b && !(onePage && twoParties(mentions[a] as Mention, mentions[b] as Mention))) continue;
    // Mentions joined through others that still contradict each other: the claim is disputed
    // within itself.
    if (!disputedWith.has(ca)) disputedWith.set(ca, new Set());
    if (!disputedWith.has(cb)) disputedWith.set(cb, new Set());
    if (ca === cb) {
      selfConflicts.set(ca, [...(selfConflicts.get(ca) ?? []), b]);
      continue;
    }
    disputedWith.get(ca)?.add(cb);
    disputedWith.get(cb)?.add(ca);
  }

  // The same quoted words on every carrier are one person's statement, however the pages name the
  // speaker ("Colfer said" on one, "in a video released by the club, he said" on another).
  // A page quoting a few of the words ("Colfer said it was "a dream" to play in France") quotes the
  // same statement as a page quoting them all.
  const quotedByAll = (carriers: number[], members: number[]): boolean => {
    const quotes = new Map<number, string[]>();
    for (const m of members) {
      const mention = mentions[m] as Mention;
      quotes.set(mention.source, [...(quotes.get(mention.source) ?? []), ...mention.facts.quotes, ...quotedWords(mention.text)]);
    }
    const same = (x: string, y: string) => x.includes(y) || y.includes(x);
    // The same words, or the same words translated (one person's quotation in two languages).
    const quoting = new Map<number, Mention[]>();
    for (const m of members) {
      const mention = mentions[m] as Mention;
      if (mention.facts.quotes.length > 0) quoting.set(mention.source, [...(quoting.get(mention.source) ?? []), mention]);
    }
    const translated = (c: number, o: number) =>
      (quoting.get(c) ?? []).some((x) => (quoting.get(o) ?? []).some((y) => translatedQuote(x, y)));
    return carriers.every((c) => {
      const mine = quotes.get(c) ?? [];
      return (
        mine.length > 0 &&
        carriers.some((o) => o !== c && ((quotes.get(o) ?? []).some((q) => mine.some((x) => same(x, q))) || translated(c, o)))
      );
    });
  };
  const speakerOf = (members: number[]): string | undefined => {
    const named = members.map((m) => (mentions[m] as Mention).party).filter((p): p is string => !!p && p !== QUOTED_SPEAKER);
    return named.sort((a, b) => b.length - a.length)[0];
  };
  const claims: CheckedClaim[] = clusters.map((members, id) => {
    const carriers = [...new Set(members.map((m) => (mentions[m] as Mention).source))].sort((x, y) => x - y);
    // The claim's sentence: one that states this fact alone where a carrier wrote one (a sentence of
    // several facts words several claims alike), then the best-scored source's.
    const factsStated = (m: number) => anchorsOf((mentions[m] as Mention).facts).length;
    const disputed = disputedWith.has(id);
    // A claim some sentence states a figure, date or quotation of is read by one that does, unless
    // a sentence telling its act alone is worded so by several carriers: one page's sentence joined
    // on the act ("La Audiencia lee este martes la sentencia") tells no fact of it.
    const anchored = members.some((m) => factsStated(m) > 0);
    // Pages that word each sentence of the claim, read once rather than in the sort.
    const pagesOf = new Map<string, Set<number>>();
    for (const m of members) {
      const { text, source } = mentions[m] as Mention;
      pagesOf.set(text, (pagesOf.get(text) ?? new Set()).add(source));
    }
    const sharedWording = (m: number) => (pagesOf.get((mentions[m] as Mention).text)?.size ?? 0) > 1;
    const lead = [...members].sort((x, y) => {
      const sx = (sources[(mentions[x] as Mention).source] as GroupedSource).score;
      const sy = (sources[(mentions[y] as Mention).source] as GroupedSource).score;
      // A dispute's account is read by its value: a sentence that states none of the claim's
      // facts (one joined on its act, "Police said several people were seriously injured") is then
      // the last choice, so the account shows its own figure.
      const rank = (m: number) =>
        (disputed || (anchored && !sharedWording(m))) && factsStated(m) === 0 ? 3 : Math.min(factsStated(m), 2);
      return rank(x) - rank(y) || sy - sx || x - y;
    })[0] as number;
    let base = stateOf(id);
    // Corroboration needs two accounts of the fact: a page that tells the act without the figure,
    // date or quotation, beside a party's statement of it, is no second account of that fact.
    const bare = actOnly.get(id);
    if (base.state === "corroborated" && bare && bare.size > 0) {
      const stating = members.filter((m) => !bare.has(m));
      const party = stating.map((m) => (mentions[m] as Mention).party).find((p) => p !== undefined);
      const own = claimState(
        [...new Set(stating.map((m) => (mentions[m] as Mention).source))].sort((x, y) => x - y),
        stating.map((m) => carrierMention(mentions[m] as Mention, inPassing(id, m))),
        sources,
        pageParties,
      );
      if (own.state !== "corroborated" && party !== undefined)
        base = { state: "parallel", originCount: base.originCount, attributedTo: own.attributedTo ?? party };
    }
    const state = disputedWith.has(id)
      ? { ...base, state: "disputed" as ClaimState }
      : base.state === "corroborated" && quotedByAll(carriers, members)
        ? { ...base, state: "parallel" as ClaimState, attributedTo: speakerOf(members) }
        : base;
    const claim: CheckedClaim = {
      key: `c${id}`,
      text: (mentions[lead] as Mention).text,
      state: state.state,
      originCount: state.originCount,
      sourceKeys: carriers.map((c) => (sources[c] as GroupedSource).key),
      mentions: members.map((m) => {
        const mention = mentions[m] as Mention;
        return {
          sourceKey: (sources[mention.source] as GroupedSource).key,
          text: mention.text,
          ...(mention.party && !inPassing(id, m) ? { attributedTo: mention.party } : {}),
        };
      }),
    };
    if (state.attributedTo && state.state === "parallel") claim.attributedTo = state.attributedTo;
    return claim;
  });
  const revises = (members: number[]) => members.some((m) => (mentions[m] as Mention).facts.revision);
  for (const [id, others] of disputedWith) {
    const claim = claims[id] as CheckedClaim;
    const within = (selfConflicts.get(id) ?? []).map((m) => ({
      text: (mentions[m] as Mention).text,
      sourceKeys: [(sources[(mentions[m] as Mention).source] as GroupedSource).key],
    }));
    const between = [...others].map((o) => ({
      text: (claims[o] as CheckedClaim).text,
      sourceKeys: (claims[o] as CheckedClaim).sourceKeys,
      ...(revises(clusters[o] as number[]) ? { later: true } : {}),
    }));
    claim.variants = [...within, ...between];
    // The account that says it revises the others is the later one ("has risen to 210").
    if (revises(clusters[id] as number[])) claim.later = true;
  }
  return claims;
}

/** The weight of a stem that at most RARE_FACT mentions use (a hair less: the total is read back
 * from a logarithm, and a stem of exactly RARE_FACT mentions must pass). */
function rareWeight(weight: Weights): number {
  const total = Math.exp(weight("\u0000")) - 1;
  return Math.log(1 + total / RARE_FACT) - 1e-9;
}

/** How much of their words, names aside and weighed by rarity, a sentence saying there is none of a
 * thing shares with one stating it, to speak of the same thing. */
const NEGATED_SHARED = 0.15;

/** Words that restrict a thing to a group: "no injuries among the passengers", "parmi", "unter", "wśród". */
const AMONG = /^(?:among|amongst|parmi|unter|entre|tra|fra|wśród)$/iu;

/** Whether a text restricts what it negates to a group the other sentence does not name
 * ("no injuries among the 140 passengers" against "two crew members suffered injuries"). */
function ofAnotherGroup(text: string, s: string, otherStems: readonly string[]): boolean {
  const words = lowerWords(text);
  const at = words.findIndex((w) => stem(w) === s);
  if (at < 0 || !AMONG.test(words[at + 1] ?? "")) return false;
  const group = words
    .slice(at + 2, at + 5)
    .filter((w) => !FUNCTION_WORDS.has(w))
    .map(stem);
  return group.length > 0 && !group.some((g) => otherStems.includes(g));
}

/**
 * Two words cut to one stem that the lexicon reads as two things: "suspects" and "suspended" share
 * "suspe". A word the lexicon does not know is taken at its stem.
 */
function meansApart(textA: string, languageA: string, textB: string, languageB: string, s: string): boolean {
  const words = (text: string) => lowerWords(text).filter((w) => stem(w) === s);
  const [wa, wb] = [words(textA), words(textB)];
  // Words sharing more than the stem are one word's forms ("dismissals", "dismissed").
  if (wa.some((x) => wb.some((y) => commonPrefix(x, y) > s.length))) return false;
  const [a, b] = [new Set(wa.map((w) => conceptOf(w, languageA))), new Set(wb.map((w) => conceptOf(w, languageB)))];
  if (a.has(undefined) || b.has(undefined) || a.size === 0 || b.size === 0) return false;
  return ![...a].some((m) => b.has(m));
}

/** How many letters two words begin with in common. */
function commonPrefix(x: string, y: string): number {
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

/** "Without" in the languages read: what follows it is said to be absent. */
const WITHOUT = /^(?:without|ohne|sans|sin|senza|bez)$/iu;

/** Whether a text says a stem's thing is absent with "without" ("put out without injuries", "ohne Verletzte"). */
function withoutIt(text: string, s: string): boolean {
  return wordBefore(text, [s], WITHOUT, 2);
}
