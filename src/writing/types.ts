// The shapes the writing engine takes and gives. The pipeline's write, seo, qa, illustrate and
// language steps persist these; nothing here knows about HTTP, GraphQL or the database.
//
// Claims and sources arrive as the sourcing engine checked them (src/sourcing/types.ts), with
// the ids they are stored under; `writingMaterial()` in material.ts does that mapping.
import type { Language } from "../languages.ts";
import type { ClaimState } from "../sourcing/types.ts";

export type Structure = "ibc" | "list" | "qa";
export type Tone = "neutral" | "explanatory" | "formal" | "conversational";
export type Purpose = "news" | "explainer" | "background" | "roundup" | "press" | "blog";
export type Spelling = "US" | "UK";

/** The parts of a brief the writer reads. */
export interface WritingBrief {
  topic: string;
  angle: string;
  purpose: Purpose;
  audience: string;
  region: string;
  tone: Tone;
  length: "short" | "standard" | "long";
  /** Already clamped to 300-3000 by the brief rules. */
  targetWords: number;
  structure: Structure;
  keywords: string[];
  mustAppear: string[];
  /** The article's own language (the first code of the brief's language list). */
  language: Language;
}

/** The site's voice profile (a Brand). Every string here may be model- or person-written: data. */
export interface SiteVoice {
  /** The brand name, shown as `brandName` on the article. */
  name: string;
  tone: string;
  spelling: Spelling;
  /** Words or phrases the site does not use. */
  avoid: string[];
  /** Words the site prefers; "X over Y", "X not Y" or "X (not Y)" also name what X replaces. */
  prefer: string[];
  styleGuide: string;
  /** How the site attributes, as free text (e.g. "according to", "said"). */
  attribution: string;
}

/** A page of the site itself, a candidate for an internal link. */
export interface SitePage {
  url: string;
  title: string;
}

/** A source as the writer sees it. `title` and `text` are third-party data. */
export interface WritingSource {
  id: string;
  /** The outlet or origin the page traces to. */
  origin: string;
  /** Id of its independent origin: sources sharing it are one origin. */
  originId: string;
  title: string;
  url: string;
  official: boolean;
  /** Main text of the page as read; absent when the page could not be read again. */
  text?: string;
  publishedAt?: string;
  language?: string;
}

/** A checked claim as the writer sees it. `text` and `mentions` are third-party wording. */
export interface WritingClaim {
  id: string;
  text: string;
  state: ClaimState;
  originCount: number;
  sourceIds: string[];
  /** How each carrier words it. */
  mentions: { sourceId: string; text: string }[];
  /** For a disputed claim: the differing statements and which sources say each. */
  variants?: { text: string; sourceIds: string[] }[];
  /** For a parallel claim: the single party every carrier attributes it to. */
  attributedTo?: string;
  /** True when a person kept the flag with a note (an open flag in a new version). */
  keptFlag?: boolean;
}

export interface WriteInput {
  brief: WritingBrief;
  voice: SiteVoice;
  claims: WritingClaim[];
  sources: WritingSource[];
  /** Pages of the site the article may link to. */
  sitePages?: SitePage[];
}

export type UnitKind = "paragraph" | "heading" | "item" | "row";

/**
 * One numbered unit of the article in reading order. Headings carry their `##`/`###` prefix in
 * `text`; list items are one unit each; table rows (the header row included) are one unit each.
 */
export interface Unit {
  n: number;
  kind: UnitKind;
  text: string;
  claimIds: string[];
  /** Headings: 2 or 3. */
  level?: 2 | 3;
  /** List items: whether the list is numbered. */
  ordered?: boolean;
  /** Table rows: one string per column. */
  cells?: string[];
  /** Table rows: true for the header row (it carries no claims and cannot be edited). */
  header?: boolean;
}

export interface InternalLink {
  id: string;
  /** The unit the anchor text sits in. */
  n: number;
  anchor: string;
  url: string;
  title: string;
}

/** What a writer returns: an article before it is stored. */
export interface Draft {
  title: string;
  deck?: string;
  /** The opening paragraph; it is also unit 1. */
  lead: string;
  language: Language;
  units: Unit[];
  internalLinks: InternalLink[];
  /** Which engine wrote it ("built-in" or "openai-compatible"), for the version entry. */
  engine: string;
  /** The model behind it, when a model wrote it. */
  model?: string;
  /** Things the writer could not honour, e.g. a length the claims cannot fill. */
  warnings: string[];
}

export interface VersionInput {
  language: Language;
  primary: Draft;
  brief: WritingBrief;
  voice: SiteVoice;
  claims: WritingClaim[];
  sources: WritingSource[];
}

export interface Writer {
  /** "built-in" or "openai-compatible". */
  readonly engine: string;
  /** The model name recorded on the version entry, when there is one. */
  readonly model?: string;
  write(input: WriteInput, signal?: AbortSignal): Promise<Draft>;
  /** Writes `primary` in another language from the same claims. */
  writeVersion(input: VersionInput, signal?: AbortSignal): Promise<Draft>;
}

/** Why a writer stopped. The codes are the job error codes the pipeline reports. */
export type WritingFailureCode =
  /** The model did not answer in time. */
  | "model_timeout"
  /** The model endpoint failed or kept giving output we reject. */
  | "provider_error"
  /** This engine cannot write the asked language (the built-in engine writes none but the brief's). */
  | "language_unsupported"
  /** No claim to write from. */
  | "nothing_to_write";

export class WritingFailure extends Error {
  readonly code: WritingFailureCode;
  /** For provider_error: whether the provider gave up after bounded retries. */
  readonly gaveUp: boolean;
  constructor(code: WritingFailureCode, message: string, options: { gaveUp?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "WritingFailure";
    this.code = code;
    this.gaveUp = options.gaveUp ?? false;
  }
}

/** SEO fields, when the brief asks for them. Stored as the article's optional `seo` object. */
export interface SeoFields {
  /** Up to 60 characters. */
  metaTitle: string;
  /** Up to 155 characters. */
  metaDescription: string;
  slug: string;
  focusKeyword?: string;
  /** Where the focus keyword appears: title, metaTitle, metaDescription, slug, lead, heading. */
  focusKeywordIn?: string[];
}

/** A read-back check on the finished text (the spec's QualityCheck without dismissal fields). */
export interface QualityCheck {
  id: string;
  name: string;
  verdict: "passed" | "warning";
  detail: string;
  actionLabel?: string;
  items?: string[];
  units?: number[];
  target?: number;
}

/** Colours and caption pattern an illustration is made with. */
export interface IllustrationStyle {
  /** Hex colour codes (#rrggbb); the site's house palette or a default. */
  palette: string[];
  /** e.g. "Plate {n}: {title}"; `{n}` is the plate number, `{title}` the article title. */
  captionTemplate?: string;
  plateNumber?: number;
  /** "abstract editorial" or the house style's name. */
  styleLabel?: string;
}

export interface RenderedIllustration {
  png: Uint8Array;
  width: number;
  height: number;
  contentType: "image/png";
  altText: string;
  caption?: string;
  /** Always the AI-generated label. */
  label: string;
  styleLabel: string;
  /** "abstract-editorial" or the image model's name. */
  model: string;
}
