// The numbers and dates a sentence states, in comparable form: numbers with the language's
// separators, scale words and small number words resolved to one value, each with what it counts;
// dates normalised to yyyy-mm-dd, yyyy-mm or mm-dd; bare years apart. Figures in or beside
// Japanese script are read by japaneseFigures.ts first, and their spans kept from this reading.
import { FUNCTION_WORDS, stem } from "./contentWords.ts";
import {
  formatNumber,
  MONTH_PATTERN,
  MONTHS,
  measureUnitAfter,
  numberWord,
  pad,
  parseDigits,
  type Quantity,
  SCALES,
  unitClass,
} from "./figures.ts";
import { extractJapaneseDates, extractJapaneseNumbers } from "./japaneseFigures.ts";
import { conceptOf } from "./newsLexicon.ts";

const NUMBER_RE = new RegExp(
  String.raw`(?<![\p{L}\d.,])(\d{1,3}(?:[.,\s\u00a0\u202f']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?:\s*(%|per ?cent|prozent|pour ?cent|por ?ciento|percento))?(?:\s*(${Object.keys(
    SCALES,
  )
    .sort((a, b) => b.length - a.length)
    .join("|")})\b)?`,
  "giu",
);

const DATE_PATTERNS: { re: RegExp; parts: (m: RegExpExecArray) => [number | undefined, number, number | undefined] }[] = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  {
    // 14.04.2026, 14/04/2026: day first, as Europe writes it; "10/13/2026" can only be month first.
    re: /(?<![\d.,/])(\d{1,2})([./])(\d{1,2})\2(\d{4})(?![\d]|[.,/]\d)/g,
    parts: (m) => {
      const [first, second] = [Number(m[1]), Number(m[3])];
      const monthFirst = m[2] === "/" && second > 12 && first <= 12;
      const [month, day] = monthFirst ? [first, second] : [second, first];
      return [Number(m[4]), month <= 12 ? month : 0, day];
    },
  },
  {
    // 14 March 2026, 14. März 2026, 14 de marzo de 2026, 1er mars
    re: new RegExp(
      String.raw`\b(\d{1,2})(?:\.|er|st|nd|rd|th)?\s+(?:de\s+)?(${MONTH_PATTERN})\.?(?:\s+(?:de\s+)?(\d{4}))?`,
      "giu",
    ),
    parts: (m) => [m[3] ? Number(m[3]) : undefined, MONTHS[(m[2] as string).toLowerCase()] as number, Number(m[1])],
  },
  {
    // March 14, 2026 / March 14
    re: new RegExp(String.raw`\b(${MONTH_PATTERN})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b`, "giu"),
    parts: (m) => [m[3] ? Number(m[3]) : undefined, MONTHS[(m[1] as string).toLowerCase()] as number, Number(m[2])],
  },
  {
    // March 2026
    re: new RegExp(String.raw`\b(${MONTH_PATTERN})\s+(\d{4})\b`, "giu"),
    parts: (m) => [Number(m[2]), MONTHS[(m[1] as string).toLowerCase()] as number, undefined],
  },
];

const DAY_PAIR = new RegExp(
  String.raw`\b(\d{1,2})(?:\.|er|st|nd|rd|th)?\s*(?:and|und|et|y|e|i|to|bis|au|al|-|–|—|&)\s*(?:[\p{L}]+,?\s+)?(\d{1,2})(?:\.|er|st|nd|rd|th)?\s+(?:de\s+)?(${MONTH_PATTERN})\.?(?:\s+(?:de\s+)?(\d{4}))?`,
  "giu",
);

/**
 * Parts of a year, by the months they span, in the languages we read: "summer 2027", "Ende 2027",
 * "fin de 2027", "do końca 2027 roku". Winter is left out: it straddles two years.
 */
