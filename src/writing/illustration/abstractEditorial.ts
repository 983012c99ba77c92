// The built-in "abstract editorial" illustration: geometric shapes in the site's palette, composed
// as SVG from a PRNG seeded by the article, then rasterised. No model and no network, so every
// deployment can illustrate, and the same article always gets the same picture.
//
// Also home to the rules every illustration shares (palette, alt text, caption, label), so the
// image-model provider words its output exactly like the built-in one.
import { createHash } from "node:crypto";
import { Resvg, type ResvgRenderOptions, renderAsync } from "@resvg/resvg-js";
import type { IllustrationStyle, RenderedIllustration } from "../types.ts";

export const AI_GENERATED_LABEL = "AI-generated illustration";
export const ABSTRACT_EDITORIAL = "abstract editorial";
export const WIDTH = 1200;
export const HEIGHT = 675;

/** Muted editorial colours for a site without a usable house palette. */
export const DEFAULT_PALETTE: readonly string[] = ["#2f3e46", "#b5654a", "#d8b35a", "#7a8f7b", "#e9dfcf"];

// More colours than shapes would leave some unused, and a palette that long is not a palette.
const MAX_COLOURS = 6;
const MAX_CAPTION = 300;
const MAX_TITLE_IN_ALT = 120;

export interface ResolvedPalette {
  /** Lower-case #rrggbb, deduplicated. */
  colours: string[];
  /** True when the site's palette had no valid colour and the default stands in. */
  isDefault: boolean;
}

/**
 * Palette entries are model-written text that end up in markup, so only strict hex codes pass;
 * anything else is dropped rather than repaired.
 */
export function resolvePalette(palette: readonly unknown[] | undefined): ResolvedPalette {
  const colours: string[] = [];
  for (const entry of palette ?? []) {
    if (typeof entry !== "string") continue;
    const hex = normaliseHex(entry);
    if (hex && !colours.includes(hex)) colours.push(hex);
    if (colours.length === MAX_COLOURS) break;
  }
  return colours.length > 0 ? { colours, isDefault: false } : { colours: [...DEFAULT_PALETTE], isDefault: true };
}

function normaliseHex(entry: string): string | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(entry.trim());
  if (!m?.[1]) return undefined;
  const digits = m[1].toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((d) => d + d).join("")}` : `#${digits}`;
}

/** One line of plain text: no control or bidi-override characters, single spaces. */
export function plainLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function altTextFor(title: string, shown: string, palette: ResolvedPalette): string {
  const subject = clip(plainLine(title), MAX_TITLE_IN_ALT);
  const about = subject ? `the article about “${subject}”` : "the article";
  const colours = palette.isDefault ? "muted colours" : listOf(colourNames(palette.colours));
  return `Abstract illustration for ${about}: ${shown}, in ${colours}.`;
}

/**
 * The caption pattern is site data: only `{n}` and `{title}` are replaced, in one pass so a title
 * containing `{n}` stays literal, and through a function so `$&`-style sequences mean nothing.
 */
export function captionFor(style: IllustrationStyle, title: string): string | undefined {
  const plate = Number.isSafeInteger(style.plateNumber) && style.plateNumber! >= 0 ? style.plateNumber : undefined;
  const template = plainLine(style.captionTemplate ?? "");
  let caption: string;
  if (template) {
    // A pattern built around the plate number reads wrong without one ("Plate : …").
    if (template.includes("{n}") && plate === undefined) return undefined;
    const subject = plainLine(title);
    caption = template.replace(/\{(n|title)\}/g, (_, name: string) => (name === "n" ? String(plate) : subject));
  } else if (plate !== undefined) {
    caption = `Plate ${plate}. Abstract editorial illustration.`;
  } else {
    return undefined;
  }
  return clip(caption, MAX_CAPTION) || undefined;
}

// --- colour names, for alt text ---

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const HUES: [number, string][] = [
  [15, "red"],
  [40, "orange"],
  [65, "yellow"],
  [160, "green"],
  [195, "teal"],
  [250, "blue"],
  [290, "violet"],
  [345, "pink"],
  [360, "red"],
];

