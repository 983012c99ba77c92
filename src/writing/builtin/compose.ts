// The built-in engine's article: claims become sentences (with the attribution their state
// calls for), sentences become paragraphs, list items or table rows, arranged in the brief's
// structure. Nothing is stated that no claim carries: the engine's own words are headings and
// attributions from phrases.ts.
import type { Tone, Unit, WritingBrief, WritingClaim, WritingSource } from "../types.ts";
import { renumber, rowText } from "../units.ts";
import { chainByLikeness, isBackground, isNoComment, latestYear, type RankedClaim } from "./claimOrder.ts";
import { accountValues, bareSentence, fitToPrint, withoutDateline } from "./claimText.ts";
import { fill, joinNames, type Phrases } from "./phrases.ts";

export interface ComposeContext {
  brief: WritingBrief;
  phrases: Phrases;
  sources: ReadonlyMap<string, WritingSource>;
  /** The voice's spelling and preferred words, applied to every sentence. */
  voiceWords: (text: string) => string;
  /** Claims whose sentence is quoted as its source wrote it rather than stated (see claimText.ts). */
  quoted?: ReadonlySet<string>;
  /** The main event's claim id (claimOrder.ts, mainEvent): it opens the lead. */
  main?: string;
  /** Whether a text repeats no long run of a source (src/writing/copying.ts): it can stand unquoted. */
  ownWords?: (text: string) => boolean;
  /** Every claim by id, to find the other side of a dispute given with a claim. */
  claims?: ReadonlyMap<string, WritingClaim>;
  /** Claims given inside another claim's unit (the other side of a dispute), by that claim's id. */
  partners?: ReadonlyMap<string, string[]>;
}

/** The claim ids a claim's unit carries: its own and those of claims it gives with it. */
const idsOf = (claim: WritingClaim, ctx: ComposeContext) => [claim.id, ...(ctx.partners?.get(claim.id) ?? [])];

type UnitDraft = Omit<Unit, "n">;

const FLAGGED_ALONE: WritingClaim["state"][] = ["singleSource", "circular", "parallel"];

// Claims about what comes next close an ibc article.
const FORWARD_LOOKING =
  /\b(?:will|expected to|plans? to|is due to|next (?:week|month|year)|wird|werden|soll|sollen|sera|seront|doit|prévu|será|serán|prevé|está previsto)\b/iu;

const PARAGRAPH_WORDS: Record<Tone, number> = { conversational: 55, neutral: 80, explanatory: 80, formal: 110 };

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…»”"')]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The independent origins behind a set of sources, by name, in the order given. */
export function originNames(sourceIds: readonly string[], sources: ReadonlyMap<string, WritingSource>): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const id of sourceIds) {
    const source = sources.get(id);
    if (!source || seen.has(source.originId)) continue;
    seen.add(source.originId);
    if (!names.includes(source.origin)) names.push(source.origin);
  }
  return names;
}

/** A claim as it is written: its text, then the attribution its state calls for. */
export function claimSentence(claim: WritingClaim, ctx: ComposeContext): string {
  const { phrases, sources } = ctx;
  const origin = originNames(claim.sourceIds, sources)[0] ?? "";
  if (claim.state === "disputed") {
    // An account in words of ours is given as a statement of who says what. One that repeats its
    // source is given by its own figures when it has some and the point was stated before it
    // ("According to AP, the figure is 120 people."), else quoted: no borrowed words pass as ours,
    // and quotations stay within their share.
    const plain = phrases.account.replace(/[“”„«»"]\s?\{text\}\s?[“”„«»"]/u, "{text}");
    const given = accounts(claim, ctx).map((account, i) => {
      if (ctx.ownWords?.(account.text) === true) return sentence(fill(plain, account));
      if (i > 0 && account.value) return sentence(fill(phrases.accountValue, { origins: account.origins, value: account.value }));
      return sentence(fill(phrases.account, account));
    });
    return ctx.voiceWords([phrases.disputedIntro, ...given].join(" "));
  }
  // A sentence that cannot stand as our statement (first person, page furniture) is quoted as its source wrote it.
  const parts = [
    fitToPrint(claim.text) && !ctx.quoted?.has(claim.id)
      ? sentence(withoutDateline(claim.text))
      : sentence(fill(phrases.quoted, { origin, text: withoutDateline(claim.text.trim()) })),
  ];
  if (claim.state === "singleSource") parts.push(fill(phrases.single, { origin }));
  else if (claim.state === "circular") parts.push(fill(phrases.circular, { origin }));
  else if (claim.state === "parallel") parts.push(fill(phrases.parallel, { party: partyAsWritten(claim) ?? origin }));
  return ctx.voiceWords(parts.join(" "));
}

