// What makes a sentence checkable, in comparable form: numbers (with the language's separators,
// scale words and small number words resolved to one value), dates (normalised to yyyy-mm-dd or
// mm-dd), names (capitalised runs), quotations, denials, the party a sentence attributes its
// statement to, and the content words left once numbers and function words are gone.
//
// Figures are read by sentenceFigures.ts (those in Japanese script by japaneseFigures.ts) and
// content words by contentWords.ts; this module gathers what the sentence states.

import { credits, NAME_IN_QUOTES, readAttribution, speaks, speaksFirst } from "./attribution.ts";
import { contentWords, FUNCTION_WORDS, stem } from "./contentWords.ts";
import {
  COUNTED_CLASSES,
  MONTH_PATTERN,
  MONTHS,
  type Quantity,
  SCALES,
  SMALL_NUMBERS,
  sameFigure,
  unitClass,
} from "./figures.ts";
import { CJK_CHAR, foldWidth } from "./japaneseFigures.ts";
import { conceptOf } from "./newsLexicon.ts";
import { CALENDAR, sameParty, toParty } from "./parties.ts";
import { extractDates, extractNumbers, extractTimes, NEGATED_BEFORE } from "./sentenceFigures.ts";

export type { Quantity };
export { stem };

export interface SentenceFacts {
  /** Normalised numbers as decimal strings ("120", "1200000", "3.5"); percentages end in "%". */
  numbers: string[];
  /** Numbers with what they count, for telling a conflicting figure from a different fact. */
  quantities: Quantity[];
  /** Normalised dates: yyyy-mm-dd, yyyy-mm, or mm-dd without a year. */
  dates: string[];
  /** Clock times as 24-hour hh:mm ("15:40", "14.30 Uhr", "a las 23.00", "午前5時"). */
  times: string[];
  /** Capitalised names, lower-cased ("jane smith", "portmere"). */
  names: string[];
  /** Quoted passages of at least three words. */
  quotes: string[];
  /** By figure, the names in the figure's own clause ("W dogrywce Wolańska zdobyła 53,1 proc.
   * głosów, a Tomasz Sędziak 46,9 proc." gives 53.1 Wolańska's and 46.9 Sędziak's): whose figure it is. */
  figureNames: Record<string, string[]>;
  /** The outlet says it saw, counted or learned this itself ("selon nos journalistes", "The Blaze
   * understands", "nach unseren Informationen"): its own account, whoever else states it. */
  ownReport: boolean;
  /**
   * Figures the outlet states in passing beside a statement it attributes: in a clause describing
   * the speaker right before the speech verb ("Tallyforge, which sells payroll software to about
   * 3,100 businesses, said …") or in a clause of its own before the speaker's ("The port employs
   * 1,150 people, and Mr Okafor said …"). The attribution does not reach them.
   */
  background: string[];
  /**
   * Two figures of one count the sentence gives as two sides' accounts: "Według związku … 1 200
   * pracowników; spółka szacuje ich liczbę na około 700", "police put the crowd at 5,000, while
   * organisers said 20,000". Each half credits someone and states one figure.
   */
  accounts?: [string, string];
  /** Figures the sentence sets against another as not so ("612, pas 480"): not stated, disputed. */
  negated: Quantity[];
  /** The sentence denies or rejects something. */
  denial: boolean;
  /** Those of its dates a dateline opening the sentence gives ("Tessing, 14.04.2026 –"): when the page was written. */
  dateline?: string[];
  /** What the sentence speaks of in any wording ("cost", "bill", "Kosten", "montant": a cost), for telling two accounts of one quantity. */
  concepts: string[];
  /** The things its words speak of in any language (newsLexicon.ts: "Verletzte", "feriti", "負傷" are
   * one concept), for comparing two sentences written in different languages. */
  gloss: string[];
  /** Which instance of a thing the sentence speaks of: "first", "second" (round), "new", "old" (`INSTANCE_WORDS`). */
  instances: string[];
  /** The sentence says something is not so, in plain negation ("no bank account numbers were stored"). */
  negative: boolean;
  /** The sentence sets itself against something: a denial, a negation or a word of contrast ("but", "en revanche", "jednak"). */
  contrary: boolean;
  /** What it denies: the content-word stems after the denial ("tout projet de fermeture du site de Montbrac"). */
  denied: string[];
  /**
   * The sentence states a party's position rather than an account of what is: what it asks for
   * ("the union is seeking 6%", "la Fiscalía pedía nueve años") or what it offers ("the company has
   * offered 2.5%"). A demand and an outcome are two facts, never two accounts of one.
   */
  position?: "demand" | "offer";
  /** The sentence gives its figure as a revision of an earlier one ("has risen to", "revised to", "korrigiert", "se elevó a"). */
  revision: boolean;
  /**
   * The sentence gives a sum with what it includes or leaves out ("once repaving is included",
   * "用地取得費を含めた", "sin contar el terreno"): the same cost counted another way, which speaks of
   * the account that counts it the first way, as a revision speaks of the figure it revises.
   */
  qualifiedSum?: "includes" | "excludes";
  /** A line in capitals or a header of parts split by bars: no statement to check. */
  furniture: boolean;
  /** Its figures are given as approximate ("about 1,200", "rund 187 Millionen", "casi 10 millones", "約1500人"). */
  hedged: boolean;
  /** Who did what the sentence reports in the passive ("inspected by Castlegate Engineers"), lower-cased. */
  agents: string[];
  /** Who holds a role the story has one of ("his lawyer, Me Laure Vidal-Castan", "mediator Andrés
   * Fuenzalida"): the role's class and the person's name, lower-cased. */
  holders: { role: string; name: string; task?: string[] }[];
  /** Who the sentence attributes its statement to ("according to X", "X said"), lower-cased. */
  attributedTo?: string;
  /** Content-word stems, lower-cased, without numbers and function words. */
  stems: string[];
}

/** A byline's opening word, in the languages we read ("By", "Von", "Par", "Por", "Di", "Przez"). */
const BYLINE_OPENING = /^(?:By|Von|Par|Por|Di|Door|Przez|Av|Af|Texto:|Text:)\s+\p{Lu}/u;
/**
 * The lower-case words a byline line may hold beside its names, agency and time stamp: joiners,
 * a reporter's role, and the words of an "Updated 14:02" stamp. Any other lower-case word makes
 * it a sentence ("By mid-morning, volunteers had turned up…").
 */
