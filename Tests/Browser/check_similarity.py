#!/usr/bin/env python3
"""Checks `workbook similarity --html`'s report in a real browser (Debian's chromium, headless,
through Playwright): at 1280 px and 390 px no page is wider than the screen, a pair page's
two file headings do not overlap, and every link leads to a file of the report.

    swift run workbook similarity --submissions CLASS --html OUT
    python3 Tests/Browser/check_similarity.py OUT [--screenshots DIR]

--prove-plants plants each fault (a fixed-width page; the two sides forced side by side) and
exits non-zero unless every one is caught, so the checks are shown able to fail.
"""
import argparse, shutil, sys
from pathlib import Path
from urllib.parse import unquote, urlparse

from playwright.sync_api import sync_playwright

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
PLANTS = {
    "wide-page": "document.body.style.minWidth = '600px'",
    "sides-overlap": "for (const s of document.querySelectorAll('.sides')) { s.style.flexDirection = 'row'; s.style.display = 'flex' }"
                     "; for (const h of document.querySelectorAll('.side h2')) { h.style.whiteSpace = 'nowrap'; h.style.overflowWrap = 'normal' }",
}


def problems_of(page, width):
    found = []
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    if overflow > 0:
        found.append(f"at {width} px the page is {overflow} px wider than the screen")
    boxes = page.eval_on_selector_all(".side h2", "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom] })")
    if len(boxes) == 2:
        a, b = boxes
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
            found.append(f"at {width} px the two file headings overlap")
        heading_overflow = page.eval_on_selector_all(".side h2", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).length")
        if heading_overflow:
            found.append(f"at {width} px a file heading runs past its column")
    return found


def check(report, chromium, shots=None, plant=None):
    pages = sorted(report.rglob("*.html"))
    problems = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for label, (width, height) in WIDTHS.items():
            context = browser.new_context(viewport={"width": width, "height": height})
            for path in pages:
                page = context.new_page()
                errors = []
                page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
                page.goto(path.as_uri(), wait_until="load")
                if plant:
                    page.evaluate(PLANTS[plant])
                name = path.relative_to(report)
                problems += [f"{name}: {e}" for e in errors]
                problems += [f"{name}: {p}" for p in problems_of(page, width)]
                for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
                    url = urlparse(href)
                    if url.scheme == "file" and not Path(unquote(url.path)).is_file():
                        problems.append(f"{name}: broken link to {href}")
                if shots and path in (report / "index.html", sorted(report.glob("pairs/*.html"))[0]):
                    page.screenshot(path=str(Path(shots) / f"similarity-{str(name).replace('/', '_').removesuffix('.html')}-{label}-{width}.png"))
                page.close()
            context.close()
        browser.close()
    return problems, len(pages)


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("report")
    arguments.add_argument("--screenshots")
    arguments.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    arguments.add_argument("--prove-plants", action="store_true")
    options = arguments.parse_args()
    report = Path(options.report).resolve()
    if not (report / "index.html").is_file() or not list(report.glob("pairs/*.html")):
        print(f"check_similarity: {report} has no index.html and pair pages; write them with `workbook similarity --html {options.report}` on a class with a flagged pair")
        return 2
    if options.prove_plants:
        missed = [name for name in PLANTS if not check(report, options.chromium, plant=name)[0]]
        for name in missed:
            print(f"check_similarity: the planted fault {name} was not caught")
        print(f"check_similarity: {len(PLANTS) - len(missed)} of {len(PLANTS)} planted faults caught")
        return 1 if missed else 0
    if options.screenshots:
        Path(options.screenshots).mkdir(parents=True, exist_ok=True)
    problems, count = check(report, options.chromium, options.screenshots)
    for line in problems:
        print(line)
    print(f"check_similarity: {count} pages at 1280 px and 390 px, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
