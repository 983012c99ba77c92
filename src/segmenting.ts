// ICU segmentation (Intl.Segmenter) of long texts. V8's segmenter takes time that grows with the
// square of the text it is handed: 80,000 characters of words take 0.4 s, a 300,000-character page
// 26 s, a 320,000-character paragraph split into sentences 2 s. A page is third-party input, so
// a text is handed to the segmenter in pieces of about PIECE characters, each cut at the last
// boundary that piece holds (a sentence's end, a space), which keeps the work linear.

const PIECE = 4000;

/**
 * The text in pieces of at most PIECE characters (more only when nothing can be cut), each ending
 * after the last match of `boundary` in its final quarter, else where the budget ends (Japanese,
 * or one long word).
 */
export function* textPieces(text: string, boundary: RegExp): Generator<string> {
  const cut = new RegExp(boundary.source, boundary.flags.includes("g") ? boundary.flags : `${boundary.flags}g`);
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + PIECE);
    if (end < text.length) {
      let last = -1;
      cut.lastIndex = start + Math.floor(PIECE * 0.75);
      for (let m = cut.exec(text); m && m.index + m[0].length <= end; m = cut.exec(text)) {
        last = m.index + m[0].length;
        if (m[0].length === 0) cut.lastIndex++;
      }
      if (last > start) end = last;
    }
    yield text.slice(start, end);
    start = end;
  }
}

/** The segments of a text, segmented piece by piece (textPieces). */
export function* segmentsOf(segmenter: Intl.Segmenter, text: string, boundary: RegExp): Generator<Intl.SegmentData> {
  for (const piece of textPieces(text, boundary)) yield* segmenter.segment(piece);
}