const BYLINE_WORDS = new Set(
  (
    "and und et y e i en og och or of the for at in on à au a de du des la le del von der di da " +
    "am pm uhr h hs hrs " +
    "reporter reporters correspondent correspondents editor writer staff chief senior political business sport sports " +
    "science health home affairs foreign desk redakteur redakteurin korrespondent korrespondentin journaliste envoyé envoyée " +
    "spécial spéciale periodista corresponsal redactor redactora giornalista inviato inviata dziennikarz dziennikarka " +
    "updated published aktualisiert veröffentlicht mis jour actualizado publicado aggiornato pubblicato zaktualizowano " +
    "monday tuesday wednesday thursday friday saturday sunday montag dienstag mittwoch donnerstag freitag samstag sonntag " +
    "lundi mardi mercredi jeudi vendredi samedi dimanche lunes martes miércoles jueves viernes sábado domingo"
  ).split(" "),
);

/** "By Hannah Pryce, Chief Reporter Tuesday 3 November 2026, 2.20pm", "Von Katrin Berghoff und Stefan Lüdtke". */
function isBylineLine(sentence: string): boolean {
  if (!BYLINE_OPENING.test(sentence)) return false;
  const lower = sentence.match(/(?<![\p{L}\p{N}])\p{Ll}[\p{L}]*/gu) ?? [];
  return lower.every((word) => BYLINE_WORDS.has(word) || MONTHS[word] !== undefined || /^\d*(?:am|pm|h)$/.test(word));
}

/** A picture's credit line: "Photo: Jane Doe/Reuters", "Foto: dpa", "Crédit photo : AFP", "写真：共同". */
const IMAGE_CREDIT =
  /^\(?(?:photo(?:graph)?s?|pictures?|images?|foto(?:s|grafie|grafía)?|bild|crédits?(?: photo)?|imagen|immagine|zdjęcie|fot\.|写真)\s*(?:credit)?\s*[:：]/iu;
/** A short line naming a picture agency: "AP Photo/Kirsty Wigglesworth", "Getty Images". */
const PICTURE_AGENCY =
  /\b(?:AP Photo|Getty Images|Shutterstock|Alamy|EPA-EFE|dpa-Bildfunk|Keystone\/|PA Wire|AFP via Getty|Reuters\/[\p{Lu}])/u;
/** A picture's credit in brackets: "(Photo Kevin Dubois/LSQ)", "(Foto: ANSA)". */
const PICTURE_IN_BRACKETS = /^\((?:photo|foto|bild|image|imagen|immagine|zdjęcie|fot\.|crédit photo)\b[^)]{2,60}\)\.?$/iu;
/** A note on the writer: "Rob Haskins covers transfers and European football for Terrace Talk." */
const AUTHOR_NOTE =
  /^\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+){1,2}\s(?:covers|writes about|writes on|reports on|is (?:a|the) (?:\p{Ll}+\s){0,2}(?:reporter|correspondent|editor|writer|journalist))\s.*\s(?:for|at)\s\p{Lu}/u;

/** A name, a comma and a role in capitals, nothing else: "Emmet Hayes, Soccer Correspondent". */
const NAME_AND_ROLE = /^\p{Lu}[\p{L}'’.-]+(?:\s\p{Lu}[\p{L}'’.-]+){1,2},\s\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+){0,3}\.?$/u;
/** A date alone, with its weekday: "Sunday 5 July 2026", "Mardi 7 juillet 2026". */
const DATE_LINE = /^(?:\p{L}+,?\s)?\d{1,2}\.?\s\p{L}+\.?\s\d{4}\.?$/u;
/** A picture's caption: what it shows in a few words, then the day ("L'usine Chimirel de Bréchaumont, mardi 9 juin 2026."). */
const CAPTION_LINE = new RegExp(
  `^(?:[^\\s,\\d]+\\s){0,5}[^\\s,\\d]+,\\s(?:\\p{L}+,?\\s)?\\d{1,2}\\.?\\s(?:${MONTH_PATTERN})\\.?(?:\\s\\d{4})?\\.?$`,
  "iu",
);

/** Copyright and redistribution notices, in the languages we read. */
const COPYRIGHT =
  /(?:©|\(c\)|copyright)\s*\d{4}|all rights reserved|may not be (?:published|reproduced|redistributed|broadcast)|alle rechte vorbehalten|tous droits réservés|reproduction interdite|todos los derechos reservados|prohibida su reproducción|riproduzione riservata|wszelkie prawa zastrzeżone|無断転載/iu;
/** A page's tag line: "Tags: BTK, strike", "Tagi: …", "Schlagwörter: …". */
const TAGS =
  /^(?:tags?|tagi|schlagwörter|stichwörter|étiquettes|mots-clés|etiquetas|temas|argomenti|parole chiave|tematy)\s*[:：]/iu;
/** A call to subscribe or sign up, the site speaking to its reader. */
const SUBSCRIPTION =
  /\b(?:subscribe (?:now|today|to|for)|sign up (?:for|to|now)|already a subscriber|for subscribers only|jetzt abonnieren|abonnez-vous|déjà abonné|suscríbete|hazte suscriptor|abbonati|zaprenumeruj)/iu;

/**
 * Mostly capitals (a headline or a section header), parts split by bars (a page's header line),
 * a byline line with its time stamp, a picture credit, a copyright or redistribution notice, a
 * call to subscribe, or a line pointing at a web address ("An HTML version of this release is
 * available at https://…"): page furniture, never a claim.
 */
function isFurniture(sentence: string): boolean {
  if (/\s\|\s.*\s\|\s/u.test(sentence)) return true;
  // Parts split by a middle dot: "Julien Marchetti · Publié le 7 juillet 2026 à 18h32 · Mis à jour".
  if (/\s[·•]\s/u.test(sentence)) return true;
  if (PICTURE_IN_BRACKETS.test(sentence) || AUTHOR_NOTE.test(sentence)) return true;
  // A byline's name and role ("Emmet Hayes, Soccer Correspondent") or a date line ("Sunday 5 July
  // 2026"): capitalised words only. (A headline in title case is not furniture: it states the story.)
  if (NAME_AND_ROLE.test(sentence) || DATE_LINE.test(sentence) || CAPTION_LINE.test(sentence.trim())) return true;
  if (isBylineLine(sentence)) return true;
  if (IMAGE_CREDIT.test(sentence) || COPYRIGHT.test(sentence) || SUBSCRIPTION.test(sentence) || TAGS.test(sentence)) return true;
  if (/https?:\/\/\S+/u.test(sentence)) return true;
  if (PICTURE_AGENCY.test(sentence) && sentence.split(/\s+/u).length <= 12) return true;
  const letters = sentence.match(/\p{L}/gu) ?? [];
  const upper = sentence.match(/\p{Lu}/gu) ?? [];
  return letters.length >= 12 && upper.length / letters.length > 0.7;
}

