// Who a statement comes from, as something that can be compared across pages and languages.
// A party is written many ways: in full ("Port of Valdena Authority"), by role ("the authority",
// "die Behörde", "el ministerio", "同社"), by a spokesperson's name. A party here is split into
// the roles its words name (from a lexicon of institution words in the languages we read) and
// the name words left over; two parties are one when their names agree, or when one is named
// only by a role the other has. Nothing here knows any outlet, body or person of a story.

import { CJK_CHAR } from "./japaneseFigures.ts";
import { conceptOf, japaneseConcepts, LATIN_LEXICON_LANGUAGES } from "./newsLexicon.ts";

/** Institution words of the languages we read, by role. A word names its role in any of them. */
const ROLE_WORDS: Record<string, string[]> = {
  ministry: [
    "ministeriums",
    "ministerstwa",
    "ministerstwie",
    "ministra",
    "ministry",
    "minister",
    "department",
    "ministerium",
    "ministerin",
    "ministère",
    "ministre",
    "ministerio",
    "ministro",
    "ministra",
    "ministero",
    "ministerstwo",
    "minister",
    "省",
    "大臣",
  ],
  authority: [
    "urzędu",
    "urzędzie",
    "amtes",
    "behörden",
    "agencji",
    "authority",
    "agency",
    "administration",
    "office",
    "behörde",
    "amt",
    "autorité",
    "agence",
    "autoridad",
    "agencia",
    "autorità",
    "agenzia",
    "urząd",
    "agencja",
    "authorities",
    "autorités",
    "autoridades",
    "władze",
    "sanepid",
    "庁",
    "局",
  ],
  council: [
    "stadtverwaltung",
    "verwaltung",
    "miasta",
    "gminy",
    "ratusza",
    "magistrat",
    "magistratu",
    "prezydenta",
    "burmistrza",
    "municipal",
    "協議会",
    "議会",
    "council",
    "municipality",
    "city",
    "town",
    "mayor",
    "borough",
    "county",
    "stadt",
    "gemeinde",
    "rathaus",
    "bürgermeister",
    "bürgermeisterin",
    "landkreis",
    "mairie",
    "ville",
    "commune",
    "maire",
    "ayuntamiento",
    "alcaldía",
    "alcaldia",
    "municipalidad",
    "municipio",
    "alcalde",
    "alcaldesa",
    "intendencia",
    "comune",
    "diputación",
    "sindaco",
    "municipio",
    "miasto",
    "gmina",
    "ratusz",
    "prezydent",
    "burmistrz",
    "市",
    "町",
    "村",
    "市長",
    "区",
  ],
  region: [
    "województwa",
    "regionu",
    "landes",
    "kantons",
    "regione",
    "regionale",
    "都",
    "州",
    "region",
    "province",
    "state",
    "land",
    "regione",
    "provincia",
    "région",
    "département",
    "comunidad",
    "junta",
    "consejería",
    "conselleria",
    "generalitat",
    "województwo",
    "voivodeship",
    "marshal",
    "canton",
    "kanton",
    "県",
    "府",
    "道",
    "知事",
  ],
  prefecture: [
    "prefecture",
    "préfecture",
    "préfet",
    "préfète",
    "prefettura",
    "prefetto",
    "prefectura",
    "präfektur",
    "präfekt",
    "präfektin",
    "prefektura",
    "prefekt",
  ],
  government: [
    "rządu",
    "regierungs",
    "government",
    "cabinet",
    "regierung",
    "bundesregierung",
    "senat",
    "gouvernement",
    "gobierno",
    "governo",
    "palazzo",
    "rząd",
    "政府",
    "内閣",
  ],
  police: [
    "policji",
    // Of the police, as "de source policière", "fuentes policiales", "fonti di polizia" say it.
    "policière",
    "policières",
    "policier",
    "policiers",
    "policiales",
    "policial",
    "policyjne",
    "policyjnych",
    "polizeisprecher",
    "polizeisprecherin",
    "policyjny",
    "警視庁",
    "police",
    "polizei",
    "policía",
    "policia",
    "polizia",
    "carabinieri",
    "questura",
    "gendarmerie",
    // Its officers, as a page names them: "selon les gendarmes", "policjanci ustalili".
    "gendarmes",
    "gendarme",
    "polizisten",
    "poliziotti",
    "policjanci",
    "policjant",
    "policja",
    "guardia",
    "警察",
    "県警",
    "警視庁",
  ],
  fire: [
    "straży",
    "feuerwehrsprecher",
    "消防本部",
    "消防局",
    "fire",
    "firefighters",
    "feuerwehr",
    "pompiers",
    "sdis",
    "bomberos",
    "vigili",
    "pompieri",
    "feuerwehrleute",
    "firefighter",
    "strażacy",
    "strażak",
    "straż",
    "消防",
  ],
  hospital: [
    "szpitala",
    "krankenhauses",
    "klinikums",
    "病院",
    "hospital",
    "clinic",
    "klinik",
    "klinikum",
    "krankenhaus",
    "hôpital",
    "chu",
    "clínica",
    "ospedale",
    "asl",
    "szpital",
    "病院",
  ],
  company: [
    "compagnie",
    "compagnia",
    "compañía",
    "operator",
    "betreiber",
    "opérateur",
    "operador",
    "operatore",
    "airline",
    "fluggesellschaft",
    "aerolínea",
    "insurer",
    "versicherer",
    "assureur",
    "aseguradora",
    "ubezpieczyciel",
    "management",
    "direction",
    "geschäftsführung",
    "konzernleitung",
    "dirección",
    "direzione",
    "zarząd",
    "経営陣",
    "unternehmens",
    "konzerns",
    "spółki",
    "firmy",
    "koncernu",
    "株式会社",
    "会社",
    "ホールディングス",
    "電力",
    "銀行",
    "鉄道会社",
    "company",
    "firm",
    "group",
    "operator",
    "generator",
    "utility",
    "producer",
    "supplier",
    "retailer",
    "provider",
    "business",
    "chain",
    "lender",
    "brand",
    "owner",
    "developer",
    "maker",
    "manufacturer",
    "carrier",
    "airline",
    "insurer",
    "assurances",
    "versicherung",
    "seguros",
    "assicurazioni",
    "bank",
    "unternehmen",
    "gesellschaft",
    "konzern",
    "firma",
    "betreiber",
    "hersteller",
    "société",
    "entreprise",
    "groupe",
    "exploitant",
    "armateur",
    "shipowner",
    "naviera",
    "armatore",
    "reederei",
    "armator",
    "minera",
    "constructora",
    "petrolera",
    "eléctrica",
    "aseguradora",
    "concesionaria",
    "distribuidora",
    "constructeur",
    "empresa",
    "compañía",
    "compania",
    "grupo",
    "operador",
    "operadora",
    "fabricante",
    "aerolínea",
    "società",
    "azienda",
    "gruppo",
    "gestore",
    "spółka",
    "firma",
    "przedsiębiorstwo",
    "operator",
    "koncern",
    "同社",
    "会社",
    "グループ",
    "社",
  ],
  club: [
    "vereins",
    "klubu",
    "drużyny",
    "club",
    "team",
    "verein",
    "klub",
    "équipe",
    "equipo",
    "squadra",
    "drużyna",
    "球団",
    "クラブ",
  ],
  union: [
    "gewerkschaften",
    "związku",
    "労組",
    "union",
    "gewerkschaft",
    "syndicat",
    "sindicato",
    "sindacato",
    "sindacati",
    "związek",
    "組合",
    "unionists",
    "gewerkschafter",
    "syndicalistes",
    "sindicalistas",
    "sindacalisti",
    "związkowcy",
  ],
  court: [
    "gerichts",
    "sądu",
    "tribunals",
    "court",
    "judge",
    "gericht",
    "richter",
    "tribunal",
    "juge",
    "juez",
    "jueza",
    "tribunale",
    "giudice",
    "sąd",
    "sędzia",
    "裁判所",
    // The bench and its ruling speak for the court: "la Audiencia Provincial", "según la sentencia".
    "audiencia",
    "magistrates",
    "magistrados",
    "magistrats",
    "magistrati",
    "judges",
    "jueces",
    "juges",
    "giudici",
    "sędziowie",
    "ruling",
    "verdict",
    "sentencia",
    "urteil",
    "jugement",
    "sentenza",
    "wyrok",
    "判決",
  ],
  prosecutor: [
    "prosecution",
    "prokuratury",
    "prokuratora",
    "prosecutor",
    "prosecutors",
    "staatsanwaltschaft",
    "parquet",
    "procureur",
    "fiscalía",
    "fiscal",
    "procura",
    "procuratore",
    "prokuratura",
    "prokurator",
    "検察",
  ],
  civilprotection: ["civilprotection"],
  // Bodies read from the phrasings newsrooms credit them with in each language.
  rescue: [
    "rescuers",
    "rettungskräfte",
    "bergwacht",
    "bergrettung",
    "secours",
    "secouristes",
    "sauveteurs",
    "rescatadores",
    "socorristas",
    "soccorritori",
    "ratownicy",
    "ratowników",
    "gopr",
    "topr",
    "救助隊",
  ],
  investigators: [
    "investigators",
    "ermittler",
    "ermittlern",
    "enquêteurs",
    "investigadores",
    "inquirenti",
    "investigatori",
    "śledczy",
    "śledczych",
    "捜査関係者",
    "捜査本部",
  ],
  organisers: [
    "organisers",
    "organizers",
    "organiser",
    "organizer",
    "veranstalter",
    "veranstalterin",
    "organisateurs",
    "organisateur",
    "organisatrice",
    "organizadores",
    "organizador",
    "organizadora",
    "organizzatori",
    "organizzatore",
    "organizzatrice",
    "organizator",
    "organizatora",
    "organizatorzy",
    "主催者",
  ],
  museum: ["museum", "musée", "museo", "muzeum", "muzeumu", "博物館", "美術館"],
  workscouncil: ["betriebsrat", "gesamtbetriebsrat", "konzernbetriebsrat", "personalrat", "cse", "rsu"],
  employers: ["employers", "arbeitgeber", "patronat", "patronal", "pracodawców", "pracodawcy"],
  auditor: ["auditors", "auditor", "rechnungshof", "landesrechnungshof", "prüfer", "会計検査院"],
  redcross: ["redcross", "赤十字"],
  coastguard: ["coastguard", "coastguards", "küstenwache", "海上保安庁", "海保"],
  // Bodies named by what kind of body they are: "the center", "die Kommission", "el instituto".
  centre: ["centre", "center", "zentrum", "centro", "centrum"],
  institute: ["institute", "institut", "instituto", "istituto", "instytut", "研究所"],
  observatory: ["observatory", "observatorium", "observatoire", "observatorio", "osservatorio", "obserwatorium", "観測所"],
  foundation: ["foundation", "stiftung", "fondation", "fundación", "fondazione", "fundacja", "財団"],
  trust: ["trust"],
  commission: [
    "commission",
    "committee",
    "board",
    "kommission",
    "ausschuss",
    "comité",
    "comisión",
    "commissione",
    "comitato",
    "komisja",
    "komisji",
    "komitet",
    "委員会",
  ],
  association: ["association", "verband", "asociación", "associazione", "stowarzyszenie", "協会"],
  federation: ["federation", "federación", "federazione", "fédération", "federacja", "連盟"],
  league: ["league", "liga", "ligue", "lega"],
  district: ["district"],
  service: ["service", "dienst", "servicio", "servizio", "służba", "służby"],
  regulator: ["regulator", "watchdog", "inspectorate", "aufsicht", "régulateur", "regulador", "regolatore", "nadzór", "規制委"],
  university: [
    "uniwersytetu",
    "universität",
    "university",
    "universität",
    "université",
    "universidad",
    "università",
    "uniwersytet",
    "大学",
  ],
  school: ["school", "schule", "école", "escuela", "scuola", "szkoła", "学校"],
  army: ["army", "military", "armed", "bundeswehr", "armée", "ejército", "esercito", "wojsko", "自衛隊"],
  weather: ["meteorological", "met", "weather", "wetterdienst", "météo", "meteorología", "meteo", "imgw", "気象庁"],
  port: ["port", "harbour", "harbor", "hafen", "puerto", "porto", "portu", "港"],
  airport: ["airport", "flughafen", "aéroport", "aeropuerto", "aeroporto", "lotnisko", "空港"],
  railway: ["railway", "rail", "railways", "bahn", "bahnen", "sncf", "ferrocarril", "ferrovie", "kolej", "鉄道", "jr"],
  officials: [
    "rzecznika",
    "rzeczniczki",
    "sprechers",
    "sprecherin",
    "広報担当者",
    "報道官",
    "協会",
    "組合",
    "委員会",
    "本部",
    "センター",
    "庁",
    "officials",
    "official",
    "spokesman",
    "spokeswoman",
    "spokesperson",
    "sprecher",
    "sprecherin",
    "porte-parole",
    "portavoz",
    "portavoce",
    "rzecznik",
    "rzeczniczka",
    "広報",
    "担当者",
    "関係者",
    "behördenvertreter",
    "responsables",
    "funcionarios",
    "funzionari",
    "urzędnicy",
    "entidad",
    "organismo",
    "institución",
    "entité",
    "organisme",
    "ente",
    "気象台",
  ],
};

