// What makes a sentence checkable, in comparable form: numbers (with the language's separators,
// scale words and small number words resolved to one value), dates (normalised to yyyy-mm-dd or
// mm-dd), names (capitalised runs), quotations, denials, the party a sentence attributes its
// statement to, and the content words left once numbers and function words are gone.
import { LANGUAGES } from "../../languages.ts";

export interface Quantity {
  value: string;
  /** What is counted: the stem of the noun the figure counts, prefixed by its currency sign for money ("£batte"). */
  unit: string;
}

export interface SentenceFacts {
  /** Normalised numbers as decimal strings ("120", "1200000", "3.5"); percentages end in "%". */
  numbers: string[];
  /** Numbers with what they count, for telling a conflicting figure from a different fact. */
  quantities: Quantity[];
  /** Normalised dates: yyyy-mm-dd, yyyy-mm, or mm-dd without a year. */
  dates: string[];
  /** Capitalised names, lower-cased ("jane smith", "portmere"). */
  names: string[];
  /** Quoted passages of at least three words. */
  quotes: string[];
  /** The sentence denies or rejects something. */
  denial: boolean;
  /** The sentence gives its figure as a revision of an earlier one ("has risen to", "revised to", "korrigiert", "se elevó a"). */
  revision: boolean;
  /** A line in capitals or a header of parts split by bars: no statement to check. */
  furniture: boolean;
  /** Its figures are given as approximate ("about 1,200", "rund 187 Millionen", "casi 10 millones", "約1500人"). */
  hedged: boolean;
  /** Who did what the sentence reports in the passive ("inspected by Castlegate Engineers"), lower-cased. */
  agents: string[];
  /** Who holds a role the story has one of ("his lawyer, Me Laure Vidal-Castan", "mediator Andrés
   * Fuenzalida"): the role's class and the person's name, lower-cased. */
  holders: { role: string; name: string }[];
  /** Who the sentence attributes its statement to ("according to X", "X said"), lower-cased. */
  attributedTo?: string;
  /** Content-word stems, lower-cased, without numbers and function words. */
  stems: string[];
}

const MONTHS: Record<string, number> = {};
const monthNames: string[][] = [
  ["january", "jan", "januar", "janvier", "enero", "gennaio", "janeiro", "januari", "jänner", "styczeń", "stycznia"],
  ["february", "feb", "februar", "février", "fevrier", "febrero", "febbraio", "fevereiro", "februari", "lutego"],
  ["march", "mar", "märz", "maerz", "mars", "marzo", "março", "maart", "marca", "marzec"],
  ["april", "apr", "avril", "abril", "aprile", "kwietnia"],
  ["may", "mai", "mayo", "maggio", "maio", "mei", "maja"],
  ["june", "jun", "juni", "juin", "junio", "giugno", "junho", "czerwca"],
  ["july", "jul", "juli", "juillet", "julio", "luglio", "julho", "lipca"],
  ["august", "aug", "août", "aout", "agosto", "augustus", "sierpnia"],
  ["september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro", "września"],
  ["october", "oct", "oktober", "octobre", "octubre", "ottobre", "outubro", "października"],
  ["november", "nov", "novembre", "noviembre", "novembro", "listopada"],
  ["december", "dec", "dezember", "décembre", "decembre", "diciembre", "dicembre", "dezembro", "grudnia"],
];
monthNames.forEach((names, i) => {
  for (const name of names) MONTHS[name] = i + 1;
});
const MONTH_PATTERN = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join("|");

const SMALL_NUMBERS: Record<string, number> = {};
const numberWords: [number, string[]][] = [
  [2, ["two", "zwei", "deux", "dos", "due", "dois", "twee"]],
  [3, ["three", "drei", "trois", "tres", "tre", "três", "drie"]],
  [4, ["four", "vier", "quatre", "cuatro", "quattro", "quatro"]],
  [5, ["five", "fünf", "cinq", "cinco", "cinque", "vijf"]],
  [6, ["six", "sechs", "seis", "sei", "zes"]],
  [7, ["seven", "sieben", "sept", "siete", "sette", "sete", "zeven"]],
  [8, ["eight", "acht", "huit", "ocho", "otto", "oito"]],
  [9, ["nine", "neun", "neuf", "nueve", "nove", "negen"]],
  [10, ["ten", "zehn", "dix", "diez", "dieci", "dez", "tien"]],
  [11, ["eleven", "elf", "onze", "once", "undici"]],
  [12, ["twelve", "zwölf", "douze", "doce", "dodici", "twaalf"]],
  [20, ["twenty", "zwanzig", "vingt", "veinte", "venti", "vinte", "twintig"]],
  [100, ["hundred"]],
  [1000, ["thousand"]],
];
for (const [value, names] of numberWords) for (const name of names) SMALL_NUMBERS[name] = value;

