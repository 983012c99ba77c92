// The word swaps the built-in engine may make (rephrase.ts takes them one at a time): words that
// state exactly what the words they replace state, by language. A swap never changes a figure's
// value, and rephrase.ts never lets one touch a name, a quotation or an address; one marked
// `movesNames` may move a name whole ("Spain's Químicas Arenal" → "Químicas Arenal of Spain").
// English has the full list; the other languages have quantities and a few nouns.

/** One way of saying the same thing in other words. */
export interface Swap {
  /** Matches what is replaced (global). */
  re: RegExp;
  /** The replacement for a match; `common` holds the words the sources write in lower case. */
  to: (m: RegExpExecArray, common: ReadonlySet<string>) => string;
  /** How much worse the sentence reads after it: taken only when a plainer swap helps less. */
  cost: number;
  /** The swap moves a name whole (it may cover one, never cut into one). */
  movesNames?: boolean;
}

/** A figure: digits, or a number word a swap keeps as it is. */
const FIGURE = String.raw`(?:(?:[£$€]\s?)?\d|(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a dozen|dozens|hundreds|thousands)\s)`;
const WEEKDAY = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday";
/** A plain word for word (or phrase for phrase), whole words only, optionally only before or after a pattern. */
function words(from: string, to: string, cost = 1, opts: { before?: string; after?: string } = {}): Swap {
  const lookbehind = opts.after !== undefined ? `(?<=${opts.after})` : "(?<![\\p{L}\\p{N}'’-])";
  const lookahead = opts.before !== undefined ? `(?=${opts.before})` : "(?![\\p{L}\\p{N}'’-])";
  return { re: new RegExp(`${lookbehind}${from}${lookahead}`, "giu"), to: () => to, cost };
}

/** Words a statement's speech verb is made with, for "said that the ship…" ↔ "said the ship…". */
const SPEECH =
  "said|says|denies|denied|warned|announced|confirmed|added|stated|insisted|explained|estimated|reported|believes|expects|found";
/** Past forms that follow a relative "that" ("containers that fell from the ship"). */
const RELATIVE_VERB =
  "is|are|was|were|has|have|had|will|would|can|could|may|might|must|fell|came|went|took|made|led|left|ran|stood|broke|grew|rose|began|caught|kept|lost|won|brought|built|bought|sold|paid|held|hit|cut|set|shut|dominated|\\p{Ll}+ed";

/** Words a possessor's noun runs over before the next phrase ("England's northeast coast | early Tuesday"). */
const POSSESSED_STOP =
  /^(?:of|in|on|at|to|for|with|by|from|against|into|onto|over|under|about|between|across|through|towards?|within|without|behind|near|off|per|via|like|up|down|out|and|or|but|that|which|who|is|are|was|were|has|had|have|will|would|said|says|as|than|since|when|after|before|during|early|late|last|next|this|yesterday|today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d.*)$/iu;
/** Where a noun phrase ends: before a phrase, a clause, a verb of being or a mark. */
const PHRASE_ENDS = String.raw`(?=\s(?:of|in|on|at|to|for|with|by|from|against|into|over|under|about|between|across|through|within|near|off|and|or|but|that|which|who|is|are|was|were|has|had|have|will|would|could|can|may|said|says|as|than|since|when|after|before|during|early|late|last|next|this|yesterday|today|tomorrow)(?![\p{L}])|\s*[,.;:!?)]|\s*$)`;

/** Possessors that are times, not owners: "Saturday's match" is not "the match of Saturday". */
const TIME_POSSESSOR = new RegExp(`^(?:${WEEKDAY}|yesterday|today|tomorrow|last \\w+|next \\w+|this \\w+|\\d{4})$`, "iu");

