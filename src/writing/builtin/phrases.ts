// The built-in engine's own words: headings, attributions and the standfirst, per language and
// tone. Everything else in an article it writes comes from the claims. These phrases must state
// nothing about the story and carry no figures (not even number words), so that every number
// and date in the article is one a source carries.
import type { Tone } from "../types.ts";

export interface Phrases {
  /** Headings of the ibc structure's sections, by the claims they hold. */
  sections: { confirmed: string; single: string; disputed: string; more: string };
  /** Question headings of the qa structure. */
  questions: { confirmed: string; single: string; disputed: string };
  /** Heading over the list structure's items, and over its flagged items. */
  list: { points: string; flagged: string };
  /** Appended after a claim one origin carries: {origin}. */
  single: string;
  /** A claim several sources relay from one origin: {origin}. */
  circular: string;
  /** A claim every carrier attributes to one party: {party}. */
  parallel: string;
  /** Introduces the differing accounts of a disputed claim. */
  disputedIntro: string;
  /** One account of a disputed claim: {origins} and {text}. */
  account: string;
  /** One account given by its own figures, when its sentence would repeat its source: {origins}, {value}. */
  accountValue: string;
  /** A source's words in quotation marks: {text}. */
  quote: string;
  /** Table headers for differing accounts. */
  accountHeaders: [string, string];
  /** The standfirst: {origins}. */
  deck: string;
  /** A source's sentence quoted as written: {origin}, {text}. */
  quoted: string;
  /** Joins the last two names of a list. */
  and: string;
  /** A title resting on one origin starts with this: {origin}. */
  reportTitle: string;
}

type PhraseSet = Record<Tone, Phrases>;

const enNeutral: Phrases = {
  sections: {
    confirmed: "## What is confirmed",
    single: "## What rests on one account",
    disputed: "## Where accounts differ",
    more: "## Other details",
  },
  questions: {
    confirmed: "## What else is confirmed?",
    single: "## What has not been confirmed?",
    disputed: "## Where do accounts differ?",
  },
  list: { points: "## Key points", flagged: "## Not independently confirmed" },
  single: "Only {origin} has reported this; no other outlet has confirmed it.",
  circular: "The reports of this all trace back to {origin}.",
  parallel: "Every outlet carrying this attributes it to {party}.",
  disputedIntro: "Accounts differ on this point.",
  account: "{origins}: “{text}”",
  accountValue: "According to {origins}, the figure is {value}.",
  quote: "“{text}”",
  accountHeaders: ["Account", "Reported by"],
  deck: "Drawn from reports by {origins}, checked against each other.",
  quoted: "{origin} wrote: “{text}”",
  and: "and",
  reportTitle: "{origin} reports: ",
};

const en: PhraseSet = {
  neutral: enNeutral,
  formal: {
    ...enNeutral,
    single: "This has been reported solely by {origin} and has not been independently confirmed.",
    circular: "All reports of this derive from a single origin, {origin}.",
    parallel: "Each outlet reporting this attributes it to {party}; it has not been independently verified.",
    disputedIntro: "The available accounts of this point are inconsistent.",
    deck: "Based on reporting by {origins}, verified against each other.",
  },
  explanatory: {
    ...enNeutral,
    sections: {
      confirmed: "## What we know",
      single: "## What is still unconfirmed",
      disputed: "## Where the reports disagree",
      more: "## More details",
    },
    single: "This comes from {origin} alone, so it has not been checked against another outlet.",
    circular: "Several pages carry this, but they all copy {origin}, so it counts as one account.",
    parallel: "Outlets carrying this all rely on {party}, so it rests on that party's word.",
    disputedIntro: "The reports do not agree here, so both versions are given.",
    deck: "What {origins} report, and how far their accounts agree.",
  },
  conversational: {
    ...enNeutral,
    sections: {
      confirmed: "## What we know for sure",
      single: "## What's still unconfirmed",
      disputed: "## Where the stories don't match",
      more: "## A few more details",
    },
    single: "That's from {origin} only; nobody else has confirmed it yet.",
    circular: "Lots of pages repeat this, but they're all copying {origin}.",
    parallel: "Everyone reporting this is quoting {party}.",
    disputedIntro: "The reports don't agree on this.",
    deck: "Here's what {origins} are reporting, and where they agree.",
  },
};

