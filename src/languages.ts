// The 22 languages the service writes, in the spec's order (which also orders language versions).

export const LANGUAGES = [
  "en",
  "es",
  "fr",
  "de",
  "pt",
  "it",
  "nl",
  "pl",
  "sv",
  "da",
  "no",
  "fi",
  "cs",
  "sk",
  "hu",
  "ro",
  "el",
  "tr",
  "uk",
  "ja",
  "bhs",
  "sl",
] as const;

export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  pt: "Portuguese",
  it: "Italian",
  nl: "Dutch",
  pl: "Polish",
  sv: "Swedish",
  da: "Danish",
  no: "Norwegian",
  fi: "Finnish",
  cs: "Czech",
  sk: "Slovak",
  hu: "Hungarian",
  ro: "Romanian",
  el: "Greek",
  tr: "Turkish",
  uk: "Ukrainian",
  ja: "Japanese",
  bhs: "Bosnian/Croatian/Serbian",
  sl: "Slovenian",
};

export function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}
