/**
 * `styler COMMAND --help` of the commands that are not research commands (those bring their help
 * from @styler-dev/research): what each does and every flag its parser accepts. Each usage line is the one
 * its command prints on a usage error; this module imports nothing, so the help loads no command.
 */
export const COMMAND_USAGE = {
  quality: 'styler quality --personalized FILE --unpersonalized FILE --ground-truth PATH... [--rouge] [--max-chars N]',
  analyze: 'styler analyze PATH... [--format json|csv] [--threads N]',
  fit: 'styler fit PATH... --out model.json [--shorten] [--max-chars N]',
  restyle: 'styler restyle --model model.json PATH... --out DIR [--force] [--max-chars N] [--threads N]',
  describe: 'styler describe model.json [--json]',
  serve: 'styler serve [--port N] [--host HOST] [--data-dir DIR] [--role all|api|worker]',
  keys: `
  styler keys create --org ORG --project PROJECT [--data-dir DIR]   prints a new key (shown once)
  styler keys list [--data-dir DIR]
  styler keys revoke KEY_ID [--data-dir DIR]`,
};

export const COMMAND_HELP: Record<string, string> = {
  quality: `usage: ${COMMAND_USAGE.quality}

Prints the quality_analytics JSON of two texts against the author's documents.
  --personalized FILE               the text written for the author
  --unpersonalized FILE             the same content written without personalisation
  --ground-truth PATH...            the author's documents (files or folders of .txt, .md, .docx)
  --rouge                           ROUGE of each text against the documents too
  --max-chars N                     the most characters any of these files may hold (default 1000000)
`,
  analyze: `usage: ${COMMAND_USAGE.analyze}

The features of each document (files or folders of .txt, .md, .docx), one row each. A document of
any size is analysed 200,000 characters at a time (cut at paragraph breaks) and its counts summed.
  --format json|csv                 output on stdout (default csv)
  --threads N                       worker threads (default: one per CPU)
`,
  rouge: `usage: styler rouge --jsonl

ROUGE-1/2/L of each JSON Lines row on stdin, {"id","target","prediction","use_stemmer"}, as rouge-score.
  --jsonl                           read JSON Lines on stdin, write one result line per row on stdout
`,
  classify: `usage: styler classify --jsonl

Voice and structure of each JSON Lines row on stdin, {"id","text"} (each text one sentence).
  --jsonl                           read JSON Lines on stdin, write one result line per row on stdout
`,
  fit: `usage: ${COMMAND_USAGE.fit}

A style model from sample documents, as a fine-tuning job makes it (a line holding only *** splits a
file into documents).
  --out FILE                        where the model's JSON goes
  --shorten                         the model may shorten texts (a job's match_output_length: false)
  --max-chars N                     the most characters one file may hold (default 10000000, the
                                    service's largest upload; fitting holds every document at once)
`,
  restyle: `usage: ${COMMAND_USAGE.restyle}

The embedded engine over files or folders (rewrite mode), one output file per input under its name.
A .docx comes out as a .docx with its headings, bullet and numbered lists, bold and italic kept (not
its tables, images, links, fonts or other styles: the text of those comes out as plain paragraphs).
  --model FILE                      a model written by styler fit
  --out DIR                         where the restyled files go; an existing file there (an input
                                    above all) is never overwritten without --force
  --force                           overwrite existing files in --out
  --max-chars N                     the most characters one file may hold (default 500000; the
                                    engine holds a whole document in memory)
  --threads N                       worker threads (default: one per CPU)
`,
  describe: `usage: ${COMMAND_USAGE.describe}

A style model's readable card: the habits the web console shows, each with how sure the model is.
  --json                            the summary GET /v1/models/{model} returns, as JSON
`,
  serve: `usage: ${COMMAND_USAGE.serve}

Starts the HTTP service until SIGINT or SIGTERM. Every flag overrides its environment variable
(docs/api.md lists them all: PORT, HOST, STYLER_DATA_DIR, DATABASE_URL, STYLER_ROLE, ...).
  --port N                          port to listen on (default 8080; 0 picks a free one)
  --host HOST                       address to listen on (default 127.0.0.1; 0.0.0.0 in containers)
  --data-dir DIR                    the embedded store's folder (SQLite and uploads)
  --role all|api|worker             serve the API, run fine-tuning jobs, or both (default all)
`,
  keys: `usage:${COMMAND_USAGE.keys}

API keys in the service's database (DATABASE_URL, else the data directory).
  --org ORG                         the organization the key belongs to
  --project PROJECT                 the project the key belongs to
  --data-dir DIR                    the embedded store's folder (default STYLER_DATA_DIR or ./data)
`,
};
