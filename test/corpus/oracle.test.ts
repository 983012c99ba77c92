// The error decomposition of `npm run eval:sourcing -- --oracle` (oracle.ts): each step must hand
// the states exactly the piece of the truth its label names and keep the engine's reading of the
// rest. Made-up stories pin each step; one development story checks the first step is the engine
// as scored.
import { describe, expect, it } from "vitest";
import type { CheckedClaim, ClaimState, GroupedSource } from "../../src/sourcing/types.ts";
import { disputeErrors, type OracleClaim, oracleClaims, oracleStory } from "./oracle.ts";
import { scoreStory } from "./scoring.ts";
import { loadSet, type StoryClaim, type StoryTruth } from "./storyCorpus.ts";

const url = (host: string) => `http://www.${host}.example/story.html`;
const [A, C, D, U] = [url("courant"), url("herald"), url("gazette"), url("seafarers-union")];

const truth = (claims: StoryClaim[]): StoryTruth => ({
  story: { id: "made-up", title: "", topic: "", writer: "", languages: ["en"], patterns: [] },
  pages: [
    { url: A, lang: "en", contentType: "text/html", kind: "news", origin: "The Courant", official: false, signals: [] },
    { url: C, lang: "en", contentType: "text/html", kind: "news", origin: "The Herald", official: false, signals: [] },
    { url: D, lang: "en", contentType: "text/html", kind: "news", origin: "The Gazette", official: false, signals: [] },
    {
      url: U,
      lang: "en",
      contentType: "text/html",
      kind: "official",
      origin: "Seafarers Union",
      official: true,
      party: "Seafarers Union",
      signals: [],
    },
  ],
  parties: [{ name: "Seafarers Union", aliases: ["STU", "the union", "union spokesman Ian Reid"] }],
  claims,
});

const sources = [A, C, D, U].map(
  (u, i) =>
    ({
      key: `s${i}`,
      page: { url: u, title: "", text: "", links: [], attributions: [], siteName: new URL(u).hostname },
      domain: new URL(u).hostname.replace(/^www\./, ""),
      originId: `o${i}`,
      origin: new URL(u).hostname,
      official: u === U,
    }) as unknown as GroupedSource,
);
const urlOfKey = new Map(sources.map((s) => [s.key, s.page.url]));
const keyOf = (u: string) => sources.find((s) => s.page.url === u)?.key as string;

/** An engine claim whose every mention states `figure`, on the pages given with who each credits. */
const engineClaim = (figure: string, state: ClaimState, on: [string, string?][]): CheckedClaim => ({
  key: `c${figure}`,
  text: `${figure} sailings were cancelled.`,
  state,
  originCount: on.length,
  sourceKeys: on.map(([u]) => keyOf(u)),
  mentions: on.map(([u, party]) => ({
    sourceKey: keyOf(u),
    text: `${figure} sailings were cancelled.`,
    ...(party ? { attributedTo: party } : {}),
  })),
});

const claim = (
  id: string,
  figure: string,
  state: StoryClaim["state"],
  restsOn: Record<string, string>,
  conflictsWith?: string[],
): StoryClaim => ({
  id,
  state,
  text: "",
  facts: [figure],
  carriedBy: Object.keys(restsOn),
  restsOn,
  ...(conflictsWith ? { conflictsWith } : {}),
});

const outcomesOf = (claims: StoryClaim[], engine: CheckedClaim[]): OracleClaim[] =>
  oracleClaims(truth(claims), engine, sources, urlOfKey);

describe("the error decomposition", () => {
  it("reads the engine's credits in the truth's names: an alias or a role is the party, never an outlet of the story", () => {
    const [c] = outcomesOf(
      [claim("reid", "34", "parallel", { [A]: "party:Seafarers Union", [C]: "party:Seafarers Union" })],
      [
        engineClaim("34", "corroborated", [
          [A, "union spokesman Ian Reid"],
          [C, "the union"],
        ]),
      ],
    );
    expect(c?.outcomes.engine).toBe("corroborated");
    // Both credits are the union's: by the engine's reading, states by the definitions, it is parallel.
    expect(c?.outcomes.definitions).toBe("parallel");
  });

  it("hands the truth's bases while keeping a page only the engine counts as a carrier, and the engine's dispute", () => {
    const [single, disputed] = outcomesOf(
      [
        claim("exclusive", "12", "singleSource", { [A]: "own" }),
        claim("union-count", "56", "parallel", { [A]: "party:Seafarers Union", [C]: "party:Seafarers Union" }),
      ],
      [
        engineClaim("12", "corroborated", [[A], [D]]),
        engineClaim("56", "disputed", [
          [A, "STU"],
          [C, "STU"],
        ]),
      ],
    );
    // The Gazette's page carries it on its own account for the engine: two accounts.
    expect(single?.outcomes.attribution).toBe("corroborated");
    expect(single?.outcomes.carriers).toBe("singleSource");
    // The engine's dispute stands until the truth's disputes are handed over.
    expect(disputed?.outcomes.attribution).toBe("disputed");
    expect(disputed?.outcomes.carriers).toBe("disputed");
    expect(disputed?.outcomes.basesAndDisputes).toBe("parallel");
    expect(disputed?.outcomes.disputes).toBe("parallel");
    // Told only that it is not disputed, the engine's rules read two outlets on the union's word.
    expect(disputed?.outcomes.disputesOnly).toBe("parallel");
  });

  it("counts disputes missed and read where there are none among claims the engine found, not those it did not", () => {
    const claims = outcomesOf(
      [
        claim("fee-12", "78", "disputed", { [A]: "own" }, ["fee-7"]),
        claim("fee-7", "90", "disputed", { [C]: "own" }, ["fee-12"]),
        claim("union-count", "56", "parallel", { [A]: "party:Seafarers Union", [C]: "party:Seafarers Union" }),
      ],
      [
        engineClaim("78", "singleSource", [[A]]),
        engineClaim("56", "disputed", [
          [A, "STU"],
          [C, "STU"],
        ]),
      ],
    );
    expect(claims.map((c) => c.outcomes.engine)).toEqual(["singleSource", "notFound", "disputed"]);
    expect(claims[0]?.outcomes.disputesOnly).toBe("disputed");
    expect(claims[0]?.outcomes.basesAndDisputes).toBe("disputed");
    expect(disputeErrors(claims)).toEqual({ missed: 1, invented: 1 });
  });

  it("starts from the engine as scored, and handed the whole truth gives the truth's states", async () => {
    const [story] = loadSet("development").filter((s) => s.truth.story.id === "a-kilbrannan-ferry-strike");
    if (!story) throw new Error("the development story a-kilbrannan-ferry-strike is missing");
    const [oracle, scored] = await Promise.all([oracleStory(story), scoreStory(story)]);
    expect(oracle.map((c) => c.outcomes.engine)).toEqual(scored.claims.map((c) => c.engine));
    for (const c of oracle.filter((x) => x.outcomes.engine !== "notFound")) expect(c.outcomes.disputes).toBe(c.truth);
  }, 60_000);
});