/**
 * The differing accounts of a disputed claim, its own first, with who gives each and the claim
 * that is that account: the claim's own id, or the id of the other side's claim given with it.
 */
/** accountValues per disputed claim and language (a claim's texts do not change while it is written). */
const valuesByClaim = new WeakMap<WritingClaim, Map<string, string[][]>>();

function accounts(
  claim: WritingClaim,
  ctx: ComposeContext,
): { origins: string; text: string; claimId: string; value?: string }[] {
  const seen = new Set<string>();
  const out: { origins: string; text: string; claimId: string; value?: string }[] = [];
  const norm = (t: string) => bareSentence(t).toLowerCase();
  const others = (ctx.partners?.get(claim.id) ?? []).flatMap((id) => {
    const partner = ctx.claims?.get(id);
    return partner ? [partner] : [];
  });
  // The claim's accounts, then those of the disputes it absorbed (mergeDisputes): a partner that is
  // itself disputed by a third account ("63 households" against "42 households", both beside a
  // third claim) has that account given here too, or the article would cite it without it.
  const candidates = [
    { account: { text: claim.text, sourceIds: claim.sourceIds }, owner: claim },
    ...(claim.variants ?? []).map((account) => ({ account, owner: claim })),
    ...others.flatMap((other) => (other.variants ?? []).map((account) => ({ account, owner: other }))),
  ];
  for (const { account, owner } of candidates) {
    const text = bareSentence(account.text);
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const claimId = account.text === claim.text ? claim.id : (others.find((o) => norm(o.text) === key)?.id ?? owner.id);
    out.push({ origins: joinNames(originNames(account.sourceIds, ctx.sources), ctx.phrases.and), text, claimId });
  }
  // Each account's own figures, as it writes them: what sets it apart from the others. Read once per
  // claim: the article is composed again for every length bestCount tries.
  const language = ctx.brief.language;
  let byLanguage = valuesByClaim.get(claim);
  if (!byLanguage) {
    byLanguage = new Map();
    valuesByClaim.set(claim, byLanguage);
  }
  let values = byLanguage.get(language);
  if (!values) {
    values = accountValues(
      out.map((a) => a.text),
      language,
    );
    byLanguage.set(language, values);
  }
  return out.map((a, i) => {
    const value = values[i] ?? [];
    return value.length > 0 ? { ...a, value: joinNames(value, ctx.phrases.and) } : a;
  });
}