/** Words that say a figure revises an earlier one, in the languages we read. */
const REVISION =
  /(?<![\p{L}])(?:(?:has risen|had risen|rose|climbed|salit[oa]|est passée?|stieg|ascendió|wzrósł|wzrosła|wzrosło) (?:sharply|again|further|stamattina|stamane|ancora|nuovamente|encore|désormais|nuevamente|wieder|erneut|ponownie) (?:to|a|à|auf|do)(?= \d)|has risen|had risen|rose to|lowered to|cut to|reduced to|risen to|climbed to|increased to|revised|raised|corrected|updated|now stands|now put|stieg auf|gestiegen|erhöht(?:e)? sich|korrigiert|nach oben korrigiert|inzwischen|mittlerweile|s['’]élève désormais|est passé à|s['’]est alourdi|revu|révisé|corrigé|désormais|se elevó|rebaja a|rebajó a|elevó|ascendió|aumentó a|corregid[oa]|revisad[oa]|ahora|salito a|salita a|salgono a|rivisto|rivista|corrett[oa]|aggiornat[oa]|wzrósł do|wzrosła do|wzrosło do|skorygowan\w*|zaktualizowan\w*)(?![\p{L}])|上方修正|下方修正|修正|に増え|に拡大/iu;

/** A sum said to include a part: "including land", "mit Grunderwerb", "y compris", "含めた". */
const SUM_INCLUDES =
  /(?<![\p{L}])(?:including|included|inklusive|einschließlich|unter Berücksichtigung|en tenant compte|compte tenu|teniendo en cuenta|uwzględniając|mit (?:den |dem )?(?:Grundstück|Grunderwerb|Erwerb|Boden)\p{L}*|y compris|incluido|incluidos|incluida|incluidas|incluyendo|(?<!(?:ha|hanno|ho|abbiamo|avevo|aveva) )compres[oiae]|inclusi|includendo|łącznie z|wliczając)(?![\p{L}])|含め|含む/iu;

/** A sum said to leave a part out: "excluding land", "ohne Grunderwerb", "hors foncier", "除く". */
const SUM_EXCLUDES =
  /(?<![\p{L}])(?:excluding|excluded|not counting|without counting|exklusive|ausgenommen|ohne (?:den |die |das |dem )?(?:Grundstück|Grunderwerb|Kosten|Erwerb|Boden)\p{L}*|hors (?:taxes|foncier|terrain|TVA)|sans compter|non compris|sin contar|excluido|excluyendo|esclus[oiae]|escludendo|senza contare|nie licząc|bez uwzględnienia)(?![\p{L}])|除く|除いた|抜き/iu;

function sumQualified(sentence: string, quantities: readonly Quantity[]): "includes" | "excludes" | undefined {
  if (!quantities.some((q) => q.unit === "¤")) return undefined;
  // The words must qualify the sum, near its money: "12 people, including three firefighters" in a
  // sentence that also gives a cost qualifies the count.
  const near = (re: RegExp) => {
    const hit = re.exec(sentence);
    return hit !== null && MONEY_NEAR.test(sentence.slice(Math.max(0, hit.index - 60), hit.index + hit[0].length + 60));
  };
  return near(SUM_INCLUDES) ? "includes" : near(SUM_EXCLUDES) ? "excludes" : undefined;
}

/** Money written in a few words' reach: a currency, or a scale word of sums. */
const MONEY_NEAR =
  /[£$€¥]|円|ドル|ユーロ|(?<![\p{L}])(?:euros?|dollars?|pounds?|francs?|złot\p{L}*|zł|pesos|yen|million\p{L}*|billion\p{L}*|milliard\p{L}*|millones|milioni|miliard\p{L}*|milion\p{L}*|Mio|Mrd|bn|m)(?![\p{L}])/iu;

/** Words that give a figure as approximate, in the languages we read. */
const HEDGE =
  /(?<![\p{L}])(?:about|around|approximately|roughly|nearly|almost|some|more than|over|up to|close to|rund|etwa|ungefähr|knapp|fast|mehr als|über|gut|environ|près de|quelque|presque|plus de|autour de|unos|unas|cerca de|casi|alrededor de|más de|aproximadamente|circa|quasi|oltre|più di|intorno a|około|prawie|ponad|blisko|niemal)(?![\p{L}])|約|およそ|ほぼ|超|余り|以上/iu;

/** A denial: the party rejects what another account says ("denies", "no plans to", "dementierte",
 * "a démenti", "desmintió", "smentisce", "zaprzeczył", "否定"). Plain negation is not a denial. */
const DENIAL =
  /(?<![\p{L}])(?:den(?:y|ies|ied|ying)|(?:rejects?|rejected|dismiss(?:es|ed)?) (?:the |these |those |such |any |all )?(?:claims?|reports?|allegations?|accusations?|suggestions?|account|figures?)|refuted?|untrue|not true|no (?:such )?plans?|never (?:been|received|was|were)|dementier\w*|bestreit\w*|bestritt\w*|zurückgewiesen|weist .* zurück|wies .* zurück|keine Pläne|dément\w*|démenti\w*|nier|nient|nié|aucun projet|desmient\w*|desmintió|desmintieron|niega\w*|negó|negaron|ningún plan|smentit\w*|smentisce|smentiscono|nega(?:to|no)?|nessun piano|zaprzecz\w*|zdementował\w*|dementuj\w*)(?![\p{L}])|否定|否認/iu;

/**
 * Words by which a sentence sets itself against another account, in the languages we read: a
 * contrast ("however", "en revanche", "sin embargo", "jednak"), a negation ("no order before",
 * "kein", "aucun", "nessun"), a party contesting. A page telling two parties' accounts of one thing
 * marks the second so.
 */
const CONTRARY =
  /(?<![\p{L}])(?:however|but|though|although|whereas|disput\p{L}*|contest\p{L}*|contradict\p{L}*|insists?|aber|jedoch|dagegen|hingegen|widersprech\p{L}*|widersprich\p{L}*|widersprach\p{L}*|mais|cependant|pourtant|toutefois|en revanche|contredi\p{L}*|pero|sin embargo|en cambio|contradic\p{L}*|rechaz\p{L}*|però|tuttavia|invece|jednak|natomiast|tymczasem|podważ\p{L}*)(?![\p{L}])|しかし|一方/iu;

/**
 * Whether the text negates one of the given word stems: a negating word at most four words before
 * it ("No bank account numbers or passwords were stored" negates "bank"; "The sample, which was
 * not encrypted, contains bank account numbers" does not). Japanese negates at the verb, after
 * what it negates: any negation there counts.
 */
