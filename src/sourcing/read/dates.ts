// Publication dates as pages write them, normalised to ISO 8601 in UTC.
// Parsed by hand rather than with Date.parse, whose reading of a date without a zone depends on
// the machine's time zone. A date or time without a zone is taken as UTC.

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  // English, German, French, Spanish, Portuguese, Italian, Dutch (full and short forms)
  ["january", "jan", "januar", "jänner", "janvier", "janv", "enero", "ene", "janeiro", "gennaio", "gen", "januari"],
  [
    "february",
    "feb",
    "febr",
    "februar",
    "février",
    "fevrier",
    "févr",
    "fevr",
    "febrero",
    "fevereiro",
    "fev",
    "febbraio",
    "februari",
  ],
  ["march", "mar", "märz", "maerz", "mär", "mars", "marzo", "março", "marco", "maart", "mrt"],
  ["april", "apr", "avril", "avr", "abril", "abr", "aprile"],
  ["may", "mai", "mayo", "maio", "maggio", "mag", "mei"],
  ["june", "jun", "juni", "juin", "junio", "junho", "giugno", "giu"],
  ["july", "jul", "juli", "juillet", "juil", "julio", "julho", "luglio", "lug"],
  ["august", "aug", "août", "aout", "agosto", "ago"],
  ["september", "sep", "sept", "septembre", "septiembre", "setembro", "set", "settembre"],
  ["october", "oct", "oktober", "okt", "octobre", "octubre", "outubro", "out", "ottobre", "ott"],
  ["november", "nov", "novembre", "noviembre", "novembro"],
  ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic", "dezembro", "dicembre"],
];
MONTH_NAMES.forEach((names, index) => {
  for (const name of names) MONTHS[name] = index + 1;
});

/** Zone abbreviations pages use, in minutes east of UTC. */
const ZONES: Record<string, number> = {
  z: 0,
  utc: 0,
  gmt: 0,
  ut: 0,
  bst: 60,
  cet: 60,
  cest: 120,
  mez: 60,
  mesz: 120,
  eet: 120,
  eest: 180,
  wet: 0,
  west: 60,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  jst: 540,
  ist: 330,
  aest: 600,
  aedt: 660,
};

function offsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || zone === "") return 0;
  const named = ZONES[zone.toLowerCase()];
  if (named !== undefined) return named;
  const numeric = /^(?:gmt|utc)?([+-])(\d{1,2}):?(\d{2})?$/i.exec(zone);
  if (!numeric) return undefined;
  const minutes = Number(numeric[2]) * 60 + Number(numeric[3] ?? 0);
  if (minutes > 14 * 60) return undefined;
  return numeric[1] === "-" ? -minutes : minutes;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  fraction?: string;
  zone?: string;
}

function toIso(parts: Parts): string | undefined {
  const { year, month, day } = parts;
  const hour = parts.hour ?? 0;
  const minute = parts.minute ?? 0;
  const second = parts.second ?? 0;
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const offset = offsetMinutes(parts.zone);
  if (offset === undefined) return undefined;
  const millis = parts.fraction ? Math.round(Number(`0.${parts.fraction}`) * 1000) : 0;
  const local = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), millis);
  // Reject 31 February and the like: Date.UTC rolls them over into the next month.
  if (new Date(local).getUTCDate() !== day) return undefined;
  return new Date(local - offset * 60_000).toISOString();
}

const TIME = String.raw`(\d{1,2})[:h.](\d{2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?:\s*uhr)?`;
const ZONE = String.raw`(z|[a-z]{2,5}|(?:gmt|utc)?[+-]\d{1,2}(?::?\d{2})?)`;

function withTime(parts: Omit<Parts, "hour" | "minute" | "second">, time: RegExpExecArray | null, base: number): Parts {
  if (!time || time[base] === undefined) return parts;
  let hour = Number(time[base]);
  const meridiem = time[base + 3]?.toLowerCase().replace(/\./g, "");
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  return {
    ...parts,
    hour,
    minute: Number(time[base + 1]),
    second: time[base + 2] ? Number(time[base + 2]) : 0,
    // A word after the time that is no zone we know ("hrs") is ignored: the time stays UTC.
    zone: time[base + 4] !== undefined && offsetMinutes(time[base + 4]) !== undefined ? time[base + 4] : parts.zone,
  };
}

