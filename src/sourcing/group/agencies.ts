// News agencies by the names and short forms they are credited with. A page crediting one in its
// dateline, byline or copyright line relays that agency's story: the agency is its origin.

const AGENCIES: [canonical: string, aliases: string[]][] = [
  ["Associated Press", ["ap", "associated press", "the associated press"]],
  ["Reuters", ["reuters", "thomson reuters"]],
  ["AFP", ["afp", "agence france-presse", "agence france presse"]],
  ["dpa", ["dpa", "deutsche presse-agentur", "deutsche presse agentur"]],
  ["ANSA", ["ansa"]],
  ["EFE", ["efe", "agencia efe"]],
  ["PA Media", ["pa", "pa media", "press association"]],
  ["Kyodo", ["kyodo", "kyodo news"]],
  ["Xinhua", ["xinhua"]],
  ["TASS", ["tass"]],
  ["ANP", ["anp"]],
  ["APA", ["apa", "austria presse agentur"]],
  ["Belga", ["belga"]],
  ["TT", ["tt", "tidningarnas telegrambyrå"]],
  ["NTB", ["ntb", "norsk telegrambyrå"]],
  ["Ritzau", ["ritzau"]],
  ["STT", ["stt"]],
  ["ČTK", ["čtk", "ctk"]],
  ["MTI", ["mti"]],
  ["PAP", ["pap"]],
  ["Anadolu", ["anadolu", "anadolu agency", "aa"]],
  ["Bloomberg", ["bloomberg", "bloomberg news"]],
  ["KNA", ["kna"]],
  ["epd", ["epd"]],
  ["AAP", ["aap", "australian associated press"]],
  ["CP", ["canadian press", "the canadian press"]],
  ["Lusa", ["lusa"]],
  ["Europa Press", ["europa press"]],
  ["Yonhap", ["yonhap"]],
];

const BY_ALIAS = new Map<string, string>();
for (const [canonical, aliases] of AGENCIES) for (const alias of aliases) BY_ALIAS.set(alias, canonical);

/** The agency's canonical name, when `party` names one ("AP", "The Associated Press" → "Associated Press"). */
export function canonicalAgency(party: string): string | undefined {
  const key = party
    .trim()
    .toLowerCase()
    .replace(/^©\s*\d{0,4}\s*/, "")
    .replace(/[.,;:]+$/, "")
    .replace(/\s+/g, " ");
  return BY_ALIAS.get(key) ?? BY_ALIAS.get(key.replace(/^the /, ""));
}