/** "England's northeast coast" → "the northeast coast of England"; "Spain's Químicas Arenal" → "Químicas Arenal of Spain". */
const possessive: Swap = {
  re: new RegExp(
    String.raw`(?<![\p{L}\p{N}'’-])((?:the|its|their)\s\p{Ll}[\p{L}-]*|\p{Lu}[\p{L}\p{M}.-]*(?:\s\p{Lu}[\p{L}\p{M}.-]*){0,3})['’]s\s((?:\p{Lu}[\p{L}\p{M}-]*\s?){1,4}|(?:\p{Ll}[\p{L}-]*\s?){1,3})${PHRASE_ENDS}`,
    "gu",
  ),
  to: (m) => {
    const owner = m[1] as string;
    const owned = (m[2] as string).trim();
    if (TIME_POSSESSOR.test(owner)) return m[0];
    const ownedWords = owned.split(/\s+/u);
    // The possessed noun ends before the next phrase; a phrase word inside it means it was misread.
    if (ownedWords.some((w) => POSSESSED_STOP.test(w))) return m[0];
    // A verb after the noun ("the company's data appeared on …") is not part of what is owned.
    if (ownedWords.slice(1).some((w) => /^(?:\p{Ll}+ed|is|are|was|were|has|have|had|will|would|said|says)$/u.test(w)))
      return m[0];
    const isName = /^\p{Lu}/u.test(owned);
    const ownerText = /^(?:the|its|their)\s/iu.test(owner) ? owner.replace(/^\p{Lu}/u, (c) => c.toLowerCase()) : owner;
    return `${isName ? owned : `the ${owned}`} of ${ownerText}${/\s$/u.test(m[2] as string) ? " " : ""}`;
  },
  cost: 3,
  movesNames: true,
};

export /** Owned words that measure or pick out a part, not a thing owned: "the end of 2029" is not "2029's end". */
const PART_WORDS =
  /^(?:end|start|beginning|rest|first|last|worst|best|most|middle|top|bottom|number|majority|part|half|whole|time|use|lack|side|edge|course|case|size|kind|type|sort|one|some|all|each|any|none|many|few|lot|bulk|remainder)$/iu;

/** "the roof of the East Stand" → "the East Stand's roof"; "the mouth of the Mere" → "the Mere's mouth". */
const ofPossessive: Swap = {
  re: new RegExp(
    String.raw`(?<![\p{L}\p{N}'’-])the ((?:\p{Ll}[\p{L}-]*\s){0,2}\p{Ll}[\p{L}-]*) of the ((?:\p{Lu}[\p{L}\p{M}-]*(?:\s\p{Lu}[\p{L}\p{M}-]*){0,3})|(?:[\p{L}\p{N}-]+\s){0,2}\p{Ll}[\p{L}-]*)${PHRASE_ENDS}`,
    "gu",
  ),
  to: (m) => {
    const owned = m[1] as string;
    const owner = m[2] as string;
    const ownedWords = owned.split(/\s+/u);
    if (ownedWords.some((w) => POSSESSED_STOP.test(w) || PART_WORDS.test(w))) return m[0];
    if (owner.split(/\s+/u).some((w) => POSSESSED_STOP.test(w)) || TIME_POSSESSOR.test(owner)) return m[0];
    // An owner ending in s takes the apostrophe alone ("the workers' union").
    return `the ${owner}${/s$/u.test(owner) ? "’" : "’s"} ${owned}`;
  },
  cost: 3,
  movesNames: true,
};

/** Participles whose past tense differs ("was given by" → "gave"); regular ones are their own past. */
const PAST_OF: Record<string, string> = {
  given: "gave",
  taken: "took",
  shown: "showed",
  written: "wrote",
  seen: "saw",
  known: "knew",
  done: "did",
  driven: "drove",
  broken: "broke",
  chosen: "chose",
  spoken: "spoke",
  drawn: "drew",
  begun: "began",
  overseen: "oversaw",
  undertaken: "undertook",
};
const SAME_PAST =
  "built|made|held|led|bought|sold|paid|found|kept|left|sent|shut|cut|hit|put|told|brought|caught|won|lost|spent|met|heard|hurt|struck|fed|laid|lit|sought|upheld";
