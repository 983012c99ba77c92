// "An article on the subject" (POST /articles, article_exists): two briefs are on the same
// subject when their topics carry the same content words, whatever their order, case,
// punctuation or inflection ("Storm Elspeth: containers lost off Portmere" and "containers lost
// off Portmere in storm Elspeth"). A wider angle or different keywords do not make a new subject.
import { stem } from "../sourcing/claims/facts.ts";

const FILLER = new Set([
  "a",
  "an",
  "the",
  "and",
  "or",
  "of",
  "in",
  "on",
  "at",
  "to",
  "for",
  "from",
  "by",
  "with",
  "about",
  "as",
  "is",
  "are",
  "was",
  "were",
  "be",
  "its",
  "it",
  "this",
  "that",
  "after",
  "over",
  "into",
  "new",
  "der",
  "die",
  "das",
  "und",
  "von",
  "im",
  "mit",
  "le",
  "la",
  "les",
  "de",
  "des",
  "du",
  "et",
  "en",
  "el",
  "los",
  "las",
  "y",
]);

export function subjectOf(topic: string): string {
  const words =
    topic
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => !FILLER.has(w)).map(stem))].sort().join(" ");
}
