"""Gold labels of a CoNLL-U file with the clauses behind them, by shared/tools/ud_gold.py's own rules.

Usage: python3 ud_clauses.py PATH/TO/ud_gold.py IN.conllu OUT.jsonl

Each output line is ud_gold.py's record (id, text, tokens, upos, voice, structure,
independent_clauses, dependent_clauses: byte-for-byte the same values) plus
  "clauses": [[kind, [anchor, ...]], ...]  kind "main" or "dep", one entry per counted clause;
             anchors are 0-based token positions that can stand for the clause in another
             tokenizer's verb groups, the finite auxiliary or copula first, then the head
             (for a clausal predicate's matrix clause, R7, its outer copula).
The labels come from ud_gold.Analysis itself (imported from the given path), so they are the
same rules; this file only says where each counted clause sits.
"""

import importlib.util
import json
import sys


def load_ud_gold(path):
    spec = importlib.util.spec_from_file_location("ud_gold", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def anchors(ud_gold, analysis, word, after=None):
    position = {w.id: i for i, w in enumerate(analysis.words)}
    helpers = [c for c in analysis.children[word.id]
               if c.deprel in ud_gold.AUX_RELS and (after is None or c.id > after.id)]
    finite = sorted((c for c in helpers if c.feats.get("VerbForm") == "Fin"), key=lambda c: c.id)
    rest = sorted((c for c in helpers if c.feats.get("VerbForm") != "Fin"), key=lambda c: c.id)
    return [position[w.id] for w in finite + [word] + rest]


def clauses(ud_gold, analysis):
    position = {w.id: i for i, w in enumerate(analysis.words)}
    out = []
    for word in analysis.independent_predicates():
        outer = analysis.outer_copula(word)
        out.append(["main", [position[outer.id]] if outer is not None else anchors(ud_gold, analysis, word)])
    for word, kind in analysis.dependent_clauses():
        outer = analysis.outer_copula(word)
        if kind == "inner":
            out.append(["dep", anchors(ud_gold, analysis, word, outer)])
        elif outer is not None:
            out.append(["dep", [position[outer.id]]])
        else:
            out.append(["dep", anchors(ud_gold, analysis, word)])
    return out


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    ud_gold = load_ud_gold(argv[1])
    with open(argv[3], "w", encoding="utf-8", newline="\n") as out:
        for meta, words in ud_gold.read_conllu(argv[2]):
            record, analysis = ud_gold.sentence_record(meta, words)
            record["clauses"] = clauses(ud_gold, analysis)
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