const YEAR_PARTS: [RegExp, number, number][] = [
  [/^(?:spring|frühjahr|frühling|printemps|primavera|wiosn[aąy])$/u, 3, 5],
  [/^(?:summer|sommer|été|verano|estate|lato|latem|lecie)$/u, 6, 8],
  [/^(?:autumn|fall|herbst|automne|otoño|autunno|jesie[nń]|jesienią|jesieni)$/u, 9, 11],
  [/^(?:early|beginning|start|anfang|beginn|début|principios|comienzos|inicios|inizio|początk[ua]|początek)$/u, 1, 4],
  [/^(?:mid|middle|mitte|milieu|mediados|metà|połow[aiy]|połowie)$/u, 5, 8],
  [/^(?:late|end|ende|fin|finales|fines|fine|końca|końcu|koniec)$/u, 10, 12],
  [/^(?:first half|erste[nr]? hälfte|premier semestre|primer semestre|primo semestre|pierwsz(?:e|ym) półroczu?)$/u, 1, 6],
  [/^(?:second half|zweite[nr]? hälfte|second semestre|segundo semestre|secondo semestre|drugi(?:e|m) półroczu?)$/u, 7, 12],
];
/**
 * Words that are other words elsewhere ("a fine of 2000 euros", "an estate of 1500 homes"): a part
 * of a year only after the words that open it in their own language ("a fine 2027", "nell'estate").
 */
const GUARDED_PARTS: Record<string, string> = {
  fine: String.raw`(?<=(?:^|[\s(])(?:a|la|entro|verso|alla|dalla|per|della|fino a)\s)fine(?=\s+(?:del\s+|dell['’])?(?:19|20)\d{2})`,
  estate: String.raw`(?<=(?:nell['’]|l['’]|dell['’]|quest['’]|in\s|prossima\s|scorsa\s))estate`,
};
/** The words of every part, as one alternation for finding them in a sentence. */
const YEAR_PART_WORDS = YEAR_PARTS.map(([re]) => re.source.replace(/^\^\(\?:|\)\$$/gu, ""))
  .join("|")
  .split("|")
  .map((word) => GUARDED_PARTS[word] ?? word)
  .join("|");
/** A year of the calendar, not any four digits ("a fine of 2000 euros" has none). */
const YEAR_PART = new RegExp(
  String.raw`(?<![\p{L}])(${YEAR_PART_WORDS})(?:-|\s+)(?:(?:of|de|del|des|du|di|dell'|dello)\s*)?(?:(?:the|l'|el|la|il)\s*)?(?:(?:year|Jahres|année|año|anno)\s+)?((?:19|20)\d{2})(?![\d\p{L}])`,
  "giu",
);

/** A part of a year as a date: the year, then the months it spans ("2027-p6.8" for summer 2027). */
export function yearPart(word: string, year: string): string | undefined {
  const written = word.toLowerCase().replace(/\s+/gu, " ");
  const part = YEAR_PARTS.find(([re]) => re.test(written));
  return part ? `${year}-p${part[1]}.${part[2]}` : undefined;
}

/** The months a part-of-year date spans ("2027-p6.8" → [6, 8]), or undefined for any other date. */
export function partMonths(date: string): [number, number] | undefined {
  const m = /^\d{4}-p(\d+)\.(\d+)$/.exec(date);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

export function extractDates(
  sentence: string,
  cjk = false,
  language = "",
): { dates: string[]; spans: [number, number][]; years: string[] } {
  const dates = new Set<string>();
  const spans: [number, number][] = [];
  const years = new Set<string>();
  if (cjk) extractJapaneseDates(sentence, dates, spans, years);
  // Two days of one month ("Thursday 14 and Friday 15 May", "14.–15. Mai", "del 14 al 15 de mayo"):
  // both days, so the first is not read as a bare number or missed as a date.
  DAY_PAIR.lastIndex = 0;
  for (let m = DAY_PAIR.exec(sentence); m; m = DAY_PAIR.exec(sentence)) {
    const month = MONTHS[(m[3] as string).toLowerCase()] as number;
    const year = m[4] ? Number(m[4]) : undefined;
    const pair = [Number(m[1]), Number(m[2])];
    if (!month || pair.some((d) => d < 1 || d > 31)) continue;
    spans.push([m.index, m.index + m[0].length]);
    for (const day of pair) dates.add(year ? `${year}-${pad(month)}-${pad(day)}` : `${pad(month)}-${pad(day)}`);
  }
  for (const { re, parts } of DATE_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
      const start = m.index;
      const end = start + m[0].length;
      if (spans.some(([s, e]) => start < e && end > s)) continue;
      const [year, month, day] = parts(m);
      if (!month || (day !== undefined && (day < 1 || day > 31))) continue;
      // English writes "03/02/2026" either way (the US puts the month first): read it only when the
      // day cannot be a month.
      if (language === "en" && m[2] === "/" && Number(m[1]) <= 12 && Number(m[3]) <= 12) {
        spans.push([start, end]);
        continue;
      }
      spans.push([start, end]);
      if (year && day) dates.add(`${year}-${pad(month)}-${pad(day)}`);
      else if (year) dates.add(`${year}-${pad(month)}`);
      else if (day) dates.add(`${pad(month)}-${pad(day)}`);
    }
  }
  // "Sommer 2027", "the end of 2027": when in a year, finer than the year and coarser than a month.
  YEAR_PART.lastIndex = 0;
  for (let m = YEAR_PART.exec(sentence); m; m = YEAR_PART.exec(sentence)) {
    const start = m.index;
    const end = start + m[0].length;
    if (spans.some(([s, e]) => start < e && end > s)) continue;
    const date = yearPart(m[1] as string, m[2] as string);
    if (!date) continue;
    spans.push([start, end]);
    dates.add(date);
  }
  return { dates: [...dates], spans, years: [...years] };
}