/** Normalises a date as pages write it to ISO 8601 UTC (`2026-03-04T10:15:00.000Z`), or undefined. */
export function normalizeDate(raw: string | null | undefined): string | undefined {
  if (typeof raw !== "string") return undefined;
  const value = raw.replace(/\s+/g, " ").trim();
  if (value === "" || value.length > 80) return undefined;

  // ISO 8601 and its common relatives: 2026-03-04, 2026-03-04T10:15:00+01:00, 2026-03-04 10:15 UTC.
  const iso =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)? ?(Z|[+-]\d{2}(?::?\d{2})?|UTC|GMT)?$/i.exec(
      value,
    );
  if (iso) {
    return toIso({
      year: Number(iso[1]),
      month: Number(iso[2]),
      day: Number(iso[3]),
      hour: iso[4] ? Number(iso[4]) : 0,
      minute: iso[5] ? Number(iso[5]) : 0,
      second: iso[6] ? Number(iso[6]) : 0,
      ...(iso[7] ? { fraction: iso[7] } : {}),
      ...(iso[8] ? { zone: iso[8] } : {}),
    });
  }
  // Basic format: 20260304 or 20260304T101500Z.
  const basic = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/.exec(value);
  if (basic) {
    return toIso({
      year: Number(basic[1]),
      month: Number(basic[2]),
      day: Number(basic[3]),
      hour: Number(basic[4] ?? 0),
      minute: Number(basic[5] ?? 0),
      second: Number(basic[6] ?? 0),
    });
  }
  // Unix time in seconds or milliseconds.
  if (/^\d{10}(?:\d{3})?$/.test(value)) {
    const millis = value.length === 10 ? Number(value) * 1000 : Number(value);
    const date = new Date(millis);
    const year = date.getUTCFullYear();
    return year >= 1990 && year <= 2100 ? date.toISOString() : undefined;
  }

  // "Wed, 04 Mar 2026" → "04 Mar 2026"; a leading month name stays.
  const lower = value
    .toLowerCase()
    .replace(/^([\p{L}]+)\.?,?\s+(?=\d)/u, (whole, word: string) => (MONTHS[word] === undefined ? "" : whole));
  const timeAfter = (rest: string) =>
    new RegExp(String.raw`^[\s,T]*(?:at\s+|um\s+|à\s+|a las\s+|-\s*)?${TIME}(?:\s*${ZONE})?`, "i").exec(rest);

  // 2026/03/04 (10:15)
  const slashed = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(.*)$/.exec(lower);
  if (slashed) {
    return toIso(
      withTime({ year: Number(slashed[1]), month: Number(slashed[2]), day: Number(slashed[3]) }, timeAfter(slashed[4] ?? ""), 1),
    );
  }
  // 04.03.2026 (European day first), and 04/03/2026 when the day is unambiguous (> 12).
  const numeric = /^(\d{1,2})([./])(\d{1,2})\2(\d{4})(.*)$/.exec(lower);
  if (numeric) {
    let day = Number(numeric[1]);
    let month = Number(numeric[3]);
    if (numeric[2] === "/") {
      if (day <= 12 && month <= 12) return undefined; // 03/04/2026: March 4 or 3 April, unknowable
      if (month > 12) [day, month] = [month, day];
    }
    return toIso(withTime({ year: Number(numeric[4]), month, day }, timeAfter(numeric[5] ?? ""), 1));
  }
  // 4 March 2026, 4. März 2026, 1er mars 2026, 4 de marzo de 2026, 04 Mar 2026 10:00:00 GMT
  const dayFirst = /^(\d{1,2})(?:\.|er|º|ª)?\s+(?:de\s+)?([\p{L}]+)\.?,?\s+(?:de\s+)?(\d{4})(.*)$/u.exec(lower);
  if (dayFirst) {
    const month = MONTHS[dayFirst[2] ?? ""];
    if (month === undefined) return undefined;
    return toIso(withTime({ year: Number(dayFirst[3]), month, day: Number(dayFirst[1]) }, timeAfter(dayFirst[4] ?? ""), 1));
  }
  // March 4, 2026 (10:15 a.m. EST); Mar. 4 2026
  const monthFirst = /^([\p{L}]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(.*)$/u.exec(lower);
  if (monthFirst) {
    const month = MONTHS[monthFirst[1] ?? ""];
    if (month === undefined) return undefined;
    return toIso(withTime({ year: Number(monthFirst[3]), month, day: Number(monthFirst[2]) }, timeAfter(monthFirst[4] ?? ""), 1));
  }
  return undefined;
}
