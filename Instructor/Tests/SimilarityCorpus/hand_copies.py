#!/usr/bin/env python3
"""The hand-disguised copies (HandCopies/, README.md there) for the benchmark.

    python3 Instructor/Tests/SimilarityCorpus/benchmark.py      # prints their rows with the rest

A helper who had not seen the normaliser copied one source per exercise (a reference
solution or an honest-corpus file) by hand, in four styles: a (rename and reorder),
b (control flow restructured), c (comments, extra properties and logging, dead code,
formatting), d (all of it, a careful 20-minute copy). 40 copies, each passing its check.

Ours is scored as the benchmark scores the disguiser's copies: in classes the size of a
seminar, one class per style, holding for each exercise its honest authors
(Instructor/Tests/HonestCorpus; for PausingSink and RateLimit, which have none there, the
hand-made corpus's honest-1 and honest-2), the reference as the reference, and the style's
copy. A planted pair is a copy and its source; a copy and any other original is an honest pair.
"""
import itertools, json, os, shutil, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
TRUTH = json.load(open(os.path.join(HERE, "HandCopies", "truth.json")))
STYLES = {"a": "rename + reorder", "b": "control flow restructured", "c": "comments, extras, dead code, layout",
          "d": "all of it (20 minutes)"}
HONEST_CORPUS = os.path.join(ROOT, "Instructor", "Tests", "HonestCorpus")


def exercises():
    return sorted({entry["exercise"] for entry in TRUTH})


def files():
    """{exercise: {name: path}}: the originals (`reference`, the honest authors) and the
    copies, named `<source>/hand-<style>` so that a copy's origin is its source."""
    found = {}
    for entry in TRUTH:
        exercise = entry["exercise"]
        names = found.setdefault(exercise, {})
        if not names:
            names["reference"] = os.path.join(ROOT, "Instructor", "Sources", "Solutions", exercise + ".swift")
            corpus = os.path.join(HONEST_CORPUS, exercise)
            if not os.path.isdir(corpus):
                corpus = os.path.join(HERE, exercise)  # the hand-made corpus's honest-1 and honest-2
            for name in sorted(os.listdir(corpus)):
                if name.endswith(".swift"):
                    names[name[:-len(".swift")]] = os.path.join(corpus, name)
        source = "reference" if entry["source_kind"] == "reference" else os.path.basename(entry["source"])[:-len(".swift")]
        assert source in names, (exercise, source)
        names["%s/hand-%s" % (source, entry["style"])] = os.path.join(HERE, entry["copy"])
    return found


def origin(name):
    return name.split("/")[0]


def style(name):
    return name.split("/hand-")[1]


def pairs(found):
    """(exercise, a, b, is copy, category) for the hand copies: every copy with every original
    (its source: a planted pair, category `hand-<style>`; any other: honest), and the
    originals' own pairs (honest; they calibrate the left-out threshold)."""
    labelled = []
    for exercise, names in sorted(found.items()):
        originals = sorted(n for n in names if "/" not in n)
        for a, b in itertools.combinations(originals, 2):
            labelled.append((exercise, a, b, False, None))
        for copy in sorted(n for n in names if "/" in n):
            for o in originals:
                mine = origin(copy) == o
                labelled.append((exercise, o, copy, mine, "hand-" + style(copy) if mine else None))
    return labelled


def ours(workbook, found):
    """({(exercise, a, b): score}, {exercise: highest honest pair}) from one class per style."""
    folder = tempfile.mkdtemp(prefix="similarity-hand-copies-")
    scores, ceilings = {}, {}
    try:
        for letter in sorted(STYLES):
            klass = os.path.join(folder, "style-" + letter)
            members = {}
            for exercise, names in found.items():
                for name, path in names.items():
                    if name == "reference":
                        continue  # the tool finds it as the reference
                    if "/" in name and style(name) != letter:
                        continue
                    student = name.replace("/", "--")
                    os.makedirs(os.path.join(klass, student, "Exercises"), exist_ok=True)
                    shutil.copy(path, os.path.join(klass, student, "Exercises", exercise + ".swift"))
                    members[(exercise, student)] = name
            out = os.path.join(folder, "report-%s.json" % letter)
            subprocess.run([workbook, "similarity", "--submissions", klass, "--threshold", "0", "--one-threshold", "--json", out],
                           check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
            report = json.load(open(out))
            for exercise in report["exercises"]:
                if exercise["highestHonestPair"] is not None:
                    ceilings[exercise["name"]] = exercise["highestHonestPair"]
            for pair in report["pairs"]:
                exercise = pair["exercise"]
                names = sorted("reference" if side["kind"] == "reference" else members[(exercise, side["name"])] for side in (pair["a"], pair["b"]))
                key = (exercise, names[0], names[1])
                scores[key] = max(scores.get(key, 0.0), pair["score"])
    finally:
        shutil.rmtree(folder)
    return scores, ceilings


def figures(labelled, scores, at, average_precision, extra_negatives=()):
    """The hand rows of one tool: recall per style and overall; the honest pairs a hand copy
    is in (a copy and an original not its source) flagged; the average precision of the
    copies against every honest pair of their classes (and `extra_negatives`)."""
    rows = {}
    positives = [p for p in labelled if p[3]]
    for letter in sorted(STYLES):
        mine = [scores.get(p[:3], 0.0) >= at(p) for p in positives if p[4] == "hand-" + letter]
        rows["by hand, " + letter] = (sum(mine) / len(mine), len(mine))
    flagged = [scores.get(p[:3], 0.0) >= at(p) for p in positives]
    rows["by hand, every copy"] = (sum(flagged) / len(flagged), len(flagged))
    with_copy = [p for p in labelled if not p[3] and "/" in p[2]]
    rows["by hand, honest pairs flagged"] = (sum(scores.get(p[:3], 0.0) >= at(p) for p in with_copy) / len(with_copy), len(with_copy))
    negatives = [scores.get(p[:3], 0.0) for p in labelled if not p[3]] + list(extra_negatives)
    rows["by hand, average precision"] = (average_precision([scores.get(p[:3], 0.0) for p in positives], negatives), None)
    return rows


def per_copy(labelled, tools):
    """A line per copy: its score against its source and whether it is flagged, per tool."""
    lines = []
    header = "%-18s %-5s %-10s" % ("exercise", "style", "source") + "".join(" %22s" % name for name, _, _ in tools)
    lines.append(header)
    lines.append("-" * len(header))
    for p in sorted((p for p in labelled if p[3]), key=lambda p: (p[0], p[2])):
        cells = []
        for _, scores, at in tools:
            score = scores.get(p[:3], 0.0)
            cells.append(" %22s" % ("%.2f %s (at %.2f)" % (score, "FLAG" if score >= at(p) else " -- ", at(p))))
        lines.append("%-18s %-5s %-10s" % (p[0], style(p[2]), p[1]) + "".join(cells))
    return lines