export function colourName(hex: string): string {
  const [r, g, b] = rgbOf(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  if (chroma < 0.08 || saturation < 0.12) {
    if (lightness < 0.15) return "black";
    if (lightness < 0.4) return "charcoal";
    if (lightness < 0.7) return "grey";
    return lightness < 0.9 ? "light grey" : "off-white";
  }
  let hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  const name = HUES.find(([limit]) => hue < limit)?.[1] ?? "red";
  if (lightness < 0.3) return `dark ${name}`;
  if (lightness > 0.78) return `pale ${name}`;
  return saturation < 0.4 ? `muted ${name}` : name;
}

function colourNames(colours: readonly string[]): string[] {
  return [...new Set(colours.map(colourName))];
}

function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

// --- composition ---

/** mulberry32: tiny, fast and good enough to place shapes. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rngFor(title: string, seed: string): () => number {
  // The separator keeps ("ab", "c") and ("a", "bc") apart.
  return mulberry32(createHash("sha256").update(title).update("\u0000").update(seed).digest().readUInt32BE(0));
}

function mix(a: string, b: string, amount: number): string {
  const target = rgbOf(b);
  const channel = (v: number, i: number) => Math.round(v + (target[i]! - v) * amount);
  return `#${rgbOf(a)
    .map((v, i) => channel(v, i).toString(16).padStart(2, "0"))
    .join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Rounded so the markup stays short; output is deterministic either way. */
const f = (n: number) => String(Math.round(n * 10) / 10);

/** What each layer draws with: the seeded dice and the palette in its shuffled order. */
interface Brush {
  between(lo: number, hi: number): number;
  chance(): boolean;
  colour(): string;
  ink: string;
}

function brushFor(rand: () => number, colours: readonly string[]): Brush {
  const order = [...colours];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const darkest = colours.reduce((a, b) => (luminance(b) < luminance(a) ? b : a));
  let next = 0;
  return {
    between: (lo, hi) => lo + rand() * (hi - lo),
    chance: () => rand() < 0.5,
    // Cycling through the shuffled palette gives every colour a shape before any repeats.
    colour: () => order[next++ % order.length]!,
    ink: mix(darkest, "#1b1b1b", 0.35),
  };
}

/** A colour block down one side. */
function field(b: Brush): string {
  const width = b.between(0.3, 0.5) * WIDTH;
  const x = b.chance() ? 0 : WIDTH - width;
  return `<rect x="${f(x)}" y="0" width="${f(width)}" height="${HEIGHT}" fill="${b.colour()}"/>`;
}

/** Two to four parallel bands on a slant, running off both edges. */
function bands(b: Brush): string {
  const angle = b.between(-24, 24);
  let y = b.between(0.12, 0.45) * HEIGHT;
  const rects: string[] = [];
  for (let i = 0, count = 2 + Math.floor(b.between(0, 3)); i < count; i++) {
    const height = b.between(40, 150);
    const opacity = f(b.between(0.75, 0.95));
    rects.push(
      `<rect x="-400" y="${f(y)}" width="${WIDTH + 800}" height="${f(height)}" fill="${b.colour()}" opacity="${opacity}"/>`,
    );
    y += height + b.between(6, 60);
  }
  return `<g transform="rotate(${f(angle)} ${WIDTH / 2} ${HEIGHT / 2})">${rects.join("")}</g>`;
}

/** A large disc and a hatched one overlapping it. */
function discs(b: Brush): string {
  const sun = { x: b.between(0.25, 0.75) * WIDTH, y: b.between(0.3, 0.7) * HEIGHT, r: b.between(140, 250) };
  const sunColour = b.colour();
  // Multiplying a dark colour over the bands turns it to mud; only light ones overprint.
  const overprint = luminance(sunColour) > 150 ? `style="mix-blend-mode:multiply"` : `opacity="0.92"`;
  const moon = { x: sun.x + b.between(-1, 1) * sun.r, y: sun.y + b.between(-0.8, 0.8) * sun.r, r: b.between(80, 160) };
  return [
    `<defs><pattern id="hatch" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(${f(b.between(20, 70))})">`,
    `<line x1="0" y1="0" x2="0" y2="9" stroke="${b.colour()}" stroke-width="3"/></pattern></defs>`,
    `<circle cx="${f(sun.x)}" cy="${f(sun.y)}" r="${f(sun.r)}" fill="${sunColour}" ${overprint}/>`,
    `<circle cx="${f(moon.x)}" cy="${f(moon.y)}" r="${f(moon.r)}" fill="url(#hatch)"/>`,
  ].join("");
}

/** Concentric arcs from near a corner. */
function arcs(b: Brush): string {
  const cx = (b.chance() ? b.between(0.05, 0.3) : b.between(0.7, 0.95)) * WIDTH;
  const cy = (b.chance() ? b.between(0, 0.2) : b.between(0.8, 1)) * HEIGHT;
  const sweep = b.between(Math.PI * 0.5, Math.PI * 1.2);
  // Opening towards the middle, so arcs set near an edge do not face out of the picture.
  const start = Math.atan2(HEIGHT / 2 - cy, WIDTH / 2 - cx) - sweep / 2 + b.between(-0.4, 0.4);
  const step = b.between(16, 26);
  const d: string[] = [];
  for (let i = 0, radius = b.between(60, 130), count = 5 + Math.floor(b.between(0, 4)); i < count; i++, radius += step) {
    const [x1, y1] = [cx + radius * Math.cos(start), cy + radius * Math.sin(start)];
    const [x2, y2] = [cx + radius * Math.cos(start + sweep), cy + radius * Math.sin(start + sweep)];
    d.push(`M${f(x1)} ${f(y1)}A${f(radius)} ${f(radius)} 0 ${sweep > Math.PI ? 1 : 0} 1 ${f(x2)} ${f(y2)}`);
  }
  return `<path d="${d.join("")}" fill="none" stroke="${b.colour()}" stroke-width="${f(step * 0.4)}" stroke-linecap="round"/>`;
}

/** A small dot grid and one thin rule: the details that make it read as designed. */
function accents(b: Brush): string {
  const [x, y, gap] = [b.between(0.1, 0.8) * WIDTH, b.between(0.1, 0.75) * HEIGHT, b.between(14, 22)];
  const dots: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 6; col++) dots.push(`<circle cx="${f(x + col * gap)}" cy="${f(y + row * gap)}" r="3"/>`);
  }
  const lineY = b.between(0.2, 0.8) * HEIGHT;
  return [
    `<g fill="${b.colour()}">${dots.join("")}</g>`,
    `<line x1="0" y1="${f(lineY)}" x2="${WIDTH}" y2="${f(lineY + b.between(-80, 80))}" stroke="${b.ink}" stroke-width="2"/>`,
  ].join("");
}

