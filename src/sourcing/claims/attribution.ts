// Who each sentence of a page says its statement comes from: the page's own reporting, a party
// (named, by role, or by a spokesperson), a party's document (a release, a report), or another
// outlet (told apart from a party later, against the story's outlets). Read per sentence from
// the cues newsrooms use in the languages we read ("according to", "X said", "laut", "selon",
// "según", "secondo", "według", "によると", "…と発表した"), then carried to the sentences that
// continue a statement: the rest of its paragraph (newsrooms attribute once a paragraph: "The
// council said the beach was closed. It will reopen on Monday." rests on the council), the
// statements a framing sentence opens ("In a statement on Tuesday, the ministry set out its
// plan."), and a later sentence that refers back to the document ("The release says …"). A
// sentence with an attribution of its own starts another statement. Erring this way shows a claim
// as resting on a party rather than as corroborated, the error a reader can afford. Page text is
// data; it is only matched.

import { SCALES, unitClass } from "./figures.ts";
import { type Party, PRESS_WORDS, toParty, WEEKDAYS } from "./parties.ts";

export interface SentenceAttribution {
  /** A pronoun speaks ("she said"): the party is whoever the page named last. */
  pronoun?: boolean;
  /** The party as written ("the authority", "Maria Lopez, a spokeswoman for the port authority"). */
  party: string;
  /** The sentence names a document (release, statement, report) rather than a speaker. */
  document: boolean;
  /** The sentence introduces statements without stating a fact of its own, or ends with a colon. */
  frame: boolean;
  /** Carried from an earlier sentence rather than read in this one. */
  carried: boolean;
}

const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;
const rx = (s: string, flags = "u") => new RegExp(s, flags);

/** Cues after which the party follows: "according to X", "laut X", "selon X". */
const BEFORE_PARTY = rx(
  `${B}(?:according to|as (?:announced|stated|reported|confirmed) by|(?:first|originally|initially) reported by|quoted by|citing|laut|gemäß|nach (?:Angaben|Auskunft|Darstellung|Informationen|Schätzungen|Berechnungen) (?:von|vom|der|des|dem)|selon|d['’]après|de source|según|de acuerdo con|conforme a|a decir de|secondo|stando a|stando (?:ai|agli|alle|al|allo)|a detta (?:di|del|della|dei)|(?:figures|data|statistics|numbers) (?:from|released by|published by|compiled by)|z danych|come (?:riferito|comunicato|annunciato) (?:da|dal|dalla|dai)|a quanto (?:riferito|comunicato|reso noto|spiegato|annunciato) (?:da|dal|dalla|dai|dagli)|a-t-on appris auprès (?:de la|de l['’]|des|du|de)|według|zdaniem|jak (?:podał[aoy]?|poinformował[aoy]?|przekazał[aoy]?|podają|informuje|przekazuje|wynika z)|cytowan[yaie] przez)${E}`,
  "giu",
);

/**
 * "Per la Regione", "Pour la direction", "Para la empresa" opening a sentence: in that party's view;
 * or a person's full name and their description set off by a comma ("Per Davide Pellacani, capogruppo di
 * …, il conto vero è"; "Per San Siro, il Comune …" names a place).
 */
