// News agencies: the wire services whose copy outlets relay. Wire credits are recognised only
// from this list of agencies (full names and short forms), never from the names of outlets.
// Short forms are matched with their exact capitalisation ("AP", "dpa"/"DPA", "Efe"/"EFE"), as
// whole words, so "APPLE", "apa" or "tt" do not count.

export interface Agency {
  /** Stable key, e.g. "ap", used to tell that "AP" and "The Associated Press" are one origin. */
  key: string;
  /** Display name. */
  name: string;
  /** How pages write it. Matched case-sensitively, as whole words. */
  aliases: string[];
}

export const AGENCIES: readonly Agency[] = [
  { key: "ap", name: "Associated Press", aliases: ["AP", "Associated Press", "The Associated Press", "ASSOCIATED PRESS"] },
  { key: "reuters", name: "Reuters", aliases: ["Reuters", "REUTERS", "Thomson Reuters"] },
  {
    key: "afp",
    name: "Agence France-Presse",
    aliases: ["AFP", "Agence France-Presse", "Agence France Presse", "Agence France-Press", "France-Presse", "France Presse"],
  },
  {
    key: "dpa",
    name: "Deutsche Presse-Agentur",
    aliases: ["dpa", "DPA", "dpa-AFX", "Deutsche Presse-Agentur", "Deutschen Presse-Agentur"],
  },
  { key: "ansa", name: "ANSA", aliases: ["ANSA", "Ansa"] },
  { key: "adnkronos", name: "Adnkronos", aliases: ["Adnkronos", "AdnKronos", "ADNKRONOS"] },
  { key: "agi", name: "Agenzia Italia", aliases: ["AGI", "Agenzia Italia"] },
  { key: "lapresse", name: "LaPresse", aliases: ["LaPresse"] },
  { key: "italpress", name: "Italpress", aliases: ["Italpress"] },
  { key: "efe", name: "EFE", aliases: ["EFE", "Efe", "Agencia EFE", "Agencia Efe"] },
  { key: "europapress", name: "Europa Press", aliases: ["Europa Press"] },
  { key: "lusa", name: "Lusa", aliases: ["Lusa", "LUSA", "Agência Lusa"] },
  { key: "pa", name: "PA Media", aliases: ["PA Media", "PA", "Press Association", "PA news agency", "PA News Agency"] },
  { key: "upi", name: "United Press International", aliases: ["UPI", "United Press International"] },
  { key: "bloomberg", name: "Bloomberg News", aliases: ["Bloomberg News"] },
  { key: "cp", name: "The Canadian Press", aliases: ["The Canadian Press", "Canadian Press"] },
  { key: "aap", name: "Australian Associated Press", aliases: ["AAP", "Australian Associated Press"] },
  { key: "kyodo", name: "Kyodo News", aliases: ["Kyodo", "Kyodo News", "KYODO", "共同通信", "共同通信社", "共同"] },
  { key: "jiji", name: "Jiji Press", aliases: ["Jiji Press", "Jiji", "時事通信", "時事通信社", "時事"] },
  { key: "yonhap", name: "Yonhap", aliases: ["Yonhap", "Yonhap News Agency"] },
  { key: "xinhua", name: "Xinhua", aliases: ["Xinhua", "Xinhua News Agency", "XINHUA"] },
  { key: "tass", name: "TASS", aliases: ["TASS", "Tass", "ITAR-TASS"] },
  { key: "interfax", name: "Interfax", aliases: ["Interfax"] },
  { key: "ria", name: "RIA Novosti", aliases: ["RIA Novosti", "RIA"] },
  { key: "ukrinform", name: "Ukrinform", aliases: ["Ukrinform"] },
  { key: "unian", name: "UNIAN", aliases: ["UNIAN"] },
  { key: "pti", name: "Press Trust of India", aliases: ["PTI", "Press Trust of India"] },
  { key: "ians", name: "IANS", aliases: ["IANS"] },
  { key: "anp", name: "ANP", aliases: ["ANP", "Algemeen Nederlands Persbureau"] },
  { key: "belga", name: "Belga", aliases: ["Belga", "BELGA"] },
  { key: "apa", name: "Austria Presse Agentur", aliases: ["APA", "Austria Presse Agentur"] },
  { key: "sda", name: "Keystone-SDA", aliases: ["Keystone-SDA", "SDA", "Keystone-ATS", "ATS"] },
  { key: "kna", name: "KNA", aliases: ["KNA", "Katholische Nachrichten-Agentur"] },
  { key: "epd", name: "epd", aliases: ["epd", "Evangelischer Pressedienst"] },
  { key: "tt", name: "TT Nyhetsbyrån", aliases: ["TT", "TT Nyhetsbyrån"] },
  { key: "ntb", name: "NTB", aliases: ["NTB", "Norsk Telegrambyrå"] },
  { key: "ritzau", name: "Ritzau", aliases: ["Ritzau", "Ritzaus Bureau"] },
  { key: "stt", name: "STT", aliases: ["STT", "STT-FNB", "Suomen Tietotoimisto"] },
  { key: "ctk", name: "ČTK", aliases: ["ČTK", "CTK", "Česká tisková kancelář"] },
  { key: "tasr", name: "TASR", aliases: ["TASR", "Tlačová agentúra Slovenskej republiky"] },
  { key: "mti", name: "MTI", aliases: ["MTI", "Magyar Távirati Iroda"] },
  { key: "pap", name: "Polish Press Agency", aliases: ["PAP", "Polska Agencja Prasowa"] },
  { key: "agerpres", name: "Agerpres", aliases: ["Agerpres", "AGERPRES"] },
  { key: "amna", name: "Athens-Macedonian News Agency", aliases: ["ANA-MPA", "AMNA", "Athens-Macedonian News Agency"] },
  { key: "bta", name: "BTA", aliases: ["BTA", "Bulgarian News Agency"] },
  { key: "hina", name: "HINA", aliases: ["HINA", "Hina"] },
  { key: "tanjug", name: "Tanjug", aliases: ["Tanjug", "TANJUG"] },
  { key: "fena", name: "FENA", aliases: ["FENA"] },
  { key: "sta", name: "STA", aliases: ["STA", "Slovenska tiskovna agencija"] },
  { key: "anadolu", name: "Anadolu Agency", aliases: ["Anadolu", "Anadolu Agency", "Anadolu Ajansı", "AA"] },
  { key: "dha", name: "Demirören News Agency", aliases: ["DHA", "Demirören Haber Ajansı"] },
  { key: "ihlas", name: "İhlas News Agency", aliases: ["İHA", "IHA", "İhlas Haber Ajansı"] },
  { key: "mena", name: "MENA", aliases: ["MENA", "Middle East News Agency"] },
  { key: "wafa", name: "WAFA", aliases: ["WAFA"] },
  { key: "notimex", name: "Notimex", aliases: ["Notimex"] },
  { key: "agenciabrasil", name: "Agência Brasil", aliases: ["Agência Brasil"] },
  { key: "telam", name: "Télam", aliases: ["Télam", "Telam"] },
  { key: "pna", name: "Philippine News Agency", aliases: ["Philippine News Agency"] },
  { key: "bernama", name: "Bernama", aliases: ["Bernama", "BERNAMA"] },
  { key: "antara", name: "Antara", aliases: ["Antara"] },
  { key: "vna", name: "Vietnam News Agency", aliases: ["Vietnam News Agency", "VNA"] },
];