const SCALES: Record<string, number> = {
  thousand: 1e3,
  tausend: 1e3,
  mille: 1e3,
  mil: 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  millionen: 1e6,
  mio: 1e6,
  millones: 1e6,
  millón: 1e6,
  mn: 1e6,
  mill: 1e6,
  bln: 1e9,
  md: 1e9,
  tys: 1e3,
  mln: 1e6,
  mld: 1e9,
  miliardi: 1e9,
  miliardo: 1e9,
  milione: 1e6,
  miliony: 1e6,
  milionów: 1e6,
  milioni: 1e6,
  milhões: 1e6,
  miljoen: 1e6,
  m: 1e6,
  billion: 1e9,
  billions: 1e9,
  milliarden: 1e9,
  milliarde: 1e9,
  mrd: 1e9,
  milliards: 1e9,
  milliard: 1e9,
  bn: 1e9,
  "mil millones": 1e9,
};

/** Languages writing 1.234,5: all 22 but English and Japanese, which write 1,234.5. */
const COMMA_DECIMAL = new Set<string>(LANGUAGES.filter((code) => code !== "en" && code !== "ja"));

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(4)));
}

function parseDigits(raw: string, language: string): number | undefined {
  let text = raw.replace(/[\s\u00a0\u202f']/g, "");
  const commaDecimal = COMMA_DECIMAL.has(language);
  if (commaDecimal) {
    // "1.200" is a thousand separator, "3,5" a decimal. Spanish in the Americas (Mexico, Central
    // America, Peru) writes thousands with commas: "180,000" is a hundred and eighty thousand
    // there, where a decimal of exactly three places is rare. Elsewhere "12,000" reads as twelve.
    if (language === "es" && /^\d{1,3}(,\d{3})+$/.test(text)) text = text.replace(/,/g, "");
    else text = /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text) ? text.replace(/\./g, "").replace(",", ".") : text.replace(",", ".");
  } else {
    text = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, "") : text;
  }
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

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

const pad = (n: number) => String(n).padStart(2, "0");

const DAY_PAIR = new RegExp(
  String.raw`\b(\d{1,2})(?:\.|er|st|nd|rd|th)?\s*(?:and|und|et|y|e|i|to|bis|au|al|-|–|—|&)\s*(?:[\p{L}]+,?\s+)?(\d{1,2})(?:\.|er|st|nd|rd|th)?\s+(?:de\s+)?(${MONTH_PATTERN})\.?(?:\s+(?:de\s+)?(\d{4}))?`,
  "giu",
);

// Japanese writes figures against its words with no space ("約1500世帯", "14人が負傷"), groups by
// 万 (10^4) and 億 (10^8) ("1億2000万円"), marks dates with 年/月/日 ("2026年3月14日") and may use
// full-width digits ("１５００", "４０％"). That reading applies to Japanese sentences and, in any
// language, to a figure touching Japanese or Chinese script; nothing else changes.

/** A character of Japanese or Chinese text: kanji, kana, and their punctuation ("、", "。", "ー"). */
const CJK_CHAR = /[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}]/u;

/** Full-width forms to what NFKC makes of them ("１，５００％" → "1,500%"), one character for one, so positions hold. */
function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\uFFE0\uFFE1\uFFE5\uFFE6\u3000]/g, (c) => {
    const folded = c.normalize("NFKC");
    return folded.length === 1 ? folded : c;
  });
}

