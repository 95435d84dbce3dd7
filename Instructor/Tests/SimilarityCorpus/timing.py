#!/usr/bin/env python3
"""How long `workbook similarity` takes: medians of several runs, never one.

    swift build --product workbook --product workbook-instructor     # the debug build
    python3 Instructor/Tests/SimilarityCorpus/timing.py [--runs 7]

It makes two classes with make_class.py (36 and 300 students, every exercise each), then times,
from the workbook's folder:
  - a class of 36 through `workbook` (the call as an instructor makes it: the instructor's
    program is found current by its stamp, then started) and through `workbook-instructor`
    directly (the comparison alone): the difference is what the call costs on top;
  - 300 students x 14 exercises through `workbook`, with JSON output.
Each line gives the median, the fastest and the slowest run, and the machine's load average.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def timed(command, runs):
    seconds = []
    for _ in range(runs):
        start = time.monotonic()
        subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seconds.append(time.monotonic() - start)
    return statistics.median(seconds), min(seconds), max(seconds)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "debug"))
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="similarity-timing-")
    for size in (36, 300):
        subprocess.run([sys.executable, os.path.join(HERE, "make_class.py"), os.path.join(folder, "class%d" % size), str(size)], check=True)
    workbook, instructor = os.path.join(args.build, "workbook"), os.path.join(args.build, "workbook-instructor")
    # Once, so that the instructor's program is built and stamped current.
    subprocess.run([workbook, "similarity", "--submissions", os.path.join(folder, "class36")], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    rows = [
        ("class of 36, through workbook", [workbook, "similarity", "--submissions", os.path.join(folder, "class36"), "--json", os.path.join(folder, "r.json")]),
        ("class of 36, the comparison alone", [instructor, "similarity", "--submissions", os.path.join(folder, "class36"), "--json", os.path.join(folder, "r.json")]),
        ("300 x 14, through workbook, JSON", [workbook, "similarity", "--submissions", os.path.join(folder, "class300"), "--json", os.path.join(folder, "r.json")]),
    ]
    for name, command in rows:
        median, fastest, slowest = timed(command, args.runs)
        print("%-36s median %.2f s (%d runs: %.2f-%.2f s), load %.1f" % (name, median, args.runs, fastest, slowest, os.getloadavg()[0]))
    subprocess.run(["rm", "-rf", folder])


if __name__ == "__main__":
    main()