/** A pronoun as the object it becomes when the sentence turns around. */
const OBJECT_FORM: Record<string, string> = { he: "him", she: "her", they: "them", we: "us", i: "me", it: "it" };

/**
 * "The bridge was designed by the engineer Thomas Aldred to turn…" → "The engineer Thomas Aldred
 * designed the bridge to turn…": a sentence in the passive with its agent named, turned active.
 * Only the past ("was", "were", "had been"), where the verb needs no other form, and only at the
 * sentence's start: after "Opened in 1891," the opening phrase would then be about the agent.
 */
const passive: Swap = {
  re: new RegExp(
    String.raw`(?<=^|[.!?]\s)((?:[Tt]he|[Aa]n?|[Ii]ts|[Tt]heir|[Hh]is|[Hh]er|[Tt]his|[Tt]hese|[Tt]hose)\s[^,;:]{0,60}?|\p{Lu}[\p{L}\p{M}'’.-]*(?:\s\p{Lu}[\p{L}\p{M}'’.-]*){0,3}) (was|were|had been) (\p{Ll}+ed|${SAME_PAST}|${Object.keys(PAST_OF).join("|")})((?:\s(?:in|on|at|during)\s[^,;:]{1,25}?)?) by ((?:the\s)?(?:\p{Ll}[\p{L}-]*\s){0,2}\p{Lu}[\p{L}\p{M}'’.-]*(?:\s(?:of\s|de\s)?\p{Lu}[\p{L}\p{M}'’.-]*){0,4}|(?:the\s)?\p{Ll}[\p{L}-]*(?:\s\p{Ll}[\p{L}-]*)?)${PHRASE_ENDS}`,
    "gu",
  ),
  to: (m) => {
    const subject = m[1] as string;
    const aux = (m[2] as string).toLowerCase();
    const participle = (m[3] as string).toLowerCase();
    const phrase = m[4] as string;
    const agent = m[5] as string;
    // A subject holding a verb of its own is a clause, not a noun: leave it.
    if (/\s(?:is|are|was|were|has|have|had|will|would|said|that|which|who)\s/iu.test(` ${subject} `)) return m[0];
    // A second predicate of the same subject ("…, and has been looked after by the Trust") would
    // be about the agent once the agent leads.
    const rest = (m.input ?? "").slice((m.index ?? 0) + m[0].length);
    if (/^[^.!?]*?\s(?:and|but)\s(?:is|are|was|were|has|have|had|will|would|can|could|\p{Ll}+ed)\s/u.test(rest)) return m[0];
    if (POSSESSED_STOP.test(agent.split(/\s+/u).at(-1) as string)) return m[0];
    const verb = aux === "had been" ? `had ${participle}` : (PAST_OF[participle] ?? participle);
    const pronoun = OBJECT_FORM[subject.toLowerCase()];
    const object =
      pronoun ??
      (/^(?:the|a|an|its|their|his|her|this|these|those)\s/iu.test(subject)
        ? subject.charAt(0).toLowerCase() + subject.slice(1)
        : subject);
    return `${agent.charAt(0).toUpperCase()}${agent.slice(1)} ${verb} ${object}${phrase}`;
  },
  cost: 3,
  movesNames: true,
};

/**
 * "Ward councillor Sam Okonjo said…" → "Sam Okonjo, the ward councillor, said…": a role written as
 * a title before a name set after it. The role is lower-cased only where the sources write its
 * first word in lower case ("ward"), so "Gold Coast actor" keeps its capitals.
 */