const FOR_PARTY =
  /^(?:(?:Per|Pour|Para)\s+(?=(?:la|il|lo|l['’]|i|gli|le|les|el|los|las)\s*\p{L}|\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s*,\s*(?!(?:il|lo|la|i|gli|le|l|el|los|las|un|una|uno|une|des|les)(?![\p{L}]))\p{Ll})|Per\s+(?=(?:the|a|an)\s+\p{L}))/u;

/** When the report came, between its verb and its author: "as reported earlier this week by", "as reported on Monday by". */
const WHEN_REPORTED = `(?:(?:earlier|last|this|on|el|le|il|este|en la noche del|en la mañana del|en la tarde del|la noche del)\\s+){0,2}(?:${WEEKDAYS}|week|month|year|morning|weekend|yesterday|ayer|hier|ieri|gestern|wczoraj)(?:\\s+(?:week|month|year))?`;
/** Verbs of another's report, for "as X reported" and its kin. */
const REPORTED =
  "(?:first\\s+|earlier\\s+|previously\\s+|already\\s+|ya\\s+|déjà\\s+|bereits\\s+|zuerst\\s+|già\\s+|wcześniej\\s+)?(?:reported|revealed|disclosed|informó|adelantó|publicó|reveló|reportó|contó|informaba|publicaba|a révélé|a rapporté|avait révélé|avait rapporté|révélé|rapporté|berichtete|berichtet|meldete|gemeldet|enthüllte|riportato|rivelato|anticipato|scritto|scriveva|podał|podała|podało|podaje|podają|informuje|pisze|donosi|ujawnił|ujawniła|ujawniło|informował|informowała|pisał|pisała)";
/**
 * "Como informó La Voz de Aromal, …", "Comme l'a révélé Le Réveil", "Come riportato dalla Voce",
 * "As first reported by the Harbour Gazette", "Jak podał Kurier": the page credits another's report,
 * named after the verb.
 */
const AS_REPORTED_BY = new RegExp(
  `(?:^|[.!?]\\s+|,\\s*)(?:as|como|tal como|según|comme|ainsi que|come|così come|jak)\\s+(?:lo\\s+|l['’]a\\s+|l['’]avait\\s+|ha\\s+|è\\s+stato\\s+)?${REPORTED}(?:\\s+${WHEN_REPORTED})?(?:\\s+(?:by|par|por|da|dal|dalla|dallo|dai|dagli|przez))?\\s+`,
  "iu",
);
/** "As the Harbour Gazette reported", "Wie die Oderland-Zeitung berichtete": named between. */
const AS_NAMED_REPORTED = new RegExp(
  `(?:^|[.!?]\\s+|,\\s*)(?:as|wie|comme|como|come)\\s+(.{3,80}?)\\s+(?:(?:had|has|hat|hatte|a|avait)\\s+)?${REPORTED}(?![\\p{L}])`,
  "iu",
);
/** What kind of outlet a report's name follows: "the blog El Mirador", "Italian daily La Ruota",
 * "die Regionalzeitung „La Gazette"". A capitalised kind is part of a name ("Allgemeine Zeitung Mainz"). */
const OUTLET_KIND =
  /^(?:(?:the|a|an|el|la|le|il|die|der|das)\s+)?(?:\p{Lu}[\p{L}-]+\s+|\p{Ll}+(?:ski|cki|y|i|e)\s+(?=(?:dziennik|tygodnik|portal|serwis|blog)))?(?:security\s+|cycling\s+|local\s+|tech\s+)?(?:blog|daily|newspaper|paper|site|website|news site|tabloid|weekly|magazine|broadcaster|portal|periódico|diario|blog especializado|quotidien|journal|hebdomadaire|site spécialisé|giornale|quotidiano|settimanale|gazeta|dziennik|tygodnik|serwis|\p{Lu}\p{Ll}+(?:zeitung|blatt))(?:\s+(?:local|regional|digital|locale|lokalny|regionalny))?\s+(?=\p{Lu})/u;
/** The outlet a report is credited to, its kind set aside ("el blog El Mirador de Castrovaldés"). */
const reportName = (text: string) => phraseAfter(text.replace(/[„“”"«»]/gu, "").replace(OUTLET_KIND, ""), 0);
/** "…, citing Italian daily La Ruota, reported": the report it cites. */
const CITING =
  /(?<![\p{L}])(?:citing|quoting|citando|en citant|citant|zitierend|unter Berufung auf|cytując|powołując się na)\s+/iu;

/** Cues before which the party stands: "X zufolge", "Xによると". */
const AFTER_PARTY = rx(
  `(?:${B}zufolge${E}|によると|によれば|の発表では|の発表によると|の調べでは|の説明では|の話では|によりますと|のまとめでは|のまとめによると|の集計では|の集計によると|の試算で|の試算では|の試算によると|の推計では|の推計によると|の調査では|の調査によると)`,
  "gu",
);

const SAY_EN =
  "presented|gave an update|provided an update|gave details of|said|says|say|estimate|confirm|warn|insist|predict|told|tells|announced|announces|stated|states|confirmed|confirms|added|adds|estimated|estimates|explained|explains|noted|notes|wrote|writes|claimed|claims|insisted|warned|revealed|disclosed|reported|reports|predicted|predicts|declared|acknowledged|admitted|argued|maintained|denied|denies|rejected|rejects|expects|expected|projected|forecast|calculated|described|insists|pointed out|set out|outlined|unveiled|published|urged|urges|demands|demanded|is seeking|are seeking|seeks|called for|calls for|requested|requests|puts? (?:the|its|their)(?: (?:real|true|total|full|final|actual|overall|likely))? (?:cost|costs|damage|bill|price|figure|number|toll|total|loss|losses|value|estimate|count|crowd|turnout|attendance)(?: [\\p{L}-]+){0,5}? at|valued|values|assessed|assesses|classified|rated|proclaimed|reiterated|reiterates|emphasised|emphasized|emphasises|emphasizes|stressed|stresses|conceded|concedes|cautioned|cautions|asserted|asserts|observed|remarked|replied|countered|commented|indicated|indicates|specified|detailed|briefed|underlined|underscored";
const SAY_DE =
  "sagte|sagt|sagten|erklärte|erklärt|erklärten|teilte|teilt|teilten|mitteilte|mitteilten|berichtete|berichtet|bestätigte|bestätigt|betonte|betont|kündigte|gab|gibt|bezifferte|beziffert|bezifferten|schätzte|schätzt|schrieb|schreibt|meldete|meldet|wies|dementierte|dementiert|räumte|sprach|hieß|heißt|bekräftigte|versicherte|ergänzte|fügte|betonte|kritisierte|warnte|räumte|verwies|begründete|kündigte|hieß es|fordert|fordern|forderte|forderten|verlangt|verlangen|verlangte|rechnete vor|rechnet vor|spricht von|sprach von|geht von|ging von|gehen von|gingen von|(?:geht|ging|gehen|gingen) (?:nun|jetzt|derzeit|weiterhin|inzwischen|mittlerweile|bislang|zunächst|insgesamt|offiziell|schweizweit|bundesweit|landesweit|europaweit|weltweit) von|erwartet|erwartete|stufte|stuft|eingestuft|veröffentlichte|veranschlagt|veranschlagte|taxiert|taxierte|erläuterte|erläutert|unterstrich|unterstreicht|hob hervor|hebt hervor|stellte klar|stellt klar|verweist|informierte|informiert|mahnte|mahnt|präzisierte|präzisiert|bekräftigt|versichert|ergänzt|kritisiert|warnt|bestätigten|berichteten|betonten|warnten";
const SAY_FR =
  "a présenté|ont présenté|a fait le point|ont fait le point|a officialisé|ont officialisé|a dévoilé|ont dévoilé|parle d(?:e|es|u)|parlent d(?:e|es|u)|parlait de|a parlé de|a déclaré|a indiqué|a annoncé|a précisé|a expliqué|a affirmé|a assuré|a confirmé|a souligné|a fait savoir|a estimé|a chiffré|a démenti|a reconnu|a ajouté|a rapporté|a communiqué|a dit|ont déclaré|ont indiqué|ont annoncé|ont précisé|ont expliqué|ont affirmé|ont confirmé|ont fait savoir|ont estimé|ont démenti|ont ajouté|ont dit|ont averti|ont prévenu|indique|annonce|précise|explique|affirme|assure|confirme|souligne|estime|chiffre|dément|ajoute|rapporte|déclare|fait savoir|avait indiqué|avait annoncé|indiquait|précisait|annonçait|estimait|affirmait|expliquait|faisait état|fait état|a salué|a réagi|a répété|a martelé|a regretté|a insisté|a lancé|a fait valoir|a rappelé|rappelle|communique|fait valoir|évoque|évoquait|a évoqué|avance|avançait|revendique|revendiquait|réclame|réclamait|a réclamé|exige|a exigé|a requis|ont requis|requiert|dénonce|a dénoncé|table sur|chiffrait|a chiffré|a classé|ont classé|classe|a proclamé|a publié|évalue|a évalué|fixe|a fixé|porte|a porté|quantifie|a quantifié|reconnaît|admet|a admis|prévient|a prévenu|avertit|a averti|martèle|insiste|a relevé|observe|a observé|signale|a signalé|détaille|a détaillé|a noté|raconte|a raconté|témoigne|a témoigné|a nié|a réitéré|réitère|a tenu à préciser|ont souligné|ont rappelé|ont reconnu|ont assuré|ont expliqué|font état|ont fait état|faisaient état|annoncent|indiquent|précisent|affirment|assurent|confirment|estiment|expliquent|déclarent|rapportent|signalent|prévoit|prévoient|a dénombré|ont dénombré|dénombre|a recensé|ont recensé|recense";
const SAY_ES =
  "presentó|presentaron|ha presentado|han presentado|hizo balance|ha hecho balance|oficializó|ha oficializado|habla del?|hablan del?|habló del?|hablaba del?|dijo|dice|informó|informa|señaló|señala|anunció|anuncia|indicó|indica|explicó|explica|afirmó|afirma|aseguró|asegura|confirmó|confirma|declaró|declara|precisó|precisa|detalló|detalla|sostuvo|sostiene|estimó|estima|cifró|cifra|desmintió|desmiente|negó|niega|reconoció|agregó|añadió|destacó|apuntó|comunicó|reportó|explicaron|informaron|señalaron|indicaron|dijeron|afirmaron|confirmaron|ha señalado|ha dicho|ha explicado|ha afirmado|ha asegurado|ha indicado|ha informado|ha confirmado|ha anunciado|ha repetido|expresó|repitió|indicaba|señalaba|informaba|había dicho|subrayó|insistió|advirtió|admitió|lamentó|celebró|escribió|exige|exigen|exigió|pide|piden|pidió|reclama|reclaman|reclamó|calcula|calculan|calculó|prevé|prevén|cifran|estiman|sostienen|aseguran|denuncia|denuncian|ha requerido|solicitó|solicita|clasificó|proclamó|difundió|publicó|fija|fijó|sitúa|situó|eleva|elevó|valora|valoró|evalúa|evaluó|cuantifica|cuantificó|recuerda|recuerdan|recordó|recordaron|subraya|subrayan|advierte|advierten|aclara|aclaró|apunta|apuntan|destaca|destacan|reconoce|reconocen|admite|insiste|añade|añaden|agrega|agregan|agregó|revela|reveló|recalca|recalcó|puntualiza|puntualizó|matiza|matizó|expuso|argumenta|argumentó|alega|alegó|manifestó|comentó|relató|aseguraron|señalan|indican|informan|explicó|advirtieron|detallaron|precisaron|elevaron|cifraron|situaron|fijaron|calcularon|estimaron|dio a conocer|dieron a conocer|ha dado a conocer|han dado a conocer";
const SAY_IT =
  "ha presentato|hanno presentato|ha fatto il punto|hanno fatto il punto|ha ufficializzato|ha diffuso|hanno diffuso|ha reso noti|parla d(?:i|el|ella|ei|egli|elle|ello)|parlano d(?:i|el|ella|ei|egli|elle|ello)|ha parlato di|ha detto|ha dichiarato|ha annunciato|ha spiegato|ha fatto sapere|ha reso noto|ha comunicato|ha precisato|ha confermato|ha affermato|ha sottolineato|ha stimato|ha smentito|ha aggiunto|ha riferito|ha assicurato|ha ammesso|hanno detto|hanno dichiarato|hanno annunciato|hanno spiegato|hanno fatto sapere|hanno reso noto|hanno comunicato|hanno precisato|hanno confermato|hanno smentito|dice|dichiara|annuncia|spiega|precisa|conferma|afferma|stima|smentisce|riferisce|fa sapere|rende noto|aggiunge|sottolinea|assicura|indicava|riportava|precisava|ha ribadito|ha ricordato|ha scritto|ha commentato|ha spiegato|ha garantito|comunica|comunicano|informa|ricorda|chiede|chiedono|ha chiesto|hanno chiesto|rivendica|rivendicano|calcola|calcolano|prevede|stimano|denuncia|ha denunciato|sostiene|sostengono|ha classificato|ha proclamato|ha pubblicato|quantifica|ha quantificato|valuta|ha valutato|fissa|ha fissato|ha osservato|osserva|ha evidenziato|evidenzia|ha rimarcato|rimarca|ha avvertito|avverte|ha segnalato|segnala|ha raccontato|racconta|ammette|ha riconosciuto|riconosce|ha chiarito|chiarisce|ha puntualizzato|puntualizza|ha replicato|replica|ha negato|ha insistito|ritiene|ritengono|ha ritenuto|hanno ritenuto|contesta|contestano|ha contestato|hanno contestato|insiste|ha sostenuto|scrive|ribadisce|ha rivelato|rivela|ha anticipato|anticipa|ha illustrato|illustra|hanno sottolineato|hanno ricordato|hanno riferito|hanno precisato|hanno assicurato|hanno spiegato|spiegano|riferiscono|precisano|confermano|affermano|dichiarano|annunciano|sottolineano|fanno sapere|rendono noto|ha indicato|hanno indicato|hanno segnalato|hanno stimato|hanno avvertito|hanno aggiunto|hanno assicurato|hanno ammesso|hanno denunciato";
const SAY_PL =
  "przedstawiło|przedstawił|przedstawiła|przedstawili|przedstawiły|mówi o|mówią o|mówił o|mówiła o|powiedział|powiedziała|powiedzieli|poinformował|poinformowała|poinformowało|poinformowali|przekazał|przekazała|przekazało|przekazali|podał|podała|podało|podali|oświadczył|oświadczyła|oświadczyło|zapowiedział|zapowiedziała|potwierdził|potwierdziła|potwierdziło|wyjaśnił|wyjaśniła|dodał|dodała|zaznaczył|zaznaczyła|ocenił|oceniła|oszacował|oszacowała|oszacowało|zaprzeczył|zaprzeczyła|zaprzeczyło|zdementował|zdementowała|zdementowało|informuje|podaje|twierdzi|przekazuje|zapewnił|zapewniła|zapewnia, że|zapewniają, że|szacuje|szacują|mówi|mówił|mówiła|napisał|napisała|podkreślił|podkreśliła|dodaje|zaznacza|przyznał|przyznała|domagają się|domaga się|żąda|żądają|żądał|oczekuje|oczekują|wylicza|wyliczył|wyliczyła|szacował|szacowała|zażądał|zażądała|zażądali|zapowiada|zapowiadają|wycenia|wycenił|wyceniła|wyceniło|szacowało|wskazał|wskazała|wskazało|przypomniał|przypomniała|przypomniało|przypomina|ostrzegł|ostrzegła|ostrzega|stwierdził|stwierdziła|stwierdziło|stwierdza|podkreśla|przekonuje|tłumaczy|tłumaczył|tłumaczyła|wyjaśnia|komentuje|ogłosił|ogłosiła|ogłosiło|ogłosili|zapowiedziało|poinformowały|przekazały|podały|zapowiedzieli|zapowiedziały|ostrzegło|ostrzegli|ostrzegły|potwierdzili|potwierdziły|oszacowali|ocenili|oceniło|wyjaśnili|stwierdzili|dodali|przyznali|zaprzeczyli|ogłosiły";
/**
 * Polish verbs of telling in every person the news writes: the past in its five forms
 * ("poinformował", "poinformowała", "poinformowało", "poinformowali", "poinformowały") and the
 * present in two ("zaprzecza", "zaprzeczają"), made from their stems rather than listed one by one.
 */
const SAY_PL_PAST_STEMS =
  "poinformowa przekaza poda oświadczy zapowiedzia potwierdzi wyjaśni doda zaznaczy oceni oszacowa zaprzeczy zdementowa podkreśli przyzna wskaza przypomnia stwierdzi ogłosi przedstawi opisa napisa powiedzia zadeklarowa wyliczy wyceni relacjonowa skomentowa zaapelowa sprecyzowa uściśli zakomunikowa odpowiedzia zapowiada twierdzi mówi informowa dodawa przekonywa tłumaczy ostrzega"
    .split(" ")
    .flatMap((stem) => ["ł", "ła", "ło", "li", "ły"].map((ending) => stem + ending));
const SAY_PL_PRESENT =
  "informuje informują podaje podają przekazuje przekazują twierdzi twierdzą zaznacza zaznaczają podkreśla podkreślają dodaje dodają wyjaśnia wyjaśniają tłumaczy tłumaczą ocenia oceniają szacuje szacują przyznaje przyznają zaprzecza zaprzeczają dementuje dementują ostrzega ostrzegają zapowiada zapowiadają potwierdza potwierdzają ogłasza ogłaszają deklaruje deklarują mówi mówią opisuje opisują pisze piszą przekonuje przekonują komentuje komentują relacjonuje relacjonują alarmuje alarmują apeluje apelują wylicza wyliczają".split(
    " ",
  );

/** Verbs that tell only before "że" ("zapewniły, że" assured; "zapewniły autobusy" provided buses). */
const SAY_PL_BEFORE_THAT = ["zapewni", "ujawni"].flatMap((stem) =>
  ["ł", "ła", "ło", "li", "ły"].map((ending) => `${stem + ending},? że`),
);
const SAY_PL_FORMS = [...new Set([...SAY_PL_PAST_STEMS, ...SAY_PL_PRESENT, ...SAY_PL_BEFORE_THAT])].join("|");

/** Spanish perfects of the speech verbs ("ha precisado", "han detallado"), made once rather than listed. */
const SAY_ES_PERFECT = `(?:ha|han|había|habían) (?:${"precisado detallado añadido agregado subrayado advertido reconocido admitido cifrado estimado calculado comunicado declarado apuntado destacado insistido negado desmentido sostenido revelado explicado asegurado afirmado confirmado anunciado informado indicado señalado dicho".split(" ").join("|")})`;
/** Every language's verbs of telling, in one alternation. */
const SAY_ALL = [SAY_EN, SAY_DE, SAY_FR, SAY_ES_PERFECT, SAY_ES, SAY_IT, SAY_PL, SAY_PL_FORMS].join("|");
const SAY = rx(`${B}(?:${SAY_ALL})${E}`, "giu");

// Copies without the global flag for the helpers below: a global regex carries its lastIndex
// from one caller to the next.
const SAY_ANYWHERE = new RegExp(SAY.source, "iu");
const SAY_FIRST = new RegExp(`^\\s*,?\\s*(?:(?:has|have|had|hat|hatte|a|ont|ha|han|hanno)\\s+)?(?:${SAY_ALL})${E}`, "iu");

/** Whether a stretch of text holds a verb of speech ("which said it asked for $30,000"). */
export function speaks(text: string): boolean {
  return SAY_ANYWHERE.test(text);
}

/** Whether a stretch of text opens on a verb of speech, past a comma and an auxiliary (", said", ", has confirmed"). */
export function speaksFirst(text: string): boolean {
  return SAY_FIRST.test(text);
}

const BEFORE_PARTY_ANYWHERE = new RegExp(BEFORE_PARTY.source, "iu");
const AFTER_PARTY_ANYWHERE = new RegExp(AFTER_PARTY.source, "u");

/** Whether a stretch of text credits someone: a verb of speech or "according to", "według", "laut". */
export function credits(text: string): boolean {
  return speaks(text) || BEFORE_PARTY_ANYWHERE.test(text) || AFTER_PARTY_ANYWHERE.test(text);
}

/** Japanese: "Xは…と発表した", "Xは…を明らかにした", "Xの広報担当者は…と話した", "Xは…よう呼び掛けている". */
const JA_SAY =
  /^(?:[^、。]{0,12}、)?([^、。「」は]{1,24}?)(?:の(?:広報担当者|担当者|幹部|関係者|報道官|広報))?(?:は|が)[^。]*(?:(?:と|を)(?:発表|明らかに|説明|述べ|話し|話した|公表|語っ|語った|示し|否定|認め|伝え|強調|指摘|警告|回答|コメント|表明|主張|報告)|記者会見を開|会見を開|(?:よう|ように|を)(?:呼び掛け|呼びかけ|求め|要請))/u;

/**
 * A body's decision or plan, told with the body as the sentence's subject: "El Ayuntamiento
 * cerró el parque", "Spółka Oderland Netz zamknie most", "L'ICIA ha sospeso il corridore",
 * "La Audiencia Provincial condena al exalcalde", "MKW skorygowała wynik". What a body decides or
 * plans is known from the body: the sentence rests on it. A state or a count of the body ("the
 * port handles", "employs 1,200") is no decision, and neither is an act anyone may see done.
 */
const DECIDED = rx(
  `(?<![\\p{L}\\p{N}-])(?:${[
    "will close|will cut|will reopen|will suspend|suspended|sentenced|fined|raised|lowered|tendered|awarded|revised|corrected|approved|ordered|decided|imposed|banned|has closed",
    "schließt|sperrt|stoppt|verhängte|verurteilte|korrigierte|beschloss|beschließt|genehmigte|ordnete|senkte|vergab|suspendierte|sperrte",
    "fermera|fermer|suspend|suspendu|condamne|condamné|relevé|abaissé|révisé|corrigé|décidé|approuvé|ordonné|prévoit de|infligé|inflige|attribué|suspendre|abaisse|décide|ordonne|ferme",
    "cortará|cerrará|suspenderá|suspendió|suspendido|suspende|condena|condenó|condenado|licitado|licitó|adjudicó|adjudicado|elevó|rebajó|corrigió|corregido|decidió|decidido|aprobó|aprobado|ordenó|ordenado|impuso|impuesto|multó|cortó|cerró",
    "chiuderà|sospenderà|sospeso|sospende|condanna|condannato|alzato|innalzato|abbassato|rivisto|corretto|deciso|approvato|ordinato|affidato|aggiudicato|inflitto|stanziato|stanzia|chiude|sospese|decise",
    "zamknie|zamyka|zawiesi|zawiesiła|zawiesił|zawiesiło|skazał|skazała|skorygowała|skorygował|skorygowało|podniosła|podniósł|podniosło|obniżyła|obniżył|zdecydowała|zdecydował|zdecydowało|zatwierdziła|zatwierdził|nakazała|nakazał|wstrzyma|wstrzymała|ukarała|ukarał",
  ].join("|")})${E}`,
  "giu",
);
/** Japanese: the body as topic, a decision at the verb ("センターは…レベルを3に引き上げた"). */
const JA_DECIDED =
  /(?:引き上げ|引き下げ|決定し|決め|停止し|閉鎖し|閉鎖する|発令し|解除し|命じ|科し|処分し)(?:た|ました|る|ます)[。」]?$/u;

/** A document by itself before "によると": the release, the indictment, the report. */
const JA_DOCUMENT = /^(?:発表|起訴状|報告書|資料|調書|文書|声明|公表資料|発表資料)$/u;

/** Verbs of a statement that need a speaker, when Japanese leaves the speaker out. */
const JA_UNWRITTEN_SPEAKER = /(?:よう|ように)(?:呼び掛け|呼びかけ|求め|要請)|と(?:発表|説明|述べ|話し)/u;

/** A document named in a sentence: the release, the statement, the report. */
const DOCUMENT = rx(
  `${B}(?:press release|news release|media release|release|statement|announcement|communiqué|filing|report|notice|figures|data|Pressemitteilung|Mitteilung|Erklärung|Stellungnahme|Bericht|Angaben|communiqué|rapport|déclaration|comunicado|nota de prensa|nota|informe|declaración|comunicato|nota|rapporto|dichiarazione|komunikat|oświadczenie|raport|dane)${E}|発表|資料|報告書`,
  "iu",
);

/** A sentence that refers back to a document or party without naming it: "The release says", "It added", "Es". */
const BACK_REFERENCE = rx(
  `^(?:["“„«]|(?:it|they|he|she|es|er|sie|il|elle|ils|elles|él|ella|ellos|lui|lei|loro|on|ona|oni)${E}|同社は|同省は|同市は|(?:the|this|that|its|der|die|das|diese[rs]?|le|la|ce|cette|el|este|esta|il|questo|questa|ten|ta|to)\\s+(?:release|statement|announcement|document|report|company|firm|authority|ministry|council|club|operator|Mitteilung|Erklärung|Unternehmen|Behörde|Ministerium|Verein|communiqué|société|ministère|comunicado|empresa|ministerio|comunicato|nota|società|ministero|komunikat|spółka|ministerstwo)${E})`,
  "iu",
);

/** A pronoun speaking: "she said", "er sagte", "il a précisé": the party named last on the page. */
const PRONOUN = /^(?:he|she|they|we|it|er|sie|es|wir|il|elle|ils|elles|nous|él|ella|ellos|ellas|lui|lei|loro|on|ona|oni|my)$/iu;

/** Time words between a subject and its verb: "Alderbank Energy today announced", "Police now say". */
const ADVERBS = new RegExp(
  `^(?:today|now|also|yesterday|earlier|later|again|previously|meanwhile|separately|initially|originally|first|then|still|heute|gestern|auch|zudem|bereits|nun|jetzt|aujourd['’]hui|hier|aussi|également|hoy|ayer|también|ya|oggi|ieri|anche|già|dziś|dzisiaj|wczoraj|też|również|już|on|am|le|el|il|w|${WEEKDAYS})$`,
  "iu",
);

/** When, standing between a verb and the party that follows it: "a annoncé dimanche matin la
 * police cantonale", "ha comunicato ieri sera la prefettura", "según ha informado este martes la entidad". */
const TIME_PHRASE = new RegExp(
  `^\\s*(?:(?:am|on|this|ce|cette|este|esta|questo|questa|w|we|in|el|le|il|la|lo|de|del|della|di|du|à|a|por|per|nella|en|dans|ten|tej)\\s+)?(?:(?:${WEEKDAYS}|heute|gestern|morgen|ayer|hoy|mañana|ieri|oggi|domani|wczoraj|dziś|dzisiaj|aujourd['’]hui|hier|demain|today|yesterday|tonight|matin|mattina|morning|soir|sera|evening|tarde|noche|notte|nuit|abend|früh|rano|wieczorem|après-midi|pomeriggio|afternoon|night|midi|mediodía|jeudi|dernier|dernière|pasado|pasada|scorso|scorsa|zeszły|last|vendredi)[,]?\\s+){1,3}`,
  "iu",
);

/** Languages whose "à", "a", "alla" after a speech verb name who is told (English "a" is an article). */
const TOLD_TO_LANGUAGES = new Set(["fr", "es", "it"]);
/** A recipient after a speech verb: "a déclaré à l'AFP", "dijo a EFE", "ha detto alla Voce". */
const TOLD_TO = /^\s*(?:à|a|al|alla|allo|ai|agli|alle|aux)\s/iu;
/** The one told: an outlet's or a person's one word, with its article ("l'AFP", "Ouest-France", "El País"). */
const RECIPIENT = /^\s*(?:(?:l|d)['’])?(?:(?:El|La|Il|Le|Los|Las)\s+)?\p{Lu}[\p{L}\p{N}'’.-]*/u;

/** French's speech verb with its pronoun after it: "a-t-il déclaré", "ont-elles ajouté", "précise-t-il". */
const INVERTED_PRONOUN = /(?:(?:a|ont|avait|avaient)-t?-?(?:il|elle|ils|elles)\s+\p{L}+|\p{L}+-t-(?:il|elle))(?![\p{L}])/u;

/** A speaker of a few words before a colon that opens the line: "Police: …", "Polizei: …". */
const COLON_SPEAKER = /^\s*((?:\p{L}[\p{L}'’.-]*\s+){0,3}\p{L}[\p{L}'’.-]*):\s+\S/u;

/** A party's own document that speaks: "X's figures show", "X's statement listed". */
const PARTY_DOCUMENT =
  /['’]s? (?:own )?(?:figures|data|statistics|count|tally|report|statement|release|estimates?|records) (?:show|shows|showed|say|says|said|put|puts|list|lists|listed|indicate|indicates|indicated|suggest|suggests|suggested)(?![\p{L}])/u;
/** German's closing credit after a comma: "…, so die Polizei", "…, so ein Sprecher der Stadt". */
const CLOSING_SO = /,\s+so\s+(?=(?:die|der|das|den|ein|eine)\s+\p{Lu})/u;

/** A party's act in the passive, up to its agent: "requested on Thursday by", "réclamée jeudi par". */
const PASSIVE_ACT = rx(
  `${B}(?:requested|demanded|sought|proposed|ordered|recommended|réclamée?s?|requise?s?|demandée?s?|proposée?s?|ordonnée?s?|solicitad[oa]s?|pedid[oa]s?|propuest[oa]s?|ordenad[oa]s?|chiest[oa]|richiest[oa]|propost[oa]|dispost[oa]|żądan\\p{L}*|zaproponowan\\p{L}*|released|published|issued|communiquée?s?|publiée?s?|diffusée?s?|difundid[oa]s?|publicad[oa]s?|comunicat[oa]|diffus[oa]|pubblicat[oa]|opublikowan\\p{L}*|confirmed|announced|reported|put forward|revised|corrected|confirmée?s?|annoncée?s?|avancée?s?|évaluée?s?|estimée?s?|chiffrée?s?|fournie?s?|donnée?s?|révisée?s?|corrigée?s?|confirmad[oa]s?|anunciad[oa]s?|estimad[oa]s?|cifrad[oa]s?|facilitad[oa]s?|aportad[oa]s?|revisad[oa]s?|corregid[oa]s?|confermat[oa]|confermat[ei]|annunciat[oa]|stimat[oa]|quantificat[oa]|fornit[oa]|rivist[oa]|corrett[oa]|valutat[oa]|potwierdzon\\p{L}*|ogłoszon\\p{L}*|oszacowan\\p{L}*|podan\\p{L}*|przekazan\\p{L}*)${E}(?:\\s+(?:[^\\s,.;:]|[,.](?=\\d))+){0,5}?\\s+(?:by|par|por|da|dal|dalla|dai|dagli|przez)\\s+`,
  "giu",
);

/** A passive or a state, not a speaker: "was expected", "wurde gemeldet". */
const AUXILIARY =
  /(?:^|\s)(?:was|were|is|are|been|be|being|wird|wurde|wurden|ist|sind|war|est|été|était|fue|fueron|es|era|è|stato|stata|era|został|została|zostało|była|był)\s*$/iu;

/** Words that join a sentence to the one before, not words of its subject ("El Gobierno sin embargo asegura"). */
const SENTENCE_ADVERBIAL =
  /(?<![\p{L}])(?:sin embargo|por su parte|pour sa part|de son côté|dal canto suo|da parte sua|however|meanwhile|also|jedoch|dagegen|auch|cependant|toutefois|aussi|tuttavia|invece|anche|jednak|natomiast|także|również|también|ya|already|bereits|déjà|già|już)(?![\p{L}])/iu;

/** A title and affiliation: "a spokeswoman for the authority", "Sprecher der Stadt", "portavoz del ministerio". */
const AFFILIATION = rx(
  `${B}(?:spokes(?:wo)?man|spokesperson|representative|head|director|chief|manager|press officer|president|chairman|presidente|presidenta|président|présidente|Präsident(?:in)?|alcalde|alcaldesa|maire|sindaco|sindaca|prezydent|consejero|consejera|assessore|Sprecher(?:in)?|Pressesprecher(?:in)?|Leiter(?:in)?|Chef(?:in)?|porte-parole|directeur|directrice|responsable|portavoz|vocero|vocera|director|directora|portavoce|direttore|direttrice|responsabile|rzecznik|rzeczniczka|dyrektor|kierownik|prezes)(?:\\s+(?:of|for|at|with|from|des|der|von|vom|bei|de|du|de la|del|de los|de las|della|dello|delle|dei|degli|di|dal|dalla)\\s+|\\s+(?:de l|dell|d)['’])(.{2,80}?)(?=[,;.:)]|\\s+(?:said|says|told|sagte|erklärte|teilte|a|ha|dijo|informó|powiedział|powiedziała)${E}|$)`,
  "iu",
);

/** "Alderbank spokeswoman Jane Doe", "the port authority's spokesman". */
const PREFIXED_SPOKES = rx(`(.{2,60}?)['’]?s?\\s+(?:spokes(?:wo)?man|spokesperson)${E}`, "iu");

/** A relative clause's opening word: ", which sells …", ", qui emploie …", ", który …". */
const RELATIVE_OPENING =
  /^(?:which|who|whose|qui|dont|que|quien|quienes|cuyo|cuya|che|cui|il quale|la quale|welche[rsmn]?|któr\p{L}+)(?![\p{L}])/iu;

const BOUNDARY = /[,;:.()«»"“”„]|\s(?:that|which|who|dass|que|qui|che|że|wo)\s/u;

/** Words inside a party's name that are not names: "Ministry *of* Transport", "Stadt *der* …". */
const CONNECTOR =
  /^(?:of|for|and|&|the|de|del|de la|des|du|der|die|das|den|dem|von|vom|für|und|di|della|dello|delle|dei|degli|y|et|e|i|la|le|el|il|lo|los|las|les|a|an|its|l['’]|d['’])$/iu;
/** Words that join a name to its closing phrase ("Médecins sans frontières", "Ärzte ohne Grenzen"). */
const NAME_PHRASE_JOINER = /^(?:sans|ohne|sin|senza|without|bez|contre|gegen|contra|against)$/iu;
/** Set phrases those words open that are no part of a name ("sin embargo", "sans doute", "bez wątpienia"). */
const JOINED_PHRASE =
  /^(?:embargo|duda|dudas|dubbio|dubbi|doute|attendre|cesse|delay|doubt|zweifel|wątpienia|problemu|problemi|problemas)$/iu;
const ARTICLE =
  /^(?:the|a|an|its|their|der|die|das|den|dem|des|ein|eine|einer|einem|le|la|les|un|une|el|los|las|il|lo|i|gli|uno|una)$/iu;

/** Titles between a body and a person: "Alderbank boss Priya Nandakumar", "the club's head coach". */
const TITLE_WORD =
  /^(?:boss|chief|executive|ceo|chairman|chairwoman|president|director|head|manager|founder|owner|minister|mayor|secretary|commissioner|coach|general|deputy|captain|spokes(?:wo)?man|spokesperson|presidente|presidenta|président|présidente|präsident|präsidentin|alcalde|alcaldesa|maire|sindaco|sindaca|bürgermeister|bürgermeisterin|oberbürgermeister|oberbürgermeisterin|burmistrz|prezydent|prezes|ministro|ministra|ministre|ministerin|consejero|consejera|assessore|directeur|directrice|direttore|director|directora|dyrektor|capitán|capitaine|capitano|kapitän|portavoz|portavoce|porte-parole|sprecher|sprecherin|rzecznik|rzeczniczka|adjoint|adjointe|adjunto|adjunta|vicepresidente|procureure|procuratrice|staatsanwalt|staatsanwältin|responsable|responsabile|dirigente|starosta|wojewoda|préfète|prefekt|richterin|rector|rettore|commissaire|comisario|questore|comandante|commandant|komendant|inspector|superintendent|chef|cheffe|jefe|jefa|capo|leiter|leiterin|kierownik|kierowniczka|szef|szefowa|przewodniczący|przewodnicząca|wiceprzewodniczący|wiceprzewodnicząca)$/iu;

/** A word that can stand in a party's name: capitalised, an institution word, or a title. */
function partyWord(word: string): boolean {
  const bare = word.replace(/^[“"„«(]+|[”"»),.;:!?]+$/gu, "");
  if (!bare) return false;
  if (TITLE_WORD.test(bare.replace(/['’]s$/u, "")) || DOCUMENT.test(bare)) return true;
  if (/^[\p{Lu}]/u.test(bare) || /^(?:l|d|dell|dall|all)['’]\p{L}/iu.test(bare)) return true;
  return toParty(bare).roles.length > 0;
}

/** The noun phrase a cue is followed by: past a few descriptive words ("a statement released on
 * Tuesday by"), then the run of name and institution words ("the Ministry of Transport"). */
function phraseAfter(text: string, skip = 7): string {
  const cut = text.search(BOUNDARY);
  const words = (cut >= 0 ? text.slice(0, cut) : text).trim().split(/\s+/).filter(Boolean);
  let i = 0;
  while (
    i < words.length &&
    !(partyWord(words[i] as string) && !CALENDAR_WORD.test(words[i] as string) && !DOCUMENT.test(words[i] as string)) &&
    (i < skip || ARTICLE.test(words[i] as string) || ADVERBS.test(words[i] as string))
  )
    i++;
  const run: string[] = [];
  for (; i < words.length && run.length < 8; i++) {
    const w = words[i] as string;
    // A lower-case word that completes a role written in two words: "Protection civile", "el
    // Gobierno regional" (the region's, not the country's government).
    const completes = () => {
      if (run.length === 0) return false;
      const [before, after] = [toParty(run.join(" ")).roles, toParty(`${run.join(" ")} ${w}`).roles];
      return after.length > before.length || (after.length === before.length && after.some((r) => !before.includes(r)));
    };
    if (partyWord(w) || (run.length > 0 && CONNECTOR.test(w)) || completes()) run.push(w);
    else break;
  }
  while (run.length > 0 && CONNECTOR.test(run[run.length - 1] as string)) run.pop();
  return run.join(" ");
}

const CALENDAR_WORD = new RegExp(`^(?:${WEEKDAYS})[,.]?$`, "iu");

/** The party phrase that precedes a cue: the run of name and institution words ending the clause
 * before it ("Vestfjord Line, the ship's operator," → both). Empty when the cue opens its clause
 * ("…, teilte die Behörde mit": the party follows). */
function phraseBefore(text: string): string {
  // "The company has confirmed", "Spółka w komunikacie szacuje": the subject stands before these.
  text = text.replace(BETWEEN_SUBJECT_AND_VERB, " ");
  if (AUXILIARY.test(text) || /[;:"”»“„«]\s*$/u.test(text)) return "";
  if (/,\s*$/u.test(text)) {
    // "Vestfjord Line, the ship's operator, said": an apposition closes the subject; otherwise a
    // comma before the verb means the party follows it ("…, said the ministry").
    // A figure's thousands ("3,100 businesses") are no clause's end.
    const parts = text.replace(/,\s*$/u, "").split(/,(?!\d)/u);
    const last = (parts.pop() ?? "").trim();
    // "The Brightwater, Oregon-based company, which sells …, said": a place set off inside the
    // subject; a relative clause describes the whole of what comes before it.
    if (RELATIVE_OPENING.test(last) && parts.length > 1 && parts.join(",").split(/\s+/).length <= 6)
      parts.splice(0, parts.length, parts.join(","));
    const name = (parts.pop() ?? "").trim();
    if (ARTICLE.test(last.split(/\s+/)[0] ?? "") && /\p{Lu}/u.test(name))
      return `${name.split(/\s+/).slice(-4).join(" ")} ${last}`;
    // "El Ayuntamiento, personado como acusación particular, eleva …", "Tallyforge, which sells
    // payroll software, said": the subject opens the sentence and one phrase set off by commas
    // describes it.
    // "Ayer, en rueda de prensa, afirmó el alcalde": a time opening the sentence is no subject.
    if (
      parts.length === 0 &&
      /^\p{Ll}/u.test(last) &&
      name.split(/\s+/).length <= 6 &&
      !ADVERBS.test(name) &&
      !CALENDAR_WORD.test(name)
    )
      return name;
    // "The county's spokeswoman, Dana Ruiz, said", "Le procureur de la République de Montreval,
    // Julien Carrère, a indiqué": a title (or a body's role), then the person's name set off.
    const titled = name
      .split(/\s+/)
      .map((w) => w.replace(/^(?:l|d)['’]/iu, "").replace(/['’]s$/u, ""))
      .some((w) => TITLE_WORD.test(w));
    if (
      parts.length === 0 &&
      /^\p{Lu}/u.test(last) &&
      last.split(/\s+/).length <= 3 &&
      name.split(/\s+/).length <= 8 &&
      (titled || toParty(name).roles.length > 0)
    )
      return name;
    // "Scalvini's lawyer, Chiara Mordini, told …": someone's description we hold no title for,
    // then the person's name set off: the person speaks.
    // Whose description it is must be said ("Scalvini's"): "Residents of the village, North
    // Berwick, said" sets off a place.
    if (parts.length === 0 && /['’]s\s/u.test(name) && /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2}$/u.test(last))
      return last;
    return "";
  }
  const clauses = text
    .split(/[,;:()«»"“”„]|—|–|\s-\s/u)
    .map((c) => c.trim())
    .filter(Boolean);
  const words = (clauses.pop() ?? "").split(/\s+/).filter(Boolean);
  while (
    words.length > 0 &&
    (ADVERBS.test(words[words.length - 1] as string) || /^(?:on|am|le|el|il|w|in)$/iu.test(words[words.length - 1] as string))
  )
    words.pop();
  const run: string[] = [];
  // A name that ends in a phrase of lower-case words: "Réseau Meuse sans atome", "Ärzte ohne Grenzen".
  const n = words.length;
  if (
    n >= 3 &&
    NAME_PHRASE_JOINER.test(words[n - 2] as string) &&
    !JOINED_PHRASE.test(words[n - 1] as string) &&
    /^\p{Lu}/u.test(words[n - 3] as string)
  )
    run.push(...(words.splice(n - 2, 2) as string[]));
  // A body named by two lower-case words that make a role together: "the coast guard", "the fire
  // brigade"; or that make another role than the last word alone: "the regional government" is the
  // region, not a government.
  if (words.length >= 2 && run.length === 0) {
    const last = words[words.length - 1] as string;
    const pairRoles = toParty(words.slice(-2).join(" ")).roles;
    if (pairRoles.length > 0 && (!partyWord(last) || pairRoles.join() !== toParty(last).roles.join()))
      run.push(...(words.splice(-2, 2) as string[]));
  }
  for (let i = words.length - 1; i >= 0 && run.length < 8; i--) {
    const w = words[i] as string;
    if (partyWord(w) || CONNECTOR.test(w)) run.unshift(w);
    else break;
  }
  while (run.length > 0 && CONNECTOR.test(run[0] as string) && !ARTICLE.test(run[0] as string)) run.shift();
  // "Come ha spiegato il sindaco", "Así lo ha explicado el alcalde": a conjunction or pronoun
  // opening the sentence, capitalised as any first word is, and the speaker follows the verb.
  while (run.length > 0 && OPENING_WORD.test(run[0] as string)) run.shift();
  const phrase = run.join(" ");
  return !phrase || run.every((w) => CONNECTOR.test(w)) ? "" : phrase;
}

/** Words that open a sentence before its verb without being its subject. */
const OPENING_WORD = /^(?:as|como|comme|come|wie|jak|así|ainsi|così|lo|según|segun)$/iu;

/** Verbs of telling in the languages that leave the subject unwritten: Spanish, Italian, Polish. */
const SAY_PRO_DROP = [SAY_ES, SAY_ES_PERFECT, SAY_IT, SAY_PL, SAY_PL_FORMS].join("|");

/** A sentence opening on a verb of telling, its subject unwritten, then what is told: "Aseguró que", "Ha poi aggiunto che", "Przyznał, że". */
const UNWRITTEN_SUBJECT_VERB = new RegExp(
  `^\\s*(?:(?:además|también|luego|después|poi|inoltre|też|także|również)\\s*,?\\s+)?(?:(?:ha|han|hanno|había|habían)\\s+)?(?:(?:poi|anche|también|además)\\s+)?(?:${SAY_PRO_DROP})(?:\\s+(?:poi|anche|też|także|również|además|también))?\\s*,?\\s+(?:que|che|że)${E}`,
  "iu",
);

/**
 * "As she said," in a language that leaves the subject unwritten: "Jak poinformowała, …",
 * "Según explicó, …", "Como ha explicado, …", "Come ha spiegato, …": the verb right before the
 * comma, no speaker after it, speaks for the party the page named last.
 */
const UNWRITTEN_SPEAKER_OPENING = new RegExp(
  `^\\s*(?:jak|según|como|come|così come)\\s+(?:(?:ha|han|había|hanno|aveva)\\s+)?(?:${SAY_PRO_DROP})\\s*,`,
  "iu",
);

/** "wynika z komunikatu spółki", "jak wynika z danych policji": what a document shows, its issuer after it. */
const PL_FOLLOWS_FROM = rx(
  `${B}wynika\\s+z\\s+(?:\\p{L}+\\s+)?(?:komunikatu|raportu|danych|informacji|szacunków|wyliczeń|dokumentu|oświadczenia|ustaleń|sprawozdania|analizy)${E}(?:\\s+([^,;:.!?]{2,60}))?`,
  "iu",
);

/** A sentence opened by the document a body speaks in: "In a statement (on Tuesday),", "Dans un communiqué,", "In einer Mitteilung". */
const IN_DOCUMENT_OPENING =
  /^\s*(?:in (?:a|its|their|the|his|her) (?:\p{L}+ )?(?:statement|press release|news release|release|letter|announcement|filing|update)|dans (?:un|son|leur|le|sa) (?:communiqué|lettre|déclaration)|en (?:un|su|el) (?:comunicado|escrito|nota)|in (?:una|la|sua) (?:nota|lettera)|in un comunicato|w (?:komunikacie|oświadczeniu|piśmie))((?:\s+[^,]{0,40}?)?),\s*/iu;
/** German's, without the case-blind flag: its verb after the opening is lower case ("In einer Mitteilung nannte die Stadt"). */
const IN_DOCUMENT_OPENING_DE =
  /^\s*[Ii]n (?:einer|ihrer|seiner|der) (?:Mitteilung|Pressemitteilung|Erklärung|Stellungnahme)((?:\s+[^,]{0,60}?)?)(?:,\s*|\s+(?=\p{Ll}+\s+(?:die|der|das|den)\s))/u;
/** The document's issuer named in the opening: "of the ministry", "der Polizei", "de la préfecture", "del ayuntamiento". */
const ISSUER_AFTER =
  /^\s*(?:of|from|by|von|vom|der|des|de la|de l['’]|du|des|del|de los|de las|della|dello|dell['’]|dei|degli|delle|di|z|ze)\s*/iu;
/** A clause in the passive: its subject is what is told of, not who tells it ("the railway was blamed"). */
const PASSIVE_CLAUSE =
  /^\s*(?:[\p{L}'’-]+\s+){1,5}?(?:(?:was|were|has been|have been|had been)\s+(?:\p{Ll}+ly\s+)?\p{Ll}+(?:ed|en|wn|t)|(?:wurde|wurden)\s|(?:sont|est|a été|ont été)\s+\p{Ll}+(?:é|ée|és|ées|is|ise|it|ite|u|ue)(?![\p{L}])|(?:fue|fueron|ha sido|han sido)\s+\p{Ll}+(?:ad|id)[oa]s?(?![\p{L}])|(?:è stato|è stata|sono stati|sono state)\s|(?:został|została|zostało|zostali|zostały)\s)/iu;

/** A credit pointing back at what was just told: "This was confirmed by", "Das hat … bestätigt", "C'est ce qu'a annoncé", "Así lo confirmó", "Lo ha confermato", "Potwierdziła to policja". */
const CREDIT_BACK: Record<string, RegExp> = {
  en: /^\s*(?:this|that|it)\s+(?:was|has been|had been)\s+(?:confirmed|announced|stated|reported|disclosed|revealed)\s+by(?![\p{L}])/iu,
  de: /^\s*(?:[Dd]as|[Dd]ies)\s+(?:hat|haben|hatte|hatten|bestätigte|bestätigten|teilte|teilten|sagte|erklärte|meldete|berichtete)\s/u,
  fr: /^\s*(?:c['’]est\s+ce\s+qu|cela\s+a\s+été\s+(?:confirmé|annoncé|indiqué|précisé))/iu,
  es: /^\s*(?:así\s+)?lo\s+(?:(?:ha|han|había)\s+)?(?:confirm|anunci|inform|asegur|explic|indic|señal|precis|comunic|detall)\p{L}*(?![\p{L}])/iu,
  it: /^\s*(?:(?:lo|l['’])\s*(?:ha|hanno)\s+(?:confermat|annunciat|comunicat|spiegat|riferit|precisat|reso noto|fatto sapere)|è quanto)/iu,
  pl: new RegExp(`^\\s*(?:${SAY_PL}|${SAY_PL_FORMS})\\s+(?:to|o tym)\\s`, "iu"),
};

/** Polish's "it" between a verb of telling and its speaker: "Potwierdziła to policja", "Poinformowała o tym straż". */
const POLISH_IT = /^\s*(?:to|o tym)\s+/iu;

/** German participles of telling, closing a clause in the perfect ("hat … mitgeteilt"). */
const DE_PARTICIPLE =
  "gesagt|erklärt|mitgeteilt|angekündigt|bestätigt|berichtet|betont|bekanntgegeben|bekannt gegeben|gemeldet|dementiert|eingeräumt|geschätzt|beziffert|veröffentlicht|vorgestellt|präsentiert|verkündet|angegeben|erläutert|unterstrichen|hervorgehoben|gewarnt|versichert|ergänzt|zurückgewiesen|bestritten|klargestellt|präzisiert|informiert";
/** "X hat [when, what] mitgeteilt" up to the clause's end: the subject before the auxiliary, or after it ("Am Montag hat die Stadt mitgeteilt"). */
const DE_PERFECT_SAY = new RegExp(
  `${B}(hat|haben|hatte|hatten)\\s+((?:[^,;:.!?„“"«»]{0,80}?\\s+)?)(?:${DE_PARTICIPLE})(?=\\s*(?:[,;:.!?]|$))`,
  "u",
);
/** What opens a German clause without being its subject: a preposition, an object's article, a demonstrative. */
const NOT_A_SUBJECT_DE =
  /^\s*(?:(?:nach|vor|in|im|am|an|auf|bei|beim|mit|seit|zu|zum|zur|für|über|unter|wegen|trotz|während|durch|gegen|ohne|um|aus|von|vom|ab|bis)|den|dem|einen|einem|diese[rsnm]?|jene[rsnm]?)(?![\p{L}])/iu;

/** German verbs that put a figure on something, whose object may open the clause ("die Investition beziffert das Unternehmen auf …"). */
const FIGURE_VERB_DE =
  /^(?:beziffert|bezifferte|bezifferten|schätzt|schätzte|schätzten|veranschlagt|veranschlagte|taxiert|taxierte|bestätigt|bestätigte|bestätigten|teilte|teilten|meldete|meldeten|meldet|nannte|nannten|nennt)$/iu;

/** A German clause in the perfect up to its participle: "…hat die Stadt am Montag " (no "und" joining another verb). */
const DE_PERFECT_BEFORE = /(?<![\p{L}])(?:hat|haben|hatte|hatten)\s(?:(?!\sund\s)[^,;:.!?„“"«»])*$/u;
/** A verb of speech that is also a participle ("bestätigt", "erklärt"). */
const DE_PARTICIPLE_WORD = new RegExp(`^(?:${DE_PARTICIPLE})$`, "iu");

/** Whether a clause's opening is time words and adverbs alone ("Am Montag", "Gestern Abend", "Zudem"). */
function onlyTimeWords(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((w) => ADVERBS.test(w) || TIME_WORD_DE.test(w) || /^\d/u.test(w));
}
/** German words of time and linking that open a clause: "Zudem", "Abend", "Montag", "vergangenen". */
const TIME_WORD_DE =
  /^(?:zudem|außerdem|inzwischen|mittlerweile|bislang|zuvor|danach|später|gestern|heute|abends?|morgens?|mittags?|nachts?|vormittags?|nachmittags?|montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|woche|wochenende|vergangenen?|letzten?|am|im|vom|in|der|des|dem|den|die|das)$/iu;

/** "…, wie die Polizei am Abend mitgeteilt hat": the subject after "wie". */
const DE_PERFECT_AS = new RegExp(
  `(?:^|,\\s*)wie\\s+([^,;:.!?]{2,80}?)\\s+(?:${DE_PARTICIPLE})\\s+(?:hat|haben|hatte|hatten)${E}`,
  "iu",
);

/** Words between a subject and its verb that are neither: a perfect's auxiliary, "in a statement". */
const BETWEEN_SUBJECT_AND_VERB =
  /(?:\s+(?:has|have|had|will|would|has also|have also|also|flatly|firmly|strongly|categorically|vehemently|entschieden|vehement|kategorisch|catégoriquement|fermement|formellement|rotundamente|categóricamente|tajantemente|categoricamente|fermamente|nettamente|recisamente|stanowczo|kategorycznie|zdecydowanie)|\s+(?:in (?:a|its|their) (?:statement|release)|w (?:komunikacie|oświadczeniu)|dans (?:un|son) communiqué|en (?:un|su) comunicado|in una nota|in (?:einer|ihrer|seiner) Mitteilung))+\s*$/iu;

/** Does a phrase name a party: a role word, or a capitalised name? */
function namesParty(phrase: string): Party | undefined {
  if (!phrase) return undefined;
  const party = toParty(phrase);
  if (party.roles.length > 0) return party;
  // A name: at least one capitalised word that is not the sentence's first (or Japanese text).
  // Japanese names carry no capitals: a body is known by its role word or its suffix (…社, …協会).
  // An outlet by its press word ("ロイター通信", "北浜日報") is a party, of the press.
  if (/[\p{scx=Han}\p{scx=Kana}]/u.test(phrase)) return PRESS_WORDS.test(phrase) && [...phrase].length <= 16 ? party : undefined;
  // A figure's own words are no name: German capitalises them ("für den 24,6 Millionen Euro veranschlagt sind").
  const capitalised = (phrase.match(/(?<![\p{L}])\p{Lu}[\p{L}\p{N}&'’.-]+/gu) ?? []).filter(
    (w) =>
      !/^(The|A|An|Der|Die|Das|Le|La|Les|El|Los|Las|Il|Lo|Gli|Un|Une|Una|Ein|Eine|Dies|Diese[rsnm]?|Jene[rsnm]?)$/u.test(w) &&
      !SCALES[w.toLowerCase()] &&
      unitClass(w.toLowerCase()) !== "¤",
  );
  return capitalised.length > 0 && party.name.length > 0 ? party : undefined;
}

/**
 * A body named by its role with words after it, the sentence's whole subject before the verb:
 * "Operator sieci komórkowej poinformował", "La compagnie aérienne a confirmé", "Le autorità
 * sanitarie hanno segnalato". Not a clause, a quotation or a linking adverbial.
 */
function roleSubject<T>(before: string, found: (phrase: string) => T | undefined): T | undefined {
  const opening = before.trim();
  if (!opening || /[,;:"“”„«»()]|(?:^|\s)['‘]/u.test(opening) || SENTENCE_ADVERBIAL.test(opening)) return undefined;
  return opening.split(/\s+/).length <= 5 && toParty(opening).roles.length > 0 ? found(opening) : undefined;
}

/** The noun phrase a sentence opens with, when it names a party ("La minera ofreció …"). */
function sentenceSubject(sentence: string): string | undefined {
  const phrase = phraseAfter(sentence.replace(/^\s*(?:the|a|an|der|die|das|le|la|les|l['’]|el|los|las|il|lo|gli|i)\s+/iu, ""), 0);
  // By its role only: German capitalises every noun, so a capitalised opening is no name.
  return phrase && toParty(phrase).roles.length > 0 ? phrase : undefined;
}

/** Prefer the organisation a spokesperson speaks for over the person's name. */
function affiliationOf(phrase: string): string {
  const m = AFFILIATION.exec(phrase);
  if (m?.[1]) return m[1].trim();

  const p = PREFIXED_SPOKES.exec(phrase);
  if (p?.[1] && namesParty(p[1])) return p[1].replace(/^(?:a|an|the)\s+/iu, "").trim();
  return phrase;
}

/** A source the sentence refers back to without naming it: "demnach", "wie es dort heißt", "según
 * su comunicado", "according to the same source", "ということです". The party is the sentence's
 * subject when it names one ("La minera ofreció …, según su comunicado"), else the one named last. */
const UNNAMED_SOURCE = rx(
  `${B}(?:demnach|demzufolge|wie es (?:dort |darin |weiter |dort weiter |darin weiter )?heißt|heißt es (?:dort|darin|weiter)|so steht es in|according to (?:its|their|his|her) (?:own )?(?:statement|release|figures|estimates?|calculations?|announcement)|by (?:its|their|his|her) own (?:account|figures|count)|nach eigenen Angaben|eigenen Angaben zufolge|seinen eigenen Angaben zufolge|selon (?:ses|leurs) propres (?:chiffres|données|calculs)|según (?:sus|su) propi[oa]s? (?:datos|cifras|cálculos|estimaciones)|secondo i (?:propri|suoi) dati|według (?:własnych|swoich) (?:danych|szacunków|wyliczeń)|according to the same source|the same source|según (?:su|sus) (?:comunicado|nota|cálculos|datos|estimaciones|cifras)|de acuerdo con (?:su|sus) (?:comunicado|nota|cálculos|datos|cifras)|según (?:la misma fuente|fuentes de la (?:propia )?entidad)|según (?:los cálculos|las estimaciones|los datos|las cifras) de la propia|selon (?:son|sa|leurs?) (?:communiqué|bilan|estimation|calculs?|chiffres)|selon la même source|secondo (?:il suo|la sua|i suoi|le sue) (?:comunicato|nota|stima|stime|calcoli|dati)|secondo la stessa fonte|według (?:jego|jej|ich) (?:komunikatu|szacunków|danych|wyliczeń)|według tego samego źródła)${E}|ということです|とのことです|としています|としている`,
  "iu",
);

/** A document that speaks without its issuer named here: "The release says …", "according to the statement". */
const UNNAMED_DOCUMENT = rx(
  `(?:^(?:the|this|its|their|der|die|das|le|la|el|il|la)\\s+(?:press\\s+)?(?:release|statement|announcement|report|filing|notice|Mitteilung|Pressemitteilung|Erklärung|communiqué|comunicado|comunicato|nota|komunikat|oświadczenie)\\s+(?:says|said|states|stated|adds|added|notes|noted|shows|showed|reads|heißt|sagt|précise|indique|señala|indica|afferma|precisa|podaje|stwierdza)${E})|${B}(?:according to the (?:press )?(?:release|statement|announcement|report)|laut (?:der )?(?:Pressemitteilung|Mitteilung|Erklärung)|selon le communiqué|según el comunicado|secondo (?:il comunicato|la nota)|według komunikatu|(?:In|in) (?:the|its) (?:press )?(?:release|statement|announcement))${E}`,
  "iu",
);

/** A document that speaks for its issuer, unnamed here: the words newsrooms use for one. */
const DOC_WORD =
  "(?:press release|news release|release|statement|report|document|bulletin|notice|filing|assessment|communiqué|Bericht|Mitteilung|Pressemitteilung|Erklärung|Lagebericht|bilan|rapport|comunicado|informe|balance|documento|comunicato|bollettino|rapporto|nota|komunikat|komunikacie|komunikatu|raport|raportu|raporcie|dokument|dokumentu)";
/**
 * A document credited at the sentence's close: "…, the release says", "…, indique le communiqué",
 * "…, señala el comunicado", "…, si legge nel comunicato", "…, czytamy w komunikacie",
 * "…, heißt es in der Mitteilung".
 */
const CLOSING_DOCUMENT = new RegExp(
  `[,–—-]\\s*(?:(?:the|its|their)\\s+(?:[\\p{L}-]+\\s+)?${DOC_WORD}\\s+(?:says|said|states|stated|adds|added|notes|noted|shows|showed|reads)|(?:indique|précise|souligne|ajoute|affirme|note|détaille)\\s+(?:le|la|l['’])\\s*${DOC_WORD}|(?:señala|indica|precisa|añade|detalla|afirma|recoge)\\s+(?:el|la)\\s+${DOC_WORD}|si legge\\s+(?:nel|nella|nello)\\s+${DOC_WORD}|(?:czytamy|napisano)\\s+w\\s+${DOC_WORD}|heißt es\\s+(?:in der|im|in dem)\\s+${DOC_WORD})(?![\\p{L}])[^.]{0,60}[.!]?\\s*$`,
  "iu",
);

/**
 * "The report lists 312 flooded homes", "Selon ce bilan, …", "Según el informe, …", "Nella nota si
 * legge che …", "W komunikacie czytamy, że …", "Z komunikatu wynika, że …": a document the page
 * names without its issuer states the fact; the issuer is the party the page credits.
 */
const DOCUMENT_SPEAKS = new RegExp(
  `^(?:(?:the|this|that|its|their|der|die|das|dieser|diese|le|la|ce|cette|el|este|esta|il|lo|questo|questa)\\s+(?:[\\p{L}-]+\\s+)?${DOC_WORD}\\s+(?!(?:was|were|is|are|has|had|have|will|wurde|war|ist|a|est|fue|es|è|ha|został|była|był|of|from|on|about|de|du|des|del|della|dello|degli|von|vom|über|z|o|na)\\b|d['’])\\p{Ll}|(?:according to|selon|d['’]après|según|de acuerdo con|secondo|stando a|laut|według)\\s+(?:the|this|its|le|la|ce|cette|son|sa|el|este|su|il|lo|questo|la|der|dem|des|diesem)?\\s*(?:[\\p{L}-]+\\s+)?${DOC_WORD}(?![\\p{L}])|(?:in (?:the|its|their)|in der|im|in dem|dans (?:le|son|ce|la|sa)|en (?:el|su|este)|nel|nella|nello|w|z)\\s+${DOC_WORD}(?![\\p{L}])[^.]{0,40}?(?:says|states|reads|heißt|steht|lit|on lit|se lee|dice|si legge|czytamy|wynika))`,
  "iu",
);

/** A name written in quotation marks ("„L'Écho du Ried“", "«La Voce dello Sport»"): every word capitalised but its particles. */
export const NAME_IN_QUOTES =
  /^(?:\p{Lu}[\p{L}'’.-]*|(?:l|d)['’]\p{Lu}[\p{L}'’-]*|de|du|des|del|della|dello|di|der|die|das|von|of|the|la|le|el|y|e|et|and|&)(?:\s+(?:\p{Lu}[\p{L}'’.-]*|(?:l|d)['’]\p{Lu}[\p{L}'’-]*|de|du|des|del|della|dello|di|der|die|das|von|of|the|la|le|el|y|e|et|and|&)){0,5}$/u;

/** The attribution a sentence makes itself, if any. */
export function readAttribution(sentence: string, language: string): Omit<SentenceAttribution, "carried"> | undefined {
  // "Die Lokalzeitung „L'Écho du Ried“ berichtete": a name's quotation marks are no speech.
  sentence = sentence.replace(/[„“"«]\s*([^„“”"«»]{2,60}?)\s*[“”"»]/gu, (quoted, inner: string) =>
    NAME_IN_QUOTES.test(inner.trim()) ? inner.trim() : quoted,
  );
  const document = DOCUMENT.test(sentence);
  const found = (phrase: string): Omit<SentenceAttribution, "carried"> | undefined => {
    const party = affiliationOf(phrase);
    if (!namesParty(party)) return undefined;
    return { party, document, frame: false };
  };
  if (language === "ja" || /[\p{scx=Hira}]/u.test(sentence)) {
    AFTER_PARTY.lastIndex = 0;
    const after = AFTER_PARTY.exec(sentence);
    if (after) {
      // The party is the noun phrase right before the cue: after the clause's last subject or
      // object particle ("…見通しであることが関係者" is no party's name; "みなと銀行" keeps its と).
      const before =
        sentence
          .slice(0, after.index)
          .split(/[、。「」]|が|を|は/u)
          .pop() ?? "";
      const hit = found(before.trim());
      if (hit) return hit;
      // "発表によると", "起訴状によると": a document whose issuer the page names elsewhere.
      if (JA_DOCUMENT.test(before.trim())) return { party: "", document: true, frame: false };
    }
    const said = JA_SAY.exec(sentence);
    if (said) {
      // The topic before the first は/が speaks ("県は14日、…と発表した"), else the one the pattern found.
      const topic = /^([^、。「」]{1,16}?)(?:は|が)/u.exec(sentence)?.[1];
      for (const candidate of [topic, said[1]]) {
        const hit = candidate ? found(candidate.trim()) : undefined;
        if (hit) return hit;
      }
    }
    if (UNNAMED_SOURCE.test(sentence)) return { party: "", document: true, frame: false };
    if (JA_DECIDED.test(sentence.trim())) {
      // The topic (は) decides; a が before it may be a relative clause's ("市が管理する橋を…").
      const topic = /^(?:[^、。「」]{0,12}】)?([^、。「」がを]{1,16}?)は/u.exec(sentence)?.[1];
      const hit = topic ? found(topic.replace(/^.*】/u, "").trim()) : undefined;
      if (hit && toParty(hit.party).roles.length > 0) return hit;
    }
    // A statement whose speaker Japanese leaves unwritten ("…警戒するよう呼び掛けている"):
    // someone calls on readers or says so, and it is the party the page named last.
    if (JA_UNWRITTEN_SPEAKER.test(sentence)) return { party: "", document: false, frame: false, pronoun: true };
    return undefined;
  }
  // "Police: 14 injured", "Polizei: 14 Verletzte": a headline's or a line's speaker before a colon,
  // a body by its role only (a place or a word such as "Update" before a colon is no speaker).
  const colon = COLON_SPEAKER.exec(sentence);
  // The speaker's phrase ends on a name or a role, not a verb's object: "Der Konzern dementierte das:"
  // is a party speaking, and the clause's verb says who.
  const lastWord = colon?.[1]?.split(/\s+/).pop() ?? "";
  if (colon?.[1] && toParty(colon[1]).roles.length > 0 && (/^\p{Lu}/u.test(lastWord) || toParty(lastWord).roles.length > 0)) {
    const hit = found(colon[1]);
    if (hit) return hit;
  }
  // "Como informó La Voz de Aromal", "As the Harbour Gazette reported": another's report.
  const asReported = AS_REPORTED_BY.exec(sentence);
  if (asReported) {
    const hit = found(reportName(sentence.slice(asReported.index + asReported[0].length)));
    if (hit) return hit;
  }
  const asNamed = AS_NAMED_REPORTED.exec(sentence);
  if (asNamed?.[1]) {
    const hit = found(reportName(asNamed[1].replace(/^(?:the|die|der|das|le|la|les|l['’]|el|il)\s+/iu, "")));
    if (hit) return hit;
  }
  // "citing Italian daily La Ruota": an outlet by its kind or a word of the press, not any name
  // cited ("citing Europol" leaves the minister who said it the speaker).
  const citing = CITING.exec(sentence);
  const cited = citing ? sentence.slice(citing.index + citing[0].length).replace(/[„“”"«»]/gu, "") : "";
  if (citing && (OUTLET_KIND.test(cited) || PRESS_WORDS.test(phraseAfter(cited, 0)))) {
    const hit = found(reportName(cited));
    if (hit) return hit;
  }
  if ((language === "es" || language === "it" || language === "pl") && UNWRITTEN_SPEAKER_OPENING.test(sentence))
    return { party: "", document: false, frame: false, pronoun: true };
  // "In a statement, the company blamed a gust of 95 km/h", "In einer Mitteilung nannte die Stadt
  // …": what a body does in its own document, whatever the verb, is its word.
  const inDocument = (language === "de" ? IN_DOCUMENT_OPENING_DE : IN_DOCUMENT_OPENING).exec(sentence);
  // The opening names the document's issuer ("In a statement from the ministry, …", "In einer
  // Mitteilung der Polizei hieß es, …"): the issuer's word, whatever the clause's subject.
  const issuer = inDocument?.[1] && ISSUER_AFTER.exec(inDocument[1]);
  const issued = issuer && inDocument?.[1] ? found(phraseAfter(inDocument[1].slice(issuer[0].length), 0)) : undefined;
  if (issued) return { ...issued, document: true };
  if (inDocument && !PASSIVE_CLAUSE.test(sentence.slice(inDocument[0].length))) {
    const rest = sentence.slice(inDocument[0].length);
    // German puts the verb first after the opening ("nannte die Stadt"): the subject follows it,
    // up to its object's article ("veröffentlichte die Stadtverwaltung die Eckdaten").
    const subject =
      language === "de"
        ? sentenceSubject(rest.replace(/^\s*\p{Ll}+\s+/u, ""))?.split(/\s+(?:die|der|das|den|dem|des|ein|eine|einen)\s+/u)[0]
        : sentenceSubject(rest);
    const hit = subject ? found(subject) : undefined;
    if (hit) return { ...hit, document: true };
  }
  // "Per la Regione il costo è …", "Pour la direction, …": a sentence opened by "for" + a party.
  const opening = FOR_PARTY.exec(sentence);
  if (opening) {
    const hit = found(phraseAfter(sentence.slice(opening[0].length), 4));
    if (hit) return hit;
  }
  BEFORE_PARTY.lastIndex = 0;
  for (let m = BEFORE_PARTY.exec(sentence); m; m = BEFORE_PARTY.exec(sentence)) {
    const rest = sentence.slice(m.index + m[0].length);
    // "according to a statement from the ministry", "laut einer Mitteilung der Stadt"; "according
    // to the Italian site VolleyNews Italia": an outlet named after its kind.
    const phrase = OUTLET_KIND.test(rest.trimStart())
      ? reportName(rest.trimStart())
      : phraseAfter(
          rest.replace(/^\s*(?:a|an|the|its|einer|einem|der|dem|des|un|une|le|la|l['’]|les|el|los|las|il|lo|gli|i)\s+/iu, ""),
        );
    const hit = found(phrase);
    if (hit) return hit;
  }
  AFTER_PARTY.lastIndex = 0;
  const zufolge = AFTER_PARTY.exec(sentence);
  if (zufolge) {
    const hit = found(phraseBefore(sentence.slice(0, zufolge.index)));
    if (hit) return hit;
  }
  // A party's document speaking: "The health ministry's figures show", "the operator's statement listed".
  const possessed = PARTY_DOCUMENT.exec(sentence);
  if (possessed) {
    const hit = found(phraseBefore(sentence.slice(0, possessed.index)));
    if (hit) return { ...hit, document: true };
  }
  // "…– wynika z komunikatu spółki", "jak wynika z danych policji": Polish credits a document,
  // its issuer named after it or elsewhere on the page.
  // (Without its issuer it is the page's credited party's, read last: a speaker named before it,
  // "Rzecznik policji powiedział, że jak wynika z analizy …", is the speaker.)
  const follows = PL_FOLLOWS_FROM.exec(sentence);
  const followsIssuer = follows?.[1] ? found(phraseAfter(follows[1], 0)) : undefined;
  if (followsIssuer) return { ...followsIssuer, document: true };
  // "Jak wynika z raportu, spółka podała …": the document's word, when no speaker stands before it.
  if (follows && !speaks(sentence.slice(0, follows.index))) return { party: "", document: true, frame: false };
  // "…, so die Polizei": German's closing credit.
  const closing = CLOSING_SO.exec(sentence);
  if (closing) {
    const hit = found(phraseAfter(sentence.slice(closing.index + closing[0].length), 0));
    if (hit) return hit;
  }
  // A party's act given in the passive with its agent: "la peine réclamée jeudi par le parquet",
  // "the sentence sought by prosecutors", "la pena chiesta dalla procura".
  PASSIVE_ACT.lastIndex = 0;
  for (let m = PASSIVE_ACT.exec(sentence); m; m = PASSIVE_ACT.exec(sentence)) {
    const hit = found(phraseAfter(sentence.slice(m.index + m[0].length), 0));
    if (hit) return hit;
  }
  SAY.lastIndex = 0;
  for (let m = SAY.exec(sentence); m; m = SAY.exec(sentence)) {
    const before = sentence.slice(0, m.index);
    const after = sentence.slice(m.index + m[0].length);
    if (AUXILIARY.test(before)) continue;
    // German's perfect ("Das hat die Staatsanwaltschaft … bestätigt"): a participle that is also a
    // present form is left to the perfect's reading below, which knows where its subject stands.
    if (language === "de" && DE_PARTICIPLE_WORD.test(m[0]) && DE_PERFECT_BEFORE.test(before)) continue;
    // A verb written with a capital inside a sentence is a word of a name: "Breach Notes", "Gruppetto Notes".
    if (m.index > 0 && /^\p{Lu}/u.test(m[0]) && !/[.!?:]\s*$/u.test(before)) continue;
    // "A spokesperson for the Greyhaven Trust, which …, said": the body the speaker speaks for.
    const speaking = AFFILIATION.exec(before.slice(-200));
    if (speaking?.[1]) {
      const hit = found(speaking[1]);
      if (hit) return hit;
    }
    // "…, she said", "It also claimed": a pronoun alone before the verb.
    const clause = (before.split(/[,;:"“”„«»]/u).pop() ?? "")
      .trim()
      .split(/\s+/)
      .filter((w) => !ADVERBS.test(w));
    if (clause.length === 1 && PRONOUN.test(clause[0] as string))
      return { party: "", document: false, frame: false, pronoun: true };
    // Inverted: "…, said the ministry", "teilte die Stadt mit", "informó el ministerio".
    // "Potwierdziła to policja", "Poinformowała o tym straż": Polish's "it" between verb and speaker.
    const untimed = after.replace(TIME_PHRASE, "");
    const tail = language === "pl" ? untimed.replace(POLISH_IT, " ") : untimed;
    // "said Maria Lopez, a spokeswoman for the authority": the organisation she speaks for.
    const affiliated = AFFILIATION.exec(tail.slice(0, 160));
    // Who is told is no speaker: after "told" ("…, Chiara Mordini, told PelotonPost") the speaker
    // is the subject before the verb; after French, Spanish or Italian "à", "a", "alla" ("a
    // déclaré à l'AFP le préfet") it is the one past the one told.
    const speakerAfter =
      TOLD_TO_LANGUAGES.has(language) && TOLD_TO.test(tail) ? tail.replace(TOLD_TO, "").replace(RECIPIENT, "") : tail;
    const inverted = /^told$/iu.test(m[0].trim())
      ? undefined
      : ((affiliated?.[1] ? found(affiliated[1]) : undefined) ?? found(phraseAfter(speakerAfter, 0)));
    const subject = found(phraseBefore(before)) ?? roleSubject(before, found);
    // The subject of the clause when it names a party, else the inverted one. German may open a
    // clause on the verb's object ("die Investition beziffert das Unternehmen auf 38 Millionen"):
    // with a verb that puts a figure on something, a noun with its article that is no body by its
    // role yields to a body by its role after the verb ("Lufthansa kritisierte die Regierung" is
    // Lufthansa's word).
    const objectFirst =
      language === "de" &&
      FIGURE_VERB_DE.test(m[0]) &&
      subject !== undefined &&
      inverted !== undefined &&
      toParty(subject.party).roles.length === 0 &&
      toParty(inverted.party).roles.length > 0 &&
      /^[Dd](?:er|ie|as|en|em|es)\s+\p{Lu}\p{Ll}+$/u.test(subject.party.trim());
    const hit = objectFirst ? inverted : (subject ?? inverted);
    if (hit) return hit;
    // "Der Gesamtbetriebsrat hält diese Zahl für zu niedrig und geht von 1.100 Stellen aus": a verb
    // joined by "und" to its clause's first verb has that verb's subject, a body opening the clause.
    // German only: its nouns are capitalised, so the lower-case word after the body is the verb
    // ("Council tenants protested … and said" opens on no body).
    if (language === "de" && COORDINATED.test(before)) {
      const clause = before.split(/[,;:]/u).pop() ?? "";
      const subject = phraseAfter(clause, 0);
      const next = clause.trim().slice(subject.length).trim().split(/\s+/)[0] ?? "";
      const opening = subject && /^\p{Ll}/u.test(next) && !/['’]s$/u.test(subject) ? found(subject) : undefined;
      if (opening && toParty(opening.party).roles.length > 0) return opening;
    }
  }
  // German tells a speaker's act in the perfect, the participle closing the clause: "Die
  // Betreibergesellschaft hat am Dienstag angekündigt, …", "Am Montag hat die Stadt mitgeteilt,
  // dass …", "…, wie die Polizei am Abend mitgeteilt hat". Read only when no verb of speech above
  // named the speaker ("Die Bahn habe … gemeldet, kritisierte die Gewerkschaft"), and only in the
  // indicative: "habe" is reported speech, its subject the one reported on.
  if (language === "de") {
    const perfect = DE_PERFECT_SAY.exec(sentence);
    if (perfect && !/(?<![\p{L}])sich(?![\p{L}])/u.test(perfect[2] ?? "")) {
      // German puts one element before the verb. The phrase before "hat" is the subject when it
      // names a party and is no preposition's, object's or demonstrative's phrase ("Nach dem
      // Unfall", "Den Schaden", "Diese Zahl"), nor time words alone ("Am Montag", "Zudem"); then
      // what follows "hat" is the object ("Der Konzern hat die Gewerkschaft informiert"). Else the
      // party right after "hat" is the subject ("Am Montag hat Siemens mitgeteilt"), and who was
      // told is no part of it ("die Staatsanwaltschaft dem Sender Alpin").
      const before = sentence.slice(0, perfect.index);
      const opening = NOT_A_SUBJECT_DE.test(before) || onlyTimeWords(before) ? undefined : found(phraseBefore(before));
      const hit = opening ?? found(phraseAfter(perfect[2] ?? "", 0).split(/\s+(?:dem|den|einem|einen)\s+/u)[0] ?? "");
      if (hit) return hit;
    }
    const told = DE_PERFECT_AS.exec(sentence);
    if (told?.[1]) {
      const hit = found(phraseAfter(told[1], 0));
      if (hit) return hit;
    }
  }
  // "« Nous avons 14 blessés », a-t-il déclaré": French puts the pronoun after its verb.
  if (INVERTED_PRONOUN.test(sentence)) return { party: "", document: false, frame: false, pronoun: true };
  // "Aseguró que …", "Ha spiegato che …", "Dodała też, że …": Spanish, Italian and Polish open on
  // the verb when the subject is the one just named (no speaker after it, or the loop above had it).
  if ((language === "es" || language === "it" || language === "pl") && UNWRITTEN_SUBJECT_VERB.test(sentence))
    return { party: "", document: false, frame: false, pronoun: true };
  // The issuer is named elsewhere on the page; the caller resolves it.
  if (UNNAMED_DOCUMENT.test(sentence) || DOCUMENT_SPEAKS.test(sentence) || CLOSING_DOCUMENT.test(sentence) || follows)
    return { party: "", document: true, frame: false };
  if (UNNAMED_SOURCE.test(sentence)) {
    const subject = sentenceSubject(sentence);
    return { party: subject ?? "", document: true, frame: false };
  }
  return decidedBy(sentence, language, found);
}

/** The body whose decision the sentence tells with it as subject (`DECIDED`): a body by its role
 * or its initials ("MKW"), the subject right before the verb, perfect or adverbs between. */
function decidedBy<T extends { party: string }>(
  sentence: string,
  language: string,
  found: (phrase: string) => T | undefined,
): T | undefined {
  DECIDED.lastIndex = 0;
  for (let m = DECIDED.exec(sentence); m; m = DECIDED.exec(sentence)) {
    const head = sentence.slice(0, m.index);
    const after = sentence.slice(m.index + m[0].length);
    // "The company was fined", "Le club a été suspendu": a passive tells what was done to the
    // subject. (German participles, whose subject stands far before them after
    // "hat", are not in the list: only finite forms are.)
    if (AUXILIARY.test(head) || PASSIVE_BEFORE.test(head)) continue;
    // "a visité la ferme", "Police found banned fireworks": no verb follows an article.
    if (ARTICLE_BEFORE.test(head)) continue;
    // "il progetto approvato lunedì dalla Giunta": a participle without its auxiliary, or with an
    // agent after it, tells what was done to the noun before it, not that noun's act. An agent is
    // a party ("by the council"), not an amount or a cause ("by a quarter point", "por el temporal").
    const romance = ROMANCE_PARTICIPLE.test(m[0]);
    const english = /ed$/iu.test(m[0]);
    const agent = PASSIVE_AGENT.exec(after.slice(0, 40));
    if ((romance || english) && agent && found(phraseAfter(after.slice(agent[0].length), 0))) continue;
    if (romance && !PERFECT_BEFORE.test(head)) continue;
    // "The mayor sentenced in 2019 for corruption is running again": the clause has its own verb.
    // A finite verb after "and" is the same subject's next act ("raised the level … and has kept
    // it there"); "sentenced … and barred from office is running" still has its own verb.
    if (
      english &&
      FINITE_LATER.test(after.split(/[,;:]|\s(?:and|but)\s(?=(?:has|have|had|will|would|is|are|was|were)\s)/u)[0] ?? "")
    )
      continue;
    // Polish orders freely: "Burmistrza zawiesiła rada miasta" puts the body after its verb, so a
    // body right after the verb leaves the subject unknown.
    const next = (after.split(/[,.;:]/u)[0] ?? "").trim().split(/\s+/).slice(0, 3).join(" ");
    if (language === "pl" && toParty(next).roles.length > 0) continue;
    const before = atRole(head.replace(DECIDED_BETWEEN, ""));
    // The subject ends right before the verb, on a name or a role: "Police found banned …" is no
    // decision of the police's.
    if (!endsOnParty(before)) continue;
    const hit = [found(phraseBefore(before)), roleSubject(before, found)].find((h) => h !== undefined && isBody(h.party));
    if (hit) return hit;
  }
  return undefined;
}

/** Whether a clause ends on a word of a party: a name, a role, or the word that completes a role
 * written in words ("vigili del fuoco"), not a verb after one ("Police found"). */
function endsOnParty(clause: string): boolean {
  const words = clause
    .replace(/[()«»"“”„]/gu, " ")
    .trim()
    .split(/\s+/);
  const last = words[words.length - 1] ?? "";
  if (/^\p{Lu}/u.test(last) || toParty(last).roles.length > 0) return true;
  // A lower-case word after "of" completes a role's name ("vigili del fuoco", "Protection civile").
  const joined = /^(?:of|de|del|della|dei|di|des|du|von|der)$/iu.test(words[words.length - 2] ?? "");
  return joined && toParty(words.slice(-3).join(" ")).roles.length > 0;
}

/** A body by its role, or by its initials ("MKW", "l'ICIA"): not a person, whose act anyone may report. */
function isBody(party: string): boolean {
  return (
    toParty(party).roles.length > 0 ||
    /^\p{Lu}{2,6}$/u.test(party.trim().replace(/^(?:l['’]|the\s+|die\s+|der\s+|la\s+|el\s+|il\s+)/iu, ""))
  );
}

/** "A court in the central Spanish city of Castrovaldés on Tuesday": the body is the role before its place. */
function atRole(before: string): string {
  const words = before.split(/\s+/);
  for (let i = 0; i + 1 < words.length; i++)
    if (PLACE_AFTER_ROLE.test(words[i + 1] as string) && toParty(words[i] as string).roles.length > 0)
      return words.slice(0, i + 1).join(" ");
  return before;
}

/** "und" right before a verb joins it to the clause's first verb: "… und geht von … aus". */
const COORDINATED = /\sund\s+$/iu;

/** An agent after a verb makes it a passive: "approved by the council", "approvato dalla Giunta". */
const PASSIVE_AGENT = /^(?:\s+\p{L}+){0,3}?\s+(?:by|par|por|da|dal|dalla|dallo|dai|dagli|dalle|przez|von|vom)(?![\p{L}])/iu;
/** A French, Spanish or Italian past participle, which tells the subject's act only after its auxiliary. */
const ROMANCE_PARTICIPLE = /(?:ato|ata|ito|ita|uto|eso|esso|sto|tto|ado|ada|ido|ida|é|ée|és|u)$/iu;
/** A perfect's auxiliary right before the participle, an adverb or a time at most between. */
const PERFECT_BEFORE =
  /(?<![\p{L}])(?:a|ont|avait|avaient|ha|han|había|habían|hanno|aveva|avevano)(?:\s+(?:già|poi|ya|déjà|anche|también|aussi|ieri|hoy|ayer|hier|oggi|\p{Ll}+mente|\p{Ll}+ment))?\s*$/iu;
/** A passive's auxiliary before the verb: "has been banned", "a été suspendu", "è stato sospeso". */
const PASSIVE_BEFORE = /(?<![\p{L}])(?:been|été|sido|stato|stata|stati|state|worden|wurde|wurden)(?:\s+\p{Ll}+){0,2}\s*$/u;
/** An article or a determiner just before a word: the word is a noun ("la ferme"), not a verb. */
const ARTICLE_BEFORE = /(?<![\p{L}])(?:the|a|an|la|le|les|un|une|sa|son|el|los|las|il|lo|gli|una|der|die|das|den|ein|eine)\s*$/iu;
/** A clause's own finite verb after an -ed form: the -ed form describes its noun. */
const FINITE_LATER = /(?<![\p{L}])(?:is|are|was|were|has|have|had|will|would|can|could|remains?|says?|said)(?![\p{L}])/iu;
/** Words that set a place after a body's role: "a court in Madrid", "il tribunale di Roma". */
const PLACE_AFTER_ROLE = /^(?:in|en|à|im|w|we|nel|nella|near|at)$/iu;
/** Words between a subject and its decision: a perfect's auxiliary, a time, an adverb. */
const DECIDED_BETWEEN =
  /(?:\s+(?:has|have|had|will|would|wird|a|ont|avait|va|vont|ha|han|había|hanno|aveva|będzie|also|now|then|poi|già|już|też|bereits|déjà|ya|already|rano|wieczorem|w nocy|\p{Ll}+mente))+\s*$/u;

/**
 * Attributions of a page's sentences, carried forward where a statement continues: to the end of
 * its paragraph, after a framing sentence, and into a later sentence that refers back to a
 * document or party. `paragraphs` are the page's paragraphs, each a list of
 * its sentences; the result is one entry per sentence, in order.
 */
export function attributeSentences(
  paragraphs: readonly (readonly string[])[],
  language: string,
  hasFacts: (sentence: string) => boolean,
): (SentenceAttribution | undefined)[] {
  const out: (SentenceAttribution | undefined)[] = [];
  let previous: SentenceAttribution | undefined;
  for (const sentences of paragraphs) {
    let inParagraph = false;
    for (const sentence of sentences) {
      const own = readAttribution(sentence, language);
      // "Das hat die Staatsanwaltschaft bestätigt", "This was confirmed by police", "Lo ha
      // confermato la Procura": a credit that points back gives the sentence before, told bare,
      // its party.
      if (
        own?.party &&
        inParagraph === false &&
        out.length > 0 &&
        out[out.length - 1] === undefined &&
        // A credit with no figure, date or quotation of its own: one that names the one told
        // ("dem Sender Alpin") is still a credit.
        !/[\d«»"“”„]/u.test(sentence) &&
        CREDIT_BACK[language]?.test(sentence)
      )
        out[out.length - 1] = { ...own, frame: false, carried: true };
      if (own) {
        const frame = /:\s*$/.test(sentence) || (!hasFacts(sentence) && sentence.split(/\s+/).length <= 12);
        previous = { ...own, frame, carried: false };
        out.push(previous);
        inParagraph = true;
        continue;
      }
      const continues =
        previous !== undefined &&
        ((previous.frame && !previous.carried) ||
          inParagraph ||
          (previous.document && DOCUMENT.test(sentence) && BACK_REFERENCE.test(sentence)));
      if (continues && previous) {
        // A frame opens one statement: what follows it is that statement until another speaker.
        const carried: SentenceAttribution = { ...previous, carried: true, frame: previous.frame && !hasFacts(sentence) };
        out.push(carried);
        previous = carried;
        inParagraph = true;
      } else {
        out.push(undefined);
        // Own reporting in between ends the statement.
        previous = undefined;
        inParagraph = false;
      }
    }
    // A paragraph ends a statement, except a framing sentence that closes it ("The ministry
    // published its plan on Tuesday." or "… said:"), which opens the next paragraph.
    if (previous && !(previous.frame && !previous.carried)) previous = undefined;
  }
  return out;
}
