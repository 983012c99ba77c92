// Japanese figures: numbers written against the words they count, full-width digits, 万/億 grouping,
// 年/月/日 dates, and that they match across sources and hold the writers to their sources.
import { describe, expect, it } from "vitest";
import { attributeSentences } from "../../src/sourcing/claims/attribution.ts";
import { checkClaims, relate } from "../../src/sourcing/claims/checkClaims.ts";
import { isCheckable, namesOwnReporter, sentenceFacts } from "../../src/sourcing/claims/facts.ts";
import type { GroupedSource } from "../../src/sourcing/types.ts";
import { carriedFigures, figuresOf, uncarriedFigures } from "../../src/writing/figures.ts";
import type { WritingClaim, WritingSource } from "../../src/writing/types.ts";

const ja = (sentence: string) => sentenceFacts(sentence, "ja");
const numbers = (sentence: string) => ja(sentence).numbers.sort();

describe("Japanese numbers", () => {
  it("reads a number touching Japanese text", () => {
    expect(numbers("約1500世帯が停電した。")).toEqual(["1500"]);
    expect(numbers("14人が負傷した。")).toEqual(["14"]);
    expect(numbers("事故で乗客14人が負傷した。")).toEqual(["14"]);
  });

  it("normalises full-width digits and ASCII or full-width thousands commas", () => {
    expect(numbers("約１５００世帯が停電した。")).toEqual(["1500"]);
    expect(numbers("約1,500世帯が停電した。")).toEqual(["1500"]);
    expect(numbers("約１，５００世帯が停電した。")).toEqual(["1500"]);
    expect(numbers("約１,５００世帯が停電した。")).toEqual(["1500"]);
    expect(numbers("高さ約１．５メートルの波が来た。")).toEqual(["1.5"]);
  });

  it("resolves 千, 万 and 億", () => {
    expect(numbers("3万人が避難した。")).toEqual(["30000"]);
    expect(numbers("被害額は1億2000万円にのぼる。")).toEqual(["120000000"]);
    expect(numbers("損失は1.5億ドルに達した。")).toEqual(["150000000"]);
    expect(numbers("３万５０００人が参加した。")).toEqual(["35000"]);
    expect(numbers("費用は5千円だった。")).toEqual(["5000"]);
    expect(numbers("総事業費は約２４０億円となる。")).toEqual(["24000000000"]);
  });

  it("reads percentages with a full-width or ASCII sign", () => {
    expect(numbers("投票率は40％だった。")).toEqual(["40%"]);
    expect(numbers("投票率は40%だった。")).toEqual(["40%"]);
    expect(numbers("投票率は４０％だった。")).toEqual(["40%"]);
    expect(ja("投票率は40％だった。").quantities).toEqual([{ value: "40%", unit: "%" }]);
  });

  it("normalises 年/月/日 dates and keeps them out of the numbers", () => {
    expect(ja("選挙は2026年3月14日に行われた。")).toMatchObject({ dates: ["2026-03-14"], numbers: [] });
    expect(ja("選挙は２０２６年３月１４日に行われた。")).toMatchObject({ dates: ["2026-03-14"], numbers: [] });
    expect(ja("選挙は3月14日に行われた。")).toMatchObject({ dates: ["03-14"], numbers: [] });
    expect(ja("工事は2026年3月に始まった。")).toMatchObject({ dates: ["2026-03"], numbers: [] });
    expect(ja("工場は2026年に閉鎖される。")).toMatchObject({ dates: ["2026"], numbers: [] });
    // A month alone is neither a comparable date nor a count.
    expect(ja("工場は3月に閉鎖される。")).toMatchObject({ dates: [], numbers: [] });
  });

  it("reads a year counted by era as the western year ('令和8年' is 2026), not as a count of years", () => {
    expect(ja("報道発表 令和8年10月14日 15時10分 国立火山監視センター")).toMatchObject({ dates: ["2026-10-14"], numbers: [] });
    expect(ja("令和８年３月")).toMatchObject({ dates: ["2026-03"], numbers: [] });
    expect(ja("平成31年に完成した。")).toMatchObject({ dates: ["2019"], numbers: [] });
    expect(ja("令和元年の台風で被害が出た。")).toMatchObject({ dates: ["2019"], numbers: [] });
  });

  it("records what a figure counts from the counter or noun after it (money and people as one class in every language)", () => {
    const units = (sentence: string) => ja(sentence).quantities;
    expect(units("約1500世帯が停電した。")).toEqual([{ value: "1500", unit: "households" }]);
    // People counted by what befell them, as "14 Verletzte" counts the injured.
    expect(units("14人が負傷した。")).toEqual([{ value: "14", unit: "injured" }]);
    expect(units("比良沢町などであわせて23人がけがをしました。")).toEqual([{ value: "23", unit: "injured" }]);
    expect(units("県によると、けが人は午後4時時点で31人に増えた。")).toEqual([{ value: "31", unit: "injured" }]);
    expect(units("死者は3人、けが人は12人にのぼる。")).toEqual([
      { value: "3", unit: "dead" },
      { value: "12", unit: "injured" },
    ]);
    expect(units("避難者数は合計1,486人です。")).toEqual([{ value: "1486", unit: "people" }]);
    expect(units("5件の火災が起きた。")).toEqual([{ value: "5", unit: "件" }]);
    expect(units("車3台が衝突した。")).toEqual([{ value: "3", unit: "台" }]);
    expect(units("被害額は1億2000万円にのぼる。")).toEqual([{ value: "120000000", unit: "¤" }]);
    expect(units("損失は1.5億ドルに達した。")).toEqual([{ value: "150000000", unit: "¤" }]);
    expect(units("3万人が避難した。")).toEqual([{ value: "30000", unit: "people" }]);
    expect(units("高さ約6メートルの防潮堤。")).toEqual([{ value: "6", unit: "length", base: 6 }]);
    expect(units("線路の雪を溶かすスプリンクラーが、およそ3キロにわたって作動していなかった。")).toEqual([
      { value: "3", unit: "length", base: 3000 },
    ]);
    // "キロ" also weighs: a length only where it spans a distance.
    expect(units("コメ3キロを配った。")).toEqual([{ value: "3", unit: "キロ" }]);
  });

  it("counts a four-digit figure with a counter, and takes one without as a year", () => {
    expect(ja("入場料は2000円だった。")).toMatchObject({ numbers: ["2000"], dates: [] });
    expect(ja("参加者は1998人だった。")).toMatchObject({ numbers: ["1998"], dates: [] });
  });

  it("leaves figures inside Latin names alone", () => {
    expect(numbers("F35が飛来した。")).toEqual([]);
  });
});

