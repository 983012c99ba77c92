// Which sources carry a statement someone wrote into an article after it was written (a title, a
// heading, a paragraph edited or rewritten). Uses the engine's own claim check, not a second
// matcher: the new text is one more "page" beside the article's stored sources, and a statement
// is carried when the check puts its sentence in a claim with a sentence of another source.
import { checkClaims } from "./claims/checkClaims.ts";
import { isCheckable, sentenceFacts } from "./claims/facts.ts";
import { splitSentences } from "./claims/sentences.ts";
import { registrableDomain } from "./group/originGroups.ts";
import { readPlainText } from "./read/readPage.ts";
import type { GroupedSource } from "./types.ts";

/** An article's source as stored: its page text as read when the article was written. */
export interface StoredSourcePage {
  id: string;
  url: string;
  title: string;
  text: string;
  language?: string | null;
  originId: string;
  origin: string;
}

export interface StatementSupport {
  /** Sentences that state something checkable, each with the ids of the sources that carry it. */
  statements: { text: string; sourceIds: string[] }[];
  /** False when no source has text to check against (pages not kept, or none could be read). */
  checked: boolean;
}

const EDIT_KEY = "edit";

/** The sentences of a text that state something a source could carry (not "Here is what we know."). */
export function checkableSentences(text: string, language: string): string[] {
  return text
    .split(/\n\s*\n|\n/)
    .flatMap((p) => splitSentences(p, language))
    .filter((s) => isCheckable(sentenceFacts(s, language)));
}

export function statementSupport(text: string, language: string, pages: readonly StoredSourcePage[]): StatementSupport {
  const sentences = checkableSentences(text, language);
  const readable = pages.filter((p) => p.text.trim() !== "");
  if (sentences.length === 0) return { statements: [], checked: readable.length > 0 };
  if (readable.length === 0) return { statements: sentences.map((s) => ({ text: s, sourceIds: [] })), checked: false };
  const sources: GroupedSource[] = readable.map((p) => ({
    key: p.id,
    page: { ...readPlainText(p.text, p.url), title: p.title, ...(p.language ? { language: p.language } : {}) },
    domain: registrableDomain(p.url),
    originId: p.originId,
    origin: p.origin,
    official: false,
    score: 50,
  }));
  // Each sentence its own paragraph, so attribution from one does not run into the next.
  const edit: GroupedSource = {
    key: EDIT_KEY,
    page: { url: "https://edit.invalid/", title: "", language, text: sentences.join("\n\n"), links: [], attributions: [] },
    domain: "edit.invalid",
    originId: EDIT_KEY,
    origin: EDIT_KEY,
    official: false,
    score: 0,
  };
  const carriers = new Map<string, Set<string>>(sentences.map((s) => [s, new Set<string>()]));
  for (const claim of checkClaims([edit, ...sources])) {
    const mine = claim.mentions.filter((m) => m.sourceKey === EDIT_KEY).map((m) => m.text);
    if (mine.length === 0) continue;
    const others = claim.sourceKeys.filter((k) => k !== EDIT_KEY);
    for (const sentence of mine) for (const id of others) carriers.get(sentence)?.add(id);
  }
  return { statements: sentences.map((s) => ({ text: s, sourceIds: [...(carriers.get(s) ?? [])] })), checked: true };
}
