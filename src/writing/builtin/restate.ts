// The built-in engine's own sentence for a claim. A source's sentence printed as it stands is
// someone else's text under the publisher's name: no run of more than COPY_RUN_LIMIT of its words
// may stand outside quotation marks (src/writing/copying.ts). Without a model the engine cannot
// paraphrase freely, so it rewrites the way a desk editor rewrites agency copy, keeping every
// word that states something and adding only joining words:
// - the attribution moves to the other end ("Police said 300 people were moved" → "300 people
//   were moved, police said"; "According to X, Y" → "Y, according to X");
// - a side statement about a name becomes a sentence of its own ("Dunmore Salvage, an Aberdeen
//   firm that …, has been appointed" → "Dunmore Salvage has been appointed. Dunmore Salvage is
//   an Aberdeen firm that …"; "…, which bought it in 2019" → "Químicas Arenal bought it in 2019.");
// - a closing clause of time or cause, or a closing phrase of time, moves to the front ("… was
//   shut after engineers found …" → "After engineers found …, … was shut");
// - two clauses joined by ", and", each with its own subject, become two sentences; two verbs of
//   one subject too, the subject named again ("…, and has been looked after by the Trust since
//   1958" → "Greyhaven has been looked after…"); in a long statement the attribution may sit
//   before the second verb ("…battery sites, Janet Whitlow told the Echo, and wanted…");
// - a leading participle about the subject, and a role written after a name without its article,
//   become sentences of their own ("Opened in 1891, the bridge…" → "The bridge was opened in
//   1891."; "Janet Whitlow, chair of …," → "Janet Whitlow is chair of …");
// - a word linking the sentence to the one before it in its source ("But", "However,") goes;
// - a pronoun standing for the speaker changes place with the name when the attribution moves
//   ("Tallyforge said it detected…" → "Tallyforge detected…, it said").
// Candidates are tried smallest change first; the first that repeats no run of more than
// COPY_RUN_LIMIT words of any source page is the claim's sentence. When none does, restate
// answers undefined and the writer keeps the source's sentence, named in its warnings and by the
// read-back's `copied` check.
//
// `shortenings` gives the cuts that keep a sentence true, for a headline.
//
// The rules are written for English, French, Spanish, Italian and Polish, where a phrase of time
// can open a sentence without the verb moving. German puts the verb second, so a fronted phrase
// would need the verb moved too; German and the other languages keep a sentence only when it does
// not copy.
import type { SourceWindows } from "../copying.ts";
import { rephrased } from "./rephrase.ts";

interface Grammar {
  /** The language's code. */
  code: string;
  /** Speech verbs an attribution is made with ("said", "a indiqué"). */
  say: string;
  /** Words opening "according to X". */
  according: string;
  /** Words that open a closing clause of time or cause ("after", "because"). */
  subordinators: string;
  /** Prepositions opening a closing phrase of time or place ("on", "near"); never one that may
   * complete a verb ("forced 300 residents | from their homes", "pidieron | a los vecinos"). */
  prepositions: string;
  /** Relative pronouns that open a side statement, and how they join their antecedent. */
  relatives: Record<string, (antecedent: string) => string>;
  /** Determiners opening an apposition ("an Aberdeen firm") and the copula joining it. */
  appositionDeterminers: string;
  copula: { present: string; past: string };
  /** Words a sentence's first word may be lower-cased from when it moves inside the sentence. */
  lowerable: RegExp;
  /** Words the sources write in lower case somewhere (SourceWindows): common words, not names. */
  common?: ReadonlySet<string>;
  /** Coordinators: ", and" splits into two sentences. */
  and: string;
  /** Whether "that" follows a speech verb put before its statement. */
  that?: string;
  /** Words that show a phrase holds a clause of its own (filled from CLAUSE_WORDS). */
  clause: RegExp;
}

/** Words that show a phrase holds a clause of its own (a verb, a conjunction, a relative), by language. */
const CLAUSE_WORDS: Record<string, string> = {
  en: "is are was were be been has have had will would can could should may might must do does did said says and or that which who",
  fr: "est sont était étaient a ont avait sera et ou que qui",
  es: "es son era eran fue fueron ha han había será y o que quien",
  it: "è sono era erano fu ha hanno aveva sarà e o che chi",
  pl: "jest są był była było były ma mają będzie i lub że który która które",
};
const clauseWordsOf = (language: string) =>
  new RegExp(`(?:^|\\s)(?:${(CLAUSE_WORDS[language] ?? "").split(" ").join("|")})(?=$|\\s)`, "iu");

