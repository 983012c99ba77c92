// The read-back: the finished text read against its claims, sources and brief. It returns every
// check every time, in one order, passed or warning, because a reviewer needs to see what was
// checked as much as what was found. Text quoted in items is the article's or a source's own
// wording, as data.
//
// Each check lives in checks/<name>.ts; this module reads the draft once and runs them in order.
import type { QualityCheck } from "../types.ts";
import { avoidWords } from "./checks/avoidWords.ts";
import { claimReferences } from "./checks/claimReferences.ts";
import { copied } from "./checks/copied.ts";
import { flagged } from "./checks/flagged.ts";
import { leftOut } from "./checks/leftOut.ts";
import { length } from "./checks/length.ts";
import { links } from "./checks/links.ts";
import { mustAppear } from "./checks/mustAppear.ts";
import { repetition } from "./checks/repetition.ts";
import { sentenceLength } from "./checks/sentenceLength.ts";
import { supported } from "./checks/supported.ts";
import type { Read, ReadBackInput } from "./draftReading.ts";
import { unitSentences } from "./wording.ts";

export { LENGTH_TOLERANCE } from "./checks/length.ts";
export { NEAR_DUPLICATE } from "./checks/repetition.ts";
export { SENTENCE_CHARACTER_LIMIT_JA, SENTENCE_WORD_LIMIT } from "./checks/sentenceLength.ts";
export { UNSUPPORTED_WORDS } from "./checks/supported.ts";
export type { ReadBackInput };

export async function readBack(input: ReadBackInput): Promise<QualityCheck[]> {
  const { draft } = input;
  const read: Read = {
    input,
    language: draft.language,
    body: draft.units.filter((u) => !u.header),
    sentences: new Map(),
    claims: new Map(input.claims.map((c) => [c.id, c])),
    sources: new Map(input.sources.map((s) => [s.id, s])),
  };
  for (const unit of read.body) read.sentences.set(unit.n, unitSentences(unit, read.language));
  // Link statuses are the only slow part; asking for them first lets the text checks run meanwhile.
  const linkCheck = links(read);
  return [
    supported(read),
    flagged(read),
    leftOut(read),
    copied(read),
    claimReferences(read),
    mustAppear(read),
    length(read),
    sentenceLength(read),
    repetition(read),
    await linkCheck,
    avoidWords(read),
  ];
}
