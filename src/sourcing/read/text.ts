// Turning a DOM subtree into paragraphs of plain text, and plain text into sentences.
// Works on any DOM that offers nodeType, localName, childNodes, getAttribute and nodeValue
// (linkedom and jsdom both do), walking iteratively so deeply nested pages cannot exhaust the stack.

export type BlockKind = "heading" | "paragraph" | "item" | "caption";

/** A run of a block's text that sits inside a link, with the link's href as written. */
export interface LinkSpan {
  start: number;
  end: number;
  href: string;
}

/** One paragraph of text. */
export interface Block {
  kind: BlockKind;
  text: string;
  links: LinkSpan[];
}

export interface WalkResult {
  blocks: Block[];
  /** Every href of an <a> in the subtree, as written, in document order (also links without text). */
  hrefs: string[];
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements whose content is never text of the page. */
const NEVER_TEXT = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "canvas",
  "video",
  "audio",
  "picture",
  "button",
  "select",
  "option",
  "textarea",
  "input",
  "head",
  "title",
  "meta",
  "link",
  "base",
  "dialog",
]);

/** Page chrome left out when we read a page without Readability's help. */
export const BOILERPLATE = new Set(["nav", "footer", "aside", "form", "menu"]);

const BOILERPLATE_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar"]);

const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "center",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "ul",
]);

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const ITEMS = new Set(["li", "dt", "dd"]);
const CAPTIONS = new Set(["figcaption", "figure", "caption"]);
const CELLS = new Set(["td", "th"]);

export function tagOf(node: Node): string {
  return ((node as Element).localName ?? node.nodeName).toLowerCase();
}

/** Collapses runs of white space (including no-break spaces) to one space and trims. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function isHidden(element: Element): boolean {
  if (element.hasAttribute("hidden")) return true;
  if (element.getAttribute("aria-hidden") === "true") return true;
  const style = element.getAttribute("style");
  return style !== null && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

/** True for navigation, footers, sidebars, forms and the like (by element or ARIA role). */
export function isBoilerplate(element: Element): boolean {
  if (BOILERPLATE.has(tagOf(element))) return true;
  const role = element.getAttribute("role");
  return role !== null && BOILERPLATE_ROLES.has(role.trim().toLowerCase());
}

class BlockBuilder {
  readonly blocks: Block[] = [];
  private buffer = "";
  private spans: LinkSpan[] = [];
  /** Links entered and not yet left, with where their text started in the current block. */
  readonly openLinks: { href: string; start: number }[] = [];

  append(raw: string): void {
    let text = raw.replace(/\s+/g, " ");
    if (this.buffer === "" || this.buffer.endsWith(" ") || this.buffer.endsWith("\n")) text = text.replace(/^ /, "");
    this.buffer += text;
  }

  separate(): void {
    if (this.buffer !== "" && !this.buffer.endsWith(" ") && !this.buffer.endsWith("\n")) this.buffer += " ";
  }

  lineBreak(): void {
    this.buffer = this.buffer.replace(/ +$/, "");
    if (this.buffer !== "" && !this.buffer.endsWith("\n")) this.buffer += "\n";
  }

  openLink(href: string): void {
    this.openLinks.push({ href, start: this.buffer.length });
  }

  closeLink(): void {
    const link = this.openLinks.pop();
    if (link && this.buffer.length > link.start) this.spans.push({ href: link.href, start: link.start, end: this.buffer.length });
  }

  flush(kind: BlockKind): void {
    const text = this.buffer.replace(/\s+$/, "");
    for (const link of this.openLinks) {
      if (this.buffer.length > link.start) this.spans.push({ href: link.href, start: link.start, end: this.buffer.length });
      link.start = 0;
    }
    if (text !== "") {
      const links = this.spans
        .map((span) => ({ ...span, end: Math.min(span.end, text.length) }))
        .filter((span) => span.end > span.start);
      links.sort((a, b) => a.start - b.start);
      this.blocks.push({ kind, text, links });
    }
    this.buffer = "";
    this.spans = [];
  }
}

export interface WalkOptions {
  /** Leave out navigation, footers, sidebars and forms (used when reading without Readability). */
  skipBoilerplate?: boolean;
}