/** "the number of ships", "el número de personas", "liczba statków": the thing counted, named after a word for "number". */
const NUMBER_OF =
  /(?<![\p{L}])(?:number|total|count|toll|tally|anzahl|zahl|bilanz|nombre|número|numero|bilan|balance|bilancio|liczb[aęy]|ilość|ilości|bilans)(?:(?: (?:of|der|des|de|di|du|del|dei|degli|delle))? |\s?d['’])(\p{L}{3,})(?: (\p{L}{3,}))?/iu;

/**
 * The noun a "number of" phrase in a text counts: its first word, or the second when only that
 * names a kind of thing ("the tally of stolen *works*"; "the number of flights carrying
 * passengers" counts flights).
 */
function numberOfWord(text: string): string | undefined {
  const m = NUMBER_OF.exec(text);
  if (!m) return undefined;
  const [first, second] = [m[1] as string, m[2]];
  const kind = (w: string) => unitClass(w.toLowerCase()) !== undefined;
  return second && !FUNCTION_WORDS.has(second.toLowerCase()) && !kind(first) && kind(second) ? second : first;
}

/**
 * A toll told by what befell those counted: "Trois d'entre eux sont morts", "tre di loro sono
 * morti", "three were killed". The count is then of the dead or the injured, as "quatre morts" and
 * "23 Verletzte" are.
 */
const TOLL_PREDICATE: [RegExp, string][] = [
  [
    /(?<![\p{L}])(?:died|were killed|have died|lost their lives|sont morts|sont mortes|ont péri|ont perdu la vie|ont été tués|starben|kamen ums leben|sind gestorben|wurden getötet|murieron|fallecieron|perdieron la vida|han muerto|sono morti|sono morte|hanno perso la vita|sono deceduti|zginęł[oiy]|zmarł[oiy]|nie żyj[ąe])(?![\p{L}])/iu,
    "dead",
  ],
  [
    /(?<![\p{L}])(?:were injured|were hurt|were wounded|have been injured|ont été blessés|ont été blessées|sont blessés|wurden verletzt|sind verletzt|resultaron heridos|han resultado heridos|resultaron heridas|sono rimasti feriti|sono rimaste ferite|sono feriti|zostało rannych|zostali ranni|są ranni)(?![\p{L}])/iu,
    "injured",
  ],
];

function unitAfter(sentence: string, end: number): string {
  // What a number counts follows it within its clause: "210, according to the trust" counts no
  // trust, and "rose to 19 – said the authority" counts no authority.
  const clause = sentence.slice(end, end + 60).split(/[,;:.!?()]|\s[–—-]\s/)[0] ?? "";
  // Only where no word for what is counted comes first: "120 people were injured" counts people,
  // as it always has; "Trois d'entre eux sont morts" counts the dead.
  const first = (clause.toLowerCase().match(/\p{L}{2,}/gu) ?? []).find((w) => !FUNCTION_WORDS.has(w) && !UNIT_FILLERS.has(w));
  const toll = first && unitClass(first) ? undefined : TOLL_PREDICATE.find(([re]) => re.test(clause.slice(0, 40)));
  if (toll) return toll[1];
  const named = numberOfWord(clause);
  if (named && clause.toLowerCase().indexOf(named.toLowerCase()) < 25) return unitOf(named);
  for (const word of clause.toLowerCase().match(/\p{L}{2,}/gu) ?? []) {
    if (SCALES[word] || FUNCTION_WORDS.has(word) || UNIT_FILLERS.has(word)) continue;
    return unitOf(word);
  }
  return "";
}

const unitOf = (word: string) => unitClass(word.toLowerCase()) ?? stem(word.toLowerCase());

/** How many content words after a figure its counted noun may stand ("64 verlorenen Boxen"). */
const COUNTED_NOUN_WITHIN = 3;

/**
 * What the noun a figure counts means in any language: the first of the next few content words of
 * its clause that the news lexicon knows ("37 contenedores", "64 verlorenen Boxen").
 */
function countedNoun(sentence: string, end: number, language: string): string | undefined {
  const clause = sentence.slice(end, end + 40).split(/[,;:.!?()]|\s[–—-]\s/)[0] ?? "";
  const words = (clause.toLowerCase().match(/\p{L}{2,}/gu) ?? []).filter((w) => !FUNCTION_WORDS.has(w));
  for (const word of words.slice(0, COUNTED_NOUN_WITHIN)) {
    const concept = conceptOf(word, language);
    if (concept) return concept;
  }
  return undefined;
}

/**
 * The word for what a figure counts named before it, since the figure before it: "the number of
 * *people* injured … has risen to 210" ("the number of injured rose to 30 and 12 buildings
 * collapsed": the buildings are no injured).
 */
const countedWordBefore = (before: string): string | undefined => numberOfWord(before.slice(before.search(/\d\D*$/u) + 1));

/**
 * What a figure given as the predicate counts: its clause's subject, just before "are", "sono",
 * "sind" ("i pazienti interessati siano più di 62.000", "the injured were 31"). The noun of the
 * two words before the verb: a kind of thing counted, or a thing the lexicon knows, read from the
 * end where the language puts its adjectives first, from the start where it puts them after.
 */
function countedSubject(before: string, language: string): string | undefined {
  const since = before.slice(before.search(/\d\D*$/u) + 1);
  const m = COPULA_BEFORE_FIGURE.exec(since);
  // "Among the dead were 2 children": the figure counts what follows it, a part of the subject.
  if (!m || AMONG_BEFORE.test(since.slice(0, m.index)) || AMONG_BEFORE.test(`${m[1]} `)) return undefined;
  const words = [m[1], m[2]].filter((w): w is string => w !== undefined && !FUNCTION_WORDS.has(w.toLowerCase()));
  const order = ADJECTIVE_FIRST.has(language) ? words.reverse() : words;
  return order.find((w) => unitClass(w.toLowerCase()) !== undefined) ?? order.find((w) => conceptOf(w.toLowerCase(), language));
}

/** "Among the", "unter den", "tra i", "entre los", "parmi les", "wśród" just before a subject. */
const AMONG_BEFORE =
  /(?<![\p{L}])(?:among|amongst|unter|tra|fra|entre|parmi|wśród)(?:\s+(?:the|den|der|i|gli|le|los|las|les))?\s*$/iu;

/** Languages that put an adjective before its noun. */
const ADJECTIVE_FIRST = new Set(["en", "de", "pl"]);

/** A subject of one or two words, its verb "to be", a hedge, and nothing more before the figure. */
const COPULA_BEFORE_FIGURE =
  /(?<![\p{L}])(\p{L}{3,})(?:\s+(\p{L}{3,}))?\s+(?:are|were|is|was|sind|waren|sont|étaient|seront|son|eran|serán|sean|sono|siano|erano|saranno|są|byli|były)\s+(?:(?:more than|over|about|around|nearly|almost|some|at least|plus de|près de|environ|au moins|más de|cerca de|unos|unas|alrededor de|al menos|più di|oltre|circa|almeno|quasi|über|rund|etwa|mehr als|fast|knapp|mindestens|ponad|około|blisko|prawie|co najmniej)\s+)?$/iu;

/** A unit that is a kind of thing counted in every language (people, jobs, the injured), not one word's stem. */
const isKind = (unit: string) => unit !== "" && unitClass(unit) === unit;

/**
 * What a figure counts: the noun after it, or a "number of" noun before it ("the number of
 * evacuees upwards to 1,900, after a fourth …"), which wins when only it names a kind of thing.
 */
function figureUnit(sentence: string, end: number, wordBefore: string | undefined): string {
  const following = unitAfter(sentence, end);
  const numbered = wordBefore ? unitOf(wordBefore) : "";
  return following && !(isKind(numbered) && !isKind(following)) ? following : numbered || following;
}

/** Words between a number and what it counts that say nothing about what it counts. */
const UNIT_FILLERS = new Set([
  "least",
  "about",
  "around",
  "some",
  "nearly",
  "almost",
  "more",
  "over",
  "up",
  "rund",
  "etwa",
  "environ",
  "unos",
  "cerca",
  "per",
  "cent",
  "percent",
  "prozent",
  "pour",
  "por",
  "ciento",
]);

/** Emergency lines called by their number in the countries whose languages we read. */
const EMERGENCY_LINES = new Set(["112", "118", "911", "999", "115"]);
/** A word before an emergency line's number: "del 118", "al 112", "call 999" ("The 112 firefighters" counts). */
const EMERGENCY_BEFORE = /(?<![\p{L}])(?:il|del|al|dal|nel|au|du|pod|na|call|calling|chiamare|llamar|appeler|anrufen)\s+$/iu;
/** What follows a line's number: the clause ends or goes on ("del 118 o trasportati", "al 112."). */
const EMERGENCY_AFTER = /^\s*(?:[,.;:)]|$|(?:e|o|y|and|or|et|ou|und|oder|i|lub)(?![\p{L}]))/u;
/(?<![\p{L}])(?:il|del|al|dal|nel|le|au|du|el|the|der|die|dem|den|pod|na|call|calling|chiamare|llamar|appeler|anrufen)\s+$/iu;

const IDENTIFIER_BEFORE = /(?:\bN[°ºo]\.?|\bNr\.?|\bnúm\.?|\bn\.|#)\s*$/iu;

function pushTo(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function extractNumbers(
  sentence: string,
  language: string,
  dateSpans: [number, number][],
  cjk = false,
): { numbers: string[]; quantities: Quantity[]; years: string[]; negated: Quantity[]; at: Map<string, number[]> } {
  /** Where each figure stands in the sentence, by value. */
  const at = new Map<string, number[]>();
  const out = new Set<string>();
  const years = new Set<string>();
  const quantities: Quantity[] = [];
  const negated: Quantity[] = [];
  const skip = [...dateSpans];
  if (cjk) {
    extractJapaneseNumbers(sentence, language === "ja", dateSpans, { numbers: out, quantities, years, spans: skip });
  }
  NUMBER_RE.lastIndex = 0;
  for (let m = NUMBER_RE.exec(sentence); m; m = NUMBER_RE.exec(sentence)) {
    const start = m.index;
    if (skip.some(([s, e]) => start >= s && start < e)) continue;
    const value = parseDigits(m[1] as string, language);
    if (value === undefined) continue;
    // "612, pas 480", "23 mil 100 millones, no 18 mil 400": a figure the sentence says is not so
    // (", no 18" is no "No. 18").
    const negation =
      NEGATED_BEFORE.test(sentence.slice(Math.max(0, start - 16), start)) &&
      !ELAPSED_AFTER.test(sentence.slice(start + m[0].length));
    // "N° 62/2026", "Nr. 14", "No. 14": a number that names, not a figure.
    if (!negation && IDENTIFIER_BEFORE.test(sentence.slice(Math.max(0, start - 6), start))) continue;
    // "il 118", "al 112", "call 999": an emergency line called by its number, which counts nothing.
    if (
      !negation &&
      EMERGENCY_LINES.has(m[1] as string) &&
      EMERGENCY_BEFORE.test(sentence.slice(Math.max(0, start - 12), start)) &&
      EMERGENCY_AFTER.test(sentence.slice(start + m[0].length))
    )
      continue;
    // A bare four-digit year is a date fact, not a quantity.
    if (!m[2] && !m[3] && /^(19|20)\d{2}$/.test(m[1] as string)) {
      years.add(m[1] as string);
      continue;
    }
    const currency = /(?:[£$€¥]|\b(?:CHF|EUR|USD|GBP|PLN|CLP|MXN|ARS|zł|US\$))\s*$/.exec(
      sentence.slice(Math.max(0, start - 4), start),
    );
    // "£10.4m" is millions; "4.3 m", with a space and no currency, is metres ("k" likewise).
    const scaleWord =
      m[3] && !(/^[mk]$/iu.test(m[3]) && !currency && /\s/u.test(m[0].slice((m[1] as string).length))) ? m[3] : undefined;
    const scale = scaleWord ? (SCALES[scaleWord.toLowerCase()] ?? 1) : 1;
    const normal = formatNumber(value * scale) + (m[2] ? "%" : "");
    out.add(normal);
    pushTo(at, normal, start);
    // A measurement is one measure whatever unit it is given in ("92 mm", "3.6 inches").
    const figureEnd = start + (scaleWord ? m[0].length : (m[1] as string).length);
    const measured = !m[2] && !currency && !scaleWord ? measureUnitAfter(sentence.slice(figureEnd)) : undefined;
    if (measured) {
      quantities.push({ value: normal, unit: measured.measure, base: measured.toBase(value) });
      continue;
    }
    const named = countedWordBefore(sentence.slice(0, start)) ?? countedSubject(sentence.slice(0, start), language);
    const after = figureUnit(sentence, start + m[0].length, named);
    // Money is one thing counted, whatever the currency is called or where its sign stands.
    const unit = m[2] ? "%" : currency ? "¤" : after;
    // A noun of one language ("conte", "conta"): what it means, for comparing across languages.
    const noun =
      !m[2] && !currency
        ? (countedNoun(sentence, start + m[0].length, language) ?? (named ? conceptOf(named.toLowerCase(), language) : undefined))
        : undefined;
    const additional = ADDITIONAL_BEFORE.test(sentence.slice(Math.max(0, start - 24), start));
    const quantity: Quantity = {
      value: normal,
      unit,
      ...(noun ? { counted: noun } : {}),
      ...(additional ? { additional } : {}),
    };
    if (negation) {
      out.delete(normal);
      negated.push(quantity);
      continue;
    }
    quantities.push(quantity);
  }
  let lowered = sentence.toLowerCase();
  // "Twenty-three people were injured": English writes in words a number that opens a sentence
  // (and, here and there, one inside it).
  if (language === "en")
    lowered = lowered.replace(EN_COMPOUND, (whole, tens: string, unit: string | undefined, offset: number) => {
      const value = (EN_TENS[tens] ?? 0) + (unit ? (EN_UNITS[unit] ?? 0) : 0);
      out.add(String(value));
      pushTo(at, String(value), offset);
      quantities.push({ value: String(value), unit: unitAfter(sentence.toLowerCase(), offset + whole.length) });
      return " ".repeat(whole.length);
    });
  for (const match of lowered.matchAll(/\p{L}+/gu)) {
    const value = numberWord(match[0], language);
    if (value === undefined) continue;
    out.add(String(value));
    pushTo(at, String(value), match.index ?? 0);
    const start = match.index ?? 0;
    // "vier Kubikmeter", "twelve miles": a measure written after a number word, as after digits.
    // ("two in three", "deux l'ont" are no inches or litres: number words take no one-letter unit.)
    const measured = measureUnitAfter(lowered.slice(start + match[0].length));
    if (measured && !/^(?:in|m|l|mil)$/u.test(measured.written)) {
      quantities.push({ value: String(value), unit: measured.measure, base: measured.toBase(value) });
      continue;
    }
    const unit = figureUnit(lowered, start + match[0].length, countedWordBefore(lowered.slice(0, start)));
    quantities.push({ value: String(value), unit });
  }
  // "Un homme de 81 ans est mort": one dead, told without a figure, is a toll a later "deux morts"
  // revises.
  const single = ONE_DEAD.exec(sentence);
  if (single && !quantities.some((q) => q.unit === "dead")) {
    out.add("1");
    pushTo(at, "1", single.index);
    quantities.push({ value: "1", unit: "dead" });
  }
  return { numbers: [...out], quantities, years: [...years], negated, at };
}

/** English tens, alone or joined to a unit by a hyphen ("twenty-three"). */
const EN_TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const EN_UNITS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const EN_COMPOUND =
  /(?<![\p{L}-])(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(one|two|three|four|five|six|seven|eight|nine))?(?![\p{L}-])/gu;

/** One person who died, told without a figure, in the languages read. */
const ONE_DEAD = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:a|one) (?:man|woman|person|child|boy|girl|driver|pedestrian|resident|worker|skier|climber|passenger|motorist)(?![\p{L}])[^.;:]{0,40}?(?<![\p{L}])(?:died|was killed|has died|lost (?:his|her) life)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:un|une) (?:homme|femme|personne|enfant|conducteur|conductrice|automobiliste|piéton|piétonne|habitant|habitante|ouvrier|skieur|skieuse|passager|passagère|octogénaire|septuagénaire)(?![\p{L}])[^.;:]{0,40}?(?<![\p{L}])(?:est mort|est morte|est décédé|est décédée|a péri|a été tué|a été tuée|a perdu la vie)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:ein|eine) (?:Mann|Frau|Mensch|Person|Kind|Fahrer|Fahrerin|Fußgänger|Fußgängerin|Anwohner|Anwohnerin|Arbeiter|Skifahrer|Skifahrerin)(?![\p{L}])[^.;:]{0,40}?(?<![\p{L}])(?:starb|ist gestorben|kam ums Leben|ist ums Leben gekommen|wurde getötet)(?![\p{L}])`,
    // German puts the verb second: "Dabei kam ein Mann ums Leben", "ist eine Frau gestorben".
    String.raw`(?<![\p{L}])(?:kam|starb|ist)(?:\s+\p{Ll}+){0,2}\s+(?:ein|eine) (?:Mann|Frau|Mensch|Person|Kind|Fahrer|Fahrerin|Fußgänger|Fußgängerin|Anwohner|Anwohnerin|Arbeiter|Skifahrer|Skifahrerin)(?![\p{L}])(?:\s+ums Leben|\s+gestorben|(?=\s*[.,;]))`,
    String.raw`(?<![\p{L}])(?:un|una) (?:hombre|mujer|persona|niño|niña|conductor|conductora|peatón|vecino|vecina|trabajador|esquiador|esquiadora|anciano|anciana)(?![\p{L}])[^.;:]{0,40}?(?<![\p{L}])(?:murió|ha muerto|falleció|ha fallecido|perdió la vida|ha perdido la vida)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:un|una) (?:uomo|donna|persona|bambino|bambina|automobilista|pedone|anziano|anziana|operaio|sciatore|sciatrice)(?![\p{L}])[^.;:]{0,40}?(?<![\p{L}])(?:è morto|è morta|è deceduto|è deceduta|ha perso la vita)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:mężczyzna|kobieta|kierowca|pieszy|dziecko)(?![\p{L}])[^.;:]{0,40}?(?<![\p{L}])(?:zginął|zginęła|zmarł|zmarła|nie żyje)(?![\p{L}])`,
  ].join("|"),
  "iu",
);

/** Words before a figure that count it on top of another: "another 11", "weitere 11", "otros 11", "altri 11", "kolejne 11". */
const ADDITIONAL_BEFORE =
  /(?<![\p{L}])(?<!(?:the|los|las|les|gli|le|die|den|der)\s)(?:another|a further|further|an additional|additional|weitere|weiteren|zusätzlich|zusätzliche|zusätzlichen|autres|d['’]autres|otros|otras|otro|otra|altri|altre|ulteriori|kolejne|kolejnych|dalsze|dalszych)\s+(?:(?:about|around|some|nearly|rund|etwa|environ|unos|unas|circa|około)\s+)?$/iu;

/**
 * A figure set against another as not so: after a comma, colon or dash, a lower-case "not", "pas",
 * "no", "nicht", "non", "nie" (", pas 480", ", no 18 mil 400"; "The winner, No 7 seed" names a
 * seed), or after "instead of", "statt", "au lieu de" wherever they stand ("612 statt 480 Stellen").
 */
export const NEGATED_BEFORE =
  /(?:[,;:–—]\s*(?:and\s+|et\s+|y\s+|e\s+|a\s+|und\s+)?(?:not|no|nicht|pas|non|nie|ni)\s+(?:de\s+|di\s+|of\s+|von\s+)?|(?<![\p{L}])(?:statt|anstatt|rather than|instead of|au lieu de|en lugar de|en vez de|invece di|zamiast)\s+)$/u;
/** "not 10 minutes after": a time that passed, not a figure set aside. */
const ELAPSED_AFTER = /^\s*(?:seconds?|minutes?|hours?|days?|weeks?)\s+(?:after|before|later|earlier|ago)(?![\p{L}])/u;
/[,;:–—]\s*(?:and\s+|et\s+|y\s+|e\s+|a\s+|und\s+)?(?:not|no|nicht|pas|non|nie|ni|statt|anstatt|rather than|instead of|au lieu de|en lugar de|invece di|zamiast)\s+(?:de\s+|di\s+|of\s+|von\s+)?$/iu;

/** Words that follow a clock time in the languages we read ("15.40 Uhr", "04.10 horas", "11 h 15", "3:40 a.m."). */
const TIME_AFTER = String.raw`(?:a\.\s?m\.|p\.\s?m\.|am|pm|uhr|horas?|hs|heures?|h|ore|godz(?:\.|ina|iny)?)`;
/** Words that come before a clock time ("a las 23.00", "um 14.30", "à 9.30", "alle 10.15", "o godz. 6.30"). */
const TIME_BEFORE = String.raw`(?:a las|las|a la|um|gegen|à|vers|alle|ore|at|godz\.|godzinie)`;
const CLOCK = new RegExp(
  [
    // 15:40, 3:40 a.m.: a colon between hours and minutes is a time whatever surrounds it.
    String.raw`(?<![\d.,:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])(?:\s*(${TIME_AFTER})(?![\p{L}]))?`,
    // 14.30 Uhr, 11 h 15, 04.10 horas: a point or an h between them, with a time word after.
    String.raw`(?<![\d.,:])([01]?\d|2[0-3])(?:\.|\s?h\s?)([0-5]\d)(?!\d)(?:\s*(${TIME_AFTER})(?![\p{L}]))?`,
    // 5 a.m., 10 Uhr, 20 heures.
    String.raw`(?<![\d.,:])([01]?\d|2[0-3])\s?(a\.\s?m\.|p\.\s?m\.|am|pm|uhr|heures?)(?![\p{L}])`,
  ].join("|"),
  "giu",
);
const JAPANESE_CLOCK = /(午前|午後)?(\d{1,2})時(?:(\d{1,2})分|半)?/gu;

/**
 * Clock times ("15:40", "14.30 Uhr", "11 h 15", "a las 23.00", "3:40 a.m.", "午前5時") as 24-hour
 * "hh:mm", with their spans so their digits are not read as figures.
 */
export function extractTimes(sentence: string, cjk = false): { times: string[]; spans: [number, number][] } {
  const times = new Set<string>();
  const spans: [number, number][] = [];
  const add = (start: number, end: number, hour: number, minute: number, pm: boolean) => {
    const h = pm && hour < 12 ? hour + 12 : hour;
    if (h > 23 || minute > 59) return;
    times.add(`${String(h).padStart(2, "0")}:${String(minute).padStart(2, "0")}`);
    spans.push([start, end]);
  };
  CLOCK.lastIndex = 0;
  for (let m = CLOCK.exec(sentence); m; m = CLOCK.exec(sentence)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[1] !== undefined) {
      add(start, end, Number(m[1]), Number(m[2]), /^p/i.test(m[3] ?? ""));
    } else if (m[4] !== undefined) {
      // A point between two numbers is a decimal unless a time word follows or precedes it.
      const before = sentence.slice(Math.max(0, start - 12), start).toLowerCase();
      const separator = sentence.slice(start + (m[4] as string).length, start + (m[4] as string).length + 1);
      const timed =
        m[6] !== undefined || separator !== "." || new RegExp(String.raw`(?:^|[^\p{L}])${TIME_BEFORE}\s+$`, "iu").test(before);
      if (timed) add(start, end, Number(m[4]), Number(m[5]), /^p/i.test(m[6] ?? ""));
    } else if (m[7] !== undefined) {
      add(start, end, Number(m[7]), 0, /^p/i.test(m[8] ?? ""));
    }
  }
  if (cjk) {
    JAPANESE_CLOCK.lastIndex = 0;
    for (let m = JAPANESE_CLOCK.exec(sentence); m; m = JAPANESE_CLOCK.exec(sentence)) {
      const minute = m[0].endsWith("半") ? 30 : Number(m[3] ?? 0);
      add(m.index, m.index + m[0].length, Number(m[2]), minute, m[1] === "午後");
    }
  }
  return { times: [...times], spans };
}