export interface AbstractEditorialInput {
  title: string;
  /** More of the article (deck, claims) so two articles sharing a title still differ. */
  seed?: string;
  style: IllustrationStyle;
}

export function abstractEditorialSvg(input: AbstractEditorialInput): string {
  const { colours } = resolvePalette(input.style.palette);
  const brush = brushFor(rngFor(input.title, input.seed ?? ""), colours);
  const lightest = colours.reduce((a, b) => (luminance(b) > luminance(a) ? b : a));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${mix(lightest, "#f7f3ec", 0.8)}"/>`,
    field(brush),
    bands(brush),
    discs(brush),
    arcs(brush),
    accents(brush),
    // A print-like dot screen rather than noise grain: noise cost ~270 ms a render and made the
    // PNG a megabyte, since random pixels do not compress.
    `<defs><pattern id="screen" width="5" height="5" patternUnits="userSpaceOnUse">`,
    `<circle cx="1.5" cy="1.5" r="0.9" fill="#000" fill-opacity="0.07"/><circle cx="4" cy="3.8" r="0.6" fill="#fff" fill-opacity="0.08"/>`,
    `</pattern></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#screen)"/>`,
    "</svg>",
  ].join("");
}

const SHOWN = "overlapping bands, circles and concentric arcs with a hatched disc on a fine dot texture";

const RENDER_OPTIONS: ResvgRenderOptions = { fitTo: { mode: "width", value: WIDTH }, font: { loadSystemFonts: false } };

function finish(input: AbstractEditorialInput, png: Uint8Array): RenderedIllustration {
  const caption = captionFor(input.style, input.title);
  return {
    png,
    width: WIDTH,
    height: HEIGHT,
    contentType: "image/png",
    altText: altTextFor(input.title, SHOWN, resolvePalette(input.style.palette)),
    ...(caption === undefined ? {} : { caption }),
    label: AI_GENERATED_LABEL,
    styleLabel: input.style.styleLabel ?? ABSTRACT_EDITORIAL,
    model: "abstract-editorial",
  };
}

export function renderAbstractEditorial(input: AbstractEditorialInput): RenderedIllustration {
  const png = new Resvg(abstractEditorialSvg(input), RENDER_OPTIONS).render().asPng();
  return finish(input, new Uint8Array(png));
}

/** The same picture, rasterised off the event loop (resvg's own thread pool). */
export async function renderAbstractEditorialAsync(
  input: AbstractEditorialInput,
  signal?: AbortSignal,
): Promise<RenderedIllustration> {
  signal?.throwIfAborted();
  const image = await renderAsync(abstractEditorialSvg(input), RENDER_OPTIONS, signal);
  return finish(input, new Uint8Array(image.asPng()));
}