/** 2026年3月14日, 2026年3月, 3月14日; a month alone ("3月") is no comparable date and no number either. */
const JA_DATE = /(?<![\d.,])(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?/gu;
/** 2026年: a year, at year precision. */
const JA_YEAR = /(?<![\d.,])((?:19|20)\d{2})\s*年/gu;

const JA_SCALES: Record<string, number> = { 千: 1e3, 万: 1e4, 億: 1e8, 兆: 1e12 };
const JA_DIGITS = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
/** A figure, its 万/億 groups ("1億2000万", "3万5000", "1.5億") and a percent sign. */
const JA_NUMBER_RE = new RegExp(
  String.raw`(?<![\d.,])((?:${JA_DIGITS})(?:[千万億兆]+(?:${JA_DIGITS})?)*)(\s*(?:%|パーセント))?`,
  "gu",
);

/** "1億2000万" → 120000000: digits times 千 within a group of four, groups times 万, 億, 兆. */
function parseJapaneseNumber(raw: string): number | undefined {
  let total = 0;
  let group = 0;
  let current = 0;
  for (const [token] of raw.matchAll(/[\d,.]+|[千万億兆]/g)) {
    const scale = JA_SCALES[token];
    if (scale === undefined) {
      const value = parseDigits(token, "ja");
      if (value === undefined) return undefined;
      current = value;
    } else if (scale < 1e4) {
      group += (current || 1) * scale;
      current = 0;
    } else {
      const groupValue = group + current;
      total += (groupValue || 1) * scale;
      group = 0;
      current = 0;
    }
  }
  return total + group + current;
}

/** Counters and nouns a Japanese figure counts, longest first where one begins another. */
const JA_COUNTERS = [
  "世帯",
  "人",
  "件",
  "台",
  "円",
  "ドル",
  "ユーロ",
  "ポンド",
  "元",
  "棟",
  "戸",
  "軒",
  "隻",
  "機",
  "本",
  "個",
  "回",
  "歳",
  "カ所",
  "か所",
  "カ国",
  "か国",
  "校",
  "社",
  "店",
  "頭",
  "匹",
  "羽",
  "枚",
  "冊",
  "票",
  "席",
  "年",
  "日",
  "時間",
  "分",
  "秒",
  "トン",
  "キロ",
  "メートル",
];

/** What a Japanese figure counts: the counter after it ("人", "世帯"), else the kanji or katakana word after it. */
function japaneseUnitAfter(text: string, end: number): string {
  const after = text.slice(end, end + 20).trimStart();
  const counter = JA_COUNTERS.find((c) => after.startsWith(c));
  if (counter) return counter;
  const word = /^[\p{sc=Han}\p{sc=Katakana}ー]+/u.exec(after)?.[0];
  return word ? stem(word) : "";
}

function extractJapaneseDates(text: string, dates: Set<string>, spans: [number, number][], years: Set<string>): void {
  for (const re of [JA_DATE, JA_YEAR]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (spans.some(([s, e]) => start < e && end > s)) continue;
      if (re === JA_YEAR) {
        spans.push([start, end]);
        years.add(m[1] as string);
        continue;
      }
      const year = m[1] ? Number(m[1]) : undefined;
      const month = Number(m[2]);
      const day = m[3] ? Number(m[3]) : undefined;
      if (month < 1 || month > 12 || (day !== undefined && (day < 1 || day > 31))) continue;
      spans.push([start, end]);
      if (year && day) dates.add(`${year}-${pad(month)}-${pad(day)}`);
      else if (year) dates.add(`${year}-${pad(month)}`);
      else if (day) dates.add(`${pad(month)}-${pad(day)}`);
    }
  }
}

/**
 * Japanese figures: every one in a Japanese sentence, and in other languages those touching
 * Japanese or Chinese script. Their spans are kept from the general reading.
 */
function extractJapaneseNumbers(
  text: string,
  everywhere: boolean,
  skip: [number, number][],
  out: { numbers: Set<string>; quantities: Quantity[]; years: Set<string>; spans: [number, number][] },
): void {
  JA_NUMBER_RE.lastIndex = 0;
  for (let m = JA_NUMBER_RE.exec(text); m; m = JA_NUMBER_RE.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (skip.some(([s, e]) => start >= s && start < e)) continue;
    const before = text[start - 1] ?? "";
    // A figure inside a Latin word ("F35", "COVID19") is a name, as in every language.
    if (/\p{L}/u.test(before) && !CJK_CHAR.test(before)) continue;
    const raw = m[1] as string;
    const scaled = /[千万億兆]/.test(raw);
    if (!everywhere && !scaled && !CJK_CHAR.test(before) && !CJK_CHAR.test(text[end] ?? "")) continue;
    const value = parseJapaneseNumber(raw);
    if (value === undefined) continue;
    out.spans.push([start, end]);
    const percent = Boolean(m[2]);
    const unit = percent ? "%" : japaneseUnitAfter(text, end);
    // A bare four-digit year is a date fact, unless a counter says what it counts ("2000円", "1998人").
    if (!percent && !scaled && /^(19|20)\d{2}$/.test(raw) && !(unit !== "年" && JA_COUNTERS.includes(unit))) {
      out.years.add(raw);
      continue;
    }
    const normal = formatNumber(value) + (percent ? "%" : "");
    out.numbers.add(normal);
    const currency = /([£$€¥])\s*$/.exec(text.slice(Math.max(0, start - 2), start))?.[1];
    out.quantities.push({ value: normal, unit: percent ? "%" : currency ? "¤" : (unitClass(unit) ?? unit) });
  }
}

