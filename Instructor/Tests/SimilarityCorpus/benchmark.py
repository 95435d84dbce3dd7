#!/usr/bin/env python3
"""`workbook similarity` against copydetect 0.5.0 on the evaluation set, per disguise.

    swift build --product workbook-instructor             # from the workbook's folder
    pip install copydetect==0.5.0                         # the peer (winnowing over Pygments tokens)
    python3 Instructor/Tests/SimilarityCorpus/benchmark.py [--workbook PATH] [--threshold T]

The evaluation set (README.md): eight exercises; for each, five originals (the reference
solution and four honest authors of Instructor/Tests/HonestCorpus, two of whom followed the
hints) and the disguiser's copies of each original that still pass their check
(evaluation.json; `disguise.py build` makes the files again, deterministically).

A planted pair is an original and one of its copies. Every pair of files with different
originals is honest: two originals, an original and another's copy, two copies of different
originals. Our tool compares classes, where what many files share weighs less, so it is run
on classes the size of a seminar: the four honest authors, the reference as the reference,
and one copy of each original (a round per copy). copydetect compares pairs on their own.

Both tools take the stub as the code everyone was given (ours: its k-grams; copydetect: its
boilerplate). copydetect runs at its defaults (noise 25, guarantee 25, so a window of 1;
display threshold 0.33) and tuned on another corpus (the hand-made copies of four exercises
in this folder, three of them not in the evaluation set): the noise, guarantee and threshold
that give the best F1 there.

The default threshold of ours is fitted on group A (FIT_GROUP) and the table is reported on
group B (the other four exercises), then on all eight; `--threshold` overrides it.
"""
import argparse, itertools, json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import disguise  # noqa: E402

EVALUATION = json.load(open(os.path.join(HERE, "evaluation.json")))["passed"]
EXERCISES = disguise.EXERCISES
FIT_GROUP = ["BatchSink", "Chunks", "MyAssign", "RefCountReplay"]
REPORT_GROUP = [e for e in EXERCISES if e not in FIT_GROUP]
HAND_MADE = json.load(open(os.path.join(HERE, "truth.json")))
COPYDETECT_DEFAULTS = (25, 25, 0.33)


def category(variant):
    """The disguise a variant stands for in the table: its transformation, `pairs`,
    `triples` or `all`."""
    if variant.startswith("all-"):
        return "all"
    parts = variant.split("+")
    return parts[0] if len(parts) == 1 else {2: "pairs", 3: "triples"}[len(parts)]


# ---------------------------------------------------------------- the files

def evaluation_files(folder):
    """Writes every variant into `folder`; returns {exercise: {name: path}}, where a name is
    an original (`hints-a`) or `original/variant`."""
    disguise.build(folder)
    files = {}
    for exercise in EXERCISES:
        files[exercise] = dict(disguise.originals(exercise))
        for original, variants in EVALUATION.get(exercise, {}).items():
            for variant in variants:
                files[exercise]["%s/%s" % (original, variant)] = os.path.join(folder, exercise, original, variant + ".swift")
    return files


def origin(name):
    return name.split("/")[0]


def labelled_pairs(files):
    """(exercise, a, b, is copy, category) for every pair the benchmark scores."""
    pairs = []
    for exercise, names in files.items():
        copies = [n for n in names if "/" in n]
        originals = [n for n in names if "/" not in n]
        for a, b in itertools.combinations(sorted(originals), 2):
            pairs.append((exercise, a, b, False, None))
        for copy in copies:
            for o in originals:
                pairs.append((exercise, o, copy, origin(copy) == o, category(copy.split("/")[1]) if origin(copy) == o else None))
    return pairs


# ---------------------------------------------------------------- ours

