#!/usr/bin/env python3
"""Writes a large made-up class for timing `workbook similarity`: STUDENTS folders, each
with an Exercises/ file for every exercise (the reference solution or the stub, cut,
shuffled, renamed and padded at random, so that students share some code and not all).

    python3 Instructor/Tests/SimilarityCorpus/make_class.py /tmp/class300 300
    swift build -c release --product workbook
    time .build/release/workbook similarity --submissions /tmp/class300 --json /tmp/r.json
"""
import os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def main():
    out, students = sys.argv[1], int(sys.argv[2])
    rng = random.Random(300)
    solutions = os.path.join(ROOT, "Instructor", "Sources", "Solutions")
    exercises = sorted(f[:-6] for f in os.listdir(solutions) if f.endswith(".swift"))
    sources = {e: [open(os.path.join(solutions, e + ".swift")).read(), open(os.path.join(ROOT, "Sources", "ExerciseStubs", e + ".swift")).read()]
               for e in exercises}
    every_line = [l for e in exercises for l in sources[e][0].split("\n") if l.strip()]
    for n in range(students):
        for e in exercises:
            lines = rng.choice(sources[e] + [sources[e][0]] * 2).split("\n")
            lines = [l for l in lines if rng.random() > 0.25]          # leave out a quarter
            for _ in range(rng.randint(0, 12)):                        # lines from elsewhere
                lines.insert(rng.randrange(len(lines) + 1), rng.choice(every_line))
            for _ in range(rng.randint(0, 4)):                         # swap neighbours
                i = rng.randrange(max(1, len(lines) - 1))
                lines[i:i + 2] = lines[i:i + 2][::-1]
            text = "\n".join(lines)
            text = re.sub(r"\bvalue\b", rng.choice(["value", "v", "item", "element"]), text)
            folder = os.path.join(out, "student%03d" % n, "Exercises")
            os.makedirs(folder, exist_ok=True)
            open(os.path.join(folder, e + ".swift"), "w").write(text)


if __name__ == "__main__":
    main()