function extractDates(sentence: string, cjk = false): { dates: string[]; spans: [number, number][]; years: string[] } {
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
      spans.push([start, end]);
      if (year && day) dates.add(`${year}-${pad(month)}-${pad(day)}`);
      else if (year) dates.add(`${year}-${pad(month)}`);
      else if (day) dates.add(`${pad(month)}-${pad(day)}`);
    }
  }
  return { dates: [...dates], spans, years: [...years] };
}

/** Words for money, people and spans of time in the languages we read: the same thing counted
 * whatever word a writer chose ("212.000 vecinos", "185.000 personas"; "€12m", "7,5 millions
 * d'euros"), so figures for it can agree or conflict. */
const UNIT_CLASSES: [string, RegExp][] = [
  [
    "¤",
    /^(?:円|ドル|ユーロ|ポンド|元|euros?|eur|dollars?|dólares|dolares|pesos|pounds?|libras|sterling|złotych|zlotych|złote|zł|zl|pln|yen|yuan|円|francs?|francos|franchi|chf|rupees?|crowns?|kronor|kroner)$/u,
  ],
  [
    "people",
    /^(?:people|persons|residents|inhabitants|citizens|locals|menschen|personen|einwohner|bewohner|anwohner|personnes|habitants|résidents|personas|habitantes|vecinos|residentes|persone|abitanti|residenti|osób|osoby|mieszkańców|mieszkańcy|人)$/u,
  ],
  ["month", /^(?:months?|monate?n?|mois|meses?|mesi|mese|miesięcy|miesiące|miesiąc|か月|ヶ月|カ月)$/u],
  ["week", /^(?:weeks?|wochen?|semaines?|semanas?|settimane?|tygodni|tygodnie|週間)$/u],
  ["day", /^(?:days?|tage?n?|jours?|días?|dias?|giorni|giorno|dni|dzień|日間)$/u],
  ["year", /^(?:years?|jahre?n?|ans|années?|años?|anni|anno|lat|lata|年間)$/u],
  ["hour", /^(?:hours?|stunden?|heures?|horas?|ore|ora|godzin|godziny|時間)$/u],
];

function unitClass(word: string): string | undefined {
  return UNIT_CLASSES.find(([, re]) => re.test(word))?.[0];
}

function unitAfter(sentence: string, end: number): string {
  // What a number counts follows it within its clause: "210, according to the trust" counts no trust.
  const clause = sentence.slice(end, end + 60).split(/[,;:.!?()]/)[0] ?? "";
  for (const word of clause.toLowerCase().match(/\p{L}{2,}/gu) ?? []) {
    if (SCALES[word] || FUNCTION_WORDS.has(word) || UNIT_FILLERS.has(word)) continue;
    return unitClass(word) ?? stem(word);
  }
  return "";
}

