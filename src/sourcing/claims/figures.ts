// How figures are written in the languages we read, shared by every reading of them: month
// names, small number words, scale words, which languages write a decimal comma, and the classes
// of what a figure counts; digits to a value, and a value to the one form figures are compared in.
import { LANGUAGES } from "../../languages.ts";

export interface Quantity {
  value: string;
  /** What is counted: the stem of the noun the figure counts, prefixed by its currency sign for money ("£batte"). */
  unit: string;
  /**
   * For a measurement (a length, a speed, a temperature), the value in the measure's base unit
   * (metres, km/h, °C), and `unit` is the measure: "92 mm" and "3.6 inches" are one length.
   */
  base?: number;
  /** What the counted noun means in any language (newsLexicon.ts): "contenedores", "container",
   * "Boxen" are all containers. Set when the lexicon knows the word. */
  counted?: string;
  /** Counted on top of another count ("another 11 flights", "weitere 11 Flüge"): an addition, no account of a total. */
  additional?: boolean;
}

/** A unit of measurement: the measure it belongs to and how a value in it becomes the base unit's. */
interface MeasureUnit {
  measure: "length" | "speed" | "temperature" | "volume";
  toBase: (value: number) => number;
}

const times = (factor: number) => (value: number) => value * factor;

/**
 * Units a figure is given in, and converted to ("92 mm (3.6 inches)", "8 metres (26 feet)", "84 mph
 * (135 kph)", "8 °C (46 °F)"), in the languages we read. A conversion restates its figure, so two
 * figures in one measure are compared as base values.
 */
const MEASURE_UNITS: [RegExp, MeasureUnit][] = [
  [
    /^(?:mm|millimet(?:re|er)s?|millimètres?|milímetros?|millimetri|milimetr(?:y|ów)?)$/u,
    { measure: "length", toBase: times(0.001) },
  ],
  [
    /^(?:cm|centimet(?:re|er)s?|centimètres?|centímetros?|centimetri|centymetr(?:y|ów)?)$/u,
    { measure: "length", toBase: times(0.01) },
  ],
  [/^(?:m|met(?:re|er)s?|meter[ns]?|mètres?|metros?|metri|metr(?:y|ów)?)$/u, { measure: "length", toBase: times(1) }],
  [
    /^(?:km|kilomet(?:re|er)s?|kilometer[ns]?|kilomètres?|kilómetros?|chilometri|kilometr(?:y|ów)?)$/u,
    { measure: "length", toBase: times(1000) },
  ],
  [/^(?:in|inch|inches|pouces?|pulgadas?|pollici|cali)$/u, { measure: "length", toBase: times(0.0254) }],
  [/^(?:ft|foot|feet|fuß|fuss|pieds?|pies|piedi|stóp|stopy)$/u, { measure: "length", toBase: times(0.3048) }],
  [/^(?:yards?|yd)$/u, { measure: "length", toBase: times(0.9144) }],
  [/^(?:miles?|meilen?|millas?|miglia|mil)$/u, { measure: "length", toBase: times(1609.344) }],
  [
    /^(?:nmi|nautical miles?|seemeilen?|milles? nautiques?|millas? náuticas?|miglia nautiche|mil morskich)$/u,
    { measure: "length", toBase: times(1852) },
  ],
  // A volume in litres: "4 000 litres", "vier Kubikmeter", "15 m³".
  [/^(?:l|litres?|liters?|litros?|litri|litro|litr(?:y|ów)?)$/u, { measure: "volume", toBase: times(1) }],
  [/^(?:hl|hectolitres?|hektoliter|hectolitros?|ettolitri|hektolitr(?:y|ów)?)$/u, { measure: "volume", toBase: times(100) }],
  [
    /^(?:m³|m3|cubic met(?:re|er)s?|kubikmeter[ns]?|mètres? cubes?|metros? cúbicos?|metri cubi|metro cubo|metr(?:y|ów)? sześcienn\p{L}*)$/u,
    { measure: "volume", toBase: times(1000) },
  ],
  [/^(?:gallons?|gallonen|galones|galloni)$/u, { measure: "volume", toBase: times(3.785411784) }],
  [/^(?:km\/h|kph|kmh|km\/std)$/u, { measure: "speed", toBase: times(1) }],
  [/^(?:mph)$/u, { measure: "speed", toBase: times(1.609344) }],
  [/^(?:knots?|kn|kt|knoten|nœuds?|nudos|nodi|węzłów)$/u, { measure: "speed", toBase: times(1.852) }],
  [
    /^(?:°c|° c|ºc|degrees celsius|grad celsius|degrés celsius|grados celsius|gradi celsius|stopni celsjusza)$/u,
    { measure: "temperature", toBase: times(1) },
  ],
  [
    /^(?:°f|° f|ºf|degrees fahrenheit|grad fahrenheit|degrés fahrenheit|grados fahrenheit|gradi fahrenheit)$/u,
    { measure: "temperature", toBase: (f) => ((f - 32) * 5) / 9 },
  ],
];

