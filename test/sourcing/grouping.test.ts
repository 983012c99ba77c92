// Independent-origin grouping: each relation on its own, and the rule that a relay joins its
// origin rather than its host's other pages.
import { describe, expect, it } from "vitest";
import { nearDuplicatePairs, words } from "../../src/sourcing/group/nearDuplicates.ts";
import { groupOrigins, registrableDomain } from "../../src/sourcing/group/originGroups.ts";
import { page, prose, republished, wire } from "./pages.ts";

const story =
  "PORTMERE, England (AP) — Flood barriers on the River Mere failed on Tuesday night, forcing 1,200 residents from their homes. " +
  prose("flood", 14);

const groupsOf = (sources: ReturnType<typeof groupOrigins>) => {
  const byOrigin = new Map<string, string[]>();
  for (const s of sources) byOrigin.set(s.originId, [...(byOrigin.get(s.originId) ?? []), s.page.url]);
  return [...byOrigin.values()].map((urls) => urls.sort()).sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
};

describe("registrable domains", () => {
  it("uses the public suffix list, not the last two labels", () => {
    expect(registrableDomain("https://live.harbourgazette.co.uk/a")).toBe("harbourgazette.co.uk");
    expect(registrableDomain("https://www.harbourgazette.co.uk/b")).toBe("harbourgazette.co.uk");
    expect(registrableDomain("https://news.kestrel.com.au/c")).toBe("kestrel.com.au");
    expect(registrableDomain("https://alice.github.io/d")).toBe("alice.github.io");
    expect(registrableDomain("https://bob.github.io/d")).not.toBe(registrableDomain("https://alice.github.io/d"));
  });
});

describe("origin groups", () => {
  it("puts pages of one registrable domain together and keeps other domains apart", () => {
    const sources = groupOrigins([
      page("https://www.harbourgazette.co.uk/a", prose("a")),
      page("https://live.harbourgazette.co.uk/b", prose("b")),
      page("https://www.kestrel.com.au/c", prose("c")),
    ]);
    expect(groupsOf(sources)).toEqual([
      ["https://live.harbourgazette.co.uk/b", "https://www.harbourgazette.co.uk/a"],
      ["https://www.kestrel.com.au/c"],
    ]);
    const b = sources.find((s) => s.page.url.endsWith("/b"));
    expect(b?.relation?.kind).toBe("sameDomain");
  });

  it("makes wire relays on different outlets one origin named after the agency", () => {
    const sources = groupOrigins([
      page("https://one.example/flood", story, { attributions: [wire("AP", "PORTMERE, England (AP) —")] }),
      page("https://two.example/flood", `${prose("two intro", 3)} ${story}`, {
        byline: "By Jane Doe, Associated Press",
        attributions: [wire("Associated Press", "By Jane Doe, Associated Press")],
      }),
      page("https://three.example/own", prose("own reporting")),
    ]);
    expect(groupsOf(sources)).toEqual([
      ["https://one.example/flood", "https://two.example/flood"],
      ["https://three.example/own"],
    ]);
    expect(sources[0]?.origin).toBe("Associated Press");
    expect(sources.filter((s) => s.relation?.kind === "wire")).toHaveLength(1);
  });

  it("keeps an outlet's own reporting apart from the agency copy it runs", () => {
    const sources = groupOrigins([
      page("https://gazette.example/own", prose("gazette's own story")),
      page("https://gazette.example/wire", story, { attributions: [wire("AP", "PORTMERE, England (AP) —")] }),
    ]);
    expect(groupsOf(sources)).toHaveLength(2);
  });

  it("follows rel=canonical and republication credits to another domain", () => {
    const original = page("https://origin.example/report", prose("original report"), { siteName: "The Origin" });
    const sources = groupOrigins([
      original,
      page("https://copy.example/report", prose("edited copy"), { canonicalUrl: "https://origin.example/report" }),
      page("https://syndic.example/report", prose("syndicated copy"), {
        attributions: [republished("The Origin", "This article first appeared on The Origin.")],
      }),
      page("https://elsewhere.example/x", prose("other"), { canonicalUrl: "https://faraway.example/x" }),
      page("https://alsoelse.example/y", prose("other again"), { canonicalUrl: "https://faraway.example/y" }),
    ]);
    expect(groupsOf(sources)).toEqual([
      ["https://alsoelse.example/y", "https://elsewhere.example/x"],
      ["https://copy.example/report", "https://origin.example/report", "https://syndic.example/report"],
    ]);
    expect(sources[1]?.relation).toEqual({ kind: "canonical", to: "0" });
    expect(sources[2]?.relation).toEqual({ kind: "republished", to: "0" });
    expect(sources[3]?.origin).toBe("faraway.example");
  });

  it("catches an unattributed near copy, and leaves merely similar pages apart", () => {
    const trimmed = story.split(". ").slice(0, 10).join(". ");
    const sources = groupOrigins([
      page("https://one.example/a", story, { attributions: [wire("AP", "PORTMERE, England (AP) —")] }),
      page("https://quiet.example/b", trimmed.replace("PORTMERE, England (AP) — ", "")),
      page("https://other.example/c", prose("a different story about the flood", 14)),
    ]);
    expect(groupsOf(sources)).toEqual([["https://one.example/a", "https://quiet.example/b"], ["https://other.example/c"]]);
    expect(sources[1]?.relation?.kind).toBe("nearDuplicate");
  });

  it("marks official bodies and scores sources by the policy", () => {
    const sources = groupOrigins(
      [
        page("https://www.portmere.gov.uk/news/1", prose("council")),
        page("https://newsroom.alderbank.com/release", prose("release")),
        page("https://blog.someone.example/post", prose("blog")),
        page("https://paper.example/story", prose("paper")),
      ],
      { policy: { kinds: { official: 90, agency: 80, news: 70, blog: 30, other: 50 }, domains: { "paper.example": 75 } } },
    );
    expect(sources.map((s) => [s.official, s.score])).toEqual([
      [true, 90],
      [true, 90],
      [false, 30],
      [false, 75],
    ]);
  });
});

describe("near duplicates", () => {
  it("pairs copies and trimmed copies but not unrelated texts", () => {
    const base = prose("base", 20);
    const texts = [base, base, base.split(". ").slice(0, 12).join(". "), prose("unrelated", 20), "too short to compare"];
    const pairs = nearDuplicatePairs(texts).map(({ a, b }) => `${a}-${b}`);
    expect(pairs.sort()).toEqual(["0-1", "0-2", "1-2"]);
  });

  it("grows about linearly: 2,000 distinct texts make no pairs", () => {
    const texts = Array.from({ length: 2000 }, (_, i) => prose(`doc ${i} ${i * 7919}`, 8));
    expect(nearDuplicatePairs(texts)).toEqual([]);
  });
});

describe("near duplicates in Japanese", () => {
  it("shingles text written without spaces by its characters", () => {
    expect(words("台風14号が上陸した")).toEqual(["台", "風", "14", "号", "が", "上", "陸", "し", "た"]);
  });
});