/** "The number of people injured … has risen to 210": what the figure counts was named before it. */
function countedBefore(before: string): string {
  const m = /\b(?:number|total|count|toll|tally|anzahl|zahl|nombre|número|numero) (?:of|der|des|de|di) (\p{L}{3,})/iu.exec(
    before,
  );
  const word = (m?.[1] as string | undefined)?.toLowerCase();
  return word ? (unitClass(word) ?? stem(word)) : "";
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

const IDENTIFIER_BEFORE = /(?:\bN[°ºo]\.?|\bNr\.?|\bnúm\.?|\bn\.|#)\s*$/iu;

function extractNumbers(
  sentence: string,
  language: string,
  dateSpans: [number, number][],
  cjk = false,
): { numbers: string[]; quantities: Quantity[]; years: string[] } {
  const out = new Set<string>();
  const years = new Set<string>();
  const quantities: Quantity[] = [];
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
    // "N° 62/2026", "Nr. 14", "No. 14": a number that names, not a figure.
    if (IDENTIFIER_BEFORE.test(sentence.slice(Math.max(0, start - 6), start))) continue;
    // A bare four-digit year is a date fact, not a quantity.
    if (!m[2] && !m[3] && /^(19|20)\d{2}$/.test(m[1] as string)) {
      years.add(m[1] as string);
      continue;
    }
    const scale = m[3] ? (SCALES[m[3].toLowerCase()] ?? 1) : 1;
    const normal = formatNumber(value * scale) + (m[2] ? "%" : "");
    out.add(normal);
    const currency = /(?:[£$€¥]|\b(?:CHF|EUR|USD|GBP|PLN|CLP|MXN|ARS|zł|US\$))\s*$/.exec(
      sentence.slice(Math.max(0, start - 4), start),
    );
    const after = unitAfter(sentence, start + m[0].length) || countedBefore(sentence.slice(0, start));
    // Money is one thing counted, whatever the currency is called or where its sign stands.
    quantities.push({ value: normal, unit: m[2] ? "%" : currency ? "¤" : after });
  }
  const lowered = sentence.toLowerCase();
  for (const match of lowered.matchAll(/\p{L}+/gu)) {
    const value = SMALL_NUMBERS[match[0]];
    if (value === undefined) continue;
    out.add(String(value));
    quantities.push({ value: String(value), unit: unitAfter(lowered, (match.index ?? 0) + match[0].length) });
  }
  return { numbers: [...out], quantities, years: [...years] };
}

const FUNCTION_WORDS = new Set(
  (
    "a an the and or but if of to in on at by for with from as is are was were be been being has have had do does did " +
    "that this these those it its their they them he she his her we our you your i not no than then there here which who " +
    "whom whose what when where why how all any each more most some such only also just over under after before about into " +
    "out up down off again further once said says say told according would could should will shall may might must can " +
    "der die das den dem des ein eine einer eines einem einen und oder aber wenn von zu im in am an auf mit für aus als " +
    "ist sind war waren sein wird wurde wurden hat haben hatte dass nicht kein keine sich es sie er wir ihr bei nach vor " +
    "über unter laut sagte sagt teilte mit auch noch nur " +
    "le la les un une des du de et ou mais si à au aux en dans sur par pour avec est sont était été être a ont avait que " +
    "qui ne pas plus selon dit a-t-il ce cette ces il elle ils elles nous vous se sa son ses leur leurs " +
    "el los las unos unas y o pero del al en con por para es son era fue ser ha han había que no más según dijo lo su sus " +
    "il lo gli i della dello delle degli dei di da dal dalla nel nella con per tra fra che è sono era stato stata ha hanno " +
    "non più secondo circa oltre quasi " +
    "w z ze na do od po za przez dla o i oraz a ale że nie jest są był była było to ten ta te tych około ponad prawie"
  ).split(" "),
);

/** Mostly capitals (a headline or a section header), or parts split by bars (a page's header line). */
function isFurniture(sentence: string): boolean {
  if (/\s\|\s.*\s\|\s/u.test(sentence)) return true;
  const letters = sentence.match(/\p{L}/gu) ?? [];
  const upper = sentence.match(/\p{Lu}/gu) ?? [];
  return letters.length >= 12 && upper.length / letters.length > 0.7;
}

/** Words that say a figure revises an earlier one, in the languages we read. */
const REVISION =
  /(?<![\p{L}])(?:has risen|had risen|rose to|risen to|climbed to|increased to|revised|raised|corrected|updated|now stands|now put|stieg auf|gestiegen|erhöht(?:e)? sich|korrigiert|nach oben korrigiert|inzwischen|mittlerweile|s['’]élève désormais|est passé à|revu|révisé|corrigé|désormais|se elevó|elevó|ascendió|aumentó a|corregid[oa]|revisad[oa]|ahora|salito a|salita a|salgono a|rivisto|rivista|corrett[oa]|aggiornat[oa]|wzrósł do|wzrosła do|wzrosło do|skorygowan\w*|zaktualizowan\w*)(?![\p{L}])|上方修正|下方修正|修正|に増えた|に拡大/iu;

/** Words that give a figure as approximate, in the languages we read. */
const HEDGE =
  /(?<![\p{L}])(?:about|around|approximately|roughly|nearly|almost|some|more than|over|up to|close to|rund|etwa|ungefähr|knapp|fast|mehr als|über|gut|environ|près de|quelque|presque|plus de|autour de|unos|unas|cerca de|casi|alrededor de|más de|aproximadamente|circa|quasi|oltre|più di|intorno a|około|prawie|ponad|blisko|niemal)(?![\p{L}])|約|およそ|ほぼ|超|余り|以上/iu;

/** A denial: the party rejects what another account says ("denies", "no plans to", "dementierte",
 * "a démenti", "desmintió", "smentisce", "zaprzeczył", "否定"). Plain negation is not a denial. */
const DENIAL =
  /(?<![\p{L}])(?:den(?:y|ies|ied|ying)|(?:rejects?|rejected|dismiss(?:es|ed)?) (?:the |these |those |such |any |all )?(?:claims?|reports?|allegations?|accusations?|suggestions?|account|figures?)|refuted?|untrue|not true|no (?:such )?plans?|never (?:been|received|was|were)|dementier\w*|bestreit\w*|bestritt\w*|zurückgewiesen|weist .* zurück|wies .* zurück|keine Pläne|dément\w*|démenti\w*|nier|nient|nié|aucun projet|desmient\w*|desmintió|desmintieron|niega\w*|negó|negaron|ningún plan|smentit\w*|smentisce|smentiscono|nega(?:to|no)?|nessun piano|zaprzecz\w*|zdementował\w*|dementuj\w*|否定|否認)(?![\p{L}])/iu;

const ATTRIBUTION_PATTERNS: RegExp[] = [
  /\b[Aa]ccording to (?:a |an |the )?(?:statement |press release |report |release |spokes(?:wo)?man |spokesperson )?(?:from |by |of )?((?:the )?[\p{Lu}][\p{L}\p{N}&'’.-]*(?:\s+(?:[\p{Lu}][\p{L}\p{N}&'’.-]*|of|de|for|and|&))*)/u,
  /\b(?:[Ll]aut|[Zz]ufolge)\s+(?:einer |einem |der |dem |des )?(?:Mitteilung |Erklärung |Sprecher(?:in)? |Angaben )?(?:von |des |der )?((?:[\p{Lu}][\p{L}\p{N}&'’.-]*)(?:\s+[\p{Lu}][\p{L}\p{N}&'’.-]*)*)/u,
  /\b(?:[Ss]elon|[Dd]'après)\s+(?:un |une |le |la |les )?(?:communiqué |porte-parole )?(?:de |du |des |d')?((?:[\p{Lu}][\p{L}\p{N}&'’.-]*)(?:\s+(?:[\p{Lu}][\p{L}\p{N}&'’.-]*|de))*)/u,
  /\b[Ss]egún\s+(?:un |una |el |la |los )?(?:comunicado |portavoz )?(?:de |del )?((?:[\p{Lu}][\p{L}\p{N}&'’.-]*)(?:\s+(?:[\p{Lu}][\p{L}\p{N}&'’.-]*|de))*)/u,
  /\b(?:[Aa] |[Aa]n )?[Ss]pokes(?:wo)?man (?:for|of) ((?:the )?[\p{Lu}][\p{L}\p{N}&'’.-]*(?:\s+[\p{Lu}][\p{L}\p{N}&'’.-]*)*)/u,
  /\b(?:[Uu]ne? )?porte-parole (?:de |du |des |d')((?:l'|la |le )?[\p{L}][\p{L}\p{N}&'’.-]*(?:\s+[\p{Lu}][\p{L}\p{N}&'’.-]*)*)/u,
  /\b(?:[Ee]ine?r? )?Sprecher(?:in)? (?:des |der |von )((?:[\p{L}][\p{L}\p{N}&'’.-]*)(?:\s+[\p{Lu}][\p{L}\p{N}&'’.-]*)*)/u,
  /\b(?:[Uu]na? )?portavoz (?:de |del )((?:la |el )?[\p{L}][\p{L}\p{N}&'’.-]*(?:\s+[\p{Lu}][\p{L}\p{N}&'’.-]*)*)/u,
  /\b(?:[Aa] |[Aa]n )?((?:company|firm)|[\p{Lu}][\p{L}\p{N}&'’.-]*(?:\s+[\p{Lu}][\p{L}\p{N}&'’.-]*)*) spokes(?:wo)?(?:man|person)\b/u,
  /\b(?:[Ee]in(?:e)? )?(Unternehmens|Firmen|Konzern)sprecher(?:in)?\b/u,
  /((?:the )?[\p{Lu}][\p{L}\p{N}&'’.-]*(?:\s+[\p{Lu}][\p{L}\p{N}&'’.-]*)*)(?:['’]s (?:statement|announcement|release|spokes(?:wo)?man|spokesperson))? (?:said|says|announced|stated|confirmed|reported|told)\b/u,
  /\b(?:[Tt]he|[Ii]ts) ((?:[\p{Ll}][\p{L}-]*\s)?(?:company|firm|group|operator|generator|developer|spokes(?:wo)?man|spokesperson|statement|announcement|police|council)) (?:said|says|announced|stated|confirmed|added)\b/u,
  /\b[Aa]ccording to (?:the|its|a|an) ((?:[\p{Ll}][\p{L}-]*\s)?(?:company|firm|spokes(?:wo)?man|spokesperson|statement|announcement|release))\b/u,
  /\b(?:said|says|announced|reported) ((?:the )?[\p{Lu}][\p{L}\p{N}&'’.-]*(?:\s+[\p{Lu}][\p{L}\p{N}&'’.-]*)*)/u,
  /\b[Ii]n (?:the|its|a|their) ((?:press )?(?:statement|release|announcement))\b/u,
];

