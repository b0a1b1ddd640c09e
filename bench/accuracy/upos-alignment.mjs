// Aligns the tagger's tokens with the treebank's syntactic words by character offsets.

/**
 * Character spans [start, end) of `forms` found in order in `text` (whitespace may separate them).
 * A form that cannot be found where expected gets null and the cursor stays put, so one
 * mismatch does not shift the rest.
 */
export function spansOf(text, forms) {
  const spans = [];
  let cursor = 0;
  for (const form of forms) {
    let at = cursor;
    while (at < text.length && /\s/.test(text[at])) at += 1;
    if (form.length > 0 && text.startsWith(form, at)) {
      spans.push([at, at + form.length]);
      cursor = at + form.length;
    } else {
      const found = form.length > 0 ? text.indexOf(form, cursor) : -1;
      // Only a near miss (a few skipped characters) is trusted; otherwise give up on this form.
      if (found >= 0 && found - cursor <= 3) {
        spans.push([found, found + form.length]);
        cursor = found + form.length;
      } else {
        spans.push(null);
      }
    }
  }
  return spans;
}

/**
 * Pairs of (gold index, tagger index) whose spans are identical. Both span lists are in text
 * order, so one merge pass finds them.
 */
export function alignedPairs(goldSpans, taggerSpans) {
  const pairs = [];
  const taggerByStart = new Map();
  taggerSpans.forEach((span, index) => {
    if (span !== null) taggerByStart.set(`${span[0]}:${span[1]}`, index);
  });
  goldSpans.forEach((span, index) => {
    if (span === null) return;
    const match = taggerByStart.get(`${span[0]}:${span[1]}`);
    if (match !== undefined) pairs.push([index, match]);
  });
  return pairs;
}

/**
 * Tags every gold sentence with `tagSentence` and compares tags over aligned tokens. Returns the
 * gold token count, how many aligned, how many of those agree, and matrix[gold][tagger] counts.
 */
export function measureUpos(gold, tagSentence, tags) {
  const matrix = Object.fromEntries(tags.map((g) => [g, Object.fromEntries(tags.map((p) => [p, 0]))]));
  let goldTokens = 0;
  let aligned = 0;
  let correct = 0;
  for (const sentence of gold) {
    const tagged = tagSentence(sentence.text);
    const goldSpans = spansOf(sentence.text, sentence.tokens);
    const taggerSpans = spansOf(
      sentence.text,
      tagged.map((token) => token.text),
    );
    goldTokens += sentence.tokens.length;
    for (const [g, t] of alignedPairs(goldSpans, taggerSpans)) {
      const goldTag = sentence.upos[g];
      const taggerTag = tagged[t].pos;
      aligned += 1;
      if (goldTag === taggerTag) correct += 1;
      if (matrix[goldTag]?.[taggerTag] !== undefined) matrix[goldTag][taggerTag] += 1;
    }
  }
  return { goldTokens, aligned, correct, matrix };
}