const GRAMMARS: Record<string, Grammar> = {
  en: {
    say: "has learned|has learnt|has been told|understands|has reported|has revealed|revealed|has confirmed|has announced|said|says|told reporters|told the [A-Z][\\w-]+(?: [A-Z][\\w-]+)?|announced|confirmed|stated|added|explained|warned|estimated|noted|insisted|reported|wrote|show|shows|showed",
    according: "according to",
    subordinators: "after|before|when|while|because|since|following|despite|amid|until|once|as part of|due to|in response to",
    prepositions: "at|on|in|near|off|across|along|during|within|between|throughout|outside|inside|by the end of",
    relatives: {
      which: (a) => a,
      who: (a) => a,
      whose: (a) => `${a}’s`,
    },
    appositionDeterminers: "a|an|the|one of",
    copula: { present: "is", past: "was" },
    lowerable:
      /^(?:The|A|An|This|That|These|Those|It|Its|They|Their|He|She|His|Her|More|Most|Some|All|No|One|About|Around|Nearly|Almost|Up|Over|Several|Many|Few|Both|Each|Every|Police|Officials|Residents|Crews|Crew|Workers|Rescuers|Engineers|Authorities|Firefighters|Staff|Passengers|Volunteers|Shares|Traders|People|Records|Documents|Figures|Data|Papers|Files|Minutes|Filings|Statistics|Images|Footage|Photos|Photographs|Emails|Messages)$/u,
    and: "and",
    that: "that",
    clause: clauseWordsOf("en"),
    code: "en",
  },
  fr: {
    say: "a déclaré|a indiqué|a annoncé|a précisé|a expliqué|a affirmé|a confirmé|ont déclaré|ont indiqué|ont annoncé|ont précisé",
    according: "selon",
    subordinators: "après|avant|lorsque|quand|alors que|parce que|depuis que|malgré|à la suite de|en raison de|jusqu['’]à",
    prepositions: "à|au|aux|dans|sur|près de|lors de|pendant|depuis|entre|vers",
    relatives: { qui: (a) => a },
    appositionDeterminers: "un|une|le|la|l['’]",
    copula: { present: "est", past: "était" },
    lowerable: /^(?:Le|La|Les|Un|Une|Des|Ce|Cette|Ces|Il|Elle|Ils|Elles|Plus|Environ|Près|Selon)$/u,
    and: "et",
    that: "que",
    clause: clauseWordsOf("fr"),
    code: "fr",
  },
  es: {
    say: "dijo|informó|señaló|anunció|indicó|explicó|afirmó|aseguró|confirmó|declaró|precisó",
    according: "según",
    subordinators: "después de|antes de|tras|cuando|mientras|porque|pese a|a pesar de|hasta|debido a",
    prepositions: "en|cerca de|durante|desde|entre",
    relatives: { que: (a) => a },
    appositionDeterminers: "un|una|el|la",
    copula: { present: "es", past: "era" },
    lowerable: /^(?:El|La|Los|Las|Un|Una|Unos|Unas|Este|Esta|Estos|Estas|Más|Cerca|Casi|Según)$/u,
    and: "y",
    that: "que",
    clause: clauseWordsOf("es"),
    code: "es",
  },
  it: {
    say: "ha detto|ha dichiarato|ha annunciato|ha spiegato|ha precisato|ha confermato|ha affermato|hanno detto|hanno dichiarato|hanno annunciato",
    according: "secondo",
    subordinators: "dopo|prima di|quando|mentre|perché|nonostante|fino a|a causa di",
    prepositions: "in|nel|nella|sul|sulla|vicino a|durante|tra|fra|entro",
    relatives: { che: (a) => a },
    appositionDeterminers: "un|una|il|la|lo",
    copula: { present: "è", past: "era" },
    lowerable: /^(?:Il|Lo|La|I|Gli|Le|Un|Uno|Una|Questo|Questa|Circa|Quasi|Oltre|Secondo)$/u,
    and: "e",
    that: "che",
    clause: clauseWordsOf("it"),
    code: "it",
  },
  pl: {
    say: "powiedział|powiedziała|poinformował|poinformowała|poinformowało|poinformowali|przekazał|przekazała|podał|podała|oświadczył|oświadczyła",
    according: "według",
    subordinators: "po tym, jak|zanim|gdy|kiedy|podczas gdy|ponieważ|mimo że|aż do",
    prepositions: "w|we|na|przy|podczas|między|koło|obok",
    relatives: { który: (a) => a, która: (a) => a, które: (a) => a },
    appositionDeterminers: "",
    copula: { present: "jest", past: "był" },
    lowerable: /^(?:Ten|Ta|To|Te|Około|Prawie|Ponad|Według)$/u,
    and: "i",
    that: "że",
    clause: clauseWordsOf("pl"),
    code: "pl",
  },
};

