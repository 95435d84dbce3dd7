#!/usr/bin/env python3
"""Precision, recall and ROC AUC of `workbook similarity` and of copydetect on this corpus.

    swift build --product workbook          # from the workbook's folder
    pip install copydetect                  # the peer (winnowing over Pygments tokens)
    python3 Instructor/Tests/SimilarityCorpus/benchmark.py [--workbook .build/debug/workbook]

The class it makes has one student per corpus file (<Exercise>-honest-1, <Exercise>-rename,
...), each handing in only that exercise; the reference solution takes part as the tool finds
it (Instructor/Sources/Solutions). Ground truth (truth.json): two files are copies when both
come from honest-1 (the original and its disguised copies); every other pair is honest.

Per disguise: its four planted pairs (copy, original) against every honest pair of the corpus.
Precision and recall are at each tool's default threshold; AUC is threshold-free. JPlag (Java
21, a beta Swift module) is not installable here, so it is not in the table.
"""
import argparse, itertools, json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
TRUTH = json.load(open(os.path.join(HERE, "truth.json")))
EXERCISES = TRUTH["exercises"]
DISGUISES = TRUTH["disguises"]
OURS_THRESHOLD = None  # read from the tool's JSON
COPYDETECT_THRESHOLD = 0.33  # copydetect's display threshold by default


def corpus_files(exercise):
    """name -> path, the reference included."""
    files = {"reference": os.path.join(ROOT, "Instructor", "Sources", "Solutions", exercise + ".swift")}
    for honest in TRUTH["honest"]:
        files[honest] = os.path.join(HERE, exercise, honest + ".swift")
    for disguise in DISGUISES:
        files[disguise] = os.path.join(HERE, exercise, "copies", disguise + ".swift")
    return files


def is_copy(a, b):
    origin = set([TRUTH["original"]] + DISGUISES)
    return a in origin and b in origin


def all_pairs(exercise):
    names = sorted(corpus_files(exercise))
    return [tuple(sorted(p)) for p in itertools.combinations(names, 2)]


def ours(workbook, threshold):
    folder = tempfile.mkdtemp(prefix="similarity-corpus-")
    try:
        for exercise in EXERCISES:
            for name, path in corpus_files(exercise).items():
                if name == "reference":
                    continue
                student = os.path.join(folder, "class", "%s-%s" % (exercise, name), "Exercises")
                os.makedirs(student)
                shutil.copy(path, os.path.join(student, exercise + ".swift"))
        out = os.path.join(folder, "report.json")
        subprocess.run([workbook, "similarity", "--submissions", os.path.join(folder, "class"), "--threshold", "0", "--json", out],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        report = json.load(open(out))
    finally:
        shutil.rmtree(folder)
    scores = {}
    for pair in report["pairs"]:
        names = []
        for side in (pair["a"], pair["b"]):
            names.append("reference" if side["kind"] == "reference" else side["name"].split("-", 1)[1])
        if pair["a"]["kind"] == "student" and pair["b"]["kind"] == "student" and \
           pair["a"]["name"].split("-", 1)[0] != pair["b"]["name"].split("-", 1)[0]:
            continue
        scores[(pair["exercise"],) + tuple(sorted(names))] = pair["score"]
    return scores, threshold


def copydetect_scores(noise, guarantee):
    from copydetect import CodeFingerprint, compare_files
    scores = {}
    for exercise in EXERCISES:
        # The stub as boilerplate, as CopyDetector takes it: every k-gram (a window of 1).
        import numpy as np
        stub = CodeFingerprint(os.path.join(ROOT, "Sources", "ExerciseStubs", exercise + ".swift"), noise, 1)
        boilerplate = np.unique(np.array(list(stub.hashes)))
        prints = {name: CodeFingerprint(path, noise, guarantee - noise + 1, boilerplate=boilerplate)
                  for name, path in corpus_files(exercise).items()}
        for a, b in all_pairs(exercise):
            _, similarities, _ = compare_files(prints[a], prints[b])
            scores[(exercise, a, b)] = max(similarities)
    return scores


def auc(positives, negatives):
    if not positives or not negatives:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in positives for n in negatives)
    return wins / (len(positives) * len(negatives))


def evaluate(scores, threshold):
    rows = []
    negatives = [(e,) + p for e in EXERCISES for p in all_pairs(e) if not is_copy(*p)]
    negative_scores = [scores.get(k, 0.0) for k in negatives]
    false_flags = sum(s >= threshold for s in negative_scores)
    for disguise in DISGUISES + ["all"]:
        if disguise == "all":
            positives = [(e,) + p for e in EXERCISES for p in all_pairs(e) if is_copy(*p)]
        else:
            positives = [(e,) + tuple(sorted((disguise, TRUTH["original"]))) for e in EXERCISES]
        positive_scores = [scores.get(k, 0.0) for k in positives]
        caught = sum(s >= threshold for s in positive_scores)
        precision = caught / (caught + false_flags) if caught + false_flags else float("nan")
        rows.append((disguise, precision, caught / len(positives), auc(positive_scores, negative_scores), min(positive_scores)))
    return rows, max(negative_scores)


def main():
    # copydetect hashes k-grams with Python's hash(), which each process seeds at random:
    # one seed, so that its numbers repeat.
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable] + sys.argv, dict(os.environ, PYTHONHASHSEED="0"))
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbook", default=os.path.join(ROOT, ".build", "debug", "workbook"))
    parser.add_argument("--threshold", type=float, default=None, help="ours: default the tool's own")
    args = parser.parse_args()
    threshold = args.threshold
    if threshold is None:
        help_text = subprocess.run([args.workbook, "similarity", "--help"], capture_output=True, text=True, cwd=ROOT).stdout
        threshold = float(help_text.split("(default ")[1].split(")")[0])
    tools = [("ours", *ours(args.workbook, threshold))]
    try:
        tools.append(("copydetect k=25 w=6 (its defaults)", copydetect_scores(25, 30), COPYDETECT_THRESHOLD))
        tools.append(("copydetect k=10 w=5", copydetect_scores(10, 14), COPYDETECT_THRESHOLD))
    except ImportError:
        print("copydetect is not installed (pip install copydetect): the peer is left out", file=sys.stderr)
    honest = sum(1 for e in EXERCISES for p in all_pairs(e) if not is_copy(*p))
    print("Corpus: %d exercises, %d honest pairs, %d planted pairs per disguise; JPlag not installable here (needs Java 21)." % (
        len(EXERCISES), honest, len(EXERCISES)))
    print()
    print("%-12s %-36s %9s %7s %6s %10s" % ("disguise", "tool (threshold)", "precision", "recall", "AUC", "lowest copy"))
    results = {name: evaluate(scores, t) for name, scores, t in tools}
    for i, disguise in enumerate(DISGUISES + ["all"]):
        for name, scores, t in tools:
            row = results[name][0][i]
            print("%-12s %-36s %9.2f %7.2f %6.3f %10.2f" % (disguise, "%s (%.2f)" % (name, t), row[1], row[2], row[3], row[4]))
    print()
    for name, scores, t in tools:
        print("%s: highest honest pair %.2f" % (name, results[name][1]))


if __name__ == "__main__":
    main()