/**
 * Short forms that are also ordinary abbreviations ("PA" for Pennsylvania, "APA" for the American
 * Psychological Association, "DPA" for a data protection authority, "UPI" for a payment system).
 * They count only where the form itself says "agency": a dateline credit "(PA) —", a byline or
 * credit line of their own, or after the word "agency" in a sentence.
 */
export const AMBIGUOUS_ALIASES = new Set([
  "PA",
  "AA",
  "TT",
  "SDA",
  "ATS",
  "RIA",
  "STA",
  "AAP",
  "VNA",
  "IHA",
  "APA",
  "PAP",
  "UPI",
  "MENA",
  "DPA",
  "BTA",
  "ANP",
  "PTI",
  "AGI",
  "共同",
  "時事",
]);

const byAlias = new Map<string, Agency>();
for (const agency of AGENCIES) for (const alias of agency.aliases) byAlias.set(alias, agency);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function aliasPattern(aliases: string[]): string {
  const sorted = [...aliases].sort((a, b) => b.length - a.length);
  // Whole words: no letter or digit on either side (Unicode-aware, so "ČTK" and "İHA" work).
  return String.raw`(?<![\p{L}\p{N}])(?:${sorted.map(escapeRegExp).join("|")})(?![\p{L}\p{N}])`;
}

const allAliases = [...byAlias.keys()];

/** Regex source matching any agency alias as a whole word (use with the `u` flag). */
export const ANY_AGENCY = aliasPattern(allAliases);

/** Regex source matching agency aliases that are not ambiguous abbreviations (use with `u`). */
export const CLEAR_AGENCY = aliasPattern(allAliases.filter((alias) => !AMBIGUOUS_ALIASES.has(alias)));

/** The agency a name refers to ("AP", "the Associated Press", "dpa/lnw" → its agency), if any. */
export function findAgency(name: string): Agency | undefined {
  const cleaned = name
    .trim()
    .replace(/^(?:the|die|der|la|l'|le|el)\s+/i, (article) => (/^the\s/i.test(article) ? "The " : ""))
    .replace(/[.,;:]+$/, "")
    // Regional services of an agency: "dpa/lnw", "dpa-AFX" is listed, "APA/red".
    .replace(/\/[a-z]{2,4}$/, "");
  return byAlias.get(cleaned) ?? byAlias.get(cleaned.replace(/^The /, "")) ?? byAlias.get(`The ${cleaned}`);
}

/** Stable key of the agency a credited party names ("AP" and "Associated Press" → "ap"), if any. */
export function agencyKey(party: string): string | undefined {
  return findAgency(party)?.key;
}