const deNeutral: Phrases = {
  sections: {
    confirmed: "## Was bestätigt ist",
    single: "## Was auf einer Quelle beruht",
    disputed: "## Wo die Berichte auseinandergehen",
    more: "## Weitere Einzelheiten",
  },
  questions: {
    confirmed: "## Was ist außerdem bestätigt?",
    single: "## Was ist nicht bestätigt?",
    disputed: "## Wo widersprechen sich die Berichte?",
  },
  list: { points: "## Das Wichtigste", flagged: "## Nicht unabhängig bestätigt" },
  single: "Nur {origin} berichtet darüber; andere Medien haben es nicht bestätigt.",
  circular: "Alle Berichte darüber gehen auf {origin} zurück.",
  parallel: "Alle Medien, die darüber berichten, berufen sich auf {party}.",
  disputedIntro: "Die Berichte widersprechen sich in diesem Punkt.",
  account: "{origins}: „{text}“",
  accountValue: "Laut {origins} liegt die Zahl bei {value}.",
  quote: "„{text}“",
  accountHeaders: ["Darstellung", "Quelle"],
  deck: "Aus Berichten von {origins}, miteinander abgeglichen.",
  quoted: "{origin} schrieb: „{text}“",
  and: "und",
  reportTitle: "{origin} berichtet: ",
};

const frNeutral: Phrases = {
  sections: {
    confirmed: "## Ce qui est confirmé",
    single: "## Ce qui repose sur une seule source",
    disputed: "## Là où les récits divergent",
    more: "## Autres détails",
  },
  questions: {
    confirmed: "## Qu'est-ce qui est confirmé par ailleurs ?",
    single: "## Qu'est-ce qui n'est pas confirmé ?",
    disputed: "## Sur quoi les récits divergent-ils ?",
  },
  list: { points: "## L'essentiel", flagged: "## Non confirmé de façon indépendante" },
  single: "Seul {origin} rapporte cette information ; aucun autre média ne l'a confirmée.",
  circular: "Toutes les reprises de cette information remontent à {origin}.",
  parallel: "Tous les médias qui la rapportent l'attribuent à {party}.",
  disputedIntro: "Les récits divergent sur ce point.",
  account: "{origins} : « {text} »",
  accountValue: "Selon {origins}, le chiffre est de {value}.",
  quote: "« {text} »",
  accountHeaders: ["Version", "Source"],
  deck: "D'après les informations de {origins}, recoupées entre elles.",
  quoted: "{origin} a écrit : « {text} »",
  and: "et",
  reportTitle: "Selon {origin} : ",
};

const esNeutral: Phrases = {
  sections: {
    confirmed: "## Lo que está confirmado",
    single: "## Lo que depende de una sola fuente",
    disputed: "## Donde los relatos difieren",
    more: "## Otros detalles",
  },
  questions: {
    confirmed: "## ¿Qué más está confirmado?",
    single: "## ¿Qué no está confirmado?",
    disputed: "## ¿En qué difieren los relatos?",
  },
  list: { points: "## Lo esencial", flagged: "## Sin confirmación independiente" },
  single: "Solo {origin} lo ha publicado; ningún otro medio lo ha confirmado.",
  circular: "Todas las informaciones sobre esto proceden de {origin}.",
  parallel: "Todos los medios que lo publican lo atribuyen a {party}.",
  disputedIntro: "Los relatos difieren en este punto.",
  account: "{origins}: «{text}»",
  accountValue: "Según {origins}, la cifra es de {value}.",
  quote: "«{text}»",
  accountHeaders: ["Versión", "Fuente"],
  deck: "A partir de informaciones de {origins}, contrastadas entre sí.",
  quoted: "{origin} escribió: «{text}»",
  and: "y",
  reportTitle: "Según {origin}: ",
};

const sameForEveryTone = (phrases: Phrases): PhraseSet => ({
  neutral: phrases,
  formal: phrases,
  explanatory: phrases,
  conversational: phrases,
});

const PHRASES: Record<string, PhraseSet> = {
  en,
  de: sameForEveryTone(deNeutral),
  fr: sameForEveryTone(frNeutral),
  es: sameForEveryTone(esNeutral),
};

/** Languages the built-in engine has its own words for. */
export const PHRASED_LANGUAGES = Object.keys(PHRASES);

/** The phrases for a language and tone; English for a language the engine has no words in. */
export function phrasesFor(language: string, tone: Tone): { phrases: Phrases; fallback: boolean } {
  const set = PHRASES[language];
  return set ? { phrases: set[tone], fallback: false } : { phrases: en[tone], fallback: true };
}

/** Fills {name} placeholders; values are data and are inserted as they are, never re-scanned. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[], and: string): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}`;
}