describe("Japanese figures in other languages, and other languages unchanged", () => {
  it("reads a figure touching Japanese text whatever the language", () => {
    expect(sentenceFacts("約1500世帯が停電した。").numbers).toEqual(["1500"]);
    expect(sentenceFacts("被害額は1億2000万円、2026年3月14日。", "de")).toMatchObject({
      numbers: ["120000000"],
      dates: ["2026-03-14"],
    });
  });

  it("keeps the language's own reading of figures away from Japanese text", () => {
    expect(
      sentenceFacts("Rund 1.200 Haushalte in 東京 waren ohne Strom, Schaden 2,5 Millionen Euro.", "de").numbers.sort(),
    ).toEqual(["1200", "2500000"]);
    expect(sentenceFacts("About 1,200 homes lost power, and repairs will cost $2.5 million.").numbers.sort()).toEqual([
      "1200",
      "2500000",
    ]);
    expect(sentenceFacts("Turnout rose to 61.5 per cent in the northern wards.").numbers).toEqual(["61.5%"]);
    // No Japanese reading without Japanese text: full-width digits in an English sentence stay unread.
    expect(sentenceFacts("The plant opened in 2019 and employs ３４０ people and 340 staff.").numbers).toEqual(["340"]);
    expect(sentenceFacts("The vote was held on 3 May 2026, when 40% voted.").dates).toEqual(["2026-05-03"]);
  });
});

describe("Japanese figures across sources", () => {
  const mention = (source: number, text: string) => ({ source, text, language: "ja", facts: ja(text) });

  it("matches two sources writing 約1500世帯 and 1,500世帯", () => {
    const a = mention(0, "約1500世帯が停電した。");
    const b = mention(1, "1,500世帯が停電した。");
    expect(a.facts.quantities).toEqual(b.facts.quantities);
    expect(relate(a, b, () => 1)).toBe("same");
  });

  it("matches full-width and ASCII writing of the same figures and date", () => {
    const a = mention(0, "２０２６年３月１４日、約１，５００世帯が停電した。");
    const b = mention(1, "2026年3月14日、約1500世帯が停電した。");
    expect(a.facts).toMatchObject({ numbers: b.facts.numbers, dates: b.facts.dates, quantities: b.facts.quantities });
    expect(relate(a, b, () => 1)).toBe("same");
  });

  it("finds a conflict where the counts differ", () => {
    expect(relate(mention(0, "約1500世帯が停電した。"), mention(1, "約1600世帯が停電した。"), () => 1)).toBe("conflict");
  });
});