export function negates(text: string, stems: readonly string[], language: string): boolean {
  if (language === "ja") return NEGATION.test(text);
  return wordBefore(text, stems, NEGATING_WORD, 4);
}

/** A text's words, lower-cased, letters only: what the word-by-word readings below walk. */
export function lowerWords(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** Whether a word of one of the given stems has a word the test accepts at most `within` words before it. */
export function wordBefore(text: string, stems: readonly string[], test: RegExp, within: number): boolean {
  const words = lowerWords(text);
  return words.some((w, i) => stems.includes(stem(w)) && words.slice(Math.max(0, i - within), i).some((x) => test.test(x)));
}

/** Negating determiners, which negate a thing rather than an act: "no irregularities", "keine
 * Schäden", "aucun ordre", "ningún herido", "nessun danno", "żadnych nieprawidłowości". Spanish "no"
 * and Italian "non" negate verbs ("no abrirá hasta diciembre" says when it opens), so "no" is English's. */
const NEGATING_DETERMINER: Record<string, RegExp> = {
  en: /^(?:no)$/u,
  de: /^(?:kein\p{L}*)$/u,
  fr: /^(?:aucune?)$/u,
  es: /^(?:ningún|ninguna|ningunos|ningunas)$/u,
  it: /^(?:nessun[oa]?)$/u,
  pl: /^(?:żaden|żadn\p{L}*)$/u,
};

/**
 * A clause set after a sentence's statement, per language: a comma or semicolon, then a contrast or
 * a "while" ("…, but no meeting had been arranged", "…, alors que", "…, mentre").
 */
const LATER_CLAUSE: Record<string, RegExp> = {
  en: /[,;]\s+(?:but|while|whereas)\s/iu,
  de: /[,;]\s+(?:aber|sondern|während|doch)\s/iu,
  fr: /[,;]\s+(?:mais|alors que|tandis que)\s/iu,
  es: /[,;]\s+(?:pero|mientras|sino)\s/iu,
  it: /[,;]\s+(?:ma|mentre|invece)\s/iu,
  pl: /[,;]\s+(?:ale|lecz|podczas gdy|natomiast)\s/iu,
};

/**
 * The given stems the text says there is none of: a negating determiner right before the word, or
 * before a function word before it ("no irregularities", "aucun rejet radioactif", "no such
 * warning"); "kein Zug mehr" says there is no train, not that there is no more. Not in a clause set
 * after the statement, not in a hyphenated word ("no-confidence"), not "No. 10", and not "sans
 * aucun doute" (which says "surely").
 */
export function negatedThings(text: string, stems: readonly string[], language: string): string[] {
  const determiner = NEGATING_DETERMINER[language];
  if (!determiner) return [];
  const later = LATER_CLAUSE[language];
  const clause = later ? text.search(later) : -1;
  const laterAt = clause >= 0 ? clause : Number.POSITIVE_INFINITY;
  const words = [...text.matchAll(/[^\s]+/gu)].map((m) => ({
    word: (m[0] as string).toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""),
    raw: m[0] as string,
    at: m.index ?? 0,
  }));
  const out = new Set<string>();
  words.forEach(({ word, at }, i) => {
    if (at >= laterAt || word.includes("-")) return;
    const s = stem(word);
    if (!stems.includes(s)) return;
    const negating = (j: number) => {
      const w = words[j];
      if (!w || !determiner.test(w.word) || w.word.includes("-")) return false;
      // "No. 10", "sans aucun doute".
      if (/^no\.$/iu.test(w.raw) || words[j - 1]?.word === "sans") return false;
      return true;
    };
    const before = words[i - 1]?.word ?? "";
    if (negating(i - 1) || (FUNCTION_WORDS.has(before) && negating(i - 2))) out.add(s);
  });
  return [...out];
}

/**
 * Words that tell one instance of a thing from another of its kind: the first round and the
 * runoff, the new hospital and the old one. Figures of one kind under opposite words count
 * different things ("38% in the first round", "54% in the runoff").
 */
const INSTANCE_WORDS: [string, RegExp][] = [
  // Lower case only, so a name ("New York", "Premier League") is no instance word; words that are
  // other words in another language are left out ("prima", Italian "before"; Polish "now-", "star-").
  [
    "first",
    /(?<![\p{L}])(?:first|erste[nrs]?|premier tour|première|primer|primera|primo turno|pierwsz(?:a|ej|ą|y|ym|ego))(?![\p{L}])|1回目|第1回/u,
  ],
  [
    "second",
    /(?<![\p{L}])(?:second round|runoff|run-off|zweite[nrs]?|Stichwahl|second tour|seconde|deuxième|segunda vuelta|segund[oa]|balotaje|ballottaggio|secondo turno|drug(?:a|iej|ą|i|im|iego) tur(?:a|ze|ę|y))(?![\p{L}])|決選|2回目/u,
  ],
  [
    "new",
    /(?<![\p{L}])(?:new|neue[nrs]?|nouvel|nouveau|nouvelle|futur|future|nuev[oa]|nuov[oa]|now(?:y|a|e|ego|ej|ym))(?![\p{L}])|新しい|新病院|新庁舎/u,
  ],
  [
    "old",
    /(?<![\p{L}])(?:old|alte[nrs]?|bisherige[nrs]?|ancien|ancienne|viej[oa]|antigu[oa]|vecchi[oa]|star(?:y|a|e|ego|ej|ym))(?![\p{L}])|旧/u,
  ],
];

/** The instance words a sentence uses (`INSTANCE_WORDS`). */
function instancesOf(sentence: string): string[] {
  return INSTANCE_WORDS.filter(([, re]) => re.test(sentence)).map(([kind]) => kind);
}

/** Negating words, in the languages we read ("no", "nicht", "aucun", "nessuno", "żaden"). */
const NEGATING =
  "not|no|never|none|nicht|kein\\p{L}*|nie|niemals|pas|aucune?|jamais|ningún|ninguna|nunca|non|nessun[oa]?|żaden|żadn\\p{L}*|nigdy";

/** A plain negation in a sentence ("no order before 1.30", "No. 10" aside, "non-profit" aside). */
const NEGATION = new RegExp(
  `(?<![\\p{L}-])(?:${NEGATING.replace("|no|", "|no(?!\\.\\s*\\d)|")})(?![\\p{L}-])|ていない|しない|されない|ません|なかった`,
  "iu",
);

/** A negating word on its own. */
const NEGATING_WORD = new RegExp(`^(?:${NEGATING})$`, "u");

