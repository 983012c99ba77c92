// Attribution lines in a page's text: wire credits, republication notes and statements.
// English, German, French and Spanish phrasings. Agencies come from ./agencies.ts only; the
// parties of republication notes and statements are taken as written, between the phrase that
// introduces them and the end of the name. Everything here reads third-party text as data.
import type { Attribution, AttributionKind } from "../types.ts";
import { AMBIGUOUS_ALIASES, ANY_AGENCY, CLEAR_AGENCY, findAgency } from "./agencies.ts";
import { type Block, sentences, squash } from "./text.ts";

/** Turns an href as written into an absolute http(s) address, or undefined. */
export type ResolveHref = (href: string) => string | undefined;

interface Source {
  text: string;
  links: Block["links"];
}

/** A word boundary that knows letters beyond ASCII (the regex word boundary does not, even with the `u` flag). */
const B = String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`;
const A = ANY_AGENCY;
const C = CLEAR_AGENCY;
/** A regional desk after an agency: "dpa/lnw", "APA/red". */
const DESK = String.raw`(?:\/[a-z]{2,4}(?![\p{L}]))?`;
const AGENCY_LIST = String.raw`(?:(?:the |The )?${A}${DESK}(?:\s*(?:[,/&+]|and|und|et|y|e)\s*(?:the |The )?${A}${DESK})*)`;
/** The word "agency" in front of a name makes even an ambiguous short form ("PA", "AA") count. */
const AGENCY_WORD = `(?:news agency|press agency|wire service|agency|Nachrichtenagentur|Presseagentur|Agentur|agence de presse|agence|agencia de noticias|agencia)`;
const NAMED_AGENCY = `(?:(?:the |The |die |der |l['’]|la )?(?:${AGENCY_WORD} )?${C}|(?:the |die |der |l['’]|la )?${AGENCY_WORD} ${A})`;

function rx(source: string, flags = ""): RegExp {
  return new RegExp(source, `u${flags}`);
}

// Wire credits ---------------------------------------------------------------------------------

/** "PORTMERE, England (AP) —", "BERLIN (dpa/lnw) -", "Madrid, 4 mar (EFE).-", "(Reuters) -". */
const DATELINE = rx(
  // A short bracket may come first: "Arbèche (VS), 14 février 2026 (Keystone-ATS) -".
  // A desk may follow the agency: "(Adnkronos Salute) -".
  String.raw`^(?:[^()\n]|\([^()\n]{1,12}\)){0,100}?\(\s*(?<party>${AGENCY_LIST})(?:\s+\p{Lu}\p{Ll}+){0,2}\s*\)\s*\.?\s*[—–-]`,
);

/** Japanese wire credits: 【共同】, （時事）, 【ワシントン共同】 at the head or foot of a story. */
const JA_CREDIT = /[【（]\s*[^【】（）\n]{0,12}?(?<party>共同通信社?|共同|時事通信社?|時事)\s*[】）]/u;

/** A source line in a footer: "Fonte: Adnkronos Salute", "Ticino Notizie © 2026 · Fonte: Keystone-ATS", "Dépêches Keystone-ATS". */
const SOURCE_LINE = rx(
  String.raw`(?:^|[·|–—-]\s*)(?:Fonte|Fonti|Source|Sources|Quelle|Quellen|Fuente|Fuentes|Źródło|Źródła|Dépêches?|Dispatches?)\s*:?\s*(?<party>${AGENCY_LIST})`,
);

/** A credit line of its own: "AP", "— Reuters", "(dpa)", "Sources: AFP, Reuters", "Mit Material von dpa". */
const CREDIT_LINE = rx(
  String.raw`^[—–-]?\s*\(?\s*(?:(?:Quellen?|Sources?|Fuentes?|Agencias|Agences|Agenturen|Mit Material (?:von|der|des)|Material von|With (?:additional )?(?:reporting|material) (?:from|by)|Additional reporting by|Avec|Con información de(?: las agencias| la agencia)?|Con información de)\s*:?\s*)?(?<party>${AGENCY_LIST})\s*\)?\s*\.?$`,
);

/** A name, then an agency after a comma, bar, dash, bracket or "with": "Jane Doe, Associated Press". */
const BYLINE_CREDIT = String.raw`[^\n]{2,120}?(?:\s*[,|–—]\s*|\s+\(|\s+-\s+|\s+(?:avec|with|mit|con|and|und|et|y)\s+)(?<party>${AGENCY_LIST})\)?\.?$`;

/** "By Jane Doe, Associated Press", "Von Max Muster, dpa", "Par Jean Dupont, AFP", "Por Ana Ruiz | EFE". */
const BYLINE_TAIL = rx(String.raw`^(?:By|BY|Von|VON|Par|PAR|Por|POR|Door|Av|Af|Di)\s+${BYLINE_CREDIT}`);

/** The same in a byline given on its own (meta author, byline element), where "By" may be left out. */
const CREDIT_BYLINE_TAIL = rx(String.raw`^(?:(?:By|BY|Von|VON|Par|PAR|Por|POR|Door|Av|Af|Di)\s+)?${BYLINE_CREDIT}`);

/** A byline that is nothing but an agency: meta author "Associated Press", "AFP", "dpa", "Reuters Staff". */
const AGENCY_BYLINE = rx(
  String.raw`^(?:By\s+|Von\s+|Par\s+|Por\s+)?(?<party>${AGENCY_LIST})(?:\s+(?:staff|Staff|Redaktion|reporters))?\.?$`,
);

/** "© 2026 The Associated Press", "Copyright 2026 Reuters", "(c) dpa-infocom", "© AFP 2026". */
const COPYRIGHT = rx(
  String.raw`(?:©\s*(?:Copyright|COPYRIGHT)|©|\([cC]\)|Copyright|COPYRIGHT)\s*(?:©\s*)?(?:\d{4}\s*,?\s*)?(?<party>(?:the |The )?${C})`,
  "g",
);

/** "Reuters reported", "told The Associated Press", "berichtete die dpa", "selon l'AFP", "informó EFE". */
const REPORTED: RegExp[] = [
  // English
  `(?<party>${NAMED_AGENCY}) (?:first |previously |earlier |also )?(?:reported|reports|has reported|had reported|said in a report|was first to report)`,
  `(?:[Aa]ccording to|told|cited by|citing|quoted by|speaking to|interview with|confirmed to|said to) (?<party>${NAMED_AGENCY})`,
  // German
  String.raw`(?:berichtete|berichtet|berichteten|meldete|meldet|schreibt|schrieb|erfuhr|zitiert|zitierte) (?:am \p{L}+ |zuvor |zuerst |unter Berufung auf [^.,]{3,40} )?(?<party>${NAMED_AGENCY})`,
  `(?:[Ll]aut|[Ww]ie|[Nn]ach Angaben|[Nn]ach Informationen|[Gg]egenüber|sagte [^.,]{0,40}? der|sagte [^.,]{0,40}? dem) (?:die |der |dem |den )?(?<party>${NAMED_AGENCY})`,
  // French
  `(?:[Ss]elon|[Dd]['’]après|a indiqué à|a déclaré à|a affirmé à|a confié à|a précisé à|a expliqué à|a annoncé à|ont indiqué à|ont déclaré à|rapporte|rapportait|a rapporté|indique|annonce|apprend|a appris) (?:l['’]agence (?:de presse )?|l['’]|la |le )?(?<party>${NAMED_AGENCY})`,
  // Spanish
  `(?:[Ss]egún|[Dd]e acuerdo con|informó|informa|publicó|publica|reportó|recoge|dijo a|declaró a|explicó a|señaló a|aseguró a|indicó a|confirmó a|citado por|citada por|citados por|citadas por) (?:la agencia (?:de noticias )?|la )?(?<party>${NAMED_AGENCY})`,
].map((source) => rx(source, "g"));

// Republication --------------------------------------------------------------------------------

const REPUBLISHED: RegExp[] = [
  // English: "This article first appeared on X", "This story was originally published by X",
  // "This article is republished from X under a Creative Commons license".
  String.raw`(?:This|A version of this|An earlier version of this|This version of the) (?:article|story|piece|post|column|essay|commentary|analysis|op-ed|interview|content|feature|investigation)${B}[^.]{0,40}?${B}(?:first|originally|initially|previously) (?:appeared|published|posted|ran|run)(?: online)? (?:on|in|at|by|with|from)\s+(?<party>[^\n]+)`,
  String.raw`(?:This|The) (?:article|story|piece|post|column|essay|commentary|analysis|op-ed|interview|content|feature)${B}[^.]{0,20}?${B}(?:is|was|has been|appears|is being) (?:republished|reprinted|reproduced|syndicated|shared|cross-posted|crossposted)(?: here)? (?:from|courtesy of|with (?:the )?(?:kind )?permission (?:of|from)|by permission of|by arrangement with|in partnership with|through a partnership with)\s+(?<party>[^\n]+)`,
  String.raw`^(?:Originally|First|Initially) (?:published|appeared|posted)(?: online)? (?:on|in|at|by)\s+(?<party>[^\n]+)`,
  String.raw`^(?:Republished|Reprinted|Reproduced|Syndicated|Cross-posted|Crossposted)(?: here)? (?:from|with (?:the )?(?:kind )?permission (?:of|from)|courtesy of|by permission of|by arrangement with)\s+(?<party>[^\n]+)`,
  // German: "Dieser Artikel erschien zuerst bei X", "Dieser Beitrag ist zuerst bei X erschienen".
  String.raw`(?:Dieser|Der) (?:Artikel|Beitrag|Text|Kommentar|Gastbeitrag|Bericht) (?:ist |war |wurde )?(?:erschien |erschienen )?(?:zuerst|ursprünglich|erstmals|zunächst) (?:bei|auf|in|im|von|unter) (?<party>[^\n]+?)(?:\s+(?:erschienen|veröffentlicht|publiziert)${B}|$)`,
  String.raw`^(?:Zuerst|Ursprünglich|Erstmals) (?:erschienen|veröffentlicht|publiziert) (?:bei|auf|in|im|von) (?<party>[^\n]+)`,
  String.raw`^Erstveröffentlichung:?\s*(?:bei |auf |in |im )?(?<party>[^\n]+)`,
  String.raw`^(?:Mit freundlicher Genehmigung|Nachdruck mit (?:freundlicher )?Genehmigung|Übernahme mit (?:freundlicher )?Genehmigung) (?:von |vom |des |der )(?<party>[^\n]+)`,
  // French: "Cet article a été publié initialement sur X", "Cet article est republié à partir de X".
  String.raw`(?:Cet|Ce|L['’]) ?(?:article|texte|billet|reportage|entretien|tribune|récit|papier)${B}[^.]{0,40}?${B}(?:publié|paru|republié|reproduit)e? (?:initialement |originellement |d['’]abord |à l['’]origine |en premier |pour la première fois |précédemment )?(?:sur le site d['’]|sur le site de |sur le site du |à partir d['’]|à partir de |à partir du |avec l['’]autorisation de |sur|dans|par|chez|de)\s*(?<party>[^\n]+)`,
  String.raw`^(?:Initialement|Originellement|D['’]abord|Précédemment) (?:publié|paru)e? (?:sur|dans|par|chez) (?<party>[^\n]+)`,
  String.raw`^(?:Publié|Paru)e? (?:initialement|à l['’]origine|originellement|d['’]abord) (?:sur|dans|par|chez) (?<party>[^\n]+)`,
  String.raw`^Republié avec (?:l['’]aimable )?(?:autorisation|permission) (?:de |du |des |de la |d['’])(?<party>[^\n]+)`,
  // Spanish: "Este artículo fue publicado originalmente en X", "Este artículo es republicado de X".
  String.raw`(?:Este|El|Esta) (?:artículo|texto|reportaje|análisis|trabajo|contenido|nota|columna|entrevista)${B}[^.]{0,40}?${B}(?:publicado|publicada|publicó|apareció|republicado|republicada|reproducido|reproducida) (?:originalmente |originariamente |por primera vez |inicialmente |primero |previamente )?(?:en el sitio (?:web )?de |en|por|de|con permiso de)\s+(?<party>[^\n]+)`,
  String.raw`^(?:Publicado|Publicada|Aparecido|Aparecida) (?:originalmente|originariamente|inicialmente|por primera vez) (?:en|por) (?<party>[^\n]+)`,
  String.raw`^(?:Republicado|Republicada|Reproducido|Reproducida) (?:con (?:el )?(?:permiso|autorización) de|de) (?<party>[^\n]+)`,
].map((source) => rx(source, "d"));

// Statements -----------------------------------------------------------------------------------

/** A proper name written before a verb: "Acme Corp.", "The Ministry of Health", "Siemens AG". */
const NAME = String.raw`(?<party>(?:[Tt]he )?\p{Lu}[\p{L}\p{N}&'’.-]*(?:\s+(?:(?:of|for|and|the|on|at|de|du|des|la|le|del|y|et|und|für|der|die|das|von|&)\s+)*\p{Lu}[\p{L}\p{N}&'’.-]*){0,7})`;
/** A German name: nouns are capitalised, so it runs until the first lower-case word ("der Nordwerk AG soll" → "Nordwerk AG"). */
const NAME_DE = String.raw`(?<party>\p{Lu}[\p{L}\p{N}&.'’-]*(?:\s+(?:(?:für|und|der|des|von|vom|zu|zur|am|im|in|&)\s+)*\p{Lu}[\p{L}\p{N}&.'’-]*){0,7})`;
/** Anything that may name an organisation in the Romance and German phrasings ("le ministère de l'Intérieur"). */
const LOOSE = String.raw`(?<party>[\p{L}\p{N}][^,.;:()\n]{1,80}?)`;
const DAY = String.raw`(?:(?:on |late |early )?(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|today|yesterday|earlier|later|last week|this week)(?: \p{L}+)? )?`;
const RELEASE_EN = `(?:(?:new|recent|brief|short|joint|written|official|separate|emailed|e-mailed|signed) )?(?:press release|news release|media release|press statement|statement|release|announcement|communiqué|filing|blog post|post)`;
const SAID_EN = `(?:said|says|announced|announces|stated|states|confirmed|confirms|added|wrote|writes|explained|noted|declared|reported|acknowledged|warned)`;
const RELEASE_DE = `(?:(?:aktuellen|neuen|schriftlichen|gemeinsamen|offiziellen|kurzen) )?(?:Pressemitteilung|Pressemeldung|Presseerklärung|Mitteilung|Erklärung|Stellungnahme|Meldung|Ankündigung|Bekanntmachung)`;
const SAID_DE = `(?:sagte|sagten|erklärte|erklärten|teilte|teilten|schrieb|schrieben|bestätigte|bestätigten|kündigte|kündigten|gab|gaben|betonte|betonten)`;
const RELEASE_FR = `(?:communiqué(?: de presse)?|déclaration|annonce|note|message)`;
const SAID_FR = `(?:indiqué|annoncé|déclaré|affirmé|précisé|expliqué|confirmé|souligné|fait savoir|assuré|écrit)`;
const RELEASE_ES = `(?:comunicado(?: de prensa)?|nota de prensa|nota|declaración|anuncio|boletín)`;
const SAID_ES = `(?:dijo|informó|señaló|anunció|indicó|explicó|afirmó|aseguró|confirmó|declaró|precisó|detalló|sostuvo|escribió)`;
const SPOKES_EN = `(?:spokeswoman|spokesman|spokesperson|representative|press officer|press secretary)`;

const STATEMENT: RegExp[] = [
  // English: "according to a press release from X", "X said in a statement",
  // "a spokeswoman for X said", "in a statement on its website, X said".
  String.raw`[Aa]ccording to (?:a|an|the) ${RELEASE_EN}(?: (?:issued|released|published|posted|put out|sent))? (?:from|by|of) ${LOOSE}(?=[,.;:()]|\s+(?:on|issued|released|published|posted|dated|late|earlier|last|this|which|that)${B}|$)`,
  `(?:[Aa]n?|[Tt]he) ${RELEASE_EN}(?: (?:issued|released|published|posted|sent))? (?:from|by) ${LOOSE} (?:said|says|stated|states|read|reads|noted|notes)${B}`,
  `[Aa]ccording to ${NAME}['’]s? (?:own )?${RELEASE_EN}`,
  `${NAME},? ${SAID_EN} ${DAY}(?:in|via|through) (?:a|an|its|their|the) ${RELEASE_EN}`,
  `${SAID_EN} ${NAME} in (?:a|an|its|their) ${RELEASE_EN}`,
  `[Ii]n (?:a|an|its|their) ${RELEASE_EN}[^,]{0,80}, ${NAME} ${SAID_EN}`,
  `(?:[Aa]n?|[Tt]he) ${SPOKES_EN} (?:for|of|at|with) ${LOOSE}(?:,[^,]{2,60},)? (?:said|says|told|confirmed|declined|wrote|added|explained|stated)${B}`,
  `(?:[Aa]n?) ${NAME} ${SPOKES_EN}(?:,[^,]{2,60},)? (?:said|says|told|confirmed|declined|wrote|added|explained|stated)${B}`,
  String.raw`(?:^|, |; )${NAME} ${SPOKES_EN} \p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){0,3} (?:said|says|told|confirmed|wrote|added|explained|stated)${B}`,
  // German: "laut einer Mitteilung von X", "wie X in einer Mitteilung mitteilte", "ein Siemens-Sprecher sagte".
  `[Ll]aut (?:einer |einem |der |dem )?${RELEASE_DE} (?:von |vom |des |der |aus dem |aus der |bei |beim )?${NAME_DE}`,
  String.raw`[Ww]ie ${LOOSE} (?:am \p{L}+ |heute |gestern |zuvor )?(?:in einer|per|via|mit einer) ${RELEASE_DE} (?:mitteilte|mitteilten|erklärte|erklärten|bekannt gab|bekanntgab|ankündigte|bestätigte|schrieb|mitgeteilt hat)`,
  String.raw`${SAID_DE} (?:am \p{L}+ |heute |gestern )?${LOOSE} (?:am \p{L}+ |heute |gestern )?(?:in einer|per|via|mit einer) ${RELEASE_DE}`,
  `[Ii]n einer ${RELEASE_DE}[^,]{0,60},? ${SAID_DE} ${LOOSE}(?=[,.;:]| mit${B}| an${B}|$)`,
  `(?:[Ee]ine|[Ee]in|[Dd]ie|[Dd]er) (?:Sprecherin|Sprecher|Pressesprecherin|Pressesprecher) (?:von |vom |des |der |bei |beim )${NAME_DE},? (?:sagte|sagt|erklärte|erklärt|teilte|teilt|bestätigte|bestätigt|schrieb|schreibt)${B}`,
  String.raw`(?:[Ee]ine|[Ee]in) (?<party>\p{Lu}[\p{L}\p{N}&.]*)-(?:Sprecherin|Sprecher|Pressesprecherin|Pressesprecher) (?:sagte|sagt|erklärte|erklärt|teilte|teilt|bestätigte|bestätigt|schrieb|schreibt)${B}`,
  // French: "selon un communiqué de X", "X a indiqué dans un communiqué", "un porte-parole de X a déclaré".
  String.raw`[Ss]elon (?:un|une|le|la|l['’]) ?(?:(?:nouveau|récent|bref|court) )?${RELEASE_FR} (?:(?:publié|diffusé|envoyé)e? )?(?:par |de la |du |des |de l['’]|d['’]|de )${LOOSE}(?=[,.;:()]|\s+(?:publiée?|diffusée?|daté|datée|mardi|lundi|mercredi|jeudi|vendredi|samedi|dimanche|le|qui|sur)${B}|$)`,
  String.raw`${LOOSE} (?:a|ont) ${SAID_FR} (?:\p{L}+ )?dans un ${RELEASE_FR}`,
  `(?:a|ont) ${SAID_FR} ${LOOSE} dans un ${RELEASE_FR}`,
  `[Dd]ans un ${RELEASE_FR}[^,]{0,80}, ${LOOSE} (?:a|ont) ${SAID_FR}`,
  `(?:[Uu]ne?|[Ll][ae]) porte-parole (?:de la |du |des |de l['’]|d['’]|de )${LOOSE} (?:a|avait) ${SAID_FR}`,
  `(?:a|ont) ${SAID_FR}(?: à [^,.]{2,30})? (?:un|une|la|le) porte-parole (?:de la |du |des |de l['’]|d['’]|de )${LOOSE}(?=[,.;:()]|$)`,
  `[Ss]elon (?:un|une|la|le) porte-parole (?:de la |du |des |de l['’]|d['’]|de )${LOOSE}(?=[,.;:()]|$)`,
  // Spanish: "según un comunicado de X", "X informó en un comunicado", "un portavoz de X dijo".
  String.raw`[Ss]egún (?:un|una|el|la) ${RELEASE_ES} (?:oficial )?(?:(?:publicad|emitid|difundid|enviad)[oa] )?(?:por |de la |del |de los |de las |de )${LOOSE}(?=[,.;:()]|\s+(?:publicad[oa]|emitid[oa]|difundid[oa]|este|el|en|que)${B}|$)`,
  String.raw`${LOOSE} ${SAID_ES} (?:este \p{L}+ |el \p{L}+ |hoy |ayer )?(?:en|a través de|mediante) (?:un|una) ${RELEASE_ES}`,
  `${SAID_ES} ${LOOSE} (?:en|a través de|mediante) (?:un|una) ${RELEASE_ES}`,
  `[Ee]n (?:un|una) ${RELEASE_ES}[^,]{0,80}, ${LOOSE} ${SAID_ES}`,
  `(?:[Uu]na?|[Ee]l|[Ll]a) (?:portavoz|vocero|vocera) (?:de la |del |de los |de las |de )${LOOSE} (?:dijo|señaló|indicó|explicó|afirmó|aseguró|confirmó|declaró|precisó|detalló)${B}`,
  `(?:[Ss]egún|[Dd]e acuerdo con) (?:un|una|el|la) (?:portavoz|vocero|vocera) (?:de la |del |de los |de las |de )${LOOSE}(?=[,.;:()]|$)`,
].map((source) => rx(source, "gd"));

// Words without which none of the patterns above can match: tested first, so that the long text
// of a large page costs one scan per sentence instead of one per pattern.
const ANY_AGENCY_TEST = rx(A);
const REPUBLISHED_TRIGGER =
  /appeared|published|republished|reprinted|reproduced|syndicated|posted|permission|erschien|veröffentlicht|publiziert|Erstveröffentlichung|Genehmigung|publié|paru|reproduit|autorisation|publicad|apareci|publicó|reproducid|permiso/iu;
const STATEMENT_TRIGGER =
  /statement|release|announcement|communiqu|filing|post|spokes|representative|press officer|press secretary|mitteilung|erklärung|stellungnahme|meldung|ankündigung|bekanntmachung|sprecher|déclaration|annonce|note|message|porte-parole|comunicado|nota|declaración|anuncio|boletín|portavoz|vocer/iu;

// Parties --------------------------------------------------------------------------------------

/** Words that do not name a party on their own. */
const NOT_A_PARTY = new Set(
  (
    "he she it they we i you him her them us this that these those there one someone somebody nobody " +
    "officials authorities experts researchers critics organizers organisers residents witnesses sources analysts " +
    "police company firm group government agency ministry department office spokesman spokeswoman spokesperson " +
    "er sie es wir ihr man unternehmen konzern firma gesellschaft behörde behörden stadt regierung ministerium " +
    "gewerkschaft verband verbands verbandes gemeinde polizei staatsanwaltschaft sprecher sprecherin unternehmens " +
    "konzerns ministeriums gesellschaft regierung stadt " +
    "il elle ils elles on nous vous lui entreprise société groupe gouvernement ministère " +
    "él ella ellos ellas nosotros empresa compañía gobierno ministerio usted ustedes " +
    "the der die das des dem den le la les l' el los las lo un une una ein eine a an"
  ).split(" "),
);

const LEADING_NOISE =
  /^(?:(?:yesterday|today|tonight|meanwhile|however|but|and|also|separately|later|earlier|then|now|on|in|at|monday|tuesday|wednesday|thursday|friday|saturday|sunday|gestern|heute|am|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|ce|cette|ayer|hoy|este|esta|lunes|martes|miércoles|jueves|viernes|sábado|domingo)(?![\p{L}])[\s,]+)+/iu;

const TRAILING_CUT = new RegExp(
  [
    String.raw`\s*[,;:(|]`,
    String.raw`\s+[—–-]\s`,
    String.raw`[.!?…]["”»’]?(?:\s|$)`,
    String.raw`\s+(?:under|with|and is|and was|and has|and are|and appears|as part|through|via|which|that|where|who|here|unter|mit|und ist|und wird|sous|avec|et est|et a|qui|ici|bajo|con|y se|y es|que|aquí|hier|heißt es|hieß es)${B}`,
    String.raw`\s+(?:on|am|le|el|in|im|en|dans|au|at|à|vom|del|de|du)\s+(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mär|mai|okt|dez|janv|févr|avr|juil|août|déc|ene|abr|ago|dic)\p{L}*\.?\s+\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|its|their|his|her|seiner|ihrer|son|sa|ses|su|sus)${B}`,
    String.raw`\s+(?:erschienen|veröffentlicht|publiziert|mitteilte|mitgeteilt)${B}`,
    // "at https://…", "on its website": the address or the word "website" is not the name.
    String.raw`\s+(?:at|on|via|unter|auf|sur|en|in)\s+(?:https?:\/\/|www\.)`,
    String.raw`\s+(?:website|web site|site|homepage|blog|Website|Webseite|Homepage|Internetseite|site web|sitio web)(?:$|[\s.,;:])`,
  ].join("|"),
  "iu",
);

/**
 * Trims what a pattern captured down to the name: the rest of the sentence, dates and leading
 * time words go; so does a leading article when it is written in lower case ("from the Ministry",
 * "der Nordwerk AG") or starts the sentence, where its case says nothing ("La Compagnie …").
 * A capitalised article inside a sentence is part of a title and stays ("from The Review").
 */
function cleanParty(raw: string, startsSentence: boolean): string {
  let party = raw.replace(/\s+/g, " ").trim();
  const cut = TRAILING_CUT.exec(party);
  if (cut) party = party.slice(0, cut.index);
  party = party
    .replace(LEADING_NOISE, "")
    .replace(/^["“„«'‘]+|["”»'’]+$/g, "")
    .replace(/[.,;:]+$/, "")
    .trim();
  const article = /^(?:(?:the|der|die|das|des|dem|den|le|la|les|el|los|las|du|del) |l['’])/iu.exec(party);
  if (article && (startsSentence || article[0] === article[0].toLowerCase())) party = party.slice(article[0].length);
  return party;
}

function isPartyName(party: string, kind: AttributionKind): boolean {
  if (party.length < 2 || party.length > 100) return false;
  const words = party.split(" ");
  if (words.length > 12) return false;
  if (!/^[\p{L}\p{N}]/u.test(party) && !/^l['’]/iu.test(party)) return false;
  const lower = party.toLowerCase();
  if (NOT_A_PARTY.has(lower)) return false;
  const withoutArticle = lower.replace(/^(?:(?:the|der|die|das|des|dem|den|le|la|les|el|los|las|du|del) |l['’])/u, "");
  if (NOT_A_PARTY.has(withoutArticle)) return false;
  // A name is written with a capital somewhere ("le ministère de l'Intérieur", "Acme"); a web
  // address ("grist.org") may be all lower case.
  // The capital of a leading article ("L'entreprise", "La empresa", "The company") does not count.
  const hasCapital = /\p{Lu}/u.test(party.replace(/^(?:(?:the|der|die|das|le|la|les|el|los|las|un|une|una|a|an) |l['’])/iu, ""));
  const isAddress = /^(?:https?:\/\/)?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?:\/\S*)?$/u.test(party);
  if (!hasCapital && !(kind === "republished" && isAddress)) return false;
  return true;
}

// Matching -------------------------------------------------------------------------------------

interface Found {
  kind: AttributionKind;
  party: string;
  sentence: string;
  /** Where the party sits in the source text, to find a link given with it. */
  partyAt: number;
  sentenceStart: number;
  sentenceEnd: number;
}

/** Agencies named in a credit, as written ("dpa/AFP" → "dpa", "AFP"). */
function agenciesIn(text: string): { name: string; at: number }[] {
  const result: { name: string; at: number }[] = [];
  const pattern = rx(`(?:(?:the|The) )?${A}`, "g");
  for (const match of text.matchAll(pattern)) {
    if (findAgency(match[0])) result.push({ name: match[0], at: match.index ?? 0 });
  }
  return result;
}

function sentenceAround(text: string, at: number): { text: string; start: number; end: number } {
  for (const sentence of sentences(text)) {
    if (at >= sentence.start && at < sentence.end) return sentence;
  }
  return { text, start: 0, end: text.length };
}

/** Wire credits: an agency in a dateline, byline, credit line, copyright line or "X reported". */
function findWire(source: Source, out: Found[], options: { credit: boolean }): void {
  const { text } = source;
  const push = (partyText: string, partyAt: number, clear: boolean) => {
    for (const agency of agenciesIn(partyText)) {
      const bare = agency.name.replace(/^(?:the|The) /, "");
      if (!clear && AMBIGUOUS_ALIASES.has(bare)) continue;
      const sentence = sentenceAround(text, partyAt + agency.at);
      out.push({
        kind: "wire",
        party: agency.name,
        sentence: sentence.text,
        partyAt: partyAt + agency.at,
        sentenceStart: sentence.start,
        sentenceEnd: sentence.end,
      });
    }
  };
  // Nothing to find without an agency name: one cheap test spares the patterns below.
  if (!ANY_AGENCY_TEST.test(text) && !JA_CREDIT.test(text)) return;
  // Forms that say "agency credit" by their shape count for every alias, ambiguous ones included.
  const dateline = DATELINE.exec(text) ?? JA_CREDIT.exec(text);
  if (dateline?.groups?.party) push(dateline.groups.party, text.indexOf(dateline.groups.party, dateline.index), true);
  if (text.length <= 200) {
    const footer = SOURCE_LINE.exec(text);
    if (footer?.groups?.party) push(footer.groups.party, text.lastIndexOf(footer.groups.party), true);
  }
  if (text.length <= 160) {
    const line =
      CREDIT_LINE.exec(text) ??
      (options.credit ? (CREDIT_BYLINE_TAIL.exec(text) ?? AGENCY_BYLINE.exec(text)) : BYLINE_TAIL.exec(text));
    if (line?.groups?.party) push(line.groups.party, text.lastIndexOf(line.groups.party), true);
  }
  for (const match of text.matchAll(COPYRIGHT)) {
    const party = match.groups?.party;
    if (party) push(party, (match.index ?? 0) + match[0].lastIndexOf(party), false);
  }
  for (const pattern of REPORTED) {
    for (const match of text.matchAll(pattern)) {
      const party = match.groups?.party;
      if (!party) continue;
      // "news agency PA reported": the agency word makes the short form unambiguous.
      const named = rx(`${AGENCY_WORD} ${A}`).test(party);
      push(party, (match.index ?? 0) + match[0].lastIndexOf(party), named);
    }
  }
}

function findPhrases(source: Source, kind: AttributionKind, patterns: RegExp[], trigger: RegExp, out: Found[]): void {
  if (!trigger.test(source.text)) return;
  for (const sentence of sentences(source.text)) {
    if (!trigger.test(sentence.text)) continue;
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      const matches = pattern.flags.includes("g") ? [...sentence.text.matchAll(pattern)] : [pattern.exec(sentence.text)];
      for (const match of matches) {
        const raw = match?.groups?.party;
        if (!match || raw === undefined) continue;
        const groupAt = match.indices?.groups?.party?.[0] ?? sentence.text.indexOf(raw);
        const party = cleanParty(raw, sentence.text.slice(0, groupAt).trim() === "");
        if (!isPartyName(party, kind)) continue;
        const offset = sentence.text.indexOf(party, groupAt);
        out.push({
          kind,
          party,
          sentence: sentence.text,
          partyAt: sentence.start + (offset >= 0 ? offset : groupAt),
          sentenceStart: sentence.start,
          sentenceEnd: sentence.end,
        });
      }
    }
  }
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/giu;

/** The link given with an attribution: one on the party's words, else (for republication) one in the sentence. */
function linkFor(source: Source, found: Found, resolve: ResolveHref): string | undefined {
  const partyEnd = found.partyAt + found.party.length;
  const inSentence = source.links.filter((link) => link.end > found.sentenceStart && link.start < found.sentenceEnd);
  const onParty = inSentence.find((link) => link.end > found.partyAt && link.start < partyEnd);
  const candidates = onParty ? [onParty] : found.kind === "republished" ? inSentence : [];
  for (const link of candidates) {
    const url = resolve(link.href);
    if (url) return url;
  }
  if (found.kind === "republished" || found.kind === "statement") {
    for (const match of found.sentence.matchAll(URL_IN_TEXT)) {
      const url = resolve(match[0]);
      if (url) return url;
    }
  }
  return undefined;
}

export interface AttributionInput {
  /** Paragraphs of the main text, with their links. */
  blocks: Block[];
  /** Credit texts found outside the main text: bylines, credit and republication notes. */
  credits?: string[];
  resolve: ResolveHref;
}

/** Finds wire credits, republication notes and statements in a page's paragraphs and credit lines. */
export function findAttributions(input: AttributionInput): Attribution[] {
  const result: Attribution[] = [];
  const seen = new Set<string>();
  const sources: { source: Source; credit: boolean }[] = [
    // Captions credit photographs ("Photo: AFP"), not the text.
    ...input.blocks.filter((block) => block.kind !== "caption").map((block) => ({ source: block, credit: false })),
    ...(input.credits ?? []).map((text) => ({ source: { text: squash(text), links: [] }, credit: true })),
  ];
  for (const { source, credit } of sources) {
    if (source.text.length > 20_000) continue;
    const found: Found[] = [];
    findWire(source, found, { credit });
    findPhrases(source, "republished", REPUBLISHED, REPUBLISHED_TRIGGER, found);
    findPhrases(source, "statement", STATEMENT, STATEMENT_TRIGGER, found);
    found.sort((a, b) => a.partyAt - b.partyAt);
    const kept: Found[] = [];
    for (const item of found) {
      const key = `${item.kind}\u0000${item.party.toLowerCase()}\u0000${item.sentence}`;
      if (seen.has(key)) continue;
      // Two phrasings of one sentence may capture the same party at different lengths
      // ("Compagnie des Eaux" and "Compagnie des Eaux de Lorval"): the first found stands.
      const party = item.party.toLowerCase();
      const overlapping = kept.some(
        (other) =>
          other.kind === item.kind &&
          other.sentence === item.sentence &&
          (other.party.toLowerCase().includes(party) || party.includes(other.party.toLowerCase())),
      );
      if (overlapping) continue;
      seen.add(key);
      kept.push(item);
      const url = linkFor(source, item, input.resolve);
      result.push({ kind: item.kind, party: item.party, text: item.sentence, ...(url ? { url } : {}) });
    }
  }
  return result;
}
