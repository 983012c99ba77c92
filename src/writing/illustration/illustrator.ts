// Illustrations behind one interface: the built-in abstract editorial renderer everywhere, or an
// image model when the operator configures one (IMAGE_BASE_URL + IMAGE_MODEL). ILLUSTRATIONS=off
// turns illustrations off for the whole deployment.
import type { IllustrationStyle, RenderedIllustration } from "../types.ts";
import { renderAbstractEditorialAsync } from "./abstractEditorial.ts";
import { ImageModelIllustrator } from "./imageModel.ts";

export { IllustrationFailure, type IllustrationFailureCode } from "./imageModel.ts";

export interface IllustrateInput {
  title: string;
  deck?: string;
  /** Claim texts; the built-in renderer varies the picture with them. */
  claims?: string[];
  style: IllustrationStyle;
  language?: string;
  /**
   * Asks for a different picture of the same article (a regeneration's id): the built-in renderer
   * seeds with it, so a new picture is not the old one again. An image model varies by itself.
   */
  variant?: string;
}

export interface Illustrator {
  /** "abstract-editorial" or "openai-compatible". */
  readonly name: string;
  illustrate(input: IllustrateInput, signal?: AbortSignal): Promise<RenderedIllustration>;
}

export class AbstractEditorialIllustrator implements Illustrator {
  readonly name = "abstract-editorial";

  illustrate(input: IllustrateInput, signal?: AbortSignal): Promise<RenderedIllustration> {
    const seed = [input.deck ?? "", ...(input.claims ?? []), ...(input.variant ? [input.variant] : [])].join("\n");
    return renderAbstractEditorialAsync({ title: input.title, seed, style: input.style }, signal);
  }
}

export function illustratorFromEnv(env: NodeJS.ProcessEnv = process.env): Illustrator {
  const baseUrl = env.IMAGE_BASE_URL?.trim();
  const model = env.IMAGE_MODEL?.trim();
  if (!baseUrl || !model) return new AbstractEditorialIllustrator();
  const timeoutMs = Number(env.IMAGE_TIMEOUT_MS?.trim() || 60_000);
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`IMAGE_TIMEOUT_MS must be a positive number of milliseconds (got "${env.IMAGE_TIMEOUT_MS}")`);
  }
  const size = env.IMAGE_SIZE?.trim();
  if (size && !/^\d{2,5}x\d{2,5}$/.test(size)) throw new Error(`IMAGE_SIZE must look like 1536x1024 (got "${env.IMAGE_SIZE}")`);
  return new ImageModelIllustrator({
    baseUrl,
    model,
    ...(env.IMAGE_API_KEY ? { apiKey: env.IMAGE_API_KEY } : {}),
    timeoutMs,
    ...(size ? { size } : {}),
  });
}

/** The deployment switch: whether illustrations are made at all. */
export function illustrationsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.ILLUSTRATIONS?.trim().toLowerCase();
  return !(value === "off" || value === "false" || value === "0" || value === "no");
}
