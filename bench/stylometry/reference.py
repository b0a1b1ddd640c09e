#!/usr/bin/env python3
"""A straightforward numpy/scipy reference for `styler corpus` at scale (bench/stylometry/scale.mjs).

The same analysis, written the plain way: word forms counted per document (letter runs with inner
apostrophes, lower-cased, as styler's word profile), the labelled documents' most frequent words
(culling, ties alphabetical), z-scores, Burrows'/Eder's/Cosine Delta by scipy's pdist, leave-one-out
and unknown-text attribution to each author's pooled profile, PCA by SVD, Ward's clustering (R's
ward.D: scipy's 'ward' on the square roots of the distances, heights squared back) of Burrows'
Delta, and the bootstrap consensus tree over 100..500 most frequent words (a matrix and a tree per
size, each computed afresh). Writes mfw.csv, the Delta matrices (whole up to 1,000 documents, each
document's 10 nearest above, as styler does), tree.csv and summary.json into --out.

Usage: python3 reference.py AUTHOR_DIR... [--unknown DIR] --out DIR [--mfw N] [--culling P]
       [--consensus-mfw 100,200,...] [--matrices full|nearest] [--nearest K]
"""
import argparse
import json
import os
import re
import sys
import time
import unicodedata
from collections import Counter

import numpy as np
from scipy import sparse
from scipy.cluster.hierarchy import linkage
from scipy.spatial.distance import pdist

FULL_MATRIX_DOCUMENTS = 1000


def letter_class():
    """A regex character class of every Unicode letter (JavaScript's \\p{L})."""
    ranges, start = [], None
    for code in range(sys.maxunicode + 2):
        is_letter = code <= sys.maxunicode and unicodedata.category(chr(code)).startswith('L')
        if is_letter and start is None:
            start = code
        elif not is_letter and start is not None:
            ranges.append(re.escape(chr(start)) + ('-' + re.escape(chr(code - 1)) if code - 1 > start else ''))
            start = None
    return '[' + ''.join(ranges) + ']'


LETTERS = letter_class()
WORD_FORM = re.compile(f"{LETTERS}+(?:['\u2019]{LETTERS}+)*")


def word_counts(text):
    return Counter(match.lower().replace('\u2019', "'") for match in WORD_FORM.findall(text))


def documents_of(folder):
    paths = []
    for root, _, files in os.walk(folder):
        paths.extend(os.path.join(root, f) for f in files if f.lower().endswith(('.txt', '.md')))
    return sorted(paths)


class Timer:
    def __init__(self):
        self.started = time.perf_counter()
        self.phases = {}

    def phase(self, name):
        now = time.perf_counter()
        self.phases[name] = round(now - self.started, 3)
        print(f'reference: {name} done at {now - self.started:.1f} s', file=sys.stderr, flush=True)


def write_csv(path, header, rows):
    with open(path, 'w', encoding='utf8') as out:
        out.write(','.join(header) + '\n')
        for row in rows:
            out.write(','.join(row) + '\n')


def number(value):
    return repr(float(value))


