/** Limits on what a .docx may expand to. */
export interface DocxLimits {
  /** All entries together, inflated. */
  maxExpandedBytes: number;
  maxEntries: number;
}

/** The limits a .docx is read within unless configured otherwise (config.ts's defaults are these). */
export const DEFAULT_DOCX_LIMITS: Readonly<DocxLimits> = Object.freeze({
  maxExpandedBytes: 64 * 1024 * 1024,
  maxEntries: 2_000,
});
