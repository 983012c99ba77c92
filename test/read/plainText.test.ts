// readPlainText: text/plain pages and the text extracted from PDFs.
import { describe, expect, it } from "vitest";
import { readPlainText } from "../../src/sourcing/read/readPage.ts";

describe("readPlainText", () => {
  const text = [
    "Halden Council approves sea wall repairs",
    "",
    "By Priya Raman",
    "",
    "HALDEN (Reuters) - Halden Council approved repairs to the sea wall on",
    "Tuesday, after engineers found cracks in two sections of the struc-",
    "ture. Work will start in May.",
    "",
    "The repairs will cost 4.2 million pounds, according to a press release from Halden Council.",
    "Details: https://halden.gov.example/sea-wall#costs and https://halden.gov.example/sea-wall.",
    "",
    "",
    "This article first appeared on Coast Weekly (https://coastweekly.example/sea-wall).",
  ].join("\r\n");
  const page = readPlainText(text, "https://files.example/sea-wall.txt");

  it("splits paragraphs at blank lines and joins the lines of a paragraph", () => {
    expect(page.text.split("\n\n")).toEqual([
      "Halden Council approves sea wall repairs",
      "By Priya Raman",
      "HALDEN (Reuters) - Halden Council approved repairs to the sea wall on Tuesday, after engineers found cracks in two sections of the structure. Work will start in May.",
      "The repairs will cost 4.2 million pounds, according to a press release from Halden Council. Details: https://halden.gov.example/sea-wall#costs and https://halden.gov.example/sea-wall.",
      "This article first appeared on Coast Weekly (https://coastweekly.example/sea-wall).",
    ]);
  });

  it("reads title, byline, language and links from the text", () => {
    expect(page.url).toBe("https://files.example/sea-wall.txt");
    expect(page.title).toBe("Halden Council approves sea wall repairs");
    expect(page.byline).toBe("Priya Raman");
    expect(page.language).toBe("en");
    expect(page.links).toEqual(["https://halden.gov.example/sea-wall", "https://coastweekly.example/sea-wall"]);
    expect(page.canonicalUrl).toBeUndefined();
    expect(page.publishedAt).toBeUndefined();
  });

  it("finds attributions, with the address written in the sentence", () => {
    expect(page.attributions).toEqual([
      {
        kind: "wire",
        party: "Reuters",
        text: "HALDEN (Reuters) - Halden Council approved repairs to the sea wall on Tuesday, after engineers found cracks in two sections of the structure.",
      },
      {
        kind: "statement",
        party: "Halden Council",
        text: "The repairs will cost 4.2 million pounds, according to a press release from Halden Council.",
      },
      {
        kind: "republished",
        party: "Coast Weekly",
        text: "This article first appeared on Coast Weekly (https://coastweekly.example/sea-wall).",
        url: "https://coastweekly.example/sea-wall",
      },
    ]);
  });

  it("has no title when the first line is a sentence", () => {
    expect(readPlainText("The council met on Tuesday.\n\nIt agreed.", "https://x.example/").title).toBe("");
    expect(readPlainText("", "https://x.example/")).toEqual({
      url: "https://x.example/",
      title: "",
      text: "",
      links: [],
      attributions: [],
    });
  });
});