const falseTitle: Swap = {
  re: /(?<=^|[.!?]\s)((?:\p{Lu}[\p{L}-]*\s){0,3}(?:\p{Ll}[\p{L}-]*|[A-Z]{2,4})|\p{Lu}\p{Ll}+) (\p{Lu}\p{Ll}[\p{L}'’-]*(?:\s\p{Lu}\p{Ll}[\p{L}'’-]*){1,2})(?=\s\p{Ll})/gu,
  to: (m, common) => {
    const role = m[1] as string;
    const name = m[2] as string;
    const roleWords = role.split(/\s+/u);
    const first = roleWords[0] as string;
    if (
      /^(?:The|A|An|This|That|These|Those|Its|Their|Our|His|Her|In|On|At|By|For|From|With|After|Before|When|While|As|Shares|More|Most|Some|All)$/u.test(
        first,
      )
    )
      return m[0];
    // One word alone is a role only when the sources write it in lower case ("harbourmaster").
    if (roleWords.length === 1 && !common.has(first.toLowerCase())) return m[0];
    const lower = common.has(first.toLowerCase()) && (roleWords.length === 1 || /^\p{Ll}/u.test(roleWords[1] as string));
    return `${name}, the ${lower ? first.toLowerCase() : first}${role.slice(first.length)},`;
  },
  cost: 3,
  movesNames: true,
};