const NAME_WORD = /^[\p{Lu}][\p{L}\p{M}'’.&-]*$/u;
const NAME_JOINER = /^(?:of|for|and|&|de|del|della|des|du|der|von|van|di)$/u;
/** Articles are not part of a name, capitalised or not: "The Ministry of Transport" is the ministry. */
const ARTICLE_WORD = /^(?:the|a|an|der|die|das|le|la|les|el|los|las|il|lo|gli)$/iu;

/**
 * The name as the page writes it in full: the span widened over the capitalised words around it,
 * so a party read as "Rescue Service" is written "Harwick Mountain Rescue Service" where the page
 * says so ("Ministry of Transport", "Port of Valdena Authority" with their joiners).
 */
function wholeName(text: string, start: number, end: number): string {
  const span = text.slice(start, end);
  if (!/^\p{Lu}/u.test(span)) return span;
  const before = text.slice(0, start).split(/(\s+)/u);
  const after = text.slice(end).split(/(\s+)/u);
  let from = start;
  // Words before: "Harwick Mountain" + "Rescue Service"; "Ministry of" + "Transport".
  for (let i = before.length - 1, gap = ""; i >= 0; i--) {
    const piece = before[i] as string;
    if (/^\s+$/u.test(piece) || piece === "") {
      gap = piece;
      continue;
    }
    const clean = piece.replace(/^[“"„«(]+/u, "");
    if (clean !== piece || ARTICLE_WORD.test(piece)) break;
    if (!(NAME_WORD.test(piece) || (NAME_JOINER.test(piece) && NAME_WORD.test(before[i - 2] ?? "")))) break;
    from -= piece.length + gap.length;
    gap = "";
  }
  let to = end;
  // Words after: "Port of Valdena" + " Authority".
  for (let i = 0; i < after.length; i++) {
    const piece = after[i] as string;
    if (piece === "" || /^\s+$/u.test(piece)) continue;
    const bare = piece.replace(/[,.;:!?)”"»]+$/u, "");
    const joined = NAME_JOINER.test(bare) && NAME_WORD.test((after[i + 2] ?? "").replace(/[,.;:!?)”"»]+$/u, ""));
    if (!(NAME_WORD.test(bare) || joined)) break;
    to = end + after.slice(0, i + 1).join("").length - (piece.length - bare.length);
    if (bare !== piece) break;
  }
  return text.slice(from, to).trim();
}

/** The party a parallel claim rests on, as its carriers write the name (the engine keeps it lower-cased). */
function partyAsWritten(claim: WritingClaim): string | undefined {
  const party = claim.attributedTo;
  if (!party) return undefined;
  for (const text of [claim.text, ...claim.mentions.map((m) => m.text)]) {
    const at = text.toLowerCase().indexOf(party.toLowerCase());
    if (at >= 0) return wholeName(text, at, at + party.length);
  }
  // A name ("riverside council") gets its capitals back; a description ("the company") stays as it is.
  return /^(?:the|a|an|der|die|das|le|la|les|el|los|las)\s/iu.test(party)
    ? party
    : party.replace(/(^|\s)\p{Ll}/gu, (c) => c.toUpperCase());
}

/**
 * The two sides of a dispute are two claims, each naming the other as its variant. The article
 * gives a dispute once: the better-ranked side with every account, and its unit carries both.
 */
export function mergeDisputes(claims: readonly RankedClaim[]): { kept: RankedClaim[]; partners: Map<string, string[]> } {
  const partners = new Map<string, string[]>();
  const absorbed = new Set<RankedClaim>();
  const norm = (t: string) => bareSentence(t).toLowerCase();
  for (const r of claims) {
    if (r.claim.state !== "disputed" || absorbed.has(r)) continue;
    const variants = new Set((r.claim.variants ?? []).map((v) => norm(v.text)));
    for (const other of claims) {
      if (other === r || other.claim.state !== "disputed" || absorbed.has(other)) continue;
      if (variants.has(norm(other.claim.text))) {
        absorbed.add(other);
        partners.set(r.claim.id, [...(partners.get(r.claim.id) ?? []), other.claim.id]);
      }
    }
  }
  return { kept: claims.filter((r) => !absorbed.has(r)), partners };
}

/**
 * A sentence that states several facts is a claim of each (src/sourcing/claims: claims anchored on
 * facts), all worded by that one sentence. The article states it once: the better-ranked claim is
 * written, and its unit carries the others too, so none is lost and none is repeated.
 */
export function mergeSameSentence(
  claims: readonly RankedClaim[],
  partners: Map<string, string[]>,
): { kept: RankedClaim[]; partners: Map<string, string[]> } {
  const norm = (t: string) => bareSentence(t).toLowerCase();
  const first = new Map<string, RankedClaim>();
  const absorbed = new Set<RankedClaim>();
  for (const r of claims) {
    const key = norm(r.claim.text);
    const holder = first.get(key);
    if (!holder) {
      first.set(key, r);
      continue;
    }
    // A disputed claim holds the sentence over one that is not: its unit must give every account,
    // which only a disputed claim's unit does.
    const [keep, give] = r.claim.state === "disputed" && holder.claim.state !== "disputed" ? [r, holder] : [holder, r];
    first.set(key, keep);
    absorbed.add(give);
    partners.set(keep.claim.id, [...(partners.get(keep.claim.id) ?? []), give.claim.id, ...(partners.get(give.claim.id) ?? [])]);
  }
  return { kept: claims.filter((r) => !absorbed.has(r)), partners };
}

/** Sentences grouped into paragraphs of about the tone's length; each paragraph carries its claims. */
function paragraphs(claims: readonly RankedClaim[], ctx: ComposeContext): UnitDraft[] {
  const budget = PARAGRAPH_WORDS[ctx.brief.tone];
  const out: UnitDraft[] = [];
  let texts: string[] = [];
  let ids: string[] = [];
  let words = 0;
  const flush = () => {
    if (texts.length > 0) out.push({ kind: "paragraph", text: texts.join(" "), claimIds: ids });
    texts = [];
    ids = [];
    words = 0;
  };
  for (const { claim } of chainByLikeness(claims)) {
    const text = claimSentence(claim, ctx);
    const length = text.split(/\s+/).length;
    if (texts.length > 0 && words + length > budget) flush();
    texts.push(text);
    ids.push(...idsOf(claim, ctx));
    words += length;
  }
  flush();
  return out;
}

function items(claims: readonly RankedClaim[], ctx: ComposeContext): UnitDraft[] {
  return chainByLikeness(claims).map(({ claim }) => ({
    kind: "item",
    text: claimSentence(claim, ctx),
    claimIds: idsOf(claim, ctx),
    ordered: false,
  }));
}

const heading = (text: string, ctx: ComposeContext): UnitDraft => ({
  kind: "heading",
  text: ctx.voiceWords(text),
  claimIds: [],
  level: 2,
});

/** The ibc structure's disputes: one table of every account, and who gives it. */
function disputeTable(disputed: readonly RankedClaim[], ctx: ComposeContext): UnitDraft[] {
  const [account, reportedBy] = ctx.phrases.accountHeaders;
  // One account may answer two disputes (a denial of two reports): it is one row, given once.
  const given = new Set<string>();
  const rows = disputed.flatMap(({ claim }) =>
    accounts(claim, ctx).flatMap((a): UnitDraft[] => {
      const key = a.text.toLowerCase();
      if (given.has(key)) return [];
      given.add(key);
      // An account that repeats its source: its own figures with what they count ("120 people",
      // "£10.4m"; a bare "210" in a row of its own would say nothing), else its words in quotation
      // marks, so no borrowed words pass as ours.
      const own = ctx.ownWords?.(a.text) !== false;
      const counted = a.value !== undefined && /[\p{L}%£$€¥]/u.test(a.value);
      const account = own
        ? ctx.voiceWords(a.text)
        : counted
          ? ctx.voiceWords(a.value as string)
          : fill(ctx.phrases.quote, { text: a.text });
      const cells = [account, a.origins];
      // Each row cites the claim that is its account, so two rows never cite the same claims.
      return [{ kind: "row", text: rowText(cells), claimIds: [a.claimId], cells }];
    }),
  );
  return [
    { kind: "row", text: rowText([account, reportedBy]), claimIds: [], cells: [account, reportedBy], header: true },
    ...rows,
  ];
}

/**
 * The lead: the main event, then the best-ranked claims, preferring corroborated ones, up to
 * about one paragraph.
 */
function pickLead(selected: readonly RankedClaim[], main: string | undefined): RankedClaim[] {
  const opening = selected.find((r) => r.claim.id === main);
  // Background ("Last year the port handled…") and "did not respond" never lead.
  const latest = latestYear(selected);
  const rest = selected.filter((r) => r !== opening && !isNoComment(r.claim.text) && !isBackground(r.claim.text, latest));
  const pool = rest.some((r) => r.claim.state === "corroborated") ? rest.filter((r) => r.claim.state === "corroborated") : rest;
  const lead: RankedClaim[] = opening ? [opening] : [];
  let words = opening ? opening.claim.text.split(/\s+/).length : 0;
  for (const r of pool) {
    const length = r.claim.text.split(/\s+/).length;
    if (lead.length > 0 && (words + length > 60 || lead.length >= 2)) break;
    lead.push(r);
    words += length;
  }
  return lead;
}

export interface Composition {
  units: Unit[];
  /** The claims of unit 1, best first: the title is made from them. */
  leadClaims: WritingClaim[];
}

export function composeUnits(all: readonly RankedClaim[], context: ComposeContext): Composition {
  const disputes = mergeDisputes(all);
  const { kept: selected, partners } = mergeSameSentence(disputes.kept, disputes.partners);
  const ctx: ComposeContext = { ...context, partners, claims: new Map(all.map((r) => [r.claim.id, r.claim])) };
  const lead = pickLead(selected, ctx.main);
  const rest = selected.filter((r) => !lead.includes(r));
  const confirmed = rest.filter((r) => r.claim.state === "corroborated");
  const alone = rest.filter((r) => FLAGGED_ALONE.includes(r.claim.state));
  const disputed = rest.filter((r) => r.claim.state === "disputed");
  const { phrases } = ctx;
  const leadUnit: UnitDraft = {
    kind: "paragraph",
    text: lead.map((r) => claimSentence(r.claim, ctx)).join(" "),
    claimIds: lead.flatMap((r) => idsOf(r.claim, ctx)),
  };
  const units: UnitDraft[] = [leadUnit];

  switch (ctx.brief.structure) {
    case "list": {
      if (confirmed.length > 0) units.push(heading(phrases.list.points, ctx), ...items(confirmed, ctx));
      const flagged = [...alone, ...disputed];
      if (flagged.length > 0) units.push(heading(phrases.list.flagged, ctx), ...items(flagged, ctx));
      break;
    }
    case "qa": {
      const q = phrases.questions;
      if (confirmed.length > 0) units.push(heading(q.confirmed, ctx), ...paragraphs(confirmed, ctx));
      if (alone.length > 0) units.push(heading(q.single, ctx), ...paragraphs(alone, ctx));
      if (disputed.length > 0) units.push(heading(q.disputed, ctx), ...paragraphs(disputed, ctx));
      break;
    }
    default: {
      // ibc: lead, a body by what the claims rest on, and claims about what comes next to close.
      const closing = confirmed.filter((r) => FORWARD_LOOKING.test(r.claim.text)).slice(0, 2);
      const body = confirmed.filter((r) => !closing.includes(r));
      if (body.length > 0) {
        const flaggedFollow = alone.length > 0 || disputed.length > 0;
        units.push(heading(flaggedFollow ? phrases.sections.confirmed : phrases.sections.more, ctx), ...paragraphs(body, ctx));
      }
      if (alone.length > 0) units.push(heading(phrases.sections.single, ctx), ...paragraphs(alone, ctx));
      if (disputed.length > 0) {
        units.push(heading(phrases.sections.disputed, ctx));
        units.push(...disputeTable(disputed, ctx));
      }
      if (closing.length > 0) units.push(...paragraphs(closing, ctx));
    }
  }
  return { units: renumber(units), leadClaims: lead.map((r) => r.claim) };
}