/** The outlet's own eyes, count or sources, in the languages we read. */
const OWN_REPORT =
  /(?<![\p{L}])(?:[Ss]elon nos (?:journalistes|informations|constatations|reporters)|[Dd]['’]après nos informations|[Nn]os journalistes|notre (?:journaliste|envoyée?|reporter|correspondante?)|[Oo]ur (?:reporters?|correspondents?|count|journalists)|[Nn]ach unseren Informationen|unsere[rn]? (?:Reporter(?:in)?|Korrespondent(?:in)?)|[Ss]egún nuestros? (?:periodistas|información|informaciones|cálculos)|[Nn]uestros periodistas|nuestra (?:corresponsal|periodista)|[Ss]econdo le nostre informazioni|[Ii] nostri cronisti|il nostro (?:inviato|cronista)|[Ww]edług naszych (?:informacji|ustaleń)|[Zz] naszych (?:informacji|ustaleń)|[Uu]staliliśmy|[Dd]owiedzieliśmy się|[Hh]emos sabido|[Nn]ous avons appris|[Aa]bbiamo appreso|[Ww]ir haben erfahren|[Ww]e (?:have learned|have learnt|understand)|[Nn]asi dziennikarze|nasz reporter|本紙の取材|の取材によると|取材で分かった|(?:AIS|tracking|ship-tracking|flight-tracking|satellite) data (?:show|showed|shows)|(?:footage|video|videos|images|photos|pictures) (?:seen|verified|obtained) by|could be seen|was visible|were visible)(?![\p{L}])/u;

/** The outlet's own reporter, named as such ("Our reporter Eilidh Strachan", "notre envoyée spéciale"). */
const OWN_REPORTER =
  /(?<![\p{L}])(?:[Oo]ur (?:reporter|correspondent|journalist|photographer)|[Nn]otre (?:journaliste|envoyée? spéciale?|reporter|correspondante?|photographe)|[Uu]nser(?:e)? (?:Reporter(?:in)?|Korrespondent(?:in)?|Fotograf(?:in)?)|[Nn]uestr[oa] (?:periodista|corresponsal|enviad[oa] especial|reporter[oa]?)|[Ii]l nostro (?:inviato|cronista|corrispondente)|[Ll]a nostra (?:inviata|cronista|corrispondente)|[Nn]asz(?:a)? (?:reporter(?:ka)?|dziennikar(?:z|ka)|korespondent(?:ka)?))(?![\p{L}])|本紙記者/u;

/** Whether a sentence names the outlet's own reporter (a pronoun after it speaks for the outlet). */
export const namesOwnReporter = (sentence: string) => OWN_REPORTER.test(sentence);

/** "The Blaze understands", "The Courier has learned": a paper's own sources, when the name is no
 * body's ("The Council understands" is the council's word). */
const PAPER_LEARNED =
  /(?<![\p{L}])(?:The (\p{Lu}\p{L}+) understands|(?:The )?(\p{Lu}\p{L}+) (?:has learned|has learnt|can reveal))(?![\p{L}])/u;
const ownReport = (sentence: string) => {
  if (OWN_REPORT.test(sentence)) return true;
  const found = PAPER_LEARNED.exec(sentence);
  const paper = found?.[1] ?? found?.[2];
  return paper !== undefined && toParty(paper).roles.length === 0;
};

/** Asking for something, in the languages we read: a demand, a claim in court, a prosecutor's
 * request. Words that are also other words are left out: "la demande d'électricité", "le permis
 * requis", "the plan calls for 300 homes", "si chiede" (wonders), "pretende" (intends). */
const DEMAND =
  /(?<![\p{L}])(?:demands|demanded|demanding|(?:is|are|was|were) (?:seeking|asking for|calling for|pressing for)|seeks|sought|called for|asks? for|asked for|requested|fordert|forderte|forderten|fordern|verlangt|verlangte|verlangen|beantragt|beantragte|réclame|réclament|réclamait|réclamaient|a réclamé|exige|exigent|exigeait|a exigé|a requis|ont requis|avait requis|requiert|exigen|exigía|pide|piden|pedía|pedían|pidió|reclama|reclaman|reclamaba|solicita|solicitan|solicitó|(?<!si )chiede|(?<!si )chiedono|chiedeva|ha chiesto|hanno chiesto|żąda|żądają|żądał|żądali|zażądał|zażądała|domaga się|domagają się|domagał się|postuluje|postulują|wnosi o|wnosił o|Forderung|Forderungen|revendications|demandas|reivindicaciones|richieste|rivendicazioni|żądania|postulaty)(?![\p{L}])|(?:を求め|を要求|求刑)/iu;
/** Offering something, in the languages we read ("the park offers 300 spaces", "das Stadion bietet
 * Platz" are no offers: only the past and the perfect are read in English and German). */
const OFFER =
  /(?<![\p{L}])(?:offered|offering|hat angeboten|angeboten|bot an|propose|proposé|proposée|offert|ofrece|ofrecen|ofreció|propuso|propone|offerto|proposto|oferuje|oferują|zaproponował|zaproponowała|zaproponowało|zaproponowali|proponuje)(?![\p{L}])|(?:を提示|を提案)/iu;

/** A denial's sentence going on to a statement of its own: "and says", "et assure", "y aseguró", "und betonte". */
const DENIAL_GOES_ON =
  /\s(?:and|et|y|e|und|i)\s(?:says|said|insists|insisted|adds|added|assure\p{L}*|affirme\p{L}*|ajoute\p{L}*|asegur\p{L}*|afirm\p{L}*|sostiene|sostuvo|assicura\p{L}*|aggiunge|afferma|erklärt\p{L}*|betont\p{L}*|sagt\p{L}*|zapewni\p{L}*|dodał\p{L}*)(?![\p{L}])/iu;

/** The words of what a sentence denies, up to the end of its clause. */
function deniedWords(sentence: string): string[] {
  const m = DENIAL.exec(sentence);
  if (!m) return [];
  // The object ends with its clause: ", qui reste au cœur de la stratégie du groupe" is no part of
  // it; a clause of what is denied goes on past its comma ("dementierte am Freitag, dass das
  // Regierungspräsidium Einsparungen verlangt habe").
  const after =
    sentence
      .slice(m.index + m[0].length, m.index + m[0].length + 120)
      .replace(/,\s+(?=(?:that|dass|daß|que|che|że|wonach)(?![\p{L}]))/giu, " ")
      .split(/[,.;!?]/)[0]
      // "… dément tout projet de délocalisation et assure que la gamme sera réduite": what it goes
      // on to say is its own statement, no part of what it denies.
      ?.split(DENIAL_GOES_ON)[0] ?? "";
  return [
    ...new Set(
      contentWords(after, "")
        // When it was denied ("desmintió este lunes") is no part of what was denied.
        .filter((w) => w.length > 3 && !FUNCTION_WORDS.has(w) && !CALENDAR.test(w))
        .map(stem),
    ),
  ];
}

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

/**
 * The words a story writes as names (`withOpeningName`), each sentence with its facts: the words
 * of every name, less those the story also writes in lower case ("its members had rejected").
 */
export function storyNameWords(sentences: Iterable<readonly [string, SentenceFacts]>): Set<string> {
  const lowerCase = new Set<string>();
  const named: string[] = [];
  for (const [sentence, facts] of sentences) {
    for (const [w] of sentence.matchAll(/(?<![\p{L}])\p{Ll}[\p{L}’'-]+/gu)) lowerCase.add(w);
    for (const name of facts.names) for (const w of name.split(" ")) if (w.length >= 3) named.push(w);
  }
  return new Set(named.filter((w) => !lowerCase.has(w)));
}

/**
 * A sentence's facts with the name that opens it, when the story writes that word as a name
 * elsewhere: "Ferreyra se negó a reconocer la derrota" opens on a capital that any word would
 * have, and is a name because other sentences write "Gustavo Ferreyra" or "…, dijo Ferreyra".
 * Not in German, which capitalises every noun.
 */
export function withOpeningName(
  facts: SentenceFacts,
  sentence: string,
  language: string,
  storyNames: ReadonlySet<string>,
): SentenceFacts {
  if (language === "de") return facts;
  const first = /^[\s"“„«(]*(\p{Lu}[\p{L}’'-]+)(?![\p{L}])/u.exec(sentence)?.[1]?.toLowerCase();
  if (
    !first ||
    !storyNames.has(first) ||
    SENTENCE_START_WORDS.has(first) ||
    facts.names.some((n) => n.split(" ").includes(first))
  )
    return facts;
  return { ...facts, names: [...facts.names, first] };
}

/** The names written in each figure's clause (between commas, semicolons, colons, dashes or brackets). */
function namesBesideFigures(text: string, names: readonly string[], at: ReadonlyMap<string, number[]>): Record<string, string[]> {
  const lowered = text.toLowerCase();
  // A comma between digits is a decimal or thousands mark, not a clause's end. The stops come in
  // order, so each figure's clause is found by halving (a long run of figures stays linear-ish).
  const stops = [...lowered.matchAll(/[;:()]|,(?!\d)|(?<!\d),|\s[–—-]\s/gu)].map((m) => m.index ?? 0);
  const firstAfter = (at: number) => {
    let lo = 0;
    let hi = stops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((stops[mid] as number) <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const named = names.filter((name) => lowered.includes(name));
  const out: Record<string, string[]> = {};
  if (named.length === 0) return out;
  for (const [value, starts] of at) {
    const found = new Set<string>();
    for (const start of starts) {
      const i = firstAfter(start);
      const clause = lowered.slice(i > 0 ? (stops[i - 1] as number) + 1 : 0, i < stops.length ? stops[i] : lowered.length);
      for (const name of named) if (clause.includes(name)) found.add(name);
    }
    if (found.size > 0) out[value] = [...found];
  }
  return out;
}

function extractQuotes(sentence: string): string[] {
  const out: string[] = [];
  const re = /[“„«"「『]([^”“"»」』]{3,}?)[”“"»」』]/g;
  for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
    const quote = (m[1] as string).trim();
    // Japanese writes no spaces: a quotation of six characters or more says something.
    const long = CJK_CHAR.test(quote) ? [...quote].length >= 6 : quote.split(/\s+/).length >= 3;
    // A name written in quotation marks ("„L'Écho du Ried“", "«La Voce dello Sport»"): every word
    // capitalised but its particles, a title and no one's words.
    if (long && !NAME_IN_QUOTES.test(quote)) out.push(quote.toLowerCase());
  }
  // A quotation the sentence split cut before its closing mark: « Je n'ai jamais pris un centime.
  const open = /(?:^|[:\s])[«“„"「『]\s*([^»”“"」』]{12,})$/u.exec(sentence);
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

/**
 * A firm or person engaged for a task ("hired Ironvale Security to investigate", "ha contratado a
 * la empresa Remolcadores Ibarra", "i lavori sono stati affidati alla Edilstrade Moretti"): two
 * accounts naming different ones for the same task disagree on who does it.
 */
const ENGAGED =
  /(?<![\p{L}])(?:hired|appointed|brought in|engaged|commissioned|contracted|retained|awarded(?: the contract)? to|contrat(?:ado|ada|ó)(?: a)?|encarg(?:ado|ada|ó)(?: a)?|adjudic(?:ado|ada|ó)(?: a)?|affidat[oiae](?: all[ao']?| al| a)?|incaricat[oa]|beauftragt(?:e|en)?|engagiert(?:e|en)?|mandaté|missionné|désigné|zatrudnił\p{L}*|zlecił\p{L}*|wynajął|wynajęła)(?![\p{L}])[^.;:]{0,40}?(?<![\p{L}])(\p{Lu}\p{Ll}+(?:[- ]\p{Lu}\p{Ll}+)+)/gu;

function roleHolders(sentence: string): SentenceFacts["holders"] {
  const out: SentenceFacts["holders"] = [];
  for (const m of sentence.matchAll(HOLDER)) {
    const role = HOLDER_OF.get((m[1] as string).toLowerCase());
    if (role) out.push({ role, name: (m[2] as string).toLowerCase() });
  }
  for (const m of sentence.matchAll(ENGAGED)) {
    // The task follows the name ("… to investigate the breach", "… para las labores de salvamento").
    const after = sentence.slice((m.index ?? 0) + m[0].length).split(/[.;:!?]/)[0] ?? "";
    const words = contentWords(after.slice(0, 80), "").filter((w) => !FUNCTION_WORDS.has(w) && w.length > 3);
    const task = [...new Set(words.map(stem))];
    out.push({ role: "engaged", name: (m[1] as string).toLowerCase(), task });
  }
  return out;
}

/** A clause describing who or what it follows, set off by a comma: ", which", ", qui", ", die", ", który". */
const RELATIVE_CLAUSE =
  /,\s+(which|who|whose|where|qui|où|dont|que|quien|quienes|cuyo|cuya|donde|che|dove|cui|il quale|la quale|die|der|das|wo|welche[rs]?|któr[yaeź]\p{L}*|gdzie)(?![\p{L}])(?:[^,;:()]|,(?=\d))*/giu;
/** German's relative pronouns are its articles too: a relative clause ends on its verb, in lower case. */
const GERMAN_ARTICLE_PRONOUN = /^(?:die|der|das)$/iu;
/** A clause of the outlet's before a coordinated clause of a speaker's: "…, and Mr Okafor said". */
const SPEAKER_CLAUSE = /,\s+(?:and|but|y|pero|et|mais|und|aber|e|ma|i)\s+(?:[^,;:]|,(?=\d))*/giu;

/** Figures whose every mention stands in a clause a sentence's attribution does not reach (`background`). */
function backgroundFigures(text: string, at: ReadonlyMap<string, number[]>): string[] {
  if (at.size === 0 || !speaks(text)) return [];
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(RELATIVE_CLAUSE)) {
    // Only a clause between the speaker and the verb is surely outside the statement: "Tallyforge,
    // which sells software to 3,100 businesses, said". After the verb ("said the plant, which will
    // cost €74m, …") it may be the statement's words; before some other verb ("The man, who carried
    // 3 kg, was arrested, police said") the closing credit covers it; and "Breach Notes, which said
    // it asked for $30,000" is the statement itself.
    const end = m.index + m[0].length;
    if (speaks(m[0]) || speaks(text.slice(0, m.index)) || !speaksFirst(text.slice(end))) continue;
    // "Die Stadt, der Kreis und das Land zahlen 300 Millionen Euro, teilte … mit": articles, not a relative.
    if (GERMAN_ARTICLE_PRONOUN.test(m[1] as string) && !/\s\p{Ll}[\p{L}]*\s*$/u.test(m[0])) continue;
    ranges.push([m.index, end]);
  }
  for (const m of text.matchAll(SPEAKER_CLAUSE)) {
    // "According to police, 3 people died, and the mayor said …": the first clause is credited too.
    if (speaks(m[0]) && !credits(text.slice(0, m.index))) {
      ranges.push([0, m.index]);
      break;
    }
  }
  if (ranges.length === 0) return [];
  const inside = (i: number) => ranges.some(([s, e]) => i >= s && i < e);
  return [...at].filter(([, starts]) => starts.length > 0 && starts.every(inside)).map(([value]) => value);
}

/** Where a sentence turns from one side's account to the other's, per language: "; ", ", while", ", natomiast". */
const CONTRAST: Record<string, RegExp> = {
  en: /;\s+|,?\s+(?:while|whereas|but)\s+/giu,
  de: /;\s+|,?\s+(?:während|wohingegen|doch)\s+/giu,
  fr: /;\s+|,?\s+(?:alors que|tandis que|mais)\s+/giu,
  es: /;\s+|,?\s+(?:mientras que|mientras|pero)\s+/giu,
  it: /;\s+|,?\s+(?:mentre|invece|ma)\s+/giu,
  pl: /;\s+|,?\s+(?:natomiast|zaś|a)\s+/giu,
};

/** Words that refer back to a count: "the figure", "la cifra", "ich liczbę", "die Zahl". */
const COUNT_WORD =
  /(?<![\p{L}])(?:figure|number|count|total|estimate|cifra|número|chiffre|nombre|bilan|Zahl|Anzahl|numero|stima|liczb\p{L}*)(?![\p{L}])/iu;

/** The two sides' figures of a sentence giving two accounts of one count (`accounts`). */
function twoAccounts(
  text: string,
  language: string,
  quantities: readonly Quantity[],
  at: ReadonlyMap<string, number[]>,
): { accounts?: [string, string] } {
  const contrast = CONTRAST[language];
  if (!contrast || quantities.length !== 2) return {};
  const [x, y] = quantities as [Quantity, Quantity];
  // Of one kind: the same thing counted, or the second side's figure of what the first counted
  // ("… na około 700"); and two figures, not one rounded ("about 1,200 … 1,180", the same figure
  // as a hedged one reads).
  if (x.base !== undefined || y.base !== undefined || !(x.unit === y.unit || x.unit === "" || y.unit === "")) return {};
  const [a, b] = [Number.parseFloat(x.value), Number.parseFloat(y.value)];
  if (!(a > 0 && b > 0) || sameFigure(String(a), String(b), true)) return {};
  const ax = Math.min(...(at.get(x.value) ?? [-1]));
  const ay = Math.min(...(at.get(y.value) ?? [-1]));
  if (ax < 0 || ay <= ax) return {};
  for (const turn of text.matchAll(contrast)) {
    if (turn.index <= ax || turn.index >= ay) continue;
    // Each half credits someone ("Según el sindicato, 1.850; la empresa reduce la cifra a 1.120"),
    // two parties where both are named, and the second half gives its count of the same thing, not
    // a fact of its own: it refers back to the count, gives a bare figure, or says little else
    // ("while organisers said 20,000 people marched"; not "; 12 homes were later demolished,
    // officials added").
    const [before, after] = [text.slice(0, turn.index), text.slice(turn.index + turn[0].length)];
    if (!credits(before) || !credits(after)) continue;
    const first = readAttribution(before, language)?.party;
    const second = readAttribution(after, language)?.party;
    if (first && second && sameParty(toParty(first), toParty(second))) continue;
    const refersBack = y.unit === "" || COUNT_WORD.test(after) || (after.match(/\p{L}+/gu) ?? []).length <= 6;
    if (refersBack) return { accounts: [x.value, y.value] };
  }
  return {};
}

/**
 * A dateline opening a sentence: place and date, perhaps the agency, then a dash ("Tessing,
 * 14.04.2026 –", "SANTIAGO, Chile, May 4, 2026 –", "Oct 13 (Reuters) -", "Madrid, 4 mar (EFE).-").
 * Its words are capitalised, figures, or a month; an agency's in brackets.
 */
const DATELINE_HEAD = /^([^\n–—]{2,70}?)\s*(?:[–—]|\s-{1,2}|\.-)\s+(?=\S)/u;

function datelineHead(text: string): string | undefined {
  const head = DATELINE_HEAD.exec(text)?.[1];
  if (!head) return undefined;
  const words = head.replace(/\([^()]*\)/gu, " ").match(/[\p{L}\p{N}][\p{L}\p{N}.'-]*/gu) ?? [];
  // A place (or a month) opens it: "Am Dienstag, 14. April – einem Feiertag –" opens a sentence.
  if (FUNCTION_WORDS.has((words[0] ?? "").toLowerCase())) return undefined;
  const fits = words.every(
    (w) => /^\p{Lu}/u.test(w) || /^\d/.test(w) || MONTHS[w.toLowerCase().replace(/\.$/, "")] !== undefined,
  );
  return fits && words.length <= 8 ? head : undefined;
}

/**
 * The dates of a dateline opening the sentence: when the page was written, not when what it tells
 * happened, so they disagree with no other date ("Oct 13 (Reuters) - …" beside "posted on Oct 9").
 * A date the sentence states again after the dateline is its own.
 */
function datelineDates(text: string, dates: readonly string[], cjk: boolean): string[] {
  const head = datelineHead(text);
  if (!head) return [];
  const inHead = extractDates(head, cjk).dates;
  const rest = extractDates(text.slice(head.length), cjk).dates;
  return dates.filter((d) => inHead.includes(d) && !rest.includes(d));
}

/**
 * Words that say what something costs, in the languages we read: one concept, so that "would cost
 * $1.8 million" and "the full bill will be closer to $2.6 million" are two accounts of one amount.
 */
const COST_WORD =
  /^(?:costs?|costing|cost|bill|bills|price|prices|fee|fees|kosten|kostet|kostete|rechnung|ablöse\p{L}*|coût|coûts|coûte|coûté|coûtera|coûterait|facture|montant|costo|costos|coste|costes|cuesta|costó|costará|costaría|precio|importe|monto|costi|costerà|costerebbe|prezzo|importo|koszt|koszty|kosztuje|kosztował\p{L}*|kosztować|kwota)$/u;
/** Words that say a thing opens again or is done, in the languages we read ("reopens", "Wiederinbetriebnahme", "réouverture", "riapertura", "zakończenie"): when works end. */
const REOPEN_WORD =
  /^(?:reopen\p{L}*|re-open\p{L}*|wiedereröffn\p{L}*|wiederinbetriebnahme|wiederfreigabe|freigegeben|réouverture|rouvr\p{L}*|rouvert\p{L}*|reapertura|reabr\p{L}*|riapertura|riapr\p{L}*|complet\p{L}*|finish\p{L}*|fertigstellung|fertiggestellt|abgeschlossen|abschluss|achèvement|achevé\p{L}*|terminé\p{L}*|terminad\p{L}*|finaliz\p{L}*|zakończ\p{L}*|ukończ\p{L}*)$/u;

/** Concepts a word may speak of, each written as one token beside the sentence's stems. */
const CONCEPTS: [string, RegExp][] = [
  ["¤cost", COST_WORD],
  ["¤reopen", REOPEN_WORD],
];

export function sentenceFacts(sentence: string, language = "en"): SentenceFacts {
  // Japanese figures are read in Japanese sentences and wherever Japanese or Chinese script appears.
  const cjk = language === "ja" || CJK_CHAR.test(sentence);
  // "18 mil 400 millones" (Mexico, Argentina): thousands of millions written out.
  // A figure set aside against one in millions keeps its scale unwritten: "23 mil 100 millones, no
  // 18 mil 400" ("2 mil 300 trabajadores" elsewhere in the sentence is no figure in millions).
  const millions = /\d mil \d{3} millones/u.test(sentence);
  const figureText = (cjk ? foldWidth(sentence) : sentence).replace(
    /(?<![\d.,])(\d{1,3}) mil (\d{3})(?: (millones|millón)|(?![\d]|[.,]\d))/gu,
    (m, a: string, b: string, scale: string | undefined, at: number, text: string) =>
      scale
        ? `${a}${b} ${scale}`
        : millions && NEGATED_BEFORE.test(text.slice(Math.max(0, at - 16), at))
          ? `${a}${b} millones`
          : m,
  );
  const { dates, spans: dateSpans, years: dateYears } = extractDates(figureText, cjk, language);
  const dateline = datelineDates(figureText, dates, cjk);
  const { times, spans: timeSpans } = extractTimes(figureText, cjk);
  const spans = [...dateSpans, ...timeSpans.filter(([s, e]) => !dateSpans.some(([ds, de]) => s < de && e > ds))];
  const { numbers, quantities, years, negated, at } = extractNumbers(figureText, language, spans, cjk);
  const names = extractNames(sentence, language);
  // A year on its own ("closed in 2013", "2013年") is a date fact at year precision.
  for (const year of new Set([...dateYears, ...years])) if (!dates.some((d) => d.startsWith(year))) dates.push(year);
  const stems = new Set<string>();
  const concepts = new Set<string>();
  const gloss = new Set<string>();
  for (const word of contentWords(sentence, language)) {
    if (FUNCTION_WORDS.has(word) || MONTHS[word] || SMALL_NUMBERS[word]) continue;
    // "Millionen Euro", "millones de pesos": the figure's own words, not what the sentence is about.
    if (SCALES[word] || unitClass(word) === "¤") continue;
    stems.add(stem(word));
    for (const [concept, words] of CONCEPTS) if (words.test(word)) concepts.add(concept);
    const meaning = conceptOf(word, language);
    if (meaning) gloss.add(meaning);
  }
  const attributedTo = attributionParty(sentence);
  const qualified = sumQualified(sentence, quantities);
  const denial = DENIAL.test(sentence);
  const negative = NEGATION.test(sentence);
  return {
    numbers,
    quantities,
    negated,
    dates,
    ...(dateline.length > 0 ? { dateline } : {}),
    times,
    names,
    figureNames: namesBesideFigures(figureText, names, at),
    background: backgroundFigures(figureText, at),
    ...twoAccounts(figureText, language, quantities, at),
    quotes: extractQuotes(sentence),
    denial,
    negative,
    instances: instancesOf(sentence),
    contrary: denial || negative || CONTRARY.test(sentence),
    denied: deniedWords(sentence),
    hedged: HEDGE.test(sentence),
    furniture: isFurniture(sentence),
    revision: REVISION.test(sentence),
    ...(qualified ? { qualifiedSum: qualified } : {}),
    ownReport: ownReport(sentence),
    ...(DEMAND.test(sentence) ? { position: "demand" as const } : OFFER.test(sentence) ? { position: "offer" as const } : {}),
    agents: passiveAgents(sentence),
    holders: roleHolders(sentence),
    ...(attributedTo ? { attributedTo } : {}),
    stems: [...stems],
    concepts: [...concepts],
    gloss: [...gloss],
  };
}

/** A statement worth checking: it carries a number, a date, a quotation or names, and enough words to say something. */
export function isCheckable(facts: SentenceFacts): boolean {
  // A headline in capitals or a header line of parts ("… Press release | For immediate use | 11 May") is furniture.
  if (facts.furniture) return false;
  // Datelines, bylines and timestamps have figures but say nothing. A figure counting people, or
  // the things a story counts (homes, vehicles, jobs), says something in few words: "Demnach wurden
  // 31 Menschen verletzt."
  if (facts.stems.length < (facts.quantities.some((q) => COUNTED_CLASSES.has(q.unit) || q.unit === "people") ? 3 : 4))
    return false;
  return (
    facts.numbers.length > 0 ||
    facts.dates.length > 0 ||
    facts.times.length > 0 ||
    facts.quotes.length > 0 ||
    facts.names.length > 0
  );
}
