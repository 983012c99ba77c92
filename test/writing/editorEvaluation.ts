// The editor's evaluation of a writer (issue 15): for each story of a set, the article a user would
// get from a plain news brief on the story's topic, read as an editor reads it:
// - is the story's main event in the lead, and is the headline made from it? The main event is
//   hand-judged per story (test/web/mainEvents.json, test/corpus/development/mainEvents.json),
//   by reading the stories before any rule was run, and found among the engine's claims by the
//   same matcher the sourcing evaluation uses (facts held, carriers shared);
// - facts lost in merging: figures and dates that at least half the carriers of a claim the
//   article cites state (two at least, in the article's language), which the article does not;
// - names changed: in a US voice (the spelling that renamed "The Harbour Post"), names the pages
//   write that appear in the article respelled;
// - are the body units in our own words (no run over COPY_RUN_LIMIT words of a source outside
//   quotation marks), and how much is quoted?
// The held-out set is never written here: it has no judged main events and is for sourcing scores.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sentenceFacts } from "../../src/sourcing/claims/facts.ts";
import { overlap, stemsOf } from "../../src/writing/builtin/claimOrder.ts";
import { QUOTED_SHARE_LIMIT, quotedWords, SourceWindows } from "../../src/writing/copying.ts";
import { writingMaterial } from "../../src/writing/material.ts";
import type { Writer, WritingClaim, WritingSource } from "../../src/writing/types.ts";
import { unitText } from "../../src/writing/units.ts";
import { respellWord } from "../../src/writing/voiceWords.ts";
import { checkStory, matchClaim, type ScoredSet, storiesOf } from "../corpus/scoring.ts";
import { corpusRoot } from "../corpus/storyCorpus.ts";
import { sitesRoot } from "../web/testWeb.ts";
import { newsBrief } from "./evaluate.ts";

/** Two or more capitalised words in a row: a name as a page writes it ("The Harbour Post"). */
const NAME_RUN = /\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)+/gu;

interface MainEvents {
  stories: Record<string, { main: string[]; reason: string }>;
}

export interface StoryVerdict {
  story: string;
  /** The lead unit carries a claim stating the main event. */
  mainInLead: boolean;
  /** Two thirds of the headline's content words (its "X reports:" aside) are a main-event claim's. */
  mainInTitle: boolean;
  /** The main event is among the engine's claims at all (else neither can hold). */
  mainFound: boolean;
  title: string;
  /** Facts lost in merging, as "claim id: fact". */
  lost: string[];
  /** Names the pages write that the article, written in a US voice, respells (English stories). */
  renamed: string[];
  ownWordUnits: number;
  bodyUnits: number;
  quotedShare: number;
  /** Accounts of the disputes the article cites, and those written with their value and who gives it. */
  accounts: number;
  accountsWritten: number;
  /** Accounts not written, as "claim id: account". */
  accountsMissing: string[];
  /** The editor's checklist: each item that applies to the story, met or not. */
  checklist: Record<string, boolean>;
}

export interface EditorScore {
  stories: StoryVerdict[];
  /** Stories whose lead carries the main event, over stories whose main event the engine found. */
  mainInLead: number;
  mainInTitle: number;
  /** Facts lost in merging, over all stories. */
  lostFacts: number;
  /** Names respelled, over all stories. */
  namesChanged: number;
  /** Body units in our own words, over all body units. */
  ownWordUnits: number;
  maxQuotedShare: number;
  /** Accounts of cited disputes written with their own value and who gives it, over all such accounts. */
  disputeAccounts: number;
  /** The checklist's items met, over the items that apply, per story, averaged over stories. */
  checklist: number;
}

/**
 * The accounts of a disputed claim: its own statement and each variant, with the sources that
 * give each. An account's value is what it states that no other account of the dispute does (a
 * figure or a date); an account with none (a denial) is known by who gives it alone.
 */
function disputeAccounts(claim: WritingClaim, language: string): { text: string; sourceIds: string[]; values: string[] }[] {
  const variants = claim.variants ?? [];
  const variantSources = new Set(variants.flatMap((v) => v.sourceIds));
  const own = { text: claim.text, sourceIds: claim.sourceIds.filter((id) => !variantSources.has(id)) };
  const accounts = [own, ...variants].map((a) => {
    const facts = sentenceFacts(a.text, language);
    return { ...a, facts: [...facts.numbers, ...facts.dates] };
  });
  return accounts.map((a) => ({
    text: a.text,
    sourceIds: a.sourceIds,
    values: a.facts.filter((f) => !accounts.every((other) => other.facts.includes(f))),
  }));
}