/** People who are not one party: "residents said", "witnesses told us", "sources said". */
const NOT_A_PARTY = new Set(
  (
    "both all many some others everyone nobody someone " +
    "residents resident witnesses witness people locals neighbours neighbors passengers fans workers employees staff " +
    "doctors scientists researchers experts critics analysts sources source observers economists activists protesters " +
    "parents patients students teachers visitors shoppers drivers commuters farmers investors traders " +
    "anwohner augenzeugen zeugen experten beobachter mitarbeiter fans bewohner " +
    "habitants témoins experts riverains salariés vecinos testigos expertos trabajadores residentes " +
    "residenti testimoni esperti abitanti lavoratori mieszkańcy świadkowie eksperci pracownicy 住民 関係者 目撃者"
  ).split(" "),
);

const ROLE_OF = new Map<string, string>();
for (const [role, words] of Object.entries(ROLE_WORDS)) for (const w of words) if (!ROLE_OF.has(w)) ROLE_OF.set(w, role);

/** Words in a party phrase that name neither a role nor the party: articles, prepositions, titles. */
const NOISE = new Set(
  (
    "the a an its their his her of for at in on and & to from by with our " +
    "der die das des dem den ein eine einer eines von vom zur zum für und im am bei " +
    "le la les l un une du de des d et au aux à " +
    "el los las lo del al y e en con por " +
    "il lo gli i della dello delle degli dei di da e al alla nel " +
    "w z i na do od ze we " +
    "spokes press release statement announcement report figures data estimate estimates communiqué note nota " +
    "mitteilung erklärung angaben pressemitteilung comunicado comunicato komunikat oświadczenie " +
    "chief head director president general secretary deputy senior leiter chef directeur président jefe director presidente direttore prezes dyrektor " +
    "local national federal regional municipal public new"
  ).split(" "),
);

