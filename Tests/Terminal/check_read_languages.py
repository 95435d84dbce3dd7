#!/usr/bin/env python3
"""Every chapter in every language, as `workbook read` shows it in an 80-column terminal.

For each catalogue (po/<lang>.po) and each chapter:
  - `workbook read N --lang L --no-pager --width 80`: no line is wider than 80 columns,
    counting each wide character (Unicode East Asian Width W or F) as two, but for lines
    the English reading shows too (code, which is never wrapped, and a word longer than the
    width, such as a URL, which gets a line of its own); no line of
    Chinese or Japanese starts with closing punctuation or ends with opening punctuation;
    the chapter's translated title is shown;
  - the first screen in tmux, 80 x 24, through the pager as a learner reads it, kept as a
    text screenshot under SCREENSHOTS (tmux capture-pane).

Usage: check_read_languages.py WORKBOOK_BINARY [--screenshots DIR]
Exits 1 with one line per problem.
"""
import argparse, pathlib, re, shutil, subprocess, sys, time, unicodedata

# Chinese and Japanese punctuation only: a line may start with an ASCII `.` after a space
# (`.max(1)` is a word), where a line always may break.
CLOSING = set("、。，．・：；？！）］｝」』】〕〉》〙〗〟ーヽヾゝゞ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…‥〜～％")
OPENING = set("（［｛「『【〔〈《〘〖〝")
WIDE = re.compile(r"[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]")


def columns(line):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else (0 if unicodedata.combining(c) else 1) for c in line)


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("workbook")
    arguments.add_argument("--screenshots", default=".build/terminal-languages")
    options = arguments.parse_args()
    languages = sorted(p.stem for p in pathlib.Path("po").glob("*.po"))
    chapters = sorted(int(p.name[:2]) for p in pathlib.Path("Chapters").glob("[0-9][0-9]-*.md"))
    shots = pathlib.Path(options.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    problems = []
    english = {}
    for number in chapters:
        run = subprocess.run([options.workbook, "read", str(number), "--lang", "en", "--no-pager", "--width", "80"],
                             capture_output=True, text=True, timeout=60)
        english[number] = set(run.stdout.split("\n"))
    for language in languages:
        for number in chapters:
            where = f"read {number} --lang {language}"
            run = subprocess.run([options.workbook, "read", str(number), "--lang", language, "--no-pager", "--width", "80"],
                                 capture_output=True, text=True, timeout=60)
            if run.returncode != 0:
                problems.append(f"{where}: exit {run.returncode}: {run.stderr.strip()[:200]}")
                continue
            lines = run.stdout.split("\n")
            for index, line in enumerate(lines, start=1):
                one_word = " " not in line.strip()
                if columns(line) > 80 and line not in english[number] and not one_word:
                    problems.append(f"{where}: line {index} takes {columns(line)} columns: {line[:60]}")
                if WIDE.search(line) and line[:1] in CLOSING:
                    problems.append(f"{where}: line {index} starts with closing punctuation: {line[:40]}")
                if WIDE.search(line) and line[-1:] in OPENING:
                    problems.append(f"{where}: line {index} ends with opening punctuation: {line[-40:]}")
            if language in ("zh", "ja") and not any(WIDE.search(line) for line in lines[:6]):
                problems.append(f"{where}: the title is not in Chinese or Japanese: {lines[2][:60]!r}")
    if shutil.which("tmux"):
        for language in languages:
            session = f"read-{language}"
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
            subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24",
                            f"LESS=R {options.workbook} read 1 --lang {language}"], check=True)
            screen = ""
            for _ in range(50):
                time.sleep(0.2)
                screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout
                if "Chapter 1" in screen:
                    break
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
            (shots / f"read-1-{language}.txt").write_text(screen, encoding="utf-8")
            if "Chapter 1" not in screen:
                problems.append(f"tmux, read 1 --lang {language}: the first screen does not show the chapter:\n{screen[:400]}")
            elif "\ufffd" in screen:
                problems.append(f"tmux, read 1 --lang {language}: the screen shows a replacement character")
    else:
        problems.append("tmux is not installed: the terminal screenshots were not taken")
    for problem in problems:
        print(problem)
    print(f"check_read_languages: {len(languages)} languages x {len(chapters)} chapters at 80 columns, "
          f"{len(problems)} problems; screenshots in {shots}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
