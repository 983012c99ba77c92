// Reading a page (issue 3, "Reading a page"): the entry points the `read` step and the grouping use.
export { AGENCIES, type Agency, agencyKey, findAgency } from "./agencies.ts";
export { normalizeDate } from "./dates.ts";
export { type DomImplementation, defaultDom, domImplementations, jsdomDom, linkedomDom, type ParsedDocument } from "./dom.ts";
export { detectLanguage, normalizeLanguageCode } from "./language.ts";
export { MAX_INPUT_CHARS, type ReadOptions, readPage, readPlainText } from "./readPage.ts";