/** Whether the article gives the account: its values stated and one of those giving it named. */
function accountWritten(
  account: { sourceIds: string[]; values: string[] },
  stated: ReadonlySet<string>,
  text: string,
  sources: readonly WritingSource[],
): boolean {
  const givers = sources.filter((s) => account.sourceIds.includes(s.id)).map((s) => s.origin);
  const named = givers.length === 0 || givers.some((g) => text.includes(g));
  return named && account.values.every((v) => stated.has(v));
}

/** Whether most of the headline's content words (two thirds) are words of a main-event claim. */
function titleStates(title: string, mains: readonly { text: string; mentions: { text: string }[] }[]): boolean {
  const words = stemsOf(title.replace(/^[^:]{2,60}:\s/u, ""));
  if (words.size === 0) return false;
  return mains.some((c) => overlap(words, stemsOf([c.text, ...c.mentions.map((m) => m.text)].join(" "))) / words.size >= 2 / 3);
}

function mainEventsOf(set: Exclude<ScoredSet, "heldout">): MainEvents {
  const file = set === "test-web" ? path.join(sitesRoot, "..", "mainEvents.json") : path.join(corpusRoot, set, "mainEvents.json");
  return JSON.parse(readFileSync(file, "utf8")) as MainEvents;
}

export async function editorEvaluation(writer: Writer, set: Exclude<ScoredSet, "heldout">): Promise<EditorScore> {
  const judged = mainEventsOf(set);
  const verdicts: StoryVerdict[] = [];
  for (const story of storiesOf(set)) {
    const { truth } = story;
    const checked = await checkStory(story);
    if (checked.pages === 0) continue;
    const mainKeys = new Set<string>();
    for (const id of judged.stories[truth.story.id]?.main ?? []) {
      const claim = truth.claims.find((c) => c.id === id);
      const found = claim && matchClaim(claim.facts, claim.carriedBy, checked.claims, checked.urlOfKey);
      if (found) mainKeys.add(found.key);
    }
    const material = writingMaterial(checked);
    const language = truth.story.languages[0] ?? "en";
    const draft = await writer.write({
      brief: newsBrief({ topic: truth.story.topic, language: language as "en", targetWords: 600 }),
      voice: { name: "Editor", tone: "neutral", spelling: "UK", avoid: [], prefer: [], styleGuide: "", attribution: "" },
      claims: material.claims,
      sources: material.sources,
    });
    const lead = draft.units[0];
    const windows = new SourceWindows(material.sources, language);
    const body = draft.units.filter((u) => u.kind !== "heading" && !u.header);
    const own = body.filter((u) => windows.copiedRuns(unitText(u), language).length === 0);
    const quoted = quotedWords(draft.units, windows, language);
    const stated = new Set(
      draft.units.flatMap((u) => {
        const facts = sentenceFacts(unitText(u), language);
        return [...facts.numbers, ...facts.dates];
      }),
    );
    const languageOf = new Map(material.sources.map((source) => [source.id, source.language ?? language]));
    const cited = new Set(draft.units.flatMap((u) => u.claimIds));
    const lost: string[] = [];
    for (const claim of material.claims.filter((c) => cited.has(c.id))) {
      const mentions = claim.mentions.filter((m) => languageOf.get(m.sourceId) === language);
      const counts = new Map<string, number>();
      for (const m of mentions) {
        const facts = sentenceFacts(m.text, language);
        for (const fact of new Set([...facts.numbers, ...facts.dates])) counts.set(fact, (counts.get(fact) ?? 0) + 1);
      }
      // A day the sources give without its year ("ab dem 4. Mai", "05-04") is stated by the same
      // day with its year ("ab dem 4. Mai 2026", "2026-05-04").
      const isStated = (fact: string) =>
        stated.has(fact) || (/^\d{2}-\d{2}$/u.test(fact) && [...stated].some((d) => d.endsWith(`-${fact}`)));
      for (const [fact, n] of counts) {
        if (n >= Math.max(2, mentions.length / 2) && !isStated(fact)) lost.push(`${claim.id}: ${fact}`);
      }
    }
    // The same brief in a US voice: a name whose words the US spelling changes must stay as written.
    const renamed: string[] = [];
    if (language === "en") {
      const us = await writer.write({
        brief: newsBrief({ topic: truth.story.topic, targetWords: 600 }),
        voice: { name: "Editor", tone: "neutral", spelling: "US", avoid: [], prefer: [], styleGuide: "", attribution: "" },
        claims: material.claims,
        sources: material.sources,
      });
      const text = [us.title, us.deck ?? "", ...us.units.map((u) => u.text)].join("\n");
      const names = new Set(
        material.sources.flatMap((source) => [source.origin, ...(`${source.title}\n${source.text ?? ""}`.match(NAME_RUN) ?? [])]),
      );
      for (const name of names) {
        const respelled = name.replace(/\p{L}+/gu, (word) => respellWord(word, "US"));
        if (respelled !== name && text.includes(respelled)) renamed.push(`${name} → ${respelled}`);
      }
    }
    // Disputes the article cites, each account with its own value and who gives it.
    const articleText = [draft.title, draft.deck ?? "", ...draft.units.map((u) => unitText(u))].join("\n");
    let accounts = 0;
    let accountsWritten = 0;
    const accountsMissing: string[] = [];
    for (const claim of material.claims.filter((c) => c.state === "disputed" && cited.has(c.id))) {
      for (const account of disputeAccounts(claim, language)) {
        accounts++;
        if (accountWritten(account, stated, articleText, material.sources)) accountsWritten++;
        else accountsMissing.push(`${claim.id}: ${account.text.slice(0, 80)}`);
      }
    }
    const mainInLead = (lead?.claimIds ?? []).some((id) => mainKeys.has(id));
    const mainInTitle = titleStates(
      draft.title,
      checked.claims.filter((c) => mainKeys.has(c.key)),
    );
    const quotedShare = quoted.total === 0 ? 0 : quoted.quoted / quoted.total;
    // What an editor ticks off before publishing; items that do not apply to a story are left out.
    const checklist: Record<string, boolean> = {
      ...(mainKeys.size > 0 ? { "main event in the lead": mainInLead, "headline of the main event": mainInTitle } : {}),
      "no fact lost in merging": lost.length === 0,
      ...(language === "en" ? { "names as the pages write them": renamed.length === 0 } : {}),
      "every unit in our own words": own.length === body.length,
      "quotations within their share": quotedShare <= QUOTED_SHARE_LIMIT,
      ...(accounts > 0 ? { "disputes written with their accounts": accountsWritten === accounts } : {}),
    };
    verdicts.push({
      story: truth.story.id,
      mainFound: mainKeys.size > 0,
      mainInLead,
      mainInTitle,
      title: draft.title,
      lost,
      renamed,
      ownWordUnits: own.length,
      bodyUnits: body.length,
      quotedShare,
      accounts,
      accountsWritten,
      accountsMissing,
      checklist,
    });
  }
  const found = verdicts.filter((v) => v.mainFound);
  const share = (n: number, of: number) => (of === 0 ? 1 : n / of);
  return {
    stories: verdicts,
    mainInLead: share(found.filter((v) => v.mainInLead).length, found.length),
    mainInTitle: share(found.filter((v) => v.mainInTitle).length, found.length),
    lostFacts: verdicts.reduce((n, v) => n + v.lost.length, 0),
    namesChanged: verdicts.reduce((n, v) => n + v.renamed.length, 0),
    ownWordUnits: share(
      verdicts.reduce((n, v) => n + v.ownWordUnits, 0),
      verdicts.reduce((n, v) => n + v.bodyUnits, 0),
    ),
    maxQuotedShare: Math.max(0, ...verdicts.map((v) => v.quotedShare)),
    disputeAccounts: share(
      verdicts.reduce((n, v) => n + v.accountsWritten, 0),
      verdicts.reduce((n, v) => n + v.accounts, 0),
    ),
    checklist:
      verdicts.length === 0
        ? 1
        : verdicts.reduce((sum, v) => {
            const items = Object.values(v.checklist);
            return sum + share(items.filter(Boolean).length, items.length);
          }, 0) / verdicts.length,
  };
}
