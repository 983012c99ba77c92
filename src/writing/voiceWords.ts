// The site voice's word rules: US or UK spelling, and the words it prefers over others. These
// change spelling and word choice, never what a sentence states, so they may touch claim text;
// they never touch a name ("The Harbour Post" stays so in a US voice), a quotation (a source's
// words are quoted as written), a title of a work in quotation marks, or an address.

import type { SiteVoice } from "./types.ts";

// US → UK pairs for words news copy uses often. A list, not suffix rules: "size" is not "sise".
const US_UK: [string, string][] = [
  ["color", "colour"],
  ["colors", "colours"],
  ["colored", "coloured"],
  ["favor", "favour"],
  ["favorite", "favourite"],
  ["honor", "honour"],
  ["honored", "honoured"],
  ["labor", "labour"],
  ["neighbor", "neighbour"],
  ["neighbors", "neighbours"],
  ["neighborhood", "neighbourhood"],
  ["harbor", "harbour"],
  ["harbors", "harbours"],
  ["behavior", "behaviour"],
  ["rumor", "rumour"],
  ["rumors", "rumours"],
  ["humor", "humour"],
  ["vapor", "vapour"],
  ["center", "centre"],
  ["centers", "centres"],
  ["centered", "centred"],
  ["meter", "metre"],
  ["meters", "metres"],
  ["kilometer", "kilometre"],
  ["kilometers", "kilometres"],
  ["liter", "litre"],
  ["liters", "litres"],
  ["theater", "theatre"],
  ["fiber", "fibre"],
  ["defense", "defence"],
  ["offense", "offence"],
  ["license", "licence"],
  ["pretense", "pretence"],
  ["analyze", "analyse"],
  ["analyzed", "analysed"],
  ["organize", "organise"],
  ["organized", "organised"],
  ["organization", "organisation"],
  ["organizations", "organisations"],
  ["recognize", "recognise"],
  ["recognized", "recognised"],
  ["realize", "realise"],
  ["realized", "realised"],
  ["apologize", "apologise"],
  ["apologized", "apologised"],
  ["criticize", "criticise"],
  ["criticized", "criticised"],
  ["emphasize", "emphasise"],
  ["authorize", "authorise"],
  ["authorized", "authorised"],
  ["prioritize", "prioritise"],
  ["minimize", "minimise"],
  ["maximize", "maximise"],
  ["mobilize", "mobilise"],
  ["mobilized", "mobilised"],
  ["stabilize", "stabilise"],
  ["stabilized", "stabilised"],
  ["privatize", "privatise"],
  ["subsidize", "subsidise"],
  ["catalog", "catalogue"],
  ["dialog", "dialogue"],
  ["program", "programme"],
  ["programs", "programmes"],
  ["traveled", "travelled"],
  ["traveling", "travelling"],
  ["traveler", "traveller"],
  ["travelers", "travellers"],
  ["canceled", "cancelled"],
  ["canceling", "cancelling"],
  ["labeled", "labelled"],
  ["modeling", "modelling"],
  ["fueled", "fuelled"],
  ["gray", "grey"],
  ["tire", "tyre"],
  ["tires", "tyres"],
  ["aluminum", "aluminium"],
  ["jewelry", "jewellery"],
  ["pajamas", "pyjamas"],
  ["plow", "plough"],
  ["mold", "mould"],
  ["enrollment", "enrolment"],
  ["fulfill", "fulfil"],
  ["skeptical", "sceptical"],
  ["maneuver", "manoeuvre"],
  ["pediatric", "paediatric"],
  ["anesthetic", "anaesthetic"],
  ["estrogen", "oestrogen"],
  ["sulfur", "sulphur"],
];

const TO_UK = new Map(US_UK);
const TO_US = new Map(US_UK.map(([us, uk]) => [uk, us]));

function keepCase(original: string, replacement: string): string {
  if (original === original.toUpperCase() && original.length > 1) return replacement.toUpperCase();
  if (original[0] === original[0]?.toUpperCase()) return replacement[0]?.toUpperCase() + replacement.slice(1);
  return replacement;
}

const WORD = /\p{L}+/gu;

