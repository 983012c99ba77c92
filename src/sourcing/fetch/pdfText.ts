// Text of a PDF, with pdfjs-dist (its legacy build is the one that runs in Node). Loaded on first
// use, so importing the fetcher stays cheap. Page texts are joined by blank lines; pages without
// text (scans) are left out. Nothing is fetched: no fonts, no cmaps, no eval, no network.
import { FetchRefused } from "./refusal.ts";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;

function pageText(items: readonly unknown[]): string {
  let text = "";
  for (const item of items) {
    if (typeof item !== "object" || item === null || !("str" in item)) continue;
    const { str, hasEOL } = item as { str: string; hasEOL?: boolean };
    text += str;
    if (hasEOL) text += "\n";
  }
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Extracts the text of a PDF; `badResponse` when pdf.js cannot read it, the signal's reason on abort. */
export async function extractPdfText(bytes: Uint8Array, signal: AbortSignal, url = ""): Promise<string> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  const { getDocument } = await pdfjs;
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const onAbort = () => void task.destroy();
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      if (signal.aborted) break;
      const page = await document.getPage(number);
      const text = pageText((await page.getTextContent()).items);
      page.cleanup();
      if (text) pages.push(text);
    }
    if (signal.aborted) throw signal.reason;
    return pages.join("\n\n");
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new FetchRefused("badResponse", `the PDF could not be read: ${(error as Error).message}`, { url }, { cause: error });
  } finally {
    signal.removeEventListener("abort", onAbort);
    await task.destroy();
  }
}