/** The unit of measurement a figure is given in, read from the words right after it ("mm", "nautical miles", "°F"). */
export function measureUnitAfter(after: string): (MeasureUnit & { written: string }) | undefined {
  const head =
    /^\s?((?:°|º)\s?[cf](?![\p{L}])|km\/h|km\/std|m[³3](?![\p{L}\d])|cubic\s\p{L}+|(?:mètres?|metros?|metri|metro|metr(?:y|ów)?)\s(?:cubes?|cúbicos?|cubi|cubo|sześcienn\p{L}*)|(?:nautical|degrees|grad|degrés|grados|gradi|stopni)\s\p{L}+|\p{L}+)/iu.exec(
      after,
    );
  const written = head?.[1]?.toLowerCase();
  // "Dos mil vecinos" counts thousands; "Les 27 l'ont adopté" has an article, not litres.
  if (!written || (written.length > 1 && SCALES[written] !== undefined) || /^\s?\p{L}['’]/u.test(after)) return undefined;
  const found = MEASURE_UNITS.find(([re]) => re.test(written));
  return found ? { ...found[1], written } : undefined;
}

/**
 * Whether two figures are the same figure: equal, rounded (within 2%: "187 Millionen" for 187,4),
 * or within 6% when either is given as approximate ("casi 10 millones" for 9,64 millones).
 */
export function sameFigure(x: string, y: string, hedged = false): boolean {
  if (x === y) return true;
  if (x.endsWith("%") !== y.endsWith("%")) return false;
  const a = Number.parseFloat(x);
  const b = Number.parseFloat(y);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return false;
  return Math.abs(a - b) / Math.max(a, b) <= (hedged ? 0.06 : 0.02);
}

/**
 * Whether figure x is figure y rounded to x's last significant digit ("3100" of "3080", "2400" of
 * "2380"), or a whole figure of one with decimals rounded to the unit ("12" of "11.5").
 */
export function roundingOf(x: string, y: string): boolean {
  const a = Number.parseFloat(x);
  const b = Number.parseFloat(y);
  if (!Number.isFinite(a) || !Number.isFinite(b) || x.endsWith("%") !== y.endsWith("%")) return false;
  const digits = x.replace(/%$/, "");
  const decimals = digits.includes(".") ? (digits.split(".")[1] as string).length : 0;
  const zeros = decimals > 0 ? 0 : (/0*$/.exec(digits)?.[0].length ?? 0);
  // A whole figure is read as rounded to the unit only against one given with decimals ("environ
  // 12 km", "11,5 km"); otherwise only a figure that ends in zeros is: "3100" to the hundred, not
  // "22" of "21".
  if (zeros === 0) return decimals === 0 && y.replace(/%$/, "").includes(".") && Math.abs(a - b) <= 0.5;
  const grain = 10 ** (zeros - decimals);
  return Math.abs(a - b) <= grain / 2;
}

/** How far apart two values are, against the larger. */
const relativeGap = (x: number, y: number) => Math.abs(x - y) / Math.max(Math.abs(x), Math.abs(y));
/** How far a figure may lie from the one it rounds: "environ 12 km" of "11,5 km", not "10 km" of "14 km". */
const ROUNDED_GAP = 0.06;

/** Whether two quantities are the same amount: equal figures, or one measurement in two units (within rounding). */
export function sameAmount(a: Quantity, b: Quantity, sameFigure: (x: string, y: string) => boolean): boolean {
  if (a.base !== undefined && b.base !== undefined) {
    if (a.unit !== b.unit) return false;
    // A conversion is rounded ("12 miles (19 km)": 19.3): 3% apart, or one degree for a temperature.
    if (a.unit === "temperature") return Math.abs(a.base - b.base) <= 1;
    // In the same written unit the figures compare as figures do, or one is the other rounded
    // ("environ 12 km", "11,5 km"); "134,5 m" is not "138メートル".
    const ratio = (q: Quantity) => (q.base as number) / Number(q.value);
    if (Math.abs(ratio(a) - ratio(b)) <= 1e-9 * Math.max(ratio(a), ratio(b)))
      return (
        sameFigure(a.value, b.value) ||
        ((roundingOf(a.value, b.value) || roundingOf(b.value, a.value)) && relativeGap(a.base, b.base) <= ROUNDED_GAP)
      );
    // A conversion is rounded too, or as hedged as the figures' own comparison allows ("quasi due
    // metri", 190 cm).
    const larger = Math.max(Math.abs(a.base), Math.abs(b.base));
    return larger === 0 || Math.abs(a.base - b.base) / larger <= 0.03 || sameFigure(String(a.base), String(b.base));
  }
  return sameFigure(a.value, b.value);
}

export const MONTHS: Record<string, number> = {};
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
export const MONTH_PATTERN = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join("|");

/**
 * Number words by language. A word is a number only in its own language: German "sei" is "be"
 * and English "due" and "once" are no two and eleven.
 */
const NUMBER_WORDS: Record<string, [number, string][]> = {
  en: [
    [2, "two"],
    [3, "three"],
    [4, "four"],
    [5, "five"],
    [6, "six"],
    [7, "seven"],
    [8, "eight"],
    [9, "nine"],
    [10, "ten"],
    [11, "eleven"],
    [12, "twelve"],
    [20, "twenty"],
    [100, "hundred"],
    [1000, "thousand"],
  ],
  de: [
    [2, "zwei"],
    [3, "drei"],
    [4, "vier"],
    [5, "fünf"],
    [6, "sechs"],
    [7, "sieben"],
    [8, "acht"],
    [9, "neun"],
    [10, "zehn"],
    [11, "elf"],
    [12, "zwölf"],
    [20, "zwanzig"],
  ],
  fr: [
    [2, "deux"],
    [3, "trois"],
    [4, "quatre"],
    [5, "cinq"],
    [6, "six"],
    [7, "sept"],
    [8, "huit"],
    [9, "neuf"],
    [10, "dix"],
    [11, "onze"],
    [12, "douze"],
    [20, "vingt"],
  ],
  es: [
    [2, "dos"],
    [3, "tres"],
    [4, "cuatro"],
    [5, "cinco"],
    [6, "seis"],
    [7, "siete"],
    [8, "ocho"],
    [9, "nueve"],
    [10, "diez"],
    [11, "once"],
    [12, "doce"],
    [20, "veinte"],
  ],
  it: [
    [2, "due"],
    [3, "tre"],
    [4, "quattro"],
    [5, "cinque"],
    [6, "sei"],
    [7, "sette"],
    [8, "otto"],
    [9, "nove"],
    [10, "dieci"],
    [11, "undici"],
    [12, "dodici"],
    [20, "venti"],
  ],
  pt: [
    [2, "dois"],
    [3, "três"],
    [4, "quatro"],
    [5, "cinco"],
    [6, "seis"],
    [7, "sete"],
    [8, "oito"],
    [9, "nove"],
    [10, "dez"],
    [11, "onze"],
    [12, "doze"],
    [20, "vinte"],
  ],
  nl: [
    [2, "twee"],
    [3, "drie"],
    [4, "vier"],
    [5, "vijf"],
    [6, "zes"],
    [7, "zeven"],
    [8, "acht"],
    [9, "negen"],
    [10, "tien"],
    [11, "elf"],
    [12, "twaalf"],
    [20, "twintig"],
  ],
  pl: [
    [2, "dwa"],
    [2, "dwie"],
    [2, "dwóch"],
    [3, "trzy"],
    [3, "trzech"],
    [4, "cztery"],
    [4, "czterech"],
    [5, "pięć"],
    [5, "pięciu"],
    [6, "sześć"],
    [6, "sześciu"],
    [7, "siedem"],
    [7, "siedmiu"],
    [8, "osiem"],
    [8, "ośmiu"],
    [9, "dziewięć"],
    [9, "dziewięciu"],
    [10, "dziesięć"],
    [10, "dziesięciu"],
    [11, "jedenaście"],
    [12, "dwanaście"],
    [20, "dwadzieścia"],
  ],
};
const numberWordsOf = new Map(
  Object.entries(NUMBER_WORDS).map(([language, words]) => [language, new Map(words.map(([value, word]) => [word, value]))]),
);

/** Every language's number words: a capitalised one opening a sentence is no name, in any language. */
export const SMALL_NUMBERS: Record<string, number> = {};
for (const words of Object.values(NUMBER_WORDS)) for (const [value, word] of words) SMALL_NUMBERS[word] = value;

/** The value of a number word in the sentence's language; in a language without a list, any language's. */
export function numberWord(word: string, language: string): number | undefined {
  const own = numberWordsOf.get(language);
  return own ? own.get(word) : SMALL_NUMBERS[word];
}

export const SCALES: Record<string, number> = {
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

export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(4)));
}