def ours(workbook, files):
    """{(exercise, a, b): score}, from classes of one copy of each original per round."""
    folder = tempfile.mkdtemp(prefix="similarity-benchmark-")
    scores = {}
    try:
        rounds = max(len(v) for e in EVALUATION.values() for v in e.values())
        for r in range(rounds):
            klass = os.path.join(folder, "class%d" % r)
            members = {}
            for exercise, names in files.items():
                for name, path in names.items():
                    if name == "reference":
                        continue  # the tool finds it as the reference
                    if "/" in name:
                        o, v = name.split("/")
                        if EVALUATION[exercise][o].index(v) != r:
                            continue
                        student = o + "--copy"
                    else:
                        student = name
                    members[(exercise, student)] = name
                    target = os.path.join(klass, student, "Exercises")
                    os.makedirs(target, exist_ok=True)
                    shutil.copy(path, os.path.join(target, exercise + ".swift"))
            out = os.path.join(folder, "report%d.json" % r)
            subprocess.run([workbook, "similarity", "--submissions", klass, "--threshold", "0", "--json", out],
                           check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
            for pair in json.load(open(out))["pairs"]:
                exercise = pair["exercise"]
                names = sorted("reference" if side["kind"] == "reference" else members[(exercise, side["name"])] for side in (pair["a"], pair["b"]))
                key = (exercise, names[0], names[1])
                scores[key] = max(scores.get(key, 0.0), pair["score"])
    finally:
        shutil.rmtree(folder)
    return scores


def default_threshold(workbook):
    help_text = subprocess.run([workbook, "similarity", "--help"], capture_output=True, text=True, cwd=ROOT).stdout
    return float(help_text.split("(default ")[1].split(")")[0])


# ---------------------------------------------------------------- copydetect

def copydetect_scores(pairs, files, noise, guarantee):
    from copydetect import CodeFingerprint, compare_files
    import numpy as np
    scores, prints = {}, {}
    for exercise in {p[0] for p in pairs}:
        # The stub as boilerplate, as CopyDetector takes it: every k-gram (a window of 1).
        stub = CodeFingerprint(os.path.join(ROOT, "Sources", "ExerciseStubs", exercise + ".swift"), noise, 1)
        boilerplate = np.unique(np.array(list(stub.hashes)))
        for name, path in files[exercise].items():
            prints[(exercise, name)] = CodeFingerprint(path, noise, guarantee - noise + 1, boilerplate=boilerplate)
    for exercise, a, b, _, _ in pairs:
        _, similarities, _ = compare_files(prints[(exercise, a)], prints[(exercise, b)])
        scores[(exercise, a, b)] = max(similarities)
    return scores


def hand_made_corpus():
    """The hand-made corpus (truth.json): its files and labelled pairs, for tuning copydetect."""
    files, pairs = {}, []
    for exercise in HAND_MADE["exercises"]:
        names = {"reference": os.path.join(ROOT, "Instructor", "Sources", "Solutions", exercise + ".swift")}
        for honest in HAND_MADE["honest"]:
            names[honest] = os.path.join(HERE, exercise, honest + ".swift")
        for d in HAND_MADE["disguises"]:
            names[HAND_MADE["original"] + "/" + d] = os.path.join(HERE, exercise, "copies", d + ".swift")
        files[exercise] = names
        for a, b in itertools.combinations(sorted(names), 2):
            copy = origin(a) == HAND_MADE["original"] and origin(b) == HAND_MADE["original"]
            pairs.append((exercise, a, b, copy, "hand" if copy else None))
    return files, pairs


def tune_copydetect():
    """copydetect's noise, guarantee and threshold with the best F1 on the hand-made corpus."""
    files, pairs = hand_made_corpus()
    best = None
    for noise in (5, 8, 10, 12, 15, 20, 25):
        for guarantee in (noise, noise + 5, noise + 10):
            scores = copydetect_scores(pairs, files, noise, guarantee)
            for threshold in [x / 100 for x in range(10, 95, 5)]:
                tp = sum(1 for p in pairs if p[3] and scores[p[:3]] >= threshold)
                fp = sum(1 for p in pairs if not p[3] and scores[p[:3]] >= threshold)
                positives = sum(1 for p in pairs if p[3])
                f1 = 2 * tp / (2 * tp + fp + (positives - tp))
                if best is None or f1 > best[0] + 1e-9:
                    best = (f1, noise, guarantee, threshold)
    return best[1:]


# ---------------------------------------------------------------- figures

def average_precision(positives, negatives):
    ranked = sorted([(s, 1) for s in positives] + [(s, 0) for s in negatives], key=lambda x: -x[0])
    hits, total, i = 0, 0.0, 0
    while i < len(ranked):
        # Ties count as one step: all of them in or none.
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        group_hits = sum(x[1] for x in ranked[i:j])
        if group_hits:
            precision = (hits + group_hits) / j
            total += group_hits * precision
        hits += group_hits
        i = j
    return total / len(positives) if positives else float("nan")


def auc(positives, negatives):
    if not positives or not negatives:
        return float("nan")
    negatives = sorted(negatives)
    import bisect
    wins = 0.0
    for p in positives:
        below = bisect.bisect_left(negatives, p)
        equal = bisect.bisect_right(negatives, p) - below
        wins += below + 0.5 * equal
    return wins / (len(positives) * len(negatives))


def figures(pairs, scores, threshold, exercises):
    chosen = [p for p in pairs if p[0] in exercises]
    positives = [p for p in chosen if p[3]]
    negatives = [scores.get(p[:3], 0.0) for p in chosen if not p[3]]
    rows = {}
    for cat in disguise.TRANSFORMATIONS + ["pairs", "triples", "all"]:
        mine = [scores.get(p[:3], 0.0) for p in positives if p[4] == cat]
        rows[cat] = (sum(s >= threshold for s in mine) / len(mine) if mine else float("nan"), len(mine))
    pos = [scores.get(p[:3], 0.0) for p in positives]
    tp = sum(s >= threshold for s in pos)
    fp = sum(s >= threshold for s in negatives)
    rows["recall, every copy"] = (tp / len(pos), len(pos))
    rows["honest pairs flagged"] = (fp / len(negatives), len(negatives))
    rows["precision"] = (tp / (tp + fp) if tp + fp else float("nan"), tp + fp)
    rows["average precision"] = (average_precision(pos, negatives), None)
    rows["ROC-AUC"] = (auc(pos, negatives), None)
    rows["highest honest pair"] = (max(negatives), None)
    return rows


def print_table(title, tools, pairs, exercises):
    print(title)
    header = "%-22s %6s" % ("disguise", "pairs") + "".join(" %22s" % name for name, _, _ in tools)
    print(header)
    print("-" * len(header))
    results = [figures(pairs, scores, t, exercises) for _, scores, t in tools]
    for row in results[0]:
        count = results[0][row][1]
        print("%-22s %6s" % (row, "" if count is None else count) + "".join(" %22.3f" % r[row][0] for r in results))
    print()


def fit_threshold(pairs, scores, exercises):
    """The threshold fitted on `exercises`: halfway between the highest honest pair and the
    lowest copy above it, over the copies that are not `all` (the targets' 95%), so that
    each side has the same room."""
    chosen = [p for p in pairs if p[0] in exercises]
    honest = max(scores.get(p[:3], 0.0) for p in chosen if not p[3])
    copies = sorted(scores.get(p[:3], 0.0) for p in chosen if p[3] and p[4] != "all")
    above = [s for s in copies if s > honest]
    return honest, (above[0] if above else honest), round((honest + (above[0] if above else honest)) / 2, 2)


def main():
    # copydetect hashes k-grams with Python's hash(), which each process seeds at random:
    # one seed, so that its numbers repeat.
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable] + sys.argv, dict(os.environ, PYTHONHASHSEED="0"))
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbook", default=os.path.join(ROOT, ".build", "debug", "workbook-instructor"))
    parser.add_argument("--threshold", type=float, default=None, help="ours: default the tool's own")
    parser.add_argument("--dump", help="write every pair's scores to this JSON file")
    parser.add_argument("--ours-only", action="store_true", help="leave copydetect out (quicker)")
    args = parser.parse_args()
    threshold = args.threshold if args.threshold is not None else default_threshold(args.workbook)
    folder = tempfile.mkdtemp(prefix="similarity-evaluation-")
    try:
        files = evaluation_files(folder)
        pairs = labelled_pairs(files)
        tools = [("ours (%.2f)" % threshold, ours(args.workbook, files), threshold)]
        try:
            if args.ours_only:
                raise ImportError
            import copydetect  # noqa: F401
            from importlib.metadata import version
            cd_version = version("copydetect")
            noise, guarantee, cd_threshold = COPYDETECT_DEFAULTS
            tools.append(("copydetect %s defaults" % cd_version, copydetect_scores(pairs, files, noise, guarantee), cd_threshold))
            tuned = tune_copydetect()
            tools.append(("copydetect %d/%d (%.2f)" % tuned, copydetect_scores(pairs, files, tuned[0], tuned[1]), tuned[2]))
            print("copydetect tuned on the hand-made corpus: noise %d, guarantee %d, threshold %.2f." % tuned)
        except ImportError:
            print("copydetect is not installed (pip install copydetect==0.5.0): the peer is left out", file=sys.stderr)
        copies = sum(1 for p in pairs if p[3])
        print("Evaluation set: %d exercises, %d copies that pass their check, %d honest pairs." % (len(EXERCISES), copies, len(pairs) - copies))
        honest, lowest, fitted = fit_threshold(pairs, tools[0][1], FIT_GROUP)
        print("Fitted on %s: highest honest pair %.3f, lowest copy above it (every disguise but all) %.3f: threshold %.2f." % (
            ", ".join(FIT_GROUP), honest, lowest, fitted))
        print()
        print_table("Reported on %s (not used to fit):" % ", ".join(REPORT_GROUP), tools, pairs, REPORT_GROUP)
        print_table("All eight exercises:", tools, pairs, EXERCISES)
        if args.dump:
            with open(args.dump, "w") as f:
                json.dump([{"exercise": p[0], "a": p[1], "b": p[2], "copy": p[3], "category": p[4],
                            **{name: scores.get(p[:3], 0.0) for name, scores, _ in tools}} for p in pairs], f, indent=0)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
