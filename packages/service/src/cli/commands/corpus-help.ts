/** The full help of `styler corpus`: every flag, stylo's options included. */
import { CLASSIFY_HELP, FEATURE_HELP } from '../stylometry/options.js';

export const CORPUS_HELP = [
  'usage: styler corpus AUTHOR_DIR... [--list FILE] [--unknown DIR] --out DIR [options]',
  '',
  "Stylometry of a corpus, as R's stylo: MFW tables, Delta, attribution, PCA, clusters, consensus tree.",
  '  AUTHOR_DIR...                    one folder per author, named after the author (.txt, .md, .docx)',
  '  --list FILE                      path<TAB>label lines (no label: unknown), instead of or beside folders',
  '  --unknown DIR                    texts to attribute',
  '  --out DIR                        where summary.json, report.html and the CSV tables go',
  '  --mfw N                          most frequent features compared (default 100)',
  '  --culling PERCENT                a feature must occur in this share of the labelled texts (default 0)',
  '  --consensus-mfw N,N,...          MFW sizes of the bootstrap consensus tree (default 100,200,300,400,500)',
  '  --threads N                      worker threads of the analytics profiles (default: one per CPU)',
  ...FEATURE_HELP,
  ...CLASSIFY_HELP,
  '  --mds                            classical multidimensional scaling too (mds.csv and a map in the report),',
  '                                   of the --distance (default burrows)',
  '',
  'Any of --classify, --distance, --k, --shrinkage, --cost, --cv or --wordlist adds the classification',
  '(classification.csv; with --cv, cv.csv and cv-metrics.csv) to summary.json and the report.',
  '',
].join('\n');