/** The role words written in Japanese script, longest first. */
const JAPANESE_ROLES = [...ROLE_OF.keys()]
  .filter((w) => /[\p{scx=Han}\p{scx=Kana}\p{scx=Hira}]/u.test(w))
  .sort((a, b) => b.length - a.length);

/** Japanese parties are written without spaces: split known role words off the name. */
function japaneseTokens(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  for (const r of JAPANESE_ROLES) {
    if (rest.includes(r)) {
      out.push(r);
      rest = rest.split(r).join(" ");
    }
  }
  for (const part of rest.split(/[\s・の、]+/u)) if ([...part].length >= 2) out.push(part);
  return out;
}

export interface Party {
  /** As written, trimmed. */
  text: string;
  /** A person written with a title after a body's name ("Alderbank boss Priya Nandakumar"): that body. */
  body?: Party;
  /** Roles its words name ("ministry", "police", "company"). */
  roles: string[];
  /** Name words that are not roles, lower-cased and lightly stemmed. */
  name: string[];
}

/** The role a lower-cased word names, as written or without its plural ending. */
const roleOfWord = (w: string): string | undefined => ROLE_OF.get(w) ?? ROLE_OF.get(lightStem(w));

const lightStem = (w: string) => (w.length > 4 ? w.replace(/(['’]s|s|es)$/u, "") : w);
/** A name word as an address writes it too: accents off ("Sarvène" in haute-sarvene.gouv.fr). */
const nameWord = (w: string) => lightStem(w.normalize("NFD").replace(/\p{M}/gu, ""));

/** Weekday names in the languages we read (Polish also in the accusative: "w środę"). */
export const WEEKDAYS =
  "monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|poniedziałek|wtorek|środa|środę|czwartek|piątek|sobota|sobotę|niedziela|niedzielę";

/** Days and months are when, not who. */
export const CALENDAR = new RegExp(
  `^(?:${WEEKDAYS}|january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|märz|juni|juli|oktober|dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|today|yesterday|heute|gestern)$`,
  "u",
);

/**
 * Words that name an outlet rather than a body: "the Courier reported", a site called "Harbour
 * Gazette" or "Radio Rhône". A party written so is a citation of an outlet; a site named so is press.
 */
export const PRESS_WORDS =
  /(?<![\p{L}])(?:newspaper|paper|daily|weekly|tabloid|broadcaster|magazine|outlet|site|portal|blog|news|times|post|herald|gazette|courier|tribune|chronicle|journal|echo|écho|ledger|express|mirror|observer|radio|tv|télé|notes|zeitung|blatt|rundschau|anzeiger|kurier|nachrichten|quotidien|hebdomadaire|actu|actualités|infos?|diario|periódico|periodico|noticias|crónica|giornale|quotidiano|corriere|gazzetta|notizie|oggi|gazeta|dziennik|tygodnik|wiadomości|shimbun|press|presse|prensa|stampa|media)(?![\p{L}])|新聞|放送|通信|ニュース|日報|タイムズ/iu;

/** Descriptions that say where a body is from or who owns it, not who it is ("Leeds-based"). */
const DESCRIPTOR = /-(?:based|owned|listed|registered|run|born|led)$/u;

/** A body's name, a title, then a person: "Alderbank boss Priya Nandakumar", "Acme's chief executive Jo Hart". */
const TITLED =
  /^(?:the\s+|a\s+)?(.+?)(?:['’]s)?\s+(?:boss|chief executive|chief|ceo|chairman|chairwoman|chair|president|director|head|spokes(?:wo)?man|spokesperson|manager|founder|owner|secretary|commissioner|coach|Chef(?:in)?|Sprecher(?:in)?|Vorstand|Präsident(?:in)?|Leiter(?:in)?)\s+\p{Lu}/u;

/** A title, the body it speaks for by its role, then a person: "rzeczniczka spółki Anja Brettschneider",
 * "the spokeswoman for the company, Jane Doe", "el portavoz de la empresa Luis Pérez" ("head" is
 * left out: "head of state Emmanuel Macron" speaks for no body named "state"). */
const TITLE_OF_BODY =
  /^(?:[Tt]he\s+|[Aa]\s+|[Ee]l\s+|[Ll]a\s+|[Ll]e\s+|[Ii]l\s+)?(?:[Ss]pokes(?:wo)?man|[Ss]pokesperson|[Rr]zeczni(?:k|czka)|[Pp]orte-parole|[Pp]ortavo(?:z|ce)|Sprecher(?:in)?|[Cc]hief|[Dd]irector[a]?|[Dd]irect(?:eur|rice)|[Dd]irett(?:ore|rice)|[Pp]resident|[Pp]résident(?:e)?|[Pp]residente|[Pp]rezes|[Dd]yrektor(?:ka)?)\s+(?:(?:for|of|at|de|del|de la|des|du|della|dello|di|der)\s+)?(?:(?:the|la|el|le|il|l['’])\s*)?(\p{Ll}[\p{L}-]+),?\s+\p{Lu}/u;

/** Parties by text: the same few names are compared for every carrier of every claim. */
const parsed = new Map<string, Party>();
const MAX_PARSED = 10_000;

export function toParty(text: string): Party {
  let party = parsed.get(text);
  if (!party) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    party = parseParty(text);
    parsed.set(text, party);
  }
  return party;
}

function parseParty(text: string): Party {
  const party = partyOf(text);
  // "rzeczniczka spółki Anja Brettschneider": the person speaks for a body named by its role.
  const ofBody = TITLE_OF_BODY.exec(text.trim())?.[1];
  if (ofBody) {
    const body = partyOf(ofBody);
    if (body.roles.length > 0) return { ...party, body };
  }
  // "Konzernsprecherin Katrin Oelsner": a German compound names the body's role and its voice.
  const voice = /^(?:(?:der|die|das)\s+)?(\p{Lu}\p{Ll}+)\s+\p{Lu}/u.exec(text.trim())?.[1];
  const speaking = voice ? compoundRole(voice.toLowerCase()) : undefined;
  if (speaking?.speaker && party.name.length > 0)
    return { ...party, body: { text: voice as string, roles: [speaking.role], name: [] } };
  const titled = TITLED.exec(text.trim());
  if (!titled?.[1]) return party;
  const body = partyOf(titled[1]);
  return body.name.length > 0 || body.roles.length > 0 ? { ...party, body } : party;
}

/** Names of a role written in two words, read as the role's word: "ministère public" is the parquet. */
const ROLE_PHRASES: [RegExp, string][] = [
  [/(?<![\p{L}])(?:minist[eè]re public|ministerio p[uú]blico|pubblico ministero)(?![\p{L}])/giu, "parquet"],
  [
    /(?<![\p{L}])(?:civil protection|protection civile|protezione civile|protecci[oó]n civil|zivilschutz|obrona cywilna)(?![\p{L}])/giu,
    "civilprotection",
  ],
  // A region's government is the region ("el Gobierno regional", "Władze regionalne" and the
  // "Junta de Montalba" are one body).
  [
    /(?<![\p{L}])(?:regional government|gobierno regional|gouvernement régional|governo regionale|regionalregierung|rząd regionalny|władze regionalne|władz regionalnych|autoridades regionales|autorités régionales|autorità regionali)(?![\p{L}])/giu,
    "region",
  ],
  // Japan's prefectures are its regions: "the prefectural government" is 県.
  [/(?<![\p{L}])(?:prefectural government|prefectural authorities|prefectural office)(?![\p{L}])/giu, "region"],
  [
    /(?<![\p{L}])(?:red cross|croix-rouge|cruz roja|croce rossa|rotes kreuz|roten kreuz|czerwony krzyż|czerwonego krzyża)(?![\p{L}])/giu,
    "redcross",
  ],
  [
    /(?<![\p{L}])(?:coast guard|garde[- ]côtière|guardia costera|guardia costiera|straż przybrzeżna|straży przybrzeżnej)(?![\p{L}])/giu,
    "coastguard",
  ],
];

/**
 * Role words that name two kinds of body: Italian sport calls a club "la società", as business news
 * calls a company. Either role is theirs when no name says which.
 */
const ALSO_ROLE = new Map<string, string[]>([["società", ["club"]]]);

/** A company's legal form after its name ("Dorenatalbahn AG", "Químicas Arenal SA"): a company. */
const LEGAL_FORM = /^(?:ag|gmbh|spa|s\.p\.a|srl|s\.r\.l|sl|s\.l|sa|s\.a|inc|ltd|plc|corp|llc|kgaa|nv|bv|sp\. z o\.o|sarl|sas)$/u;

/** German role words that end a compound ("Bahngesellschaft", "Landespolizei", "Dorenatalbahn"). */
const COMPOUND_ROLES = [
  "verband",
  "institut",
  "stiftung",
  "gesellschaft",
  "konzern",
  "unternehmen",
  "betreiber",
  "behörde",
  "ministerium",
  "polizei",
  "feuerwehr",
  "verwaltung",
  "staatsanwaltschaft",
  "gericht",
  "gewerkschaft",
  "verein",
  "bahn",
  "bahnen",
  "klinikum",
  "krankenhaus",
  "wetterdienst",
  "dienst",
  "flughafen",
  "hafen",
];

/** Prefixes that make a compound a role of its kind, not a name: "Landes-", "Stadt-", "Bahn-". */
const GENERIC_PREFIX =
  /^(?:landes|bundes|stadt|kreis|staats|verkehrs|haupt|berufs|bezirks|gemeinde|regional|ober|amts|bau|wohnungsbau|energie|strom|wasser|betreiber)$/u;

/**
 * A German compound ending in a role word: its role, and the word as a name when what comes
 * before is one ("Dorenatalbahn" is a railway named Dorenatal; "Bahngesellschaft" and
 * "Landespolizei" are roles only).
 */
function compoundRole(word: string): { role: string; named: boolean; speaker?: boolean } | undefined {
  // "Konzernsprecherin", "Unternehmenssprecher", "Stadtsprecherin": the body's spokesperson.
  const speaker = /^(\p{L}{3,}?)s?(?:sprecher|sprecherin|chef|chefin)$/u.exec(word);
  if (speaker) {
    const body = speaker[1] as string;
    const role = ROLE_OF.get(body) ?? ROLE_OF.get(`${body}s`) ?? compoundRole(body)?.role;
    if (role) return { role, named: false, speaker: true };
  }
  for (const suffix of COMPOUND_ROLES) {
    if (word.length < suffix.length + 3 || !word.endsWith(suffix)) continue;
    const role = ROLE_OF.get(suffix);
    if (!role) continue;
    const prefix = word.slice(0, -suffix.length);
    // "Landes|polizei", "Bahn|gesellschaft", with or without the joining s ("Verkehrs|verbund").
    const generic = [prefix, prefix.replace(/s$/u, "")].some(
      (p) => GENERIC_PREFIX.test(p) || ROLE_OF.has(p) || COMPOUND_ROLES.includes(p),
    );
    return { role, named: !generic };
  }
  return undefined;
}

/** The name a German compound joins to a role word, and the word ("gaisjochbahn" → "gaisjoch", "bahn"), if it is one. */
function compoundName(word: string): { name: string; suffix: string } | undefined {
  const compound = compoundRole(word);
  if (!compound?.named) return undefined;
  const suffix = COMPOUND_ROLES.find((s) => word.endsWith(s) && word.length >= s.length + 3);
  return suffix ? { name: word.slice(0, -suffix.length), suffix } : undefined;
}

function partyOf(text: string): Party {
  const cleaned = ROLE_PHRASES.reduce((t, [re, role]) => t.replace(re, role), text)
    // "the museum's insurer" is an insurer, another body than the museum; "the club's spokesman"
    // speaks for the club.
    // A name before the possessive stays: "Tokyo's police" is not Osaka's.
    .replace(/(?<![\p{L}])(\p{L}+)['’]s\s+(?=(\p{L}+))/gu, (whole, owner: string, next: string) => {
      const role = roleOfWord(next.toLowerCase());
      return roleOfWord(owner.toLowerCase()) !== undefined && role !== undefined && role !== "officials" ? "" : whole;
    })
    // "The Brightwater, Oregon-based company": a town before its state's "-based" is where, not who.
    .replace(/(?<=(?:^|\s)(?:[Tt]he|[Aa]n?)\s+)\p{Lu}[\p{L}'’.-]*,\s+(?=\p{Lu}[\p{L}.]*-based(?![\p{L}]))/gu, "")
    .replace(/['’]s(?![\p{L}])/gu, "")
    .replace(/(?<![\p{L}])(?:l|d|dell|dall|all|nell|sull|un)['’]/giu, "")
    .replace(/[“”"„«»()[\].,;:!?]/g, " ");
  const cjk = /[\p{scx=Han}\p{scx=Kana}\p{scx=Hira}]/u.test(cleaned);
  // Where letters have case, a name is written capitalised; a lower-case word describes.
  const words = cjk
    ? japaneseTokens(cleaned.toLowerCase()).map((w) => ({ word: w, capital: true }))
    : (cleaned.match(/[\p{L}\p{N}&][\p{L}\p{N}&'’-]*/gu) ?? []).map((w) => ({
        word: w.toLowerCase(),
        capital: /^[\p{Lu}\p{N}]/u.test(w),
      }));
  const roles = new Set<string>();
  const alsoRoles = new Set<string>();
  const name: string[] = [];
  for (const { word, capital } of words) {
    const parts = word.includes("-") ? [word, ...word.split("-")] : [word];
    const role = parts.map(roleOfWord).find(Boolean);
    if (role) {
      roles.add(role);
      for (const also of ALSO_ROLE.get(word) ?? []) alsoRoles.add(also);
      continue;
    }
    if (capital && LEGAL_FORM.test(word)) {
      roles.add("company");
      continue;
    }
    const compound = capital ? compoundRole(word) : undefined;
    if (compound) {
      roles.add(compound.role);
      if (compound.speaker) roles.add("officials");
      if (compound.named) name.push(nameWord(word));
      continue;
    }
    if (NOT_A_PARTY.has(word)) return { text: text.trim(), roles: [], name: [] };
    if (NOISE.has(word) || CALENDAR.test(word) || word.length < 2 || !capital || DESCRIPTOR.test(word)) continue;
    if (/^spokes/.test(word)) continue;
    // "Haute-Sarvène" is also "Haute Sarvene", as a domain writes it.
    name.push(...(word.includes("-") ? [word, ...word.split("-").filter((p) => p.length > 1)] : [word]).map(nameWord));
  }
  // "la società" alone may be a club; "la società di revisione KPMG" is a named company.
  if (name.length === 0) for (const also of alsoRoles) roles.add(also);
  return { text: text.trim(), roles: [...roles], name };
}

/** Only roles, no name: "the ministry", "police", "the company". */
export const isRoleOnly = (p: Party) => p.name.length === 0 && p.roles.length > 0;

function namesAgree(a: Party, b: Party): boolean {
  // A German compound of a name and a role word is that name when the other name has the name
  // and, in another of its words, the role word: "Gaisjochbahn" is the Gaisjoch Bergbahnen, not
  // "Zillertal Tourismus" for "Zillertalbahn", nor "Berg" for "Bergbahnen".
  const compoundOf = (w: string, v: string, others: readonly string[]) => {
    const compound = compoundName(w);
    return compound?.name === v && others.some((o) => o !== v && o.includes(compound.suffix));
  };
  const one = (w: string, v: string) => w === v || compoundOf(w, v, b.name) || compoundOf(v, w, a.name);
  const shared = a.name.filter((w) => b.name.some((v) => one(w, v))).length;
  // More than half the shorter name: "Lopez" is "Maria Lopez", "Maria Gomez" is not.
  return shared > 0 && shared * 2 > Math.min(a.name.length, b.name.length);
}

function rolesAgree(a: Party, b: Party): boolean {
  if (a.roles.length === 0 || b.roles.length === 0) return true;
  const specific = (p: Party) => p.roles.filter((r) => r !== "officials");
  const sa = specific(a);
  const sb = specific(b);
  if (sa.length === 0 || sb.length === 0) return true;
  // A railway and its company are one body named alike ("Alderbank Rail", "Alderbank Ltd").
  return sa.some((r) => roleIn(r, sb)) || sb.some((r) => roleIn(r, sa));
}

/** Kinds of company a page may call "the company" or "the operator": a railway is run by one. */
const COMPANY_KINDS = new Set(["railway"]);

/** Whether a role alone names a body with these roles: "the company" or "the operator" may be a railway's, "the railway" is no haulier's. */
function roleIn(role: string, roles: readonly string[]): boolean {
  return roles.includes(role) || (role === "company" && roles.some((r) => COMPANY_KINDS.has(r)));
}

/**
 * Whether two written parties are one: the same name (and no roles that differ: the Valdena
 * port authority is not Valdena council), or a role alone that the other party has (or an open
 * role such as "the company" against a named organisation).
 */
export function sameParty(a: Party, b: Party): boolean {
  if (sameWritten(a, b)) return true;
  // A titled person speaks for their body: "Alderbank boss Priya Nandakumar" is Alderbank's word.
  return (a.body !== undefined && sameWritten(a.body, b)) || (b.body !== undefined && sameWritten(a, b.body));
}

/**
 * One body named in Japanese on one page and in Latin letters on another ("国立火山監視センター",
 * "The National Volcano Monitoring Center"). Names in two scripts share no letters: they agree
 * when each word of the Latin name that the news lexicon knows is a thing the Japanese name speaks
 * of too ("volcano", 火山), and the roles agree. A name of proper words alone ("Asagiri", "Kobe")
 * cannot be compared across scripts, so it matches nothing here.
 */
function acrossScripts(a: Party, b: Party): boolean {
  const aCjk = CJK_CHAR.test(a.text);
  if (aCjk === CJK_CHAR.test(b.text)) return false;
  const [cjk, latin] = aCjk ? [a, b] : [b, a];
  if (cjk.roles.length === 0 || latin.roles.length === 0 || !rolesAgree(a, b)) return false;
  const known = latin.name.flatMap((w) => {
    const concept = LATIN_LEXICON_LANGUAGES.map((l) => conceptOf(w, l)).find((c) => c !== undefined);
    return concept ? [concept] : [];
  });
  if (known.length === 0) return false;
  const spoken = japaneseConcepts(cjk.text);
  return known.every((c) => spoken.has(c));
}

/**
 * Whether one party is written as the other's initials: "USMR" for "Union syndicale Métal Ried",
 * "MKW" for "Miejska Komisja Wyborcza", "ICIA" for "International Cycling Integrity Agency".
 */
function initialsOf(short: Party, long: Party): boolean {
  const acronym = (short.text.match(/(?<![\p{L}])\p{Lu}{2,6}(?![\p{L}])/gu) ?? []).map((w) => w.toLowerCase());
  if (acronym.length === 0 || short.name.length !== 1 || !acronym.includes(short.name[0] as string)) return false;
  const words = (long.text.match(/[\p{L}][\p{L}'’-]*/gu) ?? []).filter((w) => !NOISE.has(w.toLowerCase()) || /^\p{Lu}/u.test(w));
  const initials = words
    .filter((w) => !ARTICLES.has(w.toLowerCase()))
    .map((w) => (w[0] as string).toLowerCase())
    .join("");
  return initials.length >= 2 && initials === short.name[0];
}

const ARTICLES = new Set([
  "the",
  "a",
  "an",
  "le",
  "la",
  "les",
  "l",
  "el",
  "los",
  "las",
  "il",
  "lo",
  "der",
  "die",
  "das",
  "of",
  "de",
  "del",
  "des",
  "du",
  "di",
  "della",
  "von",
  "for",
  "and",
  "et",
  "y",
  "e",
  "i",
]);

function sameWritten(a: Party, b: Party): boolean {
  if ((initialsOf(a, b) || initialsOf(b, a)) && rolesAgree(a, b)) return true;
  if (acrossScripts(a, b)) return true;
  if (a.name.length > 0 && b.name.length > 0) return namesAgree(a, b) && rolesAgree(a, b);
  if (a.name.length === 0 && b.name.length === 0) {
    if (a.roles.length === 0 || b.roles.length === 0) return false;
    // "Officials" or "a spokesperson" with no body named speak for whichever body the other names.
    if (a.roles.every((r) => r === "officials") || b.roles.every((r) => r === "officials")) return true;
    return a.roles.some((r) => roleIn(r, b.roles)) || b.roles.some((r) => roleIn(r, a.roles));
  }
  const roleOnly = a.name.length === 0 ? a : b;
  const named = roleOnly === a ? b : a;
  if (roleOnly.roles.length === 0) return false;
  // A name that says no kind of body ("Valmont", "Northsound"): the role may be its own ("the
  // club", "the operator"); taking them for one party can only move a claim towards parallel.
  // An outlet's name ("L'Écho du Ried") is no body that "the management" speaks for.
  if (named.roles.length === 0) return !PRESS_WORDS.test(named.text);
  return roleOnly.roles.some((r) => roleIn(r, named.roles) || r === "officials");
}