export function parseDigits(raw: string, language: string): number | undefined {
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

export const pad = (n: number) => String(n).padStart(2, "0");

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
    /^(?:people|persons|residents|inhabitants|citizens|locals|menschen|personen|einwohner|bewohner|anwohner|personnes|habitants|résidents|personas|habitantes|vecinos|residentes|persone|abitanti|residenti|osób|osoby|mieszkańców|mieszkańcy|evacuees|évacués|evakuierte|evakuierten|evacuados|desalojados|sfollati|evacuati|ewakuowanych|ewakuowani|人)$/u,
  ],
  // Jobs by any word for them, and the cuts of them ("480 suppressions de postes" against "612
  // emplois perdus"; "1,100 redundancies" against "900 jobs").
  [
    "jobs",
    /^(?:jobs?|posts?|positions|roles|redundancies|layoffs|stellen|arbeitsplätze|arbeitsplätzen|vollzeitstellen|teilzeitstellen|planstellen|arbeitsstellen|jobs|entlassungen|stellenstreichungen|postes?|emplois?|suppressions|licenciements|puestos|empleos?|despidos|posti|impieghi|licenziamenti|esuberi|etatów|etaty|miejsc|zwolnień|stanowisk)$/u,
  ],
  // Nouns news counts in every language: a figure counting one of them in two languages is the
  // same count ("85 familles" and "85 le famiglie"; "212 Fahrgäste" and "212 passengers").
  [
    "households",
    /^(?:families|family|households|familles|famille|ménages|famiglie|nuclei|familias|hogares|familien|haushalte|rodzin|rodziny|gospodarstw|世帯)$/u,
  ],
  [
    "homes",
    /^(?:homes|houses|dwellings|properties|maisons|logements|habitations|case|abitazioni|viviendas|casas|häuser|wohnungen|gebäude|domów|mieszkań|budynków|戸|棟|住宅)$/u,
  ],
  [
    "passengers",
    /^(?:passengers|passagers|voyageurs|pasajeros|viajeros|passeggeri|viaggiatori|fahrgäste|passagiere|reisende|pasażerów|pasażerowie|podróżnych|乗客)$/u,
  ],
  // The toll of an event, the count news disputes most: the dead, and the injured.
  [
    "dead",
    /^(?:dead|deaths|fatalities|killed|morts?|décès|tués|victimes|tote|toten|todesopfer|muertos|fallecidos|víctimas|victimas|morti|vittime|deceduti|zabitych|ofiar|zmarłych|ofiary|死者|死亡)$/u,
  ],
  [
    "injured",
    /^(?:injured|wounded|hurt|injuries|blessés|blessées|verletzte|verletzten|schwerverletzte|heridos|heridas|lesionados|feriti|rannych|ranni|poszkodowanych|けが人|負傷者)$/u,
  ],
  // Works of art, which a theft or an exhibition counts: "five paintings", "six works", "cinq
  // tableaux", "six œuvres" ("Werke", "obras" and "opere" are as often plants and building works).
  [
    "artworks",
    /^(?:paintings|painting|artworks|works|canvases|tableaux|tableau|toiles|œuvres|oeuvres|cuadros|lienzos|dipinti|quadri|tele|gemälde|bilder|kunstwerke|obrazy|obrazów|dzieł|dzieła|絵画|作品)$/u,
  ],
  ["vehicles", /^(?:vehicles|cars|véhicules|voitures|vehículos|coches|veicoli|auto|fahrzeuge|autos|pojazdów|samochodów)$/u],
  ["month", /^(?:months?|monate?n?|mois|meses?|mesi|mese|miesięcy|miesiące|miesiąc|か月|ヶ月|カ月)$/u],
  ["week", /^(?:weeks?|wochen?|semaines?|semanas?|settimane?|tygodni|tygodnie|週間)$/u],
  ["day", /^(?:days?|tage?n?|jours?|días?|dias?|giorni|giorno|dni|dzień|日間)$/u],
  ["year", /^(?:years?|jahre?n?|ans|années?|años?|anni|anno|lat|lata|年間)$/u],
  ["hour", /^(?:hours?|stunden?|heures?|horas?|ore|ora|godzin|godziny|時間)$/u],
];

export function unitClass(word: string): string | undefined {
  return UNIT_CLASSES.find(([, re]) => re.test(word))?.[0];
}

/** What a figure counts, read the same in every language (UNIT_CLASSES above), narrower than people or money. */
export const COUNTED_CLASSES = new Set(["households", "homes", "passengers", "vehicles", "jobs", "dead", "injured", "artworks"]);

/** What figures count that many different things are counted in: "120 people were injured" and evacuees are both people. */
export const BROAD_UNITS = new Set(["people", "¤", "%"]);
