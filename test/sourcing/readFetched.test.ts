// A fetched page's text as the pipeline stores it: nothing PostgreSQL refuses to keep.
import { describe, expect, it } from "vitest";
import { readFetched } from "../../src/sourcing/sourcingEngine.ts";

const fetched = (body: string, contentType: string) => ({
  url: "https://example.org/a",
  finalUrl: "https://example.org/a",
  status: 200,
  contentType,
  body,
  fromPdf: false,
  address: "93.184.216.34",
  fetchedAt: new Date(),
});

describe("readFetched", () => {
  it("drops NUL characters from the text and title, which PostgreSQL cannot store", () => {
    const html = `<html><head><title>Harbour\u0000 report</title></head><body><article><p>The harbour\u0000 wall was repaired in March after the storm damaged it badly.</p></article></body></html>`;
    const page = readFetched(fetched(html, "text/html"));
    expect(page.title).not.toContain("\u0000");
    expect(page.text).toContain("The harbour wall was repaired");
    const plain = readFetched(fetched("Plain\u0000 text about the harbour wall.", "text/plain"));
    expect(plain.text).toBe("Plain text about the harbour wall.");
  });
});
