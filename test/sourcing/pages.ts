// Read pages for unit tests of grouping and claim checking, written as a reader would return them.
import type { Attribution, ReadPage } from "../../src/sourcing/types.ts";

export function page(url: string, text: string, extra: Partial<ReadPage> = {}): ReadPage {
  return { url, title: extra.title ?? url, text, links: [], attributions: [], language: "en", ...extra };
}

export const wire = (party: string, text: string): Attribution => ({ kind: "wire", party, text });
export const statement = (party: string, text: string): Attribution => ({ kind: "statement", party, text });
export const republished = (party: string, text: string, url?: string): Attribution => ({
  kind: "republished",
  party,
  text,
  ...(url ? { url } : {}),
});

/** Filler prose so texts are long enough to be compared as documents. */
export function prose(seed: string, sentences = 12): string {
  const subjects = ["The committee", "Local traders", "The harbour board", "Residents", "The regional office", "Engineers"];
  const verbs = ["reviewed", "questioned", "welcomed", "studied", "postponed", "discussed"];
  const objects = [
    "the draft timetable",
    "the drainage survey",
    "the ferry contract",
    "the parking plan",
    "the school budget",
    "the bridge repairs",
  ];
  const out: string[] = [];
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  for (let i = 0; i < sentences; i++) {
    h = (h * 1103515245 + 12345) >>> 0;
    out.push(`${subjects[h % 6]} ${verbs[(h >> 3) % 6]} ${objects[(h >> 6) % 6]} on the ${seed} agenda item ${i}.`);
  }
  return out.join(" ");
}