/** Quotations and quoted titles, in the quotation marks of the languages we write. */
const QUOTED = /“[^”]*”|„[^“”]*[“”]|«[^»]*»|「[^」]*」|"[^"\n]*"|(?<![\p{L}\p{N}])'[^'\n]*'(?![\p{L}\p{N}])/gu;
const ADDRESS = /\bhttps?:\/\/\S+|\bwww\.\S+|\b[\w.+-]+@[\w-]+\.[\w.-]+/gu;
/**
 * A name: a run of capitalised words ("The Harbour Post", "Harbour Authority", "NATO"), unless it
 * is a single word at the start of a sentence ("Colour returned to the town" may be respelled).
 * The run may hold "of", "de", "and" between capitalised words ("Port of Valdena Authority").
 */
const CAPITALISED = /(?<![\p{L}\p{N}'’])\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:of|the|de|del|di|da|and|for|&)\s+)*\p{Lu}[\p{L}'’.-]*)*/gu;

/** The spans of a text no word rule may change: quotations, addresses, names (those given, and any capitalised). */
export function protectedSpans(text: string, names: readonly string[] = []): [number, number][] {
  const spans: [number, number][] = [];
  for (const re of [QUOTED, ADDRESS]) for (const m of text.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  for (const name of names) {
    if (name.trim().length < 2) continue;
    for (const m of text.matchAll(phrasePattern(name, "gu"))) spans.push([m.index, m.index + m[0].length]);
  }
  for (const m of text.matchAll(CAPITALISED)) {
    const start = m.index;
    const sentenceStart = /(?:^|[.!?:;]\s*|\n\s*|[([]\s*)$/u.test(text.slice(Math.max(0, start - 3), start));
    const oneWord = !/\s/u.test(m[0]);
    if (sentenceStart && oneWord && m[0] !== m[0].toUpperCase()) continue;
    spans.push([start, start + m[0].length]);
  }
  return spans;
}

/** Applies `change` to the parts of `text` outside the protected spans. */
function outside(text: string, spans: readonly [number, number][], change: (part: string) => string): string {
  if (spans.length === 0) return change(text);
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    if (start > at) out += change(text.slice(at, start));
    out += text.slice(Math.max(at, start), end);
    at = end;
  }
  return out + change(text.slice(at));
}

/** One word in the voice's spelling, whatever it is part of (for tests and checks: `respell` guards names). */
export function respellWord(word: string, spelling: SiteVoice["spelling"]): string {
  const replacement = (spelling === "UK" ? TO_UK : TO_US).get(word.toLowerCase());
  return replacement ? keepCase(word, replacement) : word;
}

/** Respells English text in the voice's spelling, leaving names, quotations and addresses as written. */
export function respell(text: string, spelling: SiteVoice["spelling"], names: readonly string[] = []): string {
  return outside(text, protectedSpans(text, names), (part) => part.replace(WORD, (word) => respellWord(word, spelling)));
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A whole-word, case-insensitive pattern for a word or phrase. */
export function phrasePattern(phrase: string, flags = "giu"): RegExp {
  const words = phrase.trim().split(/\s+/).map(escapeRegExp).join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, flags);
}

/** "utilise over use"-style entries of `prefer`: which word replaces which. */
export function preferredReplacements(prefer: readonly string[]): [from: string, to: string][] {
  const out: [string, string][] = [];
  for (const entry of prefer) {
    const match =
      /^\s*(.+?)\s+(?:over|not|instead of|rather than)\s+(.+?)\s*$/iu.exec(entry) ??
      /^\s*(.+?)\s*\(\s*not\s+(.+?)\s*\)\s*$/iu.exec(entry);
    if (match?.[1] && match[2]) out.push([match[2].replace(/^["“']|["”']$/g, ""), match[1].replace(/^["“']|["”']$/g, "")]);
  }
  return out;
}

/**
 * Applies the voice's spelling (English only) and its preferred words, outside names (those given:
 * outlets, parties; and any capitalised run), quotations and addresses.
 */
export function applyVoiceWords(
  text: string,
  voice: Pick<SiteVoice, "spelling" | "prefer">,
  language: string,
  names: readonly string[] = [],
): string {
  let out = language === "en" ? respell(text, voice.spelling, names) : text;
  for (const [from, to] of preferredReplacements(voice.prefer)) {
    out = outside(out, protectedSpans(out, names), (part) => part.replace(phrasePattern(from), (found) => keepCase(found, to)));
  }
  return out;
}

/** Words of the voice's `avoid` list that occur in a text. */
export function avoidedWordsIn(text: string, avoid: readonly string[]): string[] {
  return avoid.filter((word) => word.trim() !== "" && phrasePattern(word, "iu").test(text));
}
