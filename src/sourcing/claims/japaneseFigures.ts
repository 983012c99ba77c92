// Japanese writes figures against its words with no space ("約1500世帯", "14人が負傷"), groups by
// 万 (10^4) and 億 (10^8) ("1億2000万円"), marks dates with 年/月/日 ("2026年3月14日") and may use
// full-width digits ("１５００", "４０％"). That reading applies to Japanese sentences and, in any
// language, to a figure touching Japanese or Chinese script; nothing else changes.
import { stem } from "./contentWords.ts";
import { formatNumber, pad, parseDigits, type Quantity, unitClass } from "./figures.ts";

/** A character of Japanese or Chinese text: kanji, kana, and their punctuation ("、", "。", "ー"). */
export const CJK_CHAR = /[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}]/u;

/** Full-width forms to what NFKC makes of them ("１，５００％" → "1,500%"), one character for one, so positions hold. */
export function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\uFFE0\uFFE1\uFFE5\uFFE6\u3000]/g, (c) => {
    const folded = c.normalize("NFKC");
    return folded.length === 1 ? folded : c;
  });
}

/** A year by era: 令和 (from 2019) or 平成 (1989–2019), its number or 元 for its first. */
const ERA_YEAR = String.raw`(令和|平成)(\d{1,2}|元)`;
/**
 * 2026年3月14日, 2026年3月, 3月14日; a month alone ("3月") is no comparable date and no number either.
 * A body's own notices count years by era: 令和8年 is 2026, 平成31年 2019 (元年 is an era's first).
 */
const JA_DATE = new RegExp(String.raw`(?<![\d.,])(?:(?:(\d{4})|${ERA_YEAR})\s*年\s*)?(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?`, "gu");
/** 2026年, 令和8年: a year, at year precision. */
const JA_YEAR = new RegExp(String.raw`(?<![\d.,])(?:((?:19|20)\d{2})|${ERA_YEAR})\s*年`, "gu");
/** The year before each era's first. */
const ERA_BASE: Record<string, number> = { 令和: 2018, 平成: 1988 };

/** The western year of a year written as digits or by era, undefined when none is written. */
function yearOf(digits: string | undefined, era: string | undefined, inEra: string | undefined): number | undefined {
  if (digits) return Number(digits);
  if (!era || !inEra) return undefined;
  return (ERA_BASE[era] as number) + (inEra === "元" ? 1 : Number(inEra));
}

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

export function extractJapaneseDates(text: string, dates: Set<string>, spans: [number, number][], years: Set<string>): void {
  for (const re of [JA_DATE, JA_YEAR]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (spans.some(([s, e]) => start < e && end > s)) continue;
      if (re === JA_YEAR) {
        spans.push([start, end]);
        years.add(String(yearOf(m[1], m[2], m[3])));
        continue;
      }
      const year = yearOf(m[1], m[2], m[3]);
      const month = Number(m[4]);
      const day = m[5] ? Number(m[5]) : undefined;
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
export function extractJapaneseNumbers(
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
    const measure = percent || currency ? undefined : japaneseMeasure(unit, text.slice(end));
    if (measure) {
      out.quantities.push({ value: normal, unit: measure.unit, base: value * measure.factor });
      continue;
    }
    const unitOfCounter = percent ? "%" : currency ? "¤" : (unitClass(unit) ?? unit);
    out.quantities.push({
      value: normal,
      unit: unitOfCounter === "people" ? (peopleKind(text, start, end) ?? "people") : unitOfCounter,
    });
  }
}

/**
 * A length or a volume in Japanese units, as the other languages' measures are read ("6メートル",
 * "190センチ"); "キロ" only where it spans a distance ("3キロにわたって"), for it also weighs.
 */
function japaneseMeasure(counter: string, after: string): { unit: string; factor: number } | undefined {
  const word = /^[\p{sc=Katakana}ー]+/u.exec(after.trimStart())?.[0] ?? counter;
  if (/^キロメートル/u.test(word) || (/^キロ$/u.test(word) && /^\s*キロ(?:にわた|の区間|先|離れ|圏)/u.test(after)))
    return { unit: "length", factor: 1000 };
  if (/^メートル/u.test(word)) return { unit: "length", factor: 1 };
  if (/^センチ(?:メートル)?$/u.test(word)) return { unit: "length", factor: 0.01 };
  if (/^ミリ(?:メートル)?$/u.test(word)) return { unit: "length", factor: 0.001 };
  if (/^ミリリットル/u.test(word)) return { unit: "volume", factor: 0.001 };
  if (/^リットル/u.test(word)) return { unit: "volume", factor: 1 };
  return undefined;
}

/**
 * What befell the people a Japanese count counts, as "23 Verletzte" and "4 morts" say it: the
 * predicate right after the counter ("23人がけがをしました", "2人が死亡", "31人のけが人") or the noun the clause
 * opens with before the figure ("けが人は午後4時時点で31人に増えた", "死者は3人").
 */
function peopleKind(text: string, start: number, end: number): string | undefined {
  const after = /^[人名]?(?:が|の方が)?/u.exec(text.slice(end))?.[0].length ?? 0;
  const predicate = text.slice(end + after, end + after + 6);
  const clause =
    text
      .slice(0, start)
      .split(/[。、,，]/u)
      .pop() ?? "";
  // "31人のけが人": the noun may follow the count, joined by の; after が the predicate is what
  // befell them ("23人がけがを"), not a noun they act on ("10人が負傷者の救助にあたった").
  const joined = predicate.startsWith("の");
  const word = predicate.replace(/^の/u, "");
  const tail = clause.slice(-14);
  for (const [kind, atPredicate, asNoun] of PEOPLE_KINDS) {
    if (atPredicate.test(word) && (joined || !/^\p{sc=Han}+[者人]/u.test(word))) return kind;
    // "けが人はいないものの住民30人が避難": a noun said to be absent names no one counted.
    const noun = asNoun.exec(tail);
    if (noun && !/いない|なく|出ていない|ゼロ|なし/u.test(tail.slice(noun.index))) return kind;
  }
  return undefined;
}

/** What befell those counted: at the predicate after the count, or as the noun before it. */
const PEOPLE_KINDS: [string, RegExp, RegExp][] = [
  ["injured", /^(?:けが|負傷|重軽傷|重傷|軽傷)/u, /(?:けが人|負傷者|重軽傷者)(?:は|が|の数は)/u],
  ["dead", /^(?:死亡|亡くな|死去)/u, /(?:死者|死亡者)(?:は|が|の数は)/u],
];