const words = (text: string) => text.split(/\s+/u).filter(Boolean).length;
const bare = (text: string) =>
  text
    .trim()
    .replace(/[.。]+$/u, "")
    .trim();
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const asSentence = (text: string) => {
  const t = upperFirst(text.trim());
  return /[.!?…»”"')]$/u.test(t) ? t : `${t}.`;
};

/** Per language's prepositions: whether a word opens a phrase or clause of time or cause (compiled once). */
const openers = new Map<string, RegExp>();
function openerOf(g: Grammar): RegExp {
  let opener = openers.get(g.prepositions);
  if (!opener) {
    opener = new RegExp(`^(?:${g.subordinators}|${g.prepositions})$`, "iu");
    openers.set(g.prepositions, opener);
  }
  return opener;
}

function lowerFirst(text: string, g: Grammar): string {
  const first = /^\S+/u.exec(text)?.[0] ?? "";
  // A preposition or a word opening a clause of time or cause is never a name ("At a meeting on
  // 9 December, …" fronted, then put after "the people said that").
  const opener = openerOf(g);
  // A word the sources write in lower case elsewhere is a common word ("Restorers have also…",
  // "restorers"), unless a capitalised word follows it: then it opens a name ("Mark Jones").
  const second = text.slice(first.length).trimStart();
  const common = g.common?.has(first.toLowerCase()) === true && !/^\p{Lu}/u.test(second);
  return g.lowerable.test(first) || opener.test(first) || common ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** A statement and who it is attributed to, when the sentence attributes it in a form we can move. */
interface Said {
  speaker: string;
  verb: string;
  statement: string;
  /** Where the attribution stood. */
  at: "before" | "after" | "according-before" | "according-after";
}

function attribution(text: string, g: Grammar): Said | undefined {
  const said = attributionAsWritten(text, g);
  // Only a document shows what it states ("records seen by the Courant show …"); a person or a
  // body that "shows" something does a thing, and says nothing.
  if (said && /^show/u.test(said.verb) && !DOCUMENT.test(said.speaker)) return undefined;
  // "Tallyforge said it detected …": once the attribution moves, the pronoun would come before
  // the name it stands for ("It detected …, Tallyforge said"). The name goes into the statement
  // and the pronoun into the attribution: "Tallyforge detected …, it said".
  // Only where the pronoun surely stands for the speaker: "he" or "she" for a speaker named with a
  // person's role or title ("transport minister Ellen Baird"); "it" or "they" for a body named as
  // one ("the company", "Northshire Police"), followed by something it did, not "is" or "was"
  // ("the council said it was a difficult decision" is about the decision). Elsewhere the
  // statement moves as written: "Police said he was driving" is about someone else.
  const pronoun = said?.at === "before" && g.code === "en" ? /^(he|she|it|they)\s/iu.exec(said.statement) : null;
  const person = PERSON_SPEAKER.test(said?.speaker ?? "");
  const body = BODY_SPEAKER.test(said?.speaker ?? "") && !person;
  const act =
    !/^\S+\s(?:is|was|are|were|seems|seemed|appears|appeared|remains|remained|(?:will|would|could|may|might|has|had|have)\s(?:be|been))\s/iu.test(
      said?.statement ?? "",
    );
  const stands = pronoun && (/^(?:he|she)$/iu.test(pronoun[1] as string) ? person : body && act);
  if (said && pronoun && stands) {
    return {
      ...said,
      speaker: (pronoun[1] as string).toLowerCase(),
      statement: `${said.speaker} ${said.statement.slice(pronoun[0].length)}`,
    };
  }
  return said;
}

/** A speaker named with a person's role or title. */
const PERSON_SPEAKER =
  /(?:^|\s)(?:Mr|Mrs|Ms|Dr|minister|spokesman|spokeswoman|chair|chairman|chairwoman|mayor|director|chief executive|manager|president|leader|captain|coach|councillor|secretary|professor|inspector|superintendent|boss)(?=$|[\s.])/iu;
/** A speaker named as a body: "the company", "Northshire Police", "Tallyforge Inc". */
const BODY_SPEAKER =
  /(?:^(?:the|a)\s\p{Ll}+$)|(?:^|\s)(?:Inc|Ltd|plc|GmbH|Group|Council|Police|Agency|Ministry|Department|Company|Union|Authority|Club|Trust|Corporation|Corp|Service|Services|Coastguard|Government|Board|Commission|Office)\.?$/u;

/** Records, filings and figures: what "show" may attribute a statement to. */
const DOCUMENT =
  /(?:^|\s)(?:records|documents|figures|data|papers|files|minutes|filings|accounts|reports|statistics|images|footage|photos|photographs|emails|messages)(?=$|\s)/iu;

function attributionAsWritten(text: string, g: Grammar): Said | undefined {
  const body = bare(text);
  const according = new RegExp(`^(${g.according})\\s([^,]{2,90}),\\s(.+)$`, "iu").exec(body);
  if (according)
    return {
      speaker: according[2] as string,
      verb: according[1] as string,
      statement: according[3] as string,
      at: "according-before",
    };
  const accordingEnd = new RegExp(`^(.+?),\\s(${g.according})\\s(.{2,90})$`, "iu").exec(body);
  if (accordingEnd)
    return {
      speaker: accordingEnd[3] as string,
      verb: accordingEnd[2] as string,
      statement: accordingEnd[1] as string,
      at: "according-after",
    };
  // "…, the agency said." / "…, said the agency."
  // A speech verb may carry where it was said: "…, Alderbank Energy announced in a press release on Wednesday".
  // It stays with the verb wherever the attribution moves: "on Wednesday" is when it was said.
  const where = String.raw`(\s(?:in a (?:statement|press release|news release|release)|on \p{L}+|in a (?:statement|press release) on \p{L}+))?`;
  const after = new RegExp(`^(.+),\\s(?:(.{2,80}?)\\s(${g.say})|(${g.say})\\s(.{2,80}?))${where}$`, "u").exec(body);
  // "…, said the agency": the speaker after the verb is a name or a role, not a clause ("…, said
  // it detected the access").
  const inverted = after?.[5];
  const clauseAfterVerb =
    inverted !== undefined && (words(inverted) > 6 || g.clause.test(` ${inverted} `) || /\s\p{Ll}+ed\s/u.test(` ${inverted} `));
  if (after && !clauseAfterVerb && !/[,]/u.test(after[2] ?? after[5] ?? ",")) {
    return {
      speaker: (after[2] ?? after[5]) as string,
      verb: `${(after[3] ?? after[4]) as string}${after[6] ?? ""}`,
      statement: after[1] as string,
      at: "after",
    };
  }
  // "The agency said (on Tuesday) (that) …": a speaker of at most eight words, no comma.
  const before = new RegExp(
    `^([^,]{2,80}?)\\s(${g.say})(\\s(?:(?:on|in|at|le|el|il|w)\\s[^,\\s]+|yesterday|today|this week|last week|hier|ayer|ieri|wczoraj))?(?:,)?\\s(?:${g.that ?? "that"}\\s|qu['’])?(.+)$`,
    "u",
  ).exec(body);
  if (
    before &&
    words(before[1] as string) <= 8 &&
    words(before[4] as string) >= 4 &&
    SUBJECT_START.test(before[1] as string) &&
    !g.clause.test(before[1] as string) &&
    !new RegExp(`\\s(?:${g.say})\\s`, "u").test(` ${before[1]} `) &&
    (SUBJECT_START.test(before[4] as string) || BARE_SUBJECT.test(before[4] as string)) &&
    !/\s(?:but|and|or)\s(?:that|que|che|że)\s/u.test(before[4] as string)
  ) {
    return { speaker: before[1] as string, verb: `${before[2]}${before[3] ?? ""}`, statement: before[4] as string, at: "before" };
  }
  return undefined;
}

/** The sentence with its attribution at the other end. */
function attributionMoved(s: Said, g: Grammar): string {
  const statement = s.statement.replace(/,$/u, "");
  switch (s.at) {
    case "according-before":
      return `${upperFirst(statement)}, ${s.verb.toLowerCase()} ${s.speaker}`;
    case "according-after":
      return `${upperFirst(s.verb)} ${s.speaker}, ${lowerFirst(statement, g)}`;
    case "after":
      return `${upperFirst(s.speaker)} ${s.verb}${g.that ? ` ${g.that}` : ""} ${lowerFirst(statement, g)}`;
    default:
      return `${upperFirst(statement)}, ${lowerFirst(s.speaker, g)} ${s.verb}`;
  }
}

/**
 * The attribution set inside its statement, at a comma or before a clause of time or cause near the middle ("Four
 * of the lost containers held dangerous goods, the agency said, including two…"), as news copy
 * does with a long statement. Middle splits first.
 */
function attributionInside(s: Said, g: Grammar): string[] {
  const statement = bare(s.statement).replace(/,$/u, "");
  const total = words(statement);
  // Not before a phrase of place: "The number of people injured | in the roof collapse" would cut
  // the subject in two.
  // In English also before a second verb of the statement's subject ("…battery sites, she told
  // the Echo, and wanted a public meeting…").
  const second = g.code === "en" ? String.raw`|\s(?=and\s${FINITE}\s)` : "";
  const at = new RegExp(`,\\s|\\s(?=(?:${g.subordinators})\\s)${second}`, "giu");
  const splits: number[] = [];
  for (let m = at.exec(statement); m; m = at.exec(statement)) splits.push(m.index);
  const attribution =
    /^according/iu.test(s.verb) || s.at.startsWith("according")
      ? `${s.verb.toLowerCase()} ${s.speaker}`
      : `${lowerFirst(s.speaker, g)} ${s.verb}`;
  return splits
    .map((index) => {
      const left = statement.slice(0, index);
      const right = statement.slice(index).replace(/^,?\s/u, "");
      return { left, right, balance: Math.abs(words(left) - total / 2) };
    })
    .filter(
      ({ left, right }) =>
        words(left) >= 5 &&
        words(right) >= 3 &&
        !DANGLING.test(left) &&
        !/\s(?:and|or|but)$/iu.test(left) &&
        // "days | after a listing appeared" measures the gap: nothing comes between.
        !(MEASURED.test(left) && /^(?:after|before|later|earlier)\s/iu.test(right)),
    )
    .sort((a, b) => a.balance - b.balance)
    .map(({ left, right }) => `${upperFirst(left)}, ${attribution}, ${right}`);
}

/** Days, months and other words that make a phrase one of time, in the languages with a grammar. */
const TIME_WORD =
  /(?:^|\s)(?:\d{1,2}[:.]\d{2}\s?(?:am|pm|a\.m\.|p\.m\.|h)?|\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)|\d{4}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|morning|afternoon|evening|night|overnight|week|month|year|weekend|hours|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|matin|soir|semaine|lunes|martes|miércoles|jueves|viernes|sábado|domingo|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|mañana|tarde|noche|semana|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|mattina|sera|settimana|poniedziałek|wtorek|środę|czwartek|piątek|sobotę|niedzielę|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia|rano|wieczorem)(?=$|[\s,.])/iu;

/** Words that leave a head dangling when what they modify moves away ("lifted shortly | after 11am"). */
const DANGLING = /(?:^|\s)(?:shortly|just|soon|long|even|only|right|well|immediately|straight|peu|poco|tuż|zaraz)$/iu;
/** A span of time before "after" or "before" ("two weeks | after the storm") measures the gap: it goes with them. */
const MEASURED = /(?:^|\s)(?:seconds|minutes|hours|days|weeks|months|years|moments)$/iu;

/** A head holding a clause of its own ("records show the roof was …", "…, which dominated …"): a
 * phrase after it may belong to that clause, and fronting it would change what it is about. */
const EMBEDDED = /,\s|\s(?:that|which|who|whose|said|says|show|shows|showed|believe|believes|think|thinks|que|qui|che|że)\s/iu;

/** A verb a clause is made with, in its first words. */
const AUXILIARY =
  /^(?:\S+\s){1,8}?(?:is|are|was|were|has|have|had|will|would|est|sont|était|ont|es|son|fue|fueron|è|sono|jest|są|był|była|było)\s/u;

/** A subject without a determiner and its verb ("neighbours were worried", "local residents have"). */
const BARE_SUBJECT = /^\p{Ll}+(?:\s\p{Ll}+)?\s(?:is|are|was|were|has|have|had|will|would)\s/u;

/** Words a clause's subject may open with: a determiner, a number, a pronoun or a name. */
const SUBJECT_START =
  /^(?:(?:the|a|an|its|their|his|her|this|these|those|some|many|several|most|all|no|one|two|three|four|five|it|they|he|she|we|le|la|les|un|une|des|il|elle|ils|elles|el|los|las|una|uno|lo|gli|i|ten|ta|to)(?=\s)|l['’]\p{L}|\d[\d.,]*|\p{Lu})/u;

/** Past participles opening a side statement about a name ("The bridge, built in 1891 …, had been shut"). */
const PAST_PARTICIPLE =
  /^(?:built|opened|founded|designed|owned|run|based|located|launched|completed|established|made|named|formed)\s/u;

/** A role a person holds, written after their name without an article ("chair of …", "head of …"). */
const ROLE =
  /^(?:chair|chairman|chairwoman|head|leader|director|chief executive|chief|president|secretary|spokesman|spokeswoman|spokesperson|owner|founder|co-founder|manager|mayor|minister|professor|editor|captain|coach|general secretary|deputy)\s(?:of|at|for)\s/u;

/** Words after which a name is governed by a preposition, not the subject a side statement speaks of. */
const GOVERNED =
  /(?:^|\s)(?:on|in|at|of|for|from|with|to|by|into|near|across|sur|dans|de|du|des|à|au|en|con|por|para|del|al|di|da|del|della|nel|nella|w|na|z|do|od)\s*$/iu;

const CALENDAR_NAME =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)$/u;

/** The name a side statement speaks of: the run of capitalised words right before its comma. */
function antecedent(before: string): string | undefined {
  const name =
    /((?:[\p{Lu}][\p{L}\p{M}'’.-]*(?:\s(?:of|de|del|della|di|du|des|la|le|von|van)\s|\s)?)*[\p{Lu}][\p{L}\p{M}'’.-]*)$/u.exec(
      before,
    );
  const run = name?.[1];
  // At the sentence's start, a noun with its determiner is the subject too ("The port, which employs…").
  if (!run) return /^(?:the|its|their)\s\p{Ll}[\p{L}-]*(?:\s\p{Ll}[\p{L}-]*)?$/iu.test(before.trim()) ? before.trim() : undefined;
  if (words(run) > 6 || CALENDAR_NAME.test(run)) return undefined;
  const preceding = before.slice(0, before.length - run.length);
  if (GOVERNED.test(preceding)) return undefined;
  // A name in a list ("Cullen Sands, Marrick Point and …") is not one a side statement is about.
  if (/,\s*$/u.test(preceding.trim()) || /\s(?:and|or|et|y|e|i)\s*$/iu.test(preceding)) return undefined;
  return run;
}

/**
 * A side statement set off by commas taken out as a sentence of its own: a relative clause
 * (", which …", ", who …"), an apposition (", an Aberdeen firm …,", ", 31,"), or a participle
 * phrase (", sailing from Rotterdam …,") about a name. Returns the sentence without it and the
 * new sentence.
 */
function sideStatements(text: string, g: Grammar): [string, string][] {
  const body = bare(text);
  const out: [string, string][] = [];
  const re = /,\s((?:[^,]|,(?=\d))+?)(,\s|$)/gu;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    re.lastIndex = m.index + 1;
    const inner = m[1] as string;
    const enclosed = m[2] !== "";
    const before = body.slice(0, m.index);
    const after = body.slice(m.index + m[0].length);
    const head = antecedent(before);
    if (!head) continue;
    const first = (/^\S+/u.exec(inner)?.[0] ?? "").toLowerCase();
    let side: string | undefined;
    const relative = g.relatives[first];
    if (relative) side = `${relative(head)} ${inner.slice(first.length).trim()}`;
    else if (/^\d{1,3}$/u.test(inner) && enclosed) side = `${head} ${g.copula.present} ${inner}`;
    else if (
      enclosed &&
      g.appositionDeterminers &&
      new RegExp(`^(?:${g.appositionDeterminers})\\s`, "iu").test(inner) &&
      words(inner) >= 3 &&
      !g.clause.test(inner)
    )
      side = `${head} ${g.copula.present} ${lowerFirst(inner, g)}`;
    else if (
      enclosed &&
      g.code === "en" &&
      /^\p{Ll}+ing\s/u.test(inner) &&
      !/^(?:including|according)\s/u.test(inner) &&
      words(inner) >= 3
    )
      side = `${head} ${g.copula.past} ${inner}`;
    else if (enclosed && g.code === "en" && ROLE.test(inner) && words(inner) >= 3 && !g.clause.test(inner))
      // A role written without its article ("Janet Whitlow, chair of the residents' association,").
      side = `${head} ${g.copula.present} ${inner}`;
    else if (enclosed && g.code === "en" && PAST_PARTICIPLE.test(inner) && words(inner) >= 3) {
      const present = /^(?:owned|run|based|located)\s/u.test(inner);
      side = `${head} ${present ? g.copula.present : g.copula.past} ${inner}`;
    }
    if (!side) continue;
    // The main sentence must still say something once the side statement is out.
    const relativeAfter = Object.keys(g.relatives).includes((/^\S+/u.exec(after)?.[0] ?? "").toLowerCase());
    const main = enclosed ? `${before}${relativeAfter ? "," : ""} ${after}` : before;
    if (words(main) < 5) continue;
    out.push([main, side]);
  }
  return out;
}

/**
 * A closing clause of time or cause ("after engineers found …") or a closing phrase of time ("on
 * Tuesday afternoon", "by the end of 2029") moved to the front, the last split first. Phrases of
 * place are left where they stand: "in the East Stand roof" may belong to the noun before it.
 */
function frontings(text: string, g: Grammar): string[] {
  const body = bare(text);
  const out: string[] = [];
  const starters = new RegExp(`(?:,\\s|\\s)(?=(?:${g.subordinators}|${g.prepositions})\\s)`, "giu");
  const splits: number[] = [];
  for (let m = starters.exec(body); m; m = starters.exec(body)) splits.push(m.index);
  const subordinator = new RegExp(`^(?:${g.subordinators})\\s`, "iu");
  for (const at of splits.reverse()) {
    const head = body.slice(0, at);
    const tail = body.slice(at).replace(/^,?\s/u, "");
    if (words(head) < 4 || words(tail) < 2 || words(tail) > 16 || /,/u.test(tail) || DANGLING.test(head)) continue;
    // A head ending on a conjunction is half of a pair ("first opened in 1891 and | once swung open").
    if (/\s(?:and|or|but|et|ou|y|o|e|i|lub)$/iu.test(head)) continue;
    if (MEASURED.test(head) && /^(?:after|before|later|earlier)\s/iu.test(tail)) continue;
    // A clause of time or cause may hold a verb; a phrase must be one of time and hold none, or
    // a place within the place the head ends on.
    const placed = placeWithinPlace(head, tail, g);
    if (!subordinator.test(tail) && !placed && (!TIME_WORD.test(tail) || g.clause.test(tail) || words(tail) > 7)) continue;
    if (subordinator.test(tail) && words(tail) < 3) continue;
    if (!SUBJECT_START.test(head) || EMBEDDED.test(head)) continue;
    out.push(`${upperFirst(tail)}, ${lowerFirst(head, g)}`);
  }
  // A leading phrase of time set off by a comma to the back: "By mid-morning, volunteers had …".
  const lead = /^([^,]{2,40}),\s(.+)$/u.exec(body);
  // Only a phrase opened by a preposition or a word of time: "Opened in 1891, the bridge…" is
  // about the bridge, and at the back it would be about whatever noun ends the sentence.
  const leadWord = /^\S+/u.exec(lead?.[1] ?? "")?.[0] ?? "";
  const timeOpener = openerOf(g).test(leadWord) || TIME_WORD.test(` ${leadWord}`);
  if (
    lead &&
    timeOpener &&
    TIME_WORD.test(lead[1] as string) &&
    !g.clause.test(lead[1] as string) &&
    words(lead[2] as string) >= 4
  ) {
    if (SUBJECT_START.test(lead[2] as string)) out.push(`${upperFirst(lead[2] as string)} ${lowerFirst(lead[1] as string, g)}`);
  }
  return out;
}

/** A head ending on a phrase of place ("… created at a new battery storage site"). */
const ENDS_ON_PLACE = /\s(?:at|in|on)\s(?:the|a|an)\s((?:[\p{L}\d'’-]+\s){0,5}[\p{L}\d'’-]+)$/u;

/**
 * Whether a closing phrase of place ("on the former Kelso Road power station land") names a
 * place within the place its head ends on ("… created at a new battery storage site"): what
 * happens at the site happens on that land, so the phrase may lead the sentence. Any other phrase
 * of place stays where it stands: "warned about corrosion in the East Stand roof" is about the
 * corrosion, and fronted it would be where the warning was given. English only, and only over a
 * head whose first word may be lower-cased or begins a name of several words: "On the moors
 * above the town, Gusts from Storm Fenella reached…" kept a capital mid-sentence.
 */
function placeWithinPlace(head: string, tail: string, g: Grammar): boolean {
  if (g.code !== "en") return false;
  if (lowerFirst(head, g) === head && !/^\p{Lu}\S*\s\p{Lu}/u.test(head)) return false;
  const place = ENDS_ON_PLACE.exec(head);
  if (!place || g.clause.test(place[1] as string)) return false;
  return /^(?:on|in|at)\s(?:the|a|an)\s/u.test(tail) && !g.clause.test(tail) && words(tail) <= 8;
}

/** Two clauses joined by ", and" as two sentences, when the second has a subject of its own. */
function clauseSplits(text: string, g: Grammar): [string, string][] {
  const body = bare(text);
  const out: [string, string][] = [];
  const re = new RegExp(`,\\s(?:${g.and})\\s|;\\s`, "gu");
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const first = body.slice(0, m.index);
    const second = body.slice(m.index + m[0].length);
    // The second part needs a subject of its own: a determiner or name, or a noun phrase and then
    // a verb ("toys, sneakers and sacks of feed were washing up"), not a verb ("is asking …").
    const ownSubject =
      SUBJECT_START.test(second) ||
      (/^\p{Ll}/u.test(second) && !g.clause.test(` ${second.split(/\s+/u)[0]} `) && AUXILIARY.test(second));
    if (words(first) >= 5 && words(second) >= 4 && ownSubject) out.push([first, second]);
  }
  return out;
}

/**
 * A word or phrase that links a sentence to the one before it in its source ("But", "However,",
 * "For those who don't know it,", "Sin embargo,"): in our article another sentence stands before
 * it, and the sentence states the same without it.
 */
const LINKING_OPENER =
  /^(?:But|And|Yet|However,|Meanwhile,|Of course,|In fact,|Indeed,|For those who (?:don['’]t|do not) know (?:it|him|her|them),|Mais|Cependant,|Pourtant,|Toutefois,|Pero|Sin embargo,|No obstante,|Però|Tuttavia,|Eppure|Jednak|Tymczasem)\s(?=\p{L})/u;

/** The sentence without a linking opener, or undefined when it has none. */
function withoutLinkingOpener(text: string): string | undefined {
  const m = LINKING_OPENER.exec(text);
  return m ? upperFirst(text.slice(m[0].length)) : undefined;
}

/** The finite verbs a predicate of English may open with: an auxiliary or a regular past. */
const FINITE = String.raw`(?:is|are|was|were|has|have|had|will|would|can|could|\p{Ll}+ed)`;

/**
 * The second predicate's verb: a finite verb, or a common irregular past, after an adverb of time
 * ("… opened in 1891 and once swung open dozens of times a day").
 */
const SECOND_FINITE = String.raw`(?:(?:once|later|then|also|still|soon)\s)?(?:${FINITE}|swung|took|made|left|sent|gave|kept|brought|began|won|lost|became|grew|fell|rose|held|ran|saw|went|came|drew|told|sold|bought|paid|led|met)`;

/**
 * Two predicates of one subject as two sentences, the subject given again ("Greyhaven was built in
 * 1347 …, and has been looked after by the Greyhaven Trust since 1958" → "Greyhaven was built … .
 * Greyhaven has been looked after …"). English only: other languages' verbs agree in forms these
 * rules do not read. A subject opened by "a" is "the" the second time.
 */
function predicateSplits(text: string, g: Grammar): [string, string][] {
  if (g.code !== "en") return [];
  const body = bare(text);
  const m = new RegExp(String.raw`^([^,]{2,60}?)\s(${FINITE})\s(.+?),?\s(?:and|but)\s(${SECOND_FINITE})\s(.+)$`, "u").exec(body);
  if (!m) return [];
  const subject = m[1] as string;
  if (!SUBJECT_START.test(subject) || words(subject) > 6 || g.clause.test(subject)) return [];
  const auxiliary = (word: string) => /^(?:is|are|was|were|has|have|had|will|would|can|could)$/u.test(word);
  // "Workers at the plant owned by X were sent home…": the first "-ed" was a participle of the
  // subject, not its verb.
  if (/ed$/u.test(m[2] as string) && /\s(?:is|are|was|were|has|have|had)\s/u.test(` ${m[3]} `)) return [];
  const first = `${subject} ${m[2]} ${m[3]}`;
  // "The bridge first opened …": the adverb is the first verb's, not the subject's.
  const again = subject
    .replace(/^(?:A|An)\s/u, "The ")
    .replace(/\s(?:first|once|later|also|still|then|now|already|recently)$/u, "");
  // "was built in 1347 and restored in 1890", "was built … and sold to the council": the second
  // verb shares the first's auxiliary; an irregular past only a passive's ("had 300 staff and sold
  // its plant" is two pasts).
  const second4 = m[4] as string;
  const takes = /ed$/u.test(second4) || /^(?:is|are|was|were)$/u.test(m[2] as string);
  const shared = auxiliary(m[2] as string) && !auxiliary(second4) && takes ? `${m[2]} ` : "";
  const second = `${again} ${shared}${second4} ${m[5]}`;
  if (words(m[3] as string) < 2 || words(m[5] as string) < 2) return [];
  return [[first, second]];
}

/**
 * A leading participle phrase about the subject as a sentence of its own ("Opened in 1891, the
 * bridge was designed by …" → "The bridge was opened in 1891. The bridge was designed by …").
 * English only; the subject is the words before the main verb, at most five.
 */
function leadingParticiple(text: string, g: Grammar): [string, string][] {
  if (g.code !== "en") return [];
  const body = bare(text);
  const m = /^(\p{Lu}\p{Ll}+)(\s[^,]{2,60}),\s(.+)$/u.exec(body);
  if (!m || !PAST_PARTICIPLE.test(`${(m[1] as string).toLowerCase()} `)) return [];
  const main = m[3] as string;
  const verb = new RegExp(String.raw`^([^,]{2,50}?)\s(?:${FINITE})\s`, "u").exec(main);
  const subject = verb?.[1];
  if (!subject || !SUBJECT_START.test(subject) || words(subject) > 5 || g.clause.test(subject)) return [];
  const participle = (m[1] as string).toLowerCase();
  const plural = /s$/u.test(subject) && !/ss$/u.test(subject);
  // What still holds is said in the present ("Based in Leeds, the firm…" → "The firm is based in Leeds.").
  const present = /^(?:owned|run|based|located)$/u.test(participle);
  const copula = present ? (plural ? "are" : g.copula.present) : plural ? "were" : g.copula.past;
  const side = `${upperFirst(subject)} ${copula} ${participle}${m[2]}`;
  return [[side, upperFirst(main)]];
}

/** Rewrites of one sentence (as one or more sentences), smallest change first. */
function rewrites(text: string, g: Grammar, linked = true): string[][] {
  const unlinked = linked ? withoutLinkingOpener(bare(text)) : undefined;
  if (unlinked) return [[unlinked], ...rewrites(unlinked, g, false)];
  const out: string[][] = [];
  const base = bare(text);
  const said = attribution(text, g);
  if (said) out.push([attributionMoved(said, g)]);
  for (const f of frontings(base, g)) out.push([f]);
  if (said)
    for (const f of frontings(said.statement, g)) {
      // A statement its attribution follows keeps it at the end: only the phrase moves.
      if (said.at === "after") out.push([attributionMoved({ ...said, statement: f, at: "before" }, g)]);
      if (said.at === "according-after") out.push([attributionMoved({ ...said, statement: f, at: "according-before" }, g)]);
      out.push([attributionMoved({ ...said, statement: f }, g)]);
    }
  for (const [main, side] of sideStatements(base, g)) {
    out.push([main, side]);
    for (const f of frontings(main, g)) out.push([f, side]);
    const mainSaid = attribution(main, g);
    if (mainSaid) out.push([attributionMoved(mainSaid, g), side]);
    if (mainSaid) for (const inside of attributionInside(mainSaid, g)) out.push([inside, side]);
  }
  if (said) for (const inside of attributionInside(said, g)) out.push([inside]);
  for (const [a, b] of predicateSplits(base, g)) out.push([a, b]);
  for (const [side, main] of leadingParticiple(base, g)) out.push([side, main]);
  for (const [a, b] of clauseSplits(base, g)) {
    out.push([a, b]);
    const firstSaid = attribution(a, g);
    if (firstSaid) for (const inside of attributionInside(firstSaid, g)) out.push([inside, b]);
    for (const fa of [a, ...frontings(a, g)])
      for (const fb of [b, ...frontings(b, g)]) if (fa !== a || fb !== b) out.push([fa, fb]);
    for (const [main, side] of sideStatements(a, g)) out.push([main, side, b]);
  }
  return out;
}

/**
 * Shorter forms of a sentence that still state only what it states, fewest cuts first: its
 * statement without the attribution, without a side statement about a name, the first of two
 * clauses that each have a subject, or without a closing clause or phrase of time. For a
 * headline, which is the main event in few words. A condition ("if councillors approve") is
 * never cut: without it the sentence says more than its source.
 */
export function shortenings(text: string, language: string): string[] {
  const g = GRAMMARS[language];
  if (!g) return [];
  const cuts = (sentence: string): string[] => {
    const body = bare(sentence);
    const out: string[] = [];
    const said = attribution(body, g);
    if (said) out.push(said.statement);
    for (const [main] of sideStatements(body, g)) out.push(main);
    for (const [first] of clauseSplits(body, g)) out.push(first);
    const closing = new RegExp(`(?:,\\s|\\s)(?=(?:${g.subordinators}|${g.prepositions})\\s)`, "giu");
    for (let m = closing.exec(body); m; m = closing.exec(body)) {
      const head = body.slice(0, m.index);
      const tail = body.slice(m.index).replace(/^,?\s/u, "");
      const subordinate =
        new RegExp(`^(?:${g.subordinators})\\s`, "iu").test(tail) && !/^(?:until|unless|if|jusqu|hasta|fino|aż)/iu.test(tail);
      const timePhrase =
        new RegExp(`^(?:${g.prepositions})\\s`, "iu").test(tail) &&
        TIME_WORD.test(tail) &&
        !g.clause.test(tail) &&
        words(tail) <= 7;
      // "days | after a listing appeared" measures the gap: the clause never leaves it.
      const measured = MEASURED.test(head) && /^(?:after|before|later|earlier)\s/iu.test(tail);
      if (words(head) >= 4 && !/,/u.test(tail) && !DANGLING.test(head) && !measured && (subordinate || timePhrase))
        out.push(head);
    }
    // An aside set off by commas that holds no clause ("…Ashcombe Park, home of fifth-tier club
    // Ashcombe United, gave way…"): the sentence without it says less, nothing else.
    const aside = /,\s([^,]+),\s/gu;
    for (let m = aside.exec(body); m; m = aside.exec(body)) {
      aside.lastIndex = m.index + 1;
      // One opening on a name may be the sentence's subject and verb ("Alto 2,06 m, mancino, Wilczak
      // arriva dall'Orzeł…"): cutting it would leave the asides.
      if (g.clause.test(m[1] as string) || words(m[1] as string) > 12 || /^\p{Lu}/u.test(m[1] as string)) continue;
      const without = `${body.slice(0, m.index)} ${body.slice(m.index + m[0].length)}`;
      if (words(without) >= 5) out.push(without);
    }
    // A closing "with …" ("…around the world, with a production company reportedly planning …").
    const withTail = /,\s(?:with|avec|con|z)\s/iu.exec(body);
    if (withTail && words(body.slice(0, withTail.index)) >= 5) out.push(body.slice(0, withTail.index));
    // A second verb of the same subject ("A fire injured 14 workers and forced residents …").
    if (g.code === "en") {
      const second =
        /\s(?:and|but)\s(?=(?:\p{Ll}+ed|took|made|left|sent|put|gave|kept|brought|began|won|lost|hit|cut|set|shut|said|told|has|have|had|was|were|is|are|will)\s)/u.exec(
          body,
        );
      if (second && words(body.slice(0, second.index)) >= 5) out.push(body.slice(0, second.index));
    }
    // A closing phrase of place or manner, when the sentence keeps its subject, verb and more.
    // Only phrases of place or time: "from their homes" after "forced 300 residents" completes
    // the verb, and without it the sentence says something else.
    const cuttable = g.code === "en" ? `${g.prepositions}|to (?:the|a|an)` : g.prepositions;
    const phrase = new RegExp(`\\s(?=(?:${cuttable})\\s)`, "giu");
    for (let m = phrase.exec(body); m; m = phrase.exec(body)) {
      const head = body.slice(0, m.index);
      const tail = body.slice(m.index + 1);
      // Not inside a chain of phrases: "gave way in winds | from Storm Fenella" keeps a stub.
      const stub = new RegExp(`\\s(?:${g.prepositions})\\s\\S+$`, "iu").test(head);
      // A preposition and one bare word completes the verb ("came on stream", "remain in force"):
      // a phrase of place opens with a determiner, a figure or a name, or runs longer.
      const object = tail.replace(/^\S+\s/u, "");
      const fixed = words(object) === 1 && !SUBJECT_START.test(object);
      if (
        words(head) >= 6 &&
        !/,/u.test(tail) &&
        !g.clause.test(tail) &&
        words(tail) <= 8 &&
        !DANGLING.test(head) &&
        !stub &&
        !fixed
      )
        out.push(head);
    }
    return out.map((t) => upperFirst(t.trim().replace(/,$/u, "")));
  };
  const seen = new Set<string>([bare(text)]);
  const out: string[] = [];
  let frontier = [bare(text)];
  for (let depth = 0; depth < 3 && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const sentence of frontier) {
      for (const shorter of cuts(sentence)) {
        if (seen.has(shorter)) continue;
        seen.add(shorter);
        out.push(shorter);
        next.push(shorter);
      }
    }
    frontier = next;
  }
  return out;
}

/** Whether the text repeats a run of more than COPY_RUN_LIMIT words of a source page. */
const copies = (text: string, language: string, windows: SourceWindows) => windows.copiedRuns(text, language).length > 0;

/**
 * The claim's sentence in words of ours, as the sentences it is written in: the sentence itself
 * when it repeats no run of more than COPY_RUN_LIMIT words of a source page, else the first
 * rewrite that does not (the main sentence first, then any side statement); undefined when none
 * does.
 */
export function restateSentences(text: string, language: string, windows: SourceWindows): string[] | undefined {
  if (!copies(text, language, windows)) return [text];
  const grammar = GRAMMARS[language];
  // Without rules to move phrases (German puts the verb second), words may still be swapped.
  if (!grammar) {
    const swapped = rephrased(text, language, windows);
    return swapped === undefined ? undefined : [swapped];
  }
  const g: Grammar = { ...grammar, common: windows.lowerCaseWords };
  const candidates = rewrites(text, g).map((parts) => parts.map(asSentence));
  for (const sentences of candidates) if (!copies(sentences.join(" "), language, windows)) return sentences;
  // No move alone makes it ours: the same candidates, smallest change first, with words swapped
  // where a clause is too long to move apart (rephrase.ts).
  // A linking opener goes whatever else changes (its first candidate is the sentence without it).
  const whole = withoutLinkingOpener(bare(text)) ? [] : [[text]];
  for (const sentences of [...whole, ...candidates]) {
    const swapped = sentences.map((sentence) => rephrased(sentence, language, windows) ?? sentence);
    if (!copies(swapped.join(" "), language, windows)) return swapped;
  }
  return undefined;
}

/** The claim's sentence in words of ours, or undefined (see restateSentences). */
export function restate(text: string, language: string, windows: SourceWindows): string | undefined {
  return restateSentences(text, language, windows)?.join(" ");
}