const NOT_A_PARTY = new Set(["it", "he", "she", "they", "we", "i", "the", "officials", "he said", "she said", "this", "that"]);

/** "The company" in the languages we read: one party however it is written. */
const GENERIC_COMPANY =
  /^(?:the |l'|la |le |el |das |des )?(company|firm|entreprise|société|unternehmens|unternehmen|firmen|konzern|firma|empresa|compañía|compañia)$/;
/** A description instead of a name ("the Leeds-based generator", "the spokeswoman"). */
const DESCRIPTION = /(company|firm|group|operator|generator|developer|spokes\w*|statement|announcement|release)$/;

export function attributionParty(sentence: string): string | undefined {
  for (const re of ATTRIBUTION_PATTERNS) {
    const m = re.exec(sentence);
    // "the Leeds-based generator said": a place name describing the company, not a party.
    if (
      m &&
      /^\s+(company|firm|group|generator|operator|developer|provider|manufacturer|retailer|utility)\b/i.test(
        sentence.slice(m.index + m[0].length),
      )
    ) {
      return "the company";
    }
    const party = m?.[1]
      ?.trim()
      .replace(/^the\s+/i, "")
      .replace(/['’]s$/, "")
      .replace(/[.,;:]+$/, "")
      .toLowerCase();
    if (!party || party.length <= 1 || NOT_A_PARTY.has(party)) continue;
    // A description stands for the company the story is about.
    return GENERIC_COMPANY.test(party) || DESCRIPTION.test(party) ? "the company" : party;
  }
  return undefined;
}

const SENTENCE_START_WORDS = new Set([
  "the",
  "a",
  "an",
  "in",
  "on",
  "at",
  "but",
  "and",
  "it",
  "he",
  "she",
  "they",
  "this",
  "that",
  "der",
  "die",
  "das",
  "le",
  "la",
  "les",
  "el",
  "los",
  "las",
]);

function extractNames(sentence: string, language: string): string[] {
  // In German every noun is capitalised, so only runs of two or more count as a name there.
  const minRun = language === "de" ? 2 : 1;
  const out = new Set<string>();
  const re = /[\p{Lu}][\p{L}’'-]+(?:\s+(?:(?:of|de|la|van|von|der|du|del)\s+)?[\p{Lu}][\p{L}’'-]+)*/gu;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
    const run = m[0];
    const parts = run.split(/\s+/);
    const atStart = m.index === 0 || /^[\s"“„«(]*$/.test(sentence.slice(0, m.index));
    let words = parts;
    if (atStart && SENTENCE_START_WORDS.has((parts[0] as string).toLowerCase())) words = parts.slice(1);
    // A lone capitalised word opening a sentence may be any word; months and numbers are facts of their own.
    words = words.filter((w) => !MONTHS[w.toLowerCase()] && !SMALL_NUMBERS[w.toLowerCase()]);
    if (words.length === 0 || words.length < minRun || (atStart && words.length === 1)) continue;
    out.add(words.join(" ").toLowerCase());
  }
  return [...out];
}

function extractQuotes(sentence: string): string[] {
  const out: string[] = [];
  const re = /[“„«"「『]([^”“"»」』]{3,}?)[”“"»」』]/g;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
    const quote = (m[1] as string).trim();
    // Japanese writes no spaces: a quotation of six characters or more says something.
    const long = CJK_CHAR.test(quote) ? [...quote].length >= 6 : quote.split(/\s+/).length >= 3;
    if (long) out.push(quote.toLowerCase());
  }
  // A quotation the sentence split cut before its closing mark: « Je n'ai jamais pris un centime.
  const open = /(?:^|[:\s])[«“„"「『]\s*([^»”"」』]{12,})$/u.exec(sentence);
  if (out.length === 0 && open?.[1])
    out.push(
      open[1]
        .replace(/[.!?。]+$/u, "")
        .trim()
        .toLowerCase(),
    );
  return out;
}