const EN: Swap[] = [
  // Joining words.
  { re: new RegExp(`(?<=(?<![\\p{L}])(?:${SPEECH})\\s)that\\s(?=\\p{L})`, "gu"), to: () => "", cost: 1 },
  {
    re: /(?<![\p{L}])(said|says|added|stated)\s(?=(?:the|a|an|it|its|they|their|he|she|there|\p{Lu}[\p{L}-]+)\s)/gu,
    to: (m) => `${m[1]} that `,
    cost: 1,
  },
  {
    re: new RegExp(
      `(?<=(?<![\\p{L}])(?!(?:${SPEECH}|so|such|now|given|told|than)\\s)\\p{Ll}[\\p{L}-]*\\s)that(?=\\s(?:${RELATIVE_VERB})\\s)`,
      "gu",
    ),
    to: () => "which",
    cost: 1,
  },
  words("would be able to", "could"),
  words("subject to", "pending", 2, { before: "\\s(?:planning|approval|consent|permission|the approval|a vote|board)" }),
  words("will be able to", "can"),
  words("so that", "so"),
  words("in order to", "to"),
  words("rather than", "instead of"),
  words("instead of", "rather than"),
  words("in spite of", "despite"),
  words("despite", "in spite of", 2),
  words("because of", "owing to", 2),
  words("as well as", "and", 2),
  words(", including", ", among them", 2, { after: "" }),
  words("in front of", "before", 2, { before: `\\s${FIGURE}` }),
  words("during", "in the course of", 2),
  words("near", "close to", 2, { before: "\\s(?:the|a|an|\\p{Lu})" }),
  words("around the world", "worldwide"),
  words("in the early hours", "in the small hours"),
  // Quantities: the same figure, said another way.
  words("more than", "over", 1, { before: `\\s(?:${FIGURE}|a |an |half|\\p{Ll}+ (?:hundred|thousand|million))` }),
  words("over", "more than", 1, { before: `\\s${FIGURE}` }),
  words("up to", "as many as", 1, { before: `\\s${FIGURE}` }),
  words("as many as", "up to", 1, { before: `\\s${FIGURE}` }),
  words("about", "around", 1, { before: `\\s(?:${FIGURE}|a dozen|half)` }),
  words("around", "about", 1, { before: `\\s${FIGURE}` }),
  words("(?:roughly|approximately|some)", "about", 1, { before: `\\s${FIGURE}` }),
  words("almost", "nearly"),
  words("nearly", "almost"),
  words("a dozen", "12", 2),
  words("a number of", "several"),
  { re: /(\d)\s?(?:per ?cent|percent)(?![\p{L}])/gu, to: (m) => `${m[1]}%`, cost: 1 },
  { re: /(\d)%/gu, to: (m) => `${m[1]} per cent`, cost: 1 },
  {
    re: /([£$€]\s?\d+(?:\.\d+)?) (million|billion)(?![\p{L}])/gu,
    to: (m) => `${m[1]}${m[2] === "million" ? "m" : "bn"}`,
    cost: 1,
  },
  {
    re: /([£$€]\s?\d+(?:\.\d+)?)(m|bn)(?![\p{L}\p{N}])/gu,
    to: (m) => `${m[1]} ${m[2] === "m" ? "million" : "billion"}`,
    cost: 1,
  },
  // Time: the same day, said another way.
  { re: new RegExp(`(?<![\\p{L}])on (?=(?:${WEEKDAY})(?![\\p{L}]))`, "gu"), to: () => "", cost: 1 },
  { re: new RegExp(`(?<![\\p{L}])(early|late) (?=(?:${WEEKDAY})(?![\\p{L}]))`, "giu"), to: (m) => `${m[1]} on `, cost: 1 },
  words("the year before", "a year earlier"),
  words("a year earlier", "the year before"),
  // "visitors a year", "times a day": a rate after a plural, never "within a year" or "for a week".
  {
    re: /(?<=\p{L}+s\s)(?<!(?:was|is|has|as|this|his|its|us|less|plus|across|unless|thus)\s)a (year|day|week|month)(?![\p{L}])(?!\s(?:earlier|later|ago|before|after|on))/gu,
    to: (m) => `each ${m[1]}`,
    cost: 2,
  },
  // Verbs and nouns with a plain equivalent in news copy.
  words("gave way", "collapsed"),
  words("came down", "collapsed", 1, { before: "(?!\\sto)(?![\\p{L}])" }),
  words("began", "started"),
  words("begun", "started"),
  words("begin", "start"),
  words("begins", "starts"),
  words("beginning", "starting"),
  words("started", "began", 1, { after: "(?<![\\p{L}])(?!(?:has|have|had|been|be|was|were|is|are|get|got|gets)\\s)\\p{L}+\\s" }),
  words("start", "begin", 1, { after: "(?<![\\p{L}])(?:to|will|would|could|may|might|should|can|not)\\s" }),
  words("injured", "hurt", 1, { after: "(?<![\\p{L}])(?!the\\s)\\p{L}+\\s" }),
  words("hurt", "injured"),
  words("closed", "shut"),
  words("shut", "closed"),
  words("rose", "climbed", 1, { after: "(?<![\\p{L}])(?!the\\s|a\\s)\\p{L}+\\s" }),
  words("climbed", "rose"),
  words("bought", "acquired"),
  words("acquired", "bought"),
  words("recover", "retrieve"),
  words("recovered", "retrieved"),
  words("deployed", "sent"),
  words("searching for", "looking for"),
  words("scheduled to", "set to"),
  words("planning to", "intending to"),
  words("worried about", "concerned about"),
  words("looked after", "cared for"),
  words("dates from", "dates back to"),
  words("tracked down", "traced"),
  words("carrying", "transporting", 2, { before: "(?![\\p{L}])(?!\\sout)" }),
  words("said", "stated", 2, { before: "(?![\\p{L}])(?!\\sin a statement)" }),
  words("says", "states", 2),
  words("told reporters", "told journalists"),
  words("vessel", "ship"),
  words("vessels", "ships"),
  // Not the verb: "to ship goods".
  words("ship", "vessel", 2, {
    after: "(?<![\\p{L}])(?!(?:to|will|would|can|could|may|might)\\s)\\p{L}+\\s",
    before: "(?!['’])(?![\\p{L}-])",
  }),
  words("ships", "vessels", 2, { after: "(?<![\\p{L}])(?!(?:it|he|she|which|that|who)\\s)\\p{L}+\\s" }),
  words("blaze", "fire"),
  words("company", "firm", 2, { before: "(?!['’])(?![\\p{L}-])" }),
  words("talks", "negotiations", 1, { after: "(?<![\\p{L}])(?:in|advanced|the|of|formal|early|exclusive)\\s" }),
  words("scheme", "project"),
  words("biggest", "largest"),
  words("largest", "biggest"),
  // Adverbs, adjectives and nouns with one sense in news copy, or guarded to the one they share.
  words("only", "just", 1, { before: `\\s(?:a|an|one|${FIGURE})` }),
  words("just", "only", 1, { before: `\\s(?:a|an|one|${FIGURE})` }),
  words("large", "big", 2),
  words("huge", "enormous", 2),
  words("latest", "most recent", 1),
  words("most recent", "latest", 1),
  words("hazardous", "dangerous", 1),
  words("dangerous", "hazardous", 1, { before: "\\s(?:goods|chemicals|substances|materials|cargo)" }),
  words("widespread", "extensive", 2),
  words("several", "a number of", 2, { before: "(?![\\p{L}])(?!\\sof)" }),
  words("numerous", "many", 1),
  words("fans", "supporters", 1),
  words("supporters", "fans", 2),
  words("jobs", "posts", 2, {
    after: `(?<![\\p{L}])(?:\\d[\\d,.]*|permanent|new|temporary|full-time|part-time|construction)\\s`,
  }),
  words("plans", "proposals", 2, {
    after: "(?<![\\p{L}])(?:the|its|their|his|her|announced|unveiled|approved|submitted|rejected|outlined)\\s",
  }),
  words("investigation", "inquiry", 1),
  words("inquiry", "investigation", 1),
  words("region", "area", 2, { after: "(?<![\\p{L}])the\\s" }),
  words("cargo", "freight", 2, { before: "(?![\\p{L}])(?!\\s(?:ship|ships|vessel|vessels|plane|planes|hold|holds))" }),
  words("due to", "scheduled to", 1, {
    before:
      "\\s(?:be|start|begin|open|reopen|pass|arrive|close|finish|end|take|sail|dock|resume|meet|vote|run|return)(?![\\p{L}])",
  }),
  words("remain", "stay", 1),
  words("remained", "stayed", 1),
  words("reached", "hit", 1, { before: `\\s${FIGURE}` }),
  words("fell", "dropped", 1, { before: `\\s(?:by\\s|to\\s)?${FIGURE}` }),
  // Not a verdict: "found him guilty" is not "discovered him guilty".
  words("found", "discovered", 2, {
    after: "(?<![\\p{L}])(?!(?:was|were|be|been|is|are|being)\\s)\\p{L}+\\s",
    before: "(?![\\p{L}])(?!\\s(?:\\p{L}+\\s)?(?:guilty|innocent|liable|responsible|dead|alive))",
  }),
  words("called in", "brought in", 1),
  words("turned up", "arrived", 1),
  {
    re: /(?<=(?<![\p{L}])(?:could|would|can|will|to|may|might|should)\s)help(?=\s(?:the|a|an|to|with|police|officers|people))/gu,
    to: () => "assist",
    cost: 2,
  },
  words("tried to", "attempted to", 1),
  words("try to", "attempt to", 1),
  words("purchase", "buy", 1, { after: "(?<![\\p{L}])(?:to|will|would|could|can)\\s" }),
  words("records show", "records indicate", 2),
  words("less than", "under", 1, { before: `\\s${FIGURE}` }),
  words("far higher", "much higher"),
  words("far lower", "much lower"),
  words("held up", "delayed", 1, { before: "\\sby" }),
  words("letting", "allowing"),
  words("allowed to", "permitted to"),
  words("typically", "usually"),
  words("demolished", "knocked down"),
  words("carried out by", "conducted by"),
  words("handing out", "giving out"),
  words("complete with", "together with"),
  words("held", "had", 2, {
    after: "(?<![\\p{L}])(?!(?:was|were|is|are|be|been|being|being)\\s)\\p{L}+\\s",
    before: "\\s(?:a|an|its|their)\\s",
  }),
  words("has been appointed", "has been hired", 2),
  words("asked not to be named", "spoke on condition of anonymity", 2),
  words("familiar with", "with knowledge of", 2),
  // "between the town centre and the docks" is "between the docks and the town centre".
  {
    re: new RegExp(
      String.raw`(?<![\p{L}])between ((?:the |a |an )?[\p{L}\p{N}'’-]+(?: [\p{L}\p{N}'’-]+){0,2}) and ((?:the |a |an )?[\p{L}\p{N}'’-]+(?: [\p{L}\p{N}'’-]+){0,2})${PHRASE_ENDS}`,
      "gu",
    ),
    to: (m) => {
      const [a, b] = [m[1] as string, m[2] as string];
      if ([a, b].some((x) => x.split(" ").some((w) => POSSESSED_STOP.test(w) && !/^\d/u.test(w)))) return m[0];
      return `between ${b} and ${a}`;
    },
    cost: 2,
    movesNames: true,
  },
  // A second verb of the same subject: "injured 14 workers and forced residents…" → "…and also forced…".
  {
    re: /(?<=\s)(and|but) (?=(?:\p{Ll}+ed|took|made|left|sent|put|gave|kept|brought|began|won|lost|hit|cut|set|shut|told|held|led|said|says)\s)/gu,
    to: (m) => `${m[1]} also `,
    cost: 2,
  },
  possessive,
  ofPossessive,
  passive,
  falseTitle,
];

