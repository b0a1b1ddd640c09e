#!/usr/bin/env bash
# The README's benchmark example on the development corpora: each author's files 01–20 are its
# samples; the embedded engine is fitted on them and restyles the AI-style inputs toward each
# author; `styler benchmark` then compares it with the inputs left unchanged.
# Run: npm run build && bash bench/stylometry/benchmark-corpora.sh [OUT_DIR] [INPUTS]
# The corpora: STYLER_CORPORA, else ../shared/corpora beside the repository, else samples/corpus (as
# bench/support/corpora-dir.mjs chooses for the Node benches).
set -euo pipefail
echo "Node.js $(node --version)" >&2
cd "$(dirname "$0")/../.."
if [ -n "${STYLER_CORPORA:-}" ]; then
  CORPORA="$STYLER_CORPORA"
elif [ -d ../shared/corpora ]; then
  CORPORA=../shared/corpora
else
  CORPORA=samples/corpus
fi
# The AI inputs: the corpora's ai-inputs/, else the one beside them (samples/ai-inputs).
AI_INPUTS="$CORPORA/ai-inputs"
[ -d "$AI_INPUTS" ] || AI_INPUTS="$CORPORA/../ai-inputs"
echo "corpora: $CORPORA, AI inputs: $AI_INPUTS" >&2
OUT="${1:-$(mktemp -d)/benchmark-corpora}"
# Without its trailing slash, so paths under it read benchmark-example/report, not //report.
OUT="${OUT%/}"
INPUTS="${2:-6}"
styler() { node packages/service/bin/styler.js "$@"; }
rm -rf "$OUT" && mkdir -p "$OUT/authors" "$OUT/models" "$OUT/inputs"
ls "$AI_INPUTS"/*.txt | head -n "$INPUTS" | xargs -I{} cp {} "$OUT/inputs/"
authors=()
for dir in "$CORPORA"/*/; do
  name="$(basename "$dir")"
  [ "$name" = ai-inputs ] && continue
  authors+=("$name")
  mkdir -p "$OUT/authors/$name"
  ls "$dir"*.txt | sort | head -n 20 | xargs -I{} cp {} "$OUT/authors/$name/"
  styler fit "$OUT/authors/$name" --out "$OUT/models/$name.json" >/dev/null
  styler restyle --model "$OUT/models/$name.json" "$OUT/inputs" --out "$OUT/styled/$name" >/dev/null
done
node -e '
const fs = require("fs");
const [out, ...authors] = process.argv.slice(1);
const rows = [];
for (const author of authors) {
  for (const file of fs.readdirSync(`${out}/inputs`).sort()) {
    const unpersonalized = fs.readFileSync(`${out}/inputs/${file}`, "utf8");
    const personalized = fs.readFileSync(`${out}/styled/${author}/${file}`, "utf8");
    const id = `${author}/${file}`;
    rows.push({ id, author, system: "styler-engine", unpersonalized, personalized });
    rows.push({ id, author, system: "unchanged", unpersonalized, personalized: unpersonalized });
  }
}
fs.writeFileSync(`${out}/runs.jsonl`, rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
' "$OUT" "${authors[@]}"
styler benchmark "$OUT/runs.jsonl" --authors "$OUT/authors" --out "$OUT/report"
