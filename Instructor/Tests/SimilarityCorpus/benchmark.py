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

Ours is reported three ways. "calibrated" is the tool as it runs: an exercise with an honest
corpus is flagged at its honest corpus's highest pair plus a margin when that is above the
threshold (the hints make honest solutions alike). "left-out corpus" calibrates each pair's
exercise without the pair's own originals: what a pair unlike any in the honest corpus
meets. "one threshold" is `--one-threshold`. The default threshold is fitted on the
hand-made corpus's exercises that are not in the evaluation set; the margin on group A
(FIT_GROUP); the table is reported on group B (the other four exercises), then on all
eight. `--threshold` overrides the threshold.

Under each table, the hand copies (HandCopies/, hand_copies.py): 40 copies made by hand, in four
styles, by a helper who had not seen the normaliser; each tool at the same thresholds, a row per
style, every copy, the honest pairs a hand copy is in, and their average precision. Then the
hand copies of all ten exercises, each copy against its source, and the out-of-sample check:
one threshold fitted on some exercises (the lowest that flags at most 1% of their honest pairs)
and used on the others, leave-one-exercise-out and the two halves each way.
"""
import argparse, itertools, json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import disguise  # noqa: E402
import hand_copies  # noqa: E402

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
    """({(exercise, a, b): score}, {exercise: the tool's highest honest pair}), from classes of
    one copy of each original per round, every pair listed (threshold 0, one threshold)."""
    folder = tempfile.mkdtemp(prefix="similarity-benchmark-")
    scores, ceilings = {}, {}
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


def ours_hand_made(workbook):
    """Our scores on the hand-made corpus, all its files one class (one threshold)."""
    files, pairs = hand_made_corpus()
    folder = tempfile.mkdtemp(prefix="similarity-hand-made-")
    try:
        klass, members = os.path.join(folder, "class"), {}
        for exercise, names in files.items():
            for name, path in names.items():
                if name == "reference":
                    continue
                student = name.replace("/", "--")
                os.makedirs(os.path.join(klass, student, "Exercises"), exist_ok=True)
                shutil.copy(path, os.path.join(klass, student, "Exercises", exercise + ".swift"))
                members[(exercise, student)] = name
        out = os.path.join(folder, "report.json")
        subprocess.run([workbook, "similarity", "--submissions", klass, "--threshold", "0", "--one-threshold", "--json", out],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        scores = {}
        for pair in json.load(open(out))["pairs"]:
            names = sorted("reference" if side["kind"] == "reference" else members[(pair["exercise"], side["name"])] for side in (pair["a"], pair["b"]))
            scores[(pair["exercise"], names[0], names[1])] = pair["score"]
    finally:
        shutil.rmtree(folder)
    return pairs, scores


def defaults(workbook):
    """The tool's default threshold and honest margin, from its help and a report."""
    help_text = subprocess.run([workbook, "similarity", "--help"], capture_output=True, text=True, cwd=ROOT).stdout
    threshold = float(help_text.split("(default ")[1].split(")")[0])
    folder = tempfile.mkdtemp(prefix="similarity-defaults-")
    try:
        os.makedirs(os.path.join(folder, "class", "nobody"))
        out = os.path.join(folder, "report.json")
        subprocess.run([workbook, "similarity", "--submissions", os.path.join(folder, "class"), "--json", out], cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        margin = json.load(open(out))["parameters"]["honestMargin"] if os.path.exists(out) else 0.0
    finally:
        shutil.rmtree(folder)
    return threshold, margin


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
    """The table's rows for one tool; `threshold` is a number, or a function of the pair (a
    threshold of each exercise's own)."""
    at = threshold if callable(threshold) else (lambda pair: threshold)
    chosen = [p for p in pairs if p[0] in exercises]
    positives = [p for p in chosen if p[3]]
    negatives = [scores.get(p[:3], 0.0) for p in chosen if not p[3]]
    flagged_negatives = [scores.get(p[:3], 0.0) >= at(p) for p in chosen if not p[3]]
    rows = {}
    for cat in disguise.TRANSFORMATIONS + ["pairs", "triples", "all"]:
        mine = [scores.get(p[:3], 0.0) >= at(p) for p in positives if p[4] == cat]
        rows[cat] = (sum(mine) / len(mine) if mine else float("nan"), len(mine))
    pos = [scores.get(p[:3], 0.0) for p in positives]
    tp = sum(scores.get(p[:3], 0.0) >= at(p) for p in positives)
    fp = sum(flagged_negatives)
    rows["recall, every copy"] = (tp / len(pos), len(pos))
    rows["honest pairs flagged"] = (fp / len(negatives), len(negatives))
    rows["precision"] = (tp / (tp + fp) if tp + fp else float("nan"), tp + fp)
    rows["average precision"] = (average_precision(pos, negatives), None)
    rows["ROC-AUC"] = (auc(pos, negatives), None)
    rows["highest honest pair"] = (max(negatives), None)
    return rows


def print_table(title, tools, pairs, exercises, hand=None):
    """The table for `exercises`; `hand` is (the hand copies' labelled pairs, one (scores,
    threshold) per tool), whose rows follow under "by hand"."""
    print(title)
    header = "%-28s %6s" % ("disguise", "pairs") + "".join(" %24s" % name for name, _, _ in tools)
    print(header)
    print("-" * len(header))
    results = [figures(pairs, scores, t, exercises) if pairs else {} for _, scores, t in tools]
    if hand is not None:
        hand_pairs, hand_tools = hand
        chosen = [p for p in hand_pairs if p[0] in exercises]
        for result, (scores, at) in zip(results, hand_tools):
            result.update(hand_copies.figures(chosen, scores, at if callable(at) else (lambda pair, t=at: t), average_precision))
    for row in results[0]:
        if row == "by hand, a":
            print("by hand (helper who had not seen the normaliser):")
        count = results[0][row][1]
        style = row[len("by hand, "):]
        label = "  %s: %s" % (style, hand_copies.STYLES[style]) if row.startswith("by hand, ") and style in hand_copies.STYLES else row
        print("%-28s %6s" % (label, "" if count is None else count) + "".join(" %24.3f" % r[row][0] for r in results))
    print()


def out_of_sample(pairs, scores, hand_pairs, hand_scores, target=0.01):
    """Thresholds fitted on one group of exercises and used on another: one threshold per
    fold, the lowest that flags at most `target` of the fitting exercises' honest pairs
    (the evaluation set's), then the honest pairs flagged, the disguiser's copies found and
    the hand copies found on the held-out exercises. Leave-one-exercise-out over the eight,
    and the two halves (FIT_GROUP, REPORT_GROUP) each way."""
    def fit(exercises):
        honest = sorted((scores.get(p[:3], 0.0) for p in pairs if p[0] in exercises and not p[3]), reverse=True)
        allowed = int(target * len(honest))  # pairs that may be flagged
        # Just above the (allowed+1)-th highest honest pair, rounded up to the hundredth.
        import math
        return math.floor(honest[allowed] * 100 + 1e-9) / 100 + 0.01

    def held_out(exercises, threshold):
        honest = [scores.get(p[:3], 0.0) >= threshold for p in pairs if p[0] in exercises and not p[3]]
        copies = [scores.get(p[:3], 0.0) >= threshold for p in pairs if p[0] in exercises and p[3]]
        hand = [hand_scores.get(p[:3], 0.0) >= threshold for p in hand_pairs if p[0] in exercises and p[3]]
        return honest, copies, hand

    rows = []
    totals = ([], [], [])
    for exercise in EXERCISES:
        threshold = fit([e for e in EXERCISES if e != exercise])
        counts = held_out([exercise], threshold)
        for total, count in zip(totals, counts):
            total.extend(count)
        rows.append((exercise, threshold) + counts)
    rows.append(("leave-one-out, all", None) + totals)
    for fitted, reported in ((FIT_GROUP, REPORT_GROUP), (REPORT_GROUP, FIT_GROUP)):
        threshold = fit(fitted)
        rows.append(("fit %s" % "+".join(e[:6] for e in fitted), threshold) + held_out(reported, threshold))
    print("Out of sample: one threshold fitted on other exercises (the lowest flagging at most %d%% of their honest pairs), used on the held-out ones:" % round(target * 100))
    header = "%-34s %9s %22s %22s %18s" % ("held out", "threshold", "honest pairs flagged", "disguiser's copies", "hand copies")
    print(header)
    print("-" * len(header))

    def cell(flags):
        return "%d/%d = %.3f" % (sum(flags), len(flags), sum(flags) / len(flags)) if flags else "-"
    for name, threshold, honest, copies, hand in rows:
        print("%-34s %9s %22s %22s %18s" % (name, "" if threshold is None else "%.2f" % threshold, cell(honest), cell(copies), cell(hand)))
    print()


def fit_threshold(hand_pairs, hand_scores):
    """The default threshold, fitted on the hand-made corpus's exercises that are not in the
    evaluation set: halfway between their highest honest pair and their lowest copy."""
    chosen = [p for p in hand_pairs if p[0] not in EXERCISES]
    honest = max(hand_scores.get(p[:3], 0.0) for p in chosen if not p[3])
    lowest = min(hand_scores.get(p[:3], 0.0) for p in chosen if p[3])
    return honest, lowest, round((honest + lowest) / 2, 2)


def fit_margin(pairs, scores, ceilings, exercises):
    """The honest margin, fitted on `exercises`: how far above its exercise's honest corpus's
    highest pair (as the tool scores the corpus alone) an honest pair of the evaluation's
    classes reaches, rounded up to the hundredth."""
    over = [scores.get(p[:3], 0.0) - ceilings[p[0]] for p in pairs if p[0] in exercises and not p[3] and p[0] in ceilings]
    import math
    return max(0.0, math.ceil(max(over) * 100 + 1e-9) / 100)


def calibrated(threshold, margin, ceilings):
    """Each exercise's threshold: `threshold`, or its honest corpus's highest pair plus `margin`."""
    return lambda pair: min(1.0, max(threshold, ceilings[pair[0]] + margin)) if pair[0] in ceilings else threshold


def left_out(threshold, margin, scores):
    """Each pair's threshold with the honest corpus calibrated without the pair's own
    originals (leave-one-author-out): what a pair unlike any in the corpus meets."""
    originals = {}
    for (exercise, a, b), score in scores.items():
        if "/" not in a and "/" not in b:
            originals.setdefault(exercise, []).append((a, b, score))

    def at(pair):
        mine = {origin(pair[1]), origin(pair[2])}
        rest = [s for a, b, s in originals.get(pair[0], []) if a not in mine and b not in mine]
        return min(1.0, max(threshold, max(rest) + margin)) if rest else threshold
    return at


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
    threshold, margin = defaults(args.workbook)
    if args.threshold is not None:
        threshold = args.threshold
    folder = tempfile.mkdtemp(prefix="similarity-evaluation-")
    try:
        files = evaluation_files(folder)
        pairs = labelled_pairs(files)
        scores, ceilings = ours(args.workbook, files)
        hand_pairs, hand_scores = ours_hand_made(args.workbook)
        honest, lowest, fitted = fit_threshold(hand_pairs, hand_scores)
        fitted_margin = fit_margin(pairs, scores, ceilings, FIT_GROUP)
        tools = [("ours %.2f, calibrated" % threshold, scores, calibrated(threshold, margin, ceilings)),
                 ("ours, left-out corpus", scores, left_out(threshold, margin, scores)),
                 ("ours %.2f, one threshold" % threshold, scores, threshold)]
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
        print("Threshold fitted on the hand-made corpus's %s: highest honest pair %.3f, lowest copy %.3f: %.2f (the tool's default: %.2f)." % (
            ", ".join(e for e in HAND_MADE["exercises"] if e not in EXERCISES), honest, lowest, fitted, threshold))
        print("Honest margin fitted on %s: %.2f (the tool's default: %.2f). Honest corpora's highest pairs: %s." % (
            ", ".join(FIT_GROUP), fitted_margin, margin, ", ".join("%s %.2f" % (e, ceilings[e]) for e in sorted(ceilings))))
        print()
        # The hand copies: the same tools, each at the same threshold.
        hand_files = hand_copies.files()
        hand_pairs = hand_copies.pairs(hand_files)
        hand_scores, hand_ceilings = hand_copies.ours(args.workbook, hand_files)
        everywhere = dict(hand_ceilings, **ceilings)
        hand_tools = [(hand_scores, calibrated(threshold, margin, everywhere)), (hand_scores, left_out(threshold, margin, hand_scores)),
                      (hand_scores, threshold)]
        if len(tools) > 3:
            hand_tools.append((copydetect_scores(hand_pairs, hand_files, noise, guarantee), cd_threshold))
            hand_tools.append((copydetect_scores(hand_pairs, hand_files, tuned[0], tuned[1]), tuned[2]))
        print_table("Reported on %s (not used to fit):" % ", ".join(REPORT_GROUP), tools, pairs, REPORT_GROUP, (hand_pairs, hand_tools))
        print_table("All eight exercises:", tools, pairs, EXERCISES, (hand_pairs, hand_tools))
        print_table("The hand copies of all ten exercises (PausingSink and RateLimit: the hand-made corpus's honest-1 and honest-2 as classmates):",
                    tools, [], hand_copies.exercises(), (hand_pairs, hand_tools))
        print("Each hand copy against its source (score, flagged or not, at the threshold of its column):")
        named = [("ours, calibrated", hand_tools[0][0], hand_tools[0][1])]
        if len(hand_tools) > 3:
            named += [("copydetect defaults", hand_tools[3][0], lambda p: cd_threshold), ("copydetect tuned", hand_tools[4][0], lambda p: tuned[2])]
        for line in hand_copies.per_copy(hand_pairs, named):
            print(line)
        print()
        out_of_sample(pairs, scores, hand_pairs, hand_scores)
        if args.dump:
            with open(args.dump, "w") as f:
                json.dump({"ceilings": ceilings, "pairs": [{"exercise": p[0], "a": p[1], "b": p[2], "copy": p[3], "category": p[4],
                            **{name: scores.get(p[:3], 0.0) for name, scores, _ in tools}} for p in pairs]}, f, indent=0)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
