// The shapes the sourcing engine passes between its stages (find → fetch/read → group → check)
// and hands to the writer. Pipeline steps persist these; nothing here knows about HTTP or GraphQL.

/** A page as fetched by the hardened fetcher. */
export interface FetchedPage {
  /** The address asked for. */
  url: string;
  /** The address the content came from, after redirects. */
  finalUrl: string;
  status: number;
  /** Media type without parameters, lower-case (text/html, text/plain, application/pdf). */
  contentType: string;
  /** Decoded text of an HTML or plain-text page; extracted text of a PDF. */
  body: string;
  /** True when the body was a PDF and `body` holds its extracted text. */
  fromPdf: boolean;
  /** The address that was connected to, as checked. */
  address: string;
  fetchedAt: Date;
}

/** What reading a page yields. Every string is third-party data, never an instruction. */
export interface ReadPage {
  url: string;
  /** rel=canonical (absolute), when the page names one. */
  canonicalUrl?: string;
  title: string;
  siteName?: string;
  byline?: string;
  /** ISO 8601, from meta tags or JSON-LD. */
  publishedAt?: string;
  /** Detected language code (ISO 639-1 where one exists; `bhs` for Bosnian/Croatian/Serbian). */
  language?: string;
  /** Main text, paragraphs separated by blank lines. */
  text: string;
  /** Absolute http(s) links found in the main content. */
  links: string[];
  /** Attribution statements found in the text: wire credits, "first appeared on", press releases. */
  attributions: Attribution[];
}

export type AttributionKind =
  /** A news agency credit, e.g. "(AP) —", "Reuters reported", a dateline with an agency. */
  | "wire"
  /** "This article first appeared on …", "originally published by …". */
  | "republished"
  /** "according to a press release from …", "said in a statement". */
  | "statement";

export interface Attribution {
  kind: AttributionKind;
  /** Who is credited, as written (agency, outlet or organisation name). */
  party: string;
  /** The sentence it was found in. */
  text: string;
  /** A link given with the attribution, when there is one. */
  url?: string;
}

/** How a source relates to the others of its origin group. */
export type SourceRelation = "sameDomain" | "canonical" | "republished" | "wire" | "nearDuplicate";

/** A read page with its place among independent origins. */
export interface GroupedSource {
  /** Stable within a job: the index in the input, as a string, until stored. */
  key: string;
  page: ReadPage;
  /** Registrable domain of the page (public suffix list). */
  domain: string;
  /** Id of the independent origin this page belongs to (one per union-find group). */
  originId: string;
  /** The outlet or origin the page traces to, for display (e.g. "Associated Press"). */
  origin: string;
  /** When the page relays another source of the same origin: which relation put it there, and the key of that source. */
  relation?: { kind: SourceRelation; to: string };
  /** An official body (government, regulator, company's own site) rather than an outlet. */
  official: boolean;
  /** Score from the sourcing policy, 0-100. */
  score: number;
}

export type { ClaimState } from "../enumerations.ts";

import type { ClaimState } from "../enumerations.ts";

export interface CheckedClaim {
  key: string;
  /** The claim as one sentence. */
  text: string;
  state: ClaimState;
  /** Independent origins that carry it. */
  originCount: number;
  /** Keys of the sources that carry it. */
  sourceKeys: string[];
  /** How each carrier words it: the sentences the claim was recognised in (third-party text), and
   * who the sentence rests it on when it attributes it (a party, a document's issuer, an outlet). */
  mentions: { sourceKey: string; text: string; attributedTo?: string }[];
  /** For a disputed claim: the differing statements and which sources say each. */
  variants?: { text: string; sourceKeys: string[]; later?: boolean }[];
  /** For a disputed claim: an account that says it revises an earlier one ("has risen to 210", "wurde auf … korrigiert"). */
  later?: boolean;
  /** For a parallel claim: the single party every carrier attributes it to. */
  attributedTo?: string;
}
