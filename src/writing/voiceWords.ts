// The site voice's word rules: US or UK spelling, and the words it prefers over others. These
// change spelling and word choice, never what a sentence states, so they may touch claim text.

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

/** Respells English text in the voice's spelling. */
export function respell(text: string, spelling: SiteVoice["spelling"]): string {
  const table = spelling === "UK" ? TO_UK : TO_US;
  return text.replace(WORD, (word) => {
    const replacement = table.get(word.toLowerCase());
    return replacement ? keepCase(word, replacement) : word;
  });
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

/** Applies the voice's spelling (English only) and its preferred words. */
export function applyVoiceWords(text: string, voice: Pick<SiteVoice, "spelling" | "prefer">, language: string): string {
  let out = language === "en" ? respell(text, voice.spelling) : text;
  for (const [from, to] of preferredReplacements(voice.prefer)) {
    out = out.replace(phrasePattern(from), (found) => keepCase(found, to));
  }
  return out;
}

/** Words of the voice's `avoid` list that occur in a text. */
export function avoidedWordsIn(text: string, avoid: readonly string[]): string[] {
  return avoid.filter((word) => word.trim() !== "" && phrasePattern(word, "iu").test(text));
}
