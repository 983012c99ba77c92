// The words a sentence's content is compared by: the function words that carry none, a light
// stem, and the words of a sentence in each language.

export const FUNCTION_WORDS = new Set(
  (
    "a an the and or but if of to in on at by for with from as is are was were be been being has have had do does did " +
    "that this these those it its their they them he she his her we our you your i not no than then there here which who " +
    "whom whose what when where why how all any each more most some such only also just over under after before about into " +
    "out up down off again further once said says say told according would could should will shall may might must can " +
    "der die das den dem des ein eine einer eines einem einen und oder aber wenn von zu im in am an auf mit für aus als " +
    "ist sind war waren sein wird wurde wurden hat haben hatte dass nicht kein keine sich es sie er wir ihr bei nach vor " +
    "über unter laut sagte sagt teilte mit auch noch nur " +
    "le la les un une des du de et ou mais si à au aux en dans sur par pour avec est sont était été être a ont avait que " +
    "qui ne pas plus selon dit a-t-il ce cette ces il elle ils elles nous vous se sa son ses leur leurs " +
    "el los las unos unas y o pero del al en con por para es son era fue ser ha han había que no más según dijo lo su sus " +
    "il lo gli i della dello delle degli dei di da dal dalla nel nella con per tra fra che è sono era stato stata ha hanno " +
    "non più secondo circa oltre quasi " +
    "w z ze na do od po za przez dla o i oraz a ale że nie jest są był była było to ten ta te tych około ponad prawie"
  ).split(" "),
);

/** A light stem: enough to match "injured"/"injuries", "residents"/"resident" across sentences. */
export function stem(word: string): string {
  return word.length > 5 ? word.slice(0, 5) : word.replace(/(ies|es|s|e)$/u, "");
}

const japaneseWords = new Intl.Segmenter("ja", { granularity: "word" });

/**
 * The words of a sentence, lower-cased. Japanese writes no spaces, so its words come from
 * Unicode word segmentation (kana particles of one character drop out); other languages split
 * on letters as before.
 */
export function contentWords(sentence: string, language: string): string[] {
  const lower = sentence.toLowerCase();
  if (language !== "ja") return lower.match(/\p{L}{2,}/gu) ?? [];
  const words: string[] = [];
  for (const part of japaneseWords.segment(lower)) {
    if (part.isWordLike && /\p{L}/u.test(part.segment) && [...part.segment].length >= 2) words.push(part.segment);
  }
  return words;
}
