/**
 * Maps token strings to dense integer ids (0, 1, 2 ...), so the scorers compare integers in typed
 * arrays instead of strings.
 */
export class TokenVocabulary {
  private readonly idByToken = new Map<string, number>();

  /** Number of distinct tokens seen so far; every id is below it. */
  get size(): number {
    return this.idByToken.size;
  }

  /** Ids of `tokens`, adding unseen tokens to the vocabulary. */
  encode(tokens: readonly string[]): Int32Array {
    const ids = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      let id = this.idByToken.get(token);
      if (id === undefined) {
        id = this.idByToken.size;
        this.idByToken.set(token, id);
      }
      ids[i] = id;
    }
    return ids;
  }

  /**
   * Ids of `tokens` without growing the vocabulary: unseen tokens get -1 (they can match nothing).
   * Written into `buffer` when it is long enough (the result is then a view of it), else into a new array.
   */
  lookup(tokens: readonly string[], buffer?: Int32Array): Int32Array {
    const ids =
      buffer !== undefined && buffer.length >= tokens.length
        ? buffer.subarray(0, tokens.length)
        : new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) ids[i] = this.idByToken.get(tokens[i]!) ?? -1;
    return ids;
  }
}