describe("Japanese figures the writer states", () => {
  const source: WritingSource = {
    id: "j1",
    origin: "港新聞",
    originId: "oj1",
    title: "台風で港閉鎖",
    url: "https://minato.example/1",
    official: false,
    language: "ja",
    text: "台風の影響で港が2026年3月14日に閉鎖された。約1,500世帯が停電した。",
  };
  const claim: WritingClaim = {
    id: "k1",
    text: "約1,500世帯が停電した。",
    state: "singleSource",
    originCount: 1,
    sourceIds: ["j1"],
    mentions: [{ sourceId: "j1", text: "約1,500世帯が停電した。" }],
  };
  const carried = carriedFigures(["k1"], new Map([["k1", claim]]), new Map([["j1", source]]), false);

  it("reads the figures of a Japanese text", () => {
    const figures = figuresOf(source.text ?? "", "ja");
    expect([...figures.numbers]).toEqual(["1500"]);
    expect([...figures.dates]).toEqual(["2026-03-14"]);
  });

  it("holds 1500世帯 carried by a source's 約1,500世帯, and 1600世帯 not", () => {
    expect(uncarriedFigures("1500世帯が停電した。", carried, "ja")).toEqual([]);
    expect(uncarriedFigures("約１５００世帯が停電した。", carried, "ja")).toEqual([]);
    expect(uncarriedFigures("1600世帯が停電した。", carried, "ja")).toEqual(["1600"]);
  });

  it("holds a date to the source's page at its precision", () => {
    const withPages = carriedFigures(["k1"], new Map([["k1", claim]]), new Map([["j1", source]]));
    expect(uncarriedFigures("港は3月14日に閉鎖された。", withPages, "ja")).toEqual([]);
    expect(uncarriedFigures("港は2026年3月に閉鎖された。", withPages, "ja")).toEqual([]);
    expect(uncarriedFigures("港は3月15日に閉鎖された。", withPages, "ja")).toEqual(["03-15"]);
  });
});

describe("Japanese claims across sources", () => {
  const source = (key: string, origin: string, text: string): GroupedSource => ({
    key,
    page: { url: `https://${origin}.example.jp/a`, title: "台風", text, links: [], attributions: [], language: "ja" },
    domain: `${origin}.example.jp`,
    originId: origin,
    origin,
    official: false,
    score: 50,
  });

  it("are checkable statements, matched when two independent outlets write the same figure differently", () => {
    expect(isCheckable(sentenceFacts("台風の影響で、港町では約1500世帯が停電した。", "ja"))).toBe(true);
    const claims = checkClaims([
      source("0", "kaigan", "台風の影響で、港町では約1500世帯が停電した。\n\n市は避難所を三か所に開設した。"),
      source("1", "minato", "港町で台風により1,500世帯が停電した。\n\n漁港の被害は調査中だ。"),
    ]);
    const outage = claims.find((c) => c.text.includes("停電"));
    expect(outage?.state).toBe("corroborated");
    expect(outage?.sourceKeys.sort()).toEqual(["0", "1"]);
  });
});

describe("a party's position in Japanese", () => {
  it("reads a demand, an offer or a denial written without spaces, so a demand disputes no count", () => {
    expect(sentenceFacts("パイロット労組は9.5%の賃上げを要求している。", "ja").position).toBe("demand");
    expect(sentenceFacts("組合は5%の賃上げを求めている。", "ja").position).toBe("demand");
    expect(sentenceFacts("検察は懲役9年を求刑した。", "ja").position).toBe("demand");
    expect(sentenceFacts("会社は3%の賃上げを提示した。", "ja").position).toBe("offer");
    expect(sentenceFacts("パイロットの97%がストに参加した。", "ja").position).toBeUndefined();
    // A denial too: "…と否定した" is read, whatever stands before it.
    expect(sentenceFacts("同社は工場を閉鎖する計画はないと否定した。", "ja").denial).toBe(true);
    expect(sentenceFacts("同社は工場を閉鎖すると発表した。", "ja").denial).toBe(false);
    // The union's demand against the share that joined the strike: two facts, not two accounts.
    const m = (source: number, text: string, language: string) => ({
      source,
      text,
      language,
      facts: sentenceFacts(text, language),
    });
    expect(
      relate(
        m(0, "パイロット労組は9.5%の賃上げを要求している。", "ja"),
        m(1, "The union said 97% of the airline's pilots had joined the walkout.", "en"),
        () => 1,
      ),
    ).not.toBe("conflict");
  });
});

describe("a document named in Japanese", () => {
  it("is read where it stands, inside the sentence: '…被害状況を発表した' names a document", () => {
    const read = attributeSentences([["市は14日、被害状況を発表した。", "同市の発表によると、住宅12棟が全壊した。"]], "ja", (s) =>
      /\d/.test(s),
    );
    expect(read[0]?.document).toBe(true);
  });
});

describe("Japanese markers read inside a sentence", () => {
  it("reads the outlet's own reporter", () => {
    expect(namesOwnReporter("本紙記者が10日に現地を訪れた。")).toBe(true);
  });
});