const AGENT = /\b(?:by|von|par|por)\s+((?:the\s+)?[\p{Lu}][\p{L}’'-]+(?:\s+(?:[\p{Lu}][\p{L}’'-]+|&|and|of))*)/gu;

function passiveAgents(sentence: string): string[] {
  const out: string[] = [];
  for (const m of sentence.matchAll(AGENT)) out.push((m[1] as string).replace(/^the\s+/i, "").toLowerCase());
  return out;
}

/** Roles a story usually has one holder of: two accounts naming different holders disagree. */
const HOLDER_ROLES: Record<string, string[]> = {
  lawyer:
    "lawyer attorney solicitor barrister avocat avocate abogado abogada avvocato avvocata anwalt anwältin rechtsanwalt rechtsanwältin verteidiger verteidigerin adwokat adwokatka mecenas".split(
      " ",
    ),
  mediator:
    "mediator mediadora mediador médiateur médiatrice mediatore mediatrice mediatorem mediatorka vermittler vermittlerin schlichter schlichterin".split(
      " ",
    ),
  agent: "agent agente spielerberater berater".split(" "),
  referee: "referee árbitro arbitre arbitro schiedsrichter".split(" "),
  judge: "judge juge juez jueza giudice richter richterin".split(" "),
  coach: "coach entrenador entraîneur allenatore trener cheftrainer".split(" "),
};
const HOLDER_OF = new Map(Object.entries(HOLDER_ROLES).flatMap(([role, words]) => words.map((w) => [w, role] as const)));
const HOLDER = new RegExp(
  // Case matters for the name, so the role words carry both cases of their first letter.
  String.raw`(?<![\p{L}])(${[...HOLDER_OF.keys()].map((w) => `[${w[0]?.toUpperCase()}${w[0]}]${w.slice(1)}`).join("|")})(?![\p{L}])[^.;:]{0,60}?(?<![\p{L}])(\p{Lu}\p{Ll}+(?:[- ]\p{Lu}\p{Ll}+)+)`,
  "gu",
);

