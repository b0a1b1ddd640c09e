/** Defaults and bounds of choosing among drafts, in one frozen object. */
export const CANDIDATE_DEFAULTS = Object.freeze({
  /** Drafts asked for: one, so the default costs one call. */
  n: 1,
  /** Most drafts one choice may ask for (each is scored with an NLP pass). */
  maxN: 16,
  /** No revision round unless asked. */
  revise: false,
  /** Words Delta compares (Burrows' 150 most frequent; stylo's default is 100). */
  mostFrequentWords: 150,
  /** Apart from the first, parallel drafts are sampled at the temperature ± multiples of this step. */
  temperatureStep: 0.1,
  /** The revision's feedback names at most this many measured differences... */
  feedbackItems: 5,
  /** ...of which at most this many are about single words, so one kind does not crowd out the rest. */
  feedbackWordItems: 3,
  /**
   * A difference is named only when its log-likelihood (G², or z² for sentence length; both
   * χ² with one degree of freedom) reaches this: 6.63 is p < 0.01. The usual keyness cut-off, 10.83
   * (p < 0.001, Rayson & Garside 2000), left 6 of 20 revisions of 300-word rewrites with nothing to
   * name (bench/style/llm.mjs, issue 32); a named difference only asks, and the revision is kept only
   * when it is closer, so a looser cut costs at most a call.
   */
  feedbackMinStatistic: 6.63,
  /** Without usage from the provider, a call's tokens are estimated as characters / this. */
  charactersPerToken: 4,
});
