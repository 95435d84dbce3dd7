#!/usr/bin/env python3
"""Grades every variant the disguiser makes and records which still pass their check.

    swift build --product workbook-instructor          # from the workbook's folder
    python3 Instructor/Tests/SimilarityCorpus/grade_variants.py [--workbook PATH]

A copy that no longer compiles, or fails its check, is no copy a student hands in: only the
variants that pass are in the evaluation set. The disguiser is deterministic, so the set is
the list this writes (evaluation.json) and `disguise.py build`, run again, makes the files.
Each variant is graded for real, in the grading sandbox, as a class: one student per
original and variant, holding that variant of every exercise.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import disguise  # noqa: E402


def student_name(original, variant):
    return "%s--%s" % (original, variant.replace("+", "_"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workbook", default=os.path.join(ROOT, ".build", "debug", "workbook-instructor"))
    parser.add_argument("--keep", help="keep the class here instead of a temporary folder")
    args = parser.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="similarity-variants-")
    made = os.path.join(folder, "made")
    disguise.build(made)
    klass = os.path.join(folder, "class")
    shutil.rmtree(klass, ignore_errors=True)
    names = {}
    for exercise in disguise.EXERCISES:
        for original in disguise.originals(exercise):
            for variant, _, _ in disguise.plan(exercise, original):
                student = student_name(original, variant)
                names[student] = (original, variant)
                target = os.path.join(klass, student, "Exercises")
                os.makedirs(target, exist_ok=True)
                shutil.copy(os.path.join(made, exercise, original, variant + ".swift"), os.path.join(target, exercise + ".swift"))
    out = os.path.join(folder, "grades.json")
    subprocess.run([args.workbook, "grade", "--submissions", klass, "--json", out], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    grades = json.load(open(out))
    passed, failed = {}, {}
    for student in grades["students"]:
        original, variant = names[student["displayName"]]
        for exercise in student["exercises"]:
            if exercise["name"] not in disguise.EXERCISES or exercise["state"] == "not started":
                continue
            target = passed if exercise["state"] == "passed" else failed
            target.setdefault(exercise["name"], {}).setdefault(original, []).append(variant)
            if exercise["state"] != "passed":
                print("%s %s %s: %s %s" % (exercise["name"], original, variant, exercise["state"], exercise.get("detail", "")[:160]), file=sys.stderr)
    for table in (passed, failed):
        for exercise in table.values():
            for original in exercise:
                exercise[original].sort()
    total = sum(len(v) for e in passed.values() for v in e.values())
    dropped = sum(len(v) for e in failed.values() for v in e.values())
    with open(os.path.join(HERE, "evaluation.json"), "w") as f:
        json.dump({"format": "disguised variants that pass their check", "passed": passed, "failed": failed}, f, indent=1, sort_keys=True)
        f.write("\n")
    print("%d variants pass their check, %d do not (left out)" % (total, dropped))
    if not args.keep:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