function roleHolders(sentence: string): { role: string; name: string }[] {
  const out: { role: string; name: string }[] = [];
  for (const m of sentence.matchAll(HOLDER)) {
    const role = HOLDER_OF.get((m[1] as string).toLowerCase());
    if (role) out.push({ role, name: (m[2] as string).toLowerCase() });
  }
  return out;
}

/** A light stem: enough to match "injured"/"injuries", "residents"/"resident" across sentences. */
export function stem(word: string): string {
  return word.length > 5 ? word.slice(0, 5) : word.replace(/(ies|es|s|e)$/u, "");
}

const japaneseWords = new Intl.Segmenter("ja", { granularity: "word" });

/**
 * The words of a sentence, lower-cased. Japanese writes no spaces, so its words come from
 * Unicode word segmentation (kana particles of one character drop out); other languages split
 * on letters as before.
 */
function contentWords(sentence: string, language: string): string[] {
  const lower = sentence.toLowerCase();
  if (language !== "ja") return lower.match(/\p{L}{2,}/gu) ?? [];
  const words: string[] = [];
  for (const part of japaneseWords.segment(lower)) {
    if (part.isWordLike && /\p{L}/u.test(part.segment) && [...part.segment].length >= 2) words.push(part.segment);
  }
  return words;
}

export function sentenceFacts(sentence: string, language = "en"): SentenceFacts {
  // Japanese figures are read in Japanese sentences and wherever Japanese or Chinese script appears.
  const cjk = language === "ja" || CJK_CHAR.test(sentence);
  // "18 mil 400 millones" (Mexico, Argentina): thousands of millions written out.
  const figureText = (cjk ? foldWidth(sentence) : sentence).replace(
    /(?<![\d.,])(\d{1,3}) mil (\d{3}) (millones|millón)/gu,
    (_m, a: string, b: string, scale: string) => `${a}${b} ${scale}`,
  );
  const { dates, spans, years: dateYears } = extractDates(figureText, cjk);
  const { numbers, quantities, years } = extractNumbers(figureText, language, spans, cjk);
  // A year on its own ("closed in 2013", "2013年") is a date fact at year precision.
  for (const year of new Set([...dateYears, ...years])) if (!dates.some((d) => d.startsWith(year))) dates.push(year);
  const stems = new Set<string>();
  for (const word of contentWords(sentence, language)) {
    if (FUNCTION_WORDS.has(word) || MONTHS[word] || SMALL_NUMBERS[word]) continue;
    // "Millionen Euro", "millones de pesos": the figure's own words, not what the sentence is about.
    if (SCALES[word] || unitClass(word) === "¤") continue;
    stems.add(stem(word));
  }
  const attributedTo = attributionParty(sentence);
  return {
    numbers,
    quantities,
    dates,
    names: extractNames(sentence, language),
    quotes: extractQuotes(sentence),
    denial: DENIAL.test(sentence),
    hedged: HEDGE.test(sentence),
    furniture: isFurniture(sentence),
    revision: REVISION.test(sentence),
    agents: passiveAgents(sentence),
    holders: roleHolders(sentence),
    ...(attributedTo ? { attributedTo } : {}),
    stems: [...stems],
  };
}

/** A statement worth checking: it carries a number, a date, a quotation or names, and enough words to say something. */
export function isCheckable(facts: SentenceFacts): boolean {
  // A headline in capitals or a header line of parts ("… Press release | For immediate use | 11 May") is furniture.
  if (facts.furniture) return false;
  // Datelines, bylines and timestamps have figures but say nothing.
  if (facts.stems.length < 4) return false;
  return facts.numbers.length > 0 || facts.dates.length > 0 || facts.quotes.length > 0 || facts.names.length > 0;
}