/** A figure in digits, for languages whose number words the lists do not name. */
const DIGITS = String.raw`(?:[£$€]\s?)?\d`;
const DAY_FR = "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche";
const DAY_ES = "lunes|martes|miércoles|jueves|viernes|sábado|domingo";

// The other languages: quantities, days, linking phrases and speech verbs with a plain
// equivalent. A noun is swapped only for one of the same gender and number, so the words around
// it still agree ("la société" / "l'entreprise"; never "das Feuer" / "der Brand").
const FR: Swap[] = [
  words("plus de", "au-delà de", 2, { before: `\\s${DIGITS}` }),
  words("environ", "quelque", 2, { before: `\\s${DIGITS}` }),
  words("près de", "environ", 2, { before: `\\s${DIGITS}` }),
  { re: /(\d)\s?(?:pour ?cent|%)(?![\p{L}])/gu, to: (m) => (m[0].includes("%") ? `${m[1]} pour cent` : `${m[1]} %`), cost: 1 },
  words("incendie", "feu", 2, { after: "(?<![\\p{L}'’])(?:un|le|du|au)\\s" }),
  words("entreprise", "société", 2),
  words("société", "entreprise", 2),
  words("selon", "d'après", 1, { before: "\\s(?![aeiouéèh])" }),
  words("d'après", "selon", 1),
  words("en raison de", "à cause de", 1),
  words("à cause de", "en raison de", 1),
  words("pendant", "durant", 1),
  words("durant", "pendant", 1),
  words("lors de", "pendant", 2),
  words("a déclaré", "a indiqué", 1),
  words("a indiqué", "a déclaré", 1),
  words("a précisé", "a indiqué", 1),
  words("a recommandé", "a conseillé", 1),
  words("par précaution", "à titre de précaution", 1),
  words("pompiers", "sapeurs-pompiers", 1, { after: "(?<![\\p{L}-])" }),
  { re: new RegExp(`(?<![\\p{L}])ce (?=(?:${DAY_FR})(?![\\p{L}]))`, "gu"), to: () => "", cost: 1 },
];
const ES: Swap[] = [
  words("más de", "por encima de", 2, { before: `\\s${DIGITS}` }),
  words("unos", "alrededor de", 2, { before: `\\s${DIGITS}` }),
  words("alrededor de", "unos", 2, { before: `\\s${DIGITS}` }),
  words("cerca de", "casi", 2, { before: `\\s${DIGITS}` }),
  { re: /(\d)\s?(?:por ciento|%)(?![\p{L}])/gu, to: (m) => (m[0].includes("%") ? `${m[1]} por ciento` : `${m[1]} %`), cost: 1 },
  words("empresa", "compañía", 2),
  words("compañía", "empresa", 2),
  words("después de", "tras", 1),
  words("tras", "después de", 1),
  words("a causa de", "debido a", 1),
  words("debido a", "a causa de", 1),
  words("poco antes de", "justo antes de", 1),
  words("poco después de", "justo después de", 1),
  words("en buen estado", "en buenas condiciones", 1),
  words("toda la tripulación", "todos los tripulantes", 1),
  words("buque", "barco", 2),
  words("barco", "buque", 2),
  words("incendio", "fuego", 2),
  words("dijo", "declaró", 2),
  words("informó", "indicó", 2),
  words("indicó", "informó", 2),
  { re: new RegExp(`(?<![\\p{L}])este (?=(?:${DAY_ES})(?![\\p{L}]))`, "gu"), to: () => "el ", cost: 1 },
];
const IT: Swap[] = [
  words("più di", "oltre", 2, { before: `\\s${DIGITS}` }),
  words("oltre", "più di", 2, { before: `\\s${DIGITS}` }),
  words("circa", "all'incirca", 2, { before: `\\s${DIGITS}` }),
  { re: /(\d)\s?(?:per cento|%)(?![\p{L}])/gu, to: (m) => (m[0].includes("%") ? `${m[1]} per cento` : `${m[1]} %`), cost: 1 },
  words("azienda", "società", 2),
  words("società", "azienda", 2),
  words("a causa", "per via", 1),
  words("per via", "a causa", 1),
  words("ha detto", "ha dichiarato", 1),
  words("ha dichiarato", "ha detto", 1),
  words("ha spiegato", "ha detto", 2),
  words("vigili del fuoco", "pompieri", 1),
  words("incendio", "rogo", 2),
  words("comunica che", "fa sapere che", 1),
];
const DE: Swap[] = [
  words("rund", "etwa", 1, { before: `\\s${DIGITS}` }),
  words("etwa", "rund", 1, { before: `\\s${DIGITS}` }),
  words("mehr als", "über", 1, { before: `\\s${DIGITS}` }),
  words("über", "mehr als", 1, { before: `\\s${DIGITS}` }),
  words("knapp", "fast", 1, { before: `\\s${DIGITS}` }),
  { re: /(\d)\s?(?:Prozent|%)(?![\p{L}])/gu, to: (m) => (m[0].includes("%") ? `${m[1]} Prozent` : `${m[1]} %`), cost: 1 },
  words("sagte", "erklärte", 1),
  words("erklärte", "sagte", 1),
  words("wegen", "aufgrund", 1),
  words("nach Angaben", "laut Angaben", 1),
  words("bislang", "bisher", 1),
  words("bisher", "bislang", 1),
  words("derzeit", "zurzeit", 1),
  words("am frühen Morgen", "frühmorgens", 1),
  words("Beschäftigte", "Mitarbeiter", 2),
];
const PL: Swap[] = [
  words("ponad", "przeszło", 2, { before: `\\s${DIGITS}` }),
  words("około", "blisko", 2, { before: `\\s${DIGITS}` }),
  { re: /(\d)\s?(?:procent|%)(?![\p{L}])/gu, to: (m) => (m[0].includes("%") ? `${m[1]} procent` : `${m[1]}%`), cost: 1 },
  words("podczas", "w trakcie", 1),
  words("także", "również", 1),
  words("również", "także", 1),
  words("obecnie", "aktualnie", 1),
  words("powiedział", "przekazał", 2),
  words("powiedziała", "przekazała", 2),
];

export const SWAPS: Record<string, Swap[]> = { en: EN, fr: FR, es: ES, it: IT, de: DE, pl: PL };