/** Reads the text of `root` as paragraphs: block elements start new ones, `<br>` breaks lines. */
export function walkBlocks(root: Node, options: WalkOptions = {}): WalkResult {
  const builder = new BlockBuilder();
  const hrefs: string[] = [];
  const kinds: BlockKind[] = ["paragraph"];
  const currentKind = (): BlockKind => kinds[kinds.length - 1] ?? "paragraph";
  // Work list of nodes to enter, and markers to run when leaving an element.
  type Step = { node: Node } | { leave: string; link: boolean; block: boolean };
  const stack: Step[] = [{ node: root }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ("leave" in step) {
      if (step.link) builder.closeLink();
      if (step.block) {
        builder.flush(currentKind());
        kinds.pop();
      } else if (CELLS.has(step.leave)) builder.separate();
      continue;
    }
    const node = step.node;
    if (node.nodeType === TEXT_NODE) {
      builder.append(node.nodeValue ?? "");
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as Element;
    const tag = tagOf(element);
    if (NEVER_TEXT.has(tag) || isHidden(element)) continue;
    if (options.skipBoilerplate && node !== root && isBoilerplate(element)) continue;
    if (tag === "br") {
      builder.lineBreak();
      continue;
    }
    const block = BLOCK.has(tag);
    let link = false;
    if (tag === "a") {
      const href = element.getAttribute("href");
      if (href !== null && href.trim() !== "") {
        hrefs.push(href.trim());
        builder.openLink(href.trim());
        link = true;
      }
    }
    if (block) {
      builder.flush(currentKind());
      const outer = currentKind();
      kinds.push(
        HEADINGS.has(tag)
          ? "heading"
          : CAPTIONS.has(tag) || outer === "caption"
            ? "caption"
            : ITEMS.has(tag)
              ? "item"
              : outer === "heading"
                ? "heading"
                : "paragraph",
      );
    } else if (CELLS.has(tag)) builder.separate();
    stack.push({ leave: tag, link, block });
    const children = element.childNodes;
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (child) stack.push({ node: child });
    }
  }
  builder.flush(currentKind());
  return { blocks: builder.blocks, hrefs };
}

/** Whether any element under `root` is nested deeper than `limit` (stops at the first one). */
export function nestedDeeperThan(root: Node, limit: number): boolean {
  const stack: { node: Node; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > limit) return true;
    const children = node.childNodes;
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      if (child && child.nodeType === ELEMENT_NODE) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}

/** Paragraphs of plain text: blank lines separate them; lines inside one are joined. */
export function plainTextBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n[ \t\f\v\u00a0]*\n/)) {
    // A line that ends in a hyphen after a lower-case letter, followed by one that starts in lower
    // case, is a word broken by PDF line wrapping.
    const joined = chunk
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .reduce((acc, line) => {
        if (acc === "") return line;
        if (/\p{Ll}-$/u.test(acc) && /^\p{Ll}/u.test(line)) return acc.slice(0, -1) + line;
        return `${acc} ${line}`;
      }, "");
    const squashed = squash(joined);
    if (squashed !== "") blocks.push({ kind: "paragraph", text: squashed, links: [] });
  }
  return blocks;
}

// Sentences ----------------------------------------------------------------------------------

/** Words after which a full stop does not end a sentence (lower-cased, without the dot). */
const ABBREVIATIONS = new Set(
  (
    "mr mrs ms dr prof sr jr st mt ft gen gov sen rep lt col capt sgt cmdr adm rev hon corp inc ltd co " +
    "no nos vs etc al approx dept est fig jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k e.g i.e " +
    "z.b bzw ca dr nr str usw vgl hr fr frau mme mlle mm av art núm sra sres ee.uu s.a s.l"
  ).split(" "),
);

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** Splits a paragraph into sentences (Latin, Greek, Cyrillic and CJK punctuation). */
export function sentences(text: string): Sentence[] {
  const result: Sentence[] = [];
  let start = 0;
  const boundary = /([.!?…]+["”»’)]*)\s+(?=["“„«(¿¡]?[\p{Lu}\p{N}])|([。！？]+)/gu;
  for (let match = boundary.exec(text); match !== null; match = boundary.exec(text)) {
    if (match[1] === ".") {
      const before = text.slice(start, match.index);
      const word = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? "";
      // "J. Smith", "U.S. officials", "Inc. said": not the end of a sentence.
      if (word.length === 1 || ABBREVIATIONS.has(word) || /\p{L}\.\p{L}$/u.test(word)) continue;
    }
    const end = match.index + match[0].trimEnd().length;
    const sentence = text.slice(start, end).trim();
    if (sentence !== "") result.push({ text: sentence, start, end });
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest !== "") result.push({ text: rest, start, end: text.length });
  return result;
}
