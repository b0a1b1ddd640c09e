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
  feedbackItems: 4,
  /** ...of which at most this many are about single words, so one kind does not crowd out the rest. */
  feedbackWordItems: 2,
  /**
   * A difference is named only when its log-likelihood (G², or z² for sentence length; both
   * χ² with one degree of freedom) reaches this: 10.83 is p < 0.001, the usual keyness cut-off
   * (Rayson & Garside 2000), strict because many words are tested at once.
   */
  feedbackMinStatistic: 10.83,
  /** Without usage from the provider, a call's tokens are estimated as characters / this. */
  charactersPerToken: 4,
});