def delta_condensed(z, method, words):
    if words == 0:
        return np.zeros(len(z) * (len(z) - 1) // 2)
    part = z[:, :words]
    if method == 'burrows':
        return pdist(part, 'cityblock') / words
    if method == 'eder':
        weights = (words - np.arange(words)) / words
        return pdist(part * weights, 'cityblock') / words
    norms = np.sqrt((part ** 2).sum(axis=1))
    with np.errstate(invalid='ignore', divide='ignore'):
        d = pdist(part, 'cosine')
    zero = norms == 0
    if zero.any():
        i, j = np.triu_indices(len(part), 1)
        d = np.where(zero[i] & zero[j], 0.0, np.where(zero[i] | zero[j], 1.0, d))
    return np.clip(d, 0.0, 2.0)


def square(condensed, n):
    d = np.zeros((n, n))
    i, j = np.triu_indices(n, 1)
    d[i, j] = condensed
    d[j, i] = condensed
    return d


def write_nearest(path, names, d, k):
    """Each document's k nearest others, ties to the lower index, in blocks of rows."""
    n = len(names)
    with open(path, 'w', encoding='utf8') as out:
        out.write('document,rank,neighbour,distance\n')
        for start in range(0, n, 1000):
            block = d[start:start + 1000].copy()
            block[np.arange(len(block)), np.arange(start, start + len(block))] = np.inf
            for r, row in enumerate(block):
                order = np.lexsort((np.arange(n), row))[:k]
                for rank, j in enumerate(order):
                    out.write(f'{names[start + r]},{rank + 1},{names[j]},{number(row[j])}\n')


def ward_tree(burrows_condensed):
    z = linkage(np.sqrt(burrows_condensed), method='ward')
    z[:, 2] = z[:, 2] ** 2
    return z


def clades_of(tree, n):
    members = [frozenset([i]) for i in range(n)]
    clades = []
    for a, b, _, size in tree:
        joined = members[int(a)] | members[int(b)]
        members.append(joined)
        if int(size) < n:
            clades.append(joined)
    return clades


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('authors', nargs='+')
    parser.add_argument('--unknown')
    parser.add_argument('--out', required=True)
    parser.add_argument('--mfw', type=int, default=100)
    parser.add_argument('--culling', type=float, default=0)
    parser.add_argument('--consensus-mfw', default='100,200,300,400,500')
    parser.add_argument('--matrices', choices=['full', 'nearest'])
    parser.add_argument('--nearest', type=int, default=10)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    timer = Timer()

    # Named as styler names them: the path from the folder above the one given (alice/01.txt).
    def named(folder, author):
        above = os.path.dirname(os.path.normpath(folder))
        return [(path, author, os.path.relpath(path, above).replace(os.sep, '/')) for path in documents_of(folder)]

    sources = [entry for folder in args.authors for entry in named(folder, os.path.basename(os.path.normpath(folder)))]
    if args.unknown:
        sources += named(args.unknown, None)
    names = [name for _, _, name in sources]
    labels = [author for _, author, _ in sources]
    vocabulary, rows, cols, values, totals = {}, [], [], [], []
    for row, (path, _, _) in enumerate(sources):
        with open(path, encoding='utf8') as text:
            counts = word_counts(text.read())
        for word, count in counts.items():
            rows.append(row)
            cols.append(vocabulary.setdefault(word, len(vocabulary)))
            values.append(count)
        totals.append(sum(counts.values()))
    n = len(sources)
    counts = sparse.csr_matrix((values, (rows, cols)), shape=(n, len(vocabulary)), dtype=np.float64)
    totals = np.array(totals, dtype=np.float64)
    timer.phase('reading')

    labelled = np.array([i for i, label in enumerate(labels) if label is not None])
    sizes = sorted(set(int(s) for s in args.consensus_mfw.split(','))) if n >= 3 else []
    lab = counts[labelled]
    lab_totals = totals[labelled]
    nonempty = lab_totals > 0
    shares = np.asarray(sparse.diags(np.where(nonempty, 1 / np.where(nonempty, lab_totals, 1), 0)).dot(lab).sum(axis=0))[0]
    seen = np.asarray((lab[nonempty] != 0).sum(axis=0))[0] > 0
    users = np.asarray((lab > 0).sum(axis=0))[0]
    needed = args.culling / 100 * len(labelled)
    words = np.array(sorted(vocabulary, key=lambda w: (-shares[vocabulary[w]], w)))
    ids = np.array([vocabulary[w] for w in words], dtype=np.int64)
    keep = seen[ids] & (users[ids] >= needed - 1e-9)
    ids, words = ids[keep], words[keep]
    top = max([args.mfw] + sizes)
    ids, words = ids[:top], list(words[:top])
    m = min(args.mfw, len(ids))
    chosen = counts[:, ids].toarray()
    freq = np.where(totals[:, None] > 0, chosen / np.where(totals > 0, totals, 1)[:, None], 0)
    mean = freq[labelled].mean(axis=0)
    std = np.maximum(1e-9, freq[labelled].std(axis=0))
    z = (freq - mean) / std
    write_csv(os.path.join(args.out, 'mfw.csv'), ['rank', 'word', 'mean_relative_frequency', 'std'],
              ([str(i + 1), words[i], number(mean[i]), number(std[i])] for i in range(m)))
    timer.phase('reference')

    authors = sorted(set(label for label in labels if label is not None))
    member = np.array([authors.index(label) if label is not None else -1 for label in labels])
    pooled = np.array([chosen[member == a, :m].sum(axis=0) for a in range(len(authors))])
    pooled_totals = np.array([totals[member == a].sum() for a in range(len(authors))])

    def profile_z(pool, total):
        return ((pool / total if total > 0 else pool * 0) - mean[:m]) / std[:m]

    profiles = np.array([profile_z(pooled[a], pooled_totals[a]) for a in range(len(authors))])
    zm = z[:, :m]
    to_authors = np.abs(zm[:, None, :] - profiles[None, :, :]).sum(axis=2) / m
    leave_one_out, attribution = [], []
    per_author = np.bincount(member[member >= 0], minlength=len(authors))
    for i in range(n):
        if member[i] < 0:
            attribution.append({'document': names[i], 'predicted': authors[int(np.argmin(to_authors[i]))]})
        elif per_author[member[i]] >= 2:
            a = member[i]
            own = profile_z(pooled[a] - chosen[i, :m], pooled_totals[a] - totals[i])
            distances = to_authors[i].copy()
            distances[a] = np.abs(zm[i] - own).sum() / m
            leave_one_out.append({'document': names[i], 'author': labels[i],
                                  'predicted': authors[int(np.argmin(distances))]})
    timer.phase('attribution')

    centred = zm - zm.mean(axis=0)
    singular = np.linalg.svd(centred, compute_uv=False)
    explained = (singular ** 2 / (singular ** 2).sum())[:2]
    timer.phase('pca')

    matrices = args.matrices or ('full' if n <= FULL_MATRIX_DOCUMENTS else 'nearest')
    burrows = None
    for method in ['burrows', 'eder', 'cosine']:
        condensed = delta_condensed(z, method, m)
        if method == 'burrows':
            burrows = condensed
        d = square(condensed, n)
        if matrices == 'full':
            with open(os.path.join(args.out, f'delta-{method}.csv'), 'w', encoding='utf8') as out:
                out.write(','.join(['document'] + names) + '\n')
                for i in range(n):
                    out.write(names[i] + ',' + ','.join(map(number, d[i])) + '\n')
        else:
            write_nearest(os.path.join(args.out, f'delta-{method}-nearest.csv'), names, d, args.nearest)
        del d
        timer.phase(f'delta {method}')

    tree = ward_tree(burrows)
    write_csv(os.path.join(args.out, 'tree.csv'), ['merge', 'left', 'right', 'height', 'size'],
              ([str(k + 1), str(int(min(a, b))), str(int(max(a, b))), number(h), str(int(s))]
               for k, (a, b, h, s) in enumerate(tree)))
    timer.phase('tree')

    counted = Counter()
    for size in sizes:
        words_at = min(size, len(ids))
        for clade in clades_of(ward_tree(delta_condensed(z, 'burrows', words_at)), n):
            counted[clade] += 1
    consensus = [{'documents': sorted(names[i] for i in clade), 'support': count / len(sizes)}
                 for clade, count in counted.items() if count / len(sizes) > 0.5]
    timer.phase('consensus')

    with open(os.path.join(args.out, 'summary.json'), 'w', encoding='utf8') as out:
        json.dump({'documents': n, 'authors': authors, 'most_frequent_words': m, 'matrices': matrices,
                   'pca': {'explained': explained.tolist()}, 'leave_one_out': leave_one_out,
                   'attribution': attribution, 'consensus': {'most_frequent_words': sizes, 'clades': consensus},
                   'seconds': timer.phases}, out, indent=1)
    timer.phase('written')


if __name__ == '__main__':
    main()
