#!/usr/bin/env python3
"""The web book in a real browser: Debian's chromium, driven by Playwright for Python.

Checks, for the site that `swift run workbook export html DIR` wrote:
  - every page loads with no console error, no uncaught exception and no failed request,
    and requests nothing from outside DIR;
  - every internal link resolves, to a file that exists and, with a #fragment, to an
    element with that id; a citation of OpenCombine lands on a line marked as cited;
  - every scenario that prints a timeline() or handshake() shows an SVG whose lane names
    are the hops the chapter's code traces (read from Chapters/*.md, not from the page);
  - no page is wider than a phone's screen (390 px): wide code and pictures scroll in place;
  - the page reads with JavaScript off, and search works with it on; printed, it drops
    the navigation (a PDF of chapter 1 is kept beside the screenshots);
and keeps screenshots at 1280 px and 390 px wide (light, and dark for the index) for review.

Usage: check_site.py SITE_DIR [--chapters Chapters] [--screenshots DIR] [--chromium PATH]
Exits 1 with one line per problem, 0 when all is well.
"""
import argparse
import html.parser
import os
import re
import shutil
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

from playwright.sync_api import sync_playwright

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


class Ids(html.parser.HTMLParser):
    """Every id in a page, for checking #fragments without a browser round trip."""

    def __init__(self):
        super().__init__()
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)


def ids_of(path, cache={}):
    if path not in cache:
        parser = Ids()
        parser.feed(path.read_text(encoding="utf-8"))
        cache[path] = parser.ids
    return cache[path]


def expected_lanes(chapters_dir):
    """{chapter name: {scenario number: (kind, [hop names])}} for scenarios that draw a trace.

    kind is "timeline" when the scenario prints a timeline (every traced hop has a lane),
    else "handshake" (one hop is drawn, so at least one traced name must show).
    """
    expected = {}
    fence = re.compile(r"^```swift scenario\s*$(.*?)^```\s*$", re.S | re.M)
    for md in sorted(Path(chapters_dir).glob("*.md")):
        scenarios = {}
        for number, match in enumerate(fence.finditer(md.read_text(encoding="utf-8")), start=1):
            code = match.group(1)
            if "timeline(" not in code and "handshake(" not in code:
                continue
            hops = [h for h in re.findall(r'\.traced\("([^"\\]+)"', code)]
            scenarios[number] = ("timeline" if "timeline(" in code else "handshake", hops)
        if scenarios:
            expected[md.stem] = scenarios
    return expected


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("site")
    arguments.add_argument("--chapters", default="Chapters")
    arguments.add_argument("--screenshots", default=".build/browser-test/screenshots")
    arguments.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    options = arguments.parse_args()

    site = Path(options.site).resolve()
    if not (site / "index.html").is_file():
        print(f"check_site: {site} has no index.html; build it with `swift run workbook export html {options.site}`")
        return 2
    shots = Path(options.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    # DocC's own pages (api/, when included) fetch their data with scripts, which a
    # browser refuses from file://: they are checked for existence as link targets only.
    pages = sorted(p for p in site.rglob("*.html") if "api" not in p.relative_to(site).parts[:1])
    lanes = expected_lanes(options.chapters)
    problems = []
    pictures = 0

    def problem(page, text):
        problems.append(f"{page.relative_to(site)}: {text}")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=options.chromium, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        for path in pages:
            page = context.new_page()
            errors = []
            page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
            page.on("requestfailed", lambda r: errors.append(f"failed request {r.url} ({r.failure})"))

            def outside(request):
                url = urlparse(request.url)
                if url.scheme not in ("file", "data", "about") or (url.scheme == "file" and not unquote(url.path).startswith(str(site))):
                    errors.append(f"request outside the site: {request.url}")
            page.on("request", outside)
            response = page.goto(path.as_uri(), wait_until="load")
            if response is not None and not response.ok:
                errors.append(f"status {response.status}")
            for error in errors:
                problem(path, error)

            # Links: every relative href to an existing file, every #fragment to an id.
            for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
                url = urlparse(href)
                if url.scheme != "file":
                    continue
                target = Path(unquote(url.path))
                if not target.is_file():
                    problem(path, f"broken link to {href}")
                elif url.fragment and target.suffix == ".html" and "api" not in target.relative_to(site).parts[:1] \
                        and unquote(url.fragment) not in ids_of(target):
                    problem(path, f"link to a missing anchor {href}")

            # Trace pictures: lane names come from the chapter's own code.
            chapter = path.stem if path.parent.name == "chapters" else None
            for number, (kind, hops) in lanes.get(chapter, {}).items():
                names = page.eval_on_selector_all(
                    f"#scenario-{number} figure.trace-picture svg text.bp-lane-name", "els => els.map(e => e.textContent)")
                if not names:
                    problem(path, f"scenario {number} prints a {kind} but shows no SVG with lane names")
                    continue
                pictures += page.eval_on_selector_all(f"#scenario-{number} figure.trace-picture svg", "els => els.length")
                shown = {n.split("#")[0] for n in names}
                missing = [h for h in hops if h not in shown]
                if kind == "timeline" and missing:
                    problem(path, f"scenario {number}: its timeline has no lane for {', '.join(missing)} (lanes: {', '.join(names)})")
                if kind == "handshake" and hops and not shown & set(hops):
                    problem(path, f"scenario {number}: its handshake names none of {', '.join(hops)}")

            # Citations: each link from a chapter into OpenCombine's pages lands on a line marked as cited.
            citations = page.eval_on_selector_all("a[href*='/opencombine/']", "els => els.map(e => e.href)") \
                if path.parent.name == "chapters" else []
            for href in citations:
                url = urlparse(href)
                target = Path(unquote(url.path))
                if target.name != "LICENSE.html" and target.is_file() and url.fragment \
                        and f'<span class="line cited" id="{unquote(url.fragment)}">' not in target.read_text(encoding="utf-8"):
                    problem(path, f"citation {href} lands on a line that is not marked as cited")

            # Screenshots: the page's top at both widths, and its first trace picture.
            is_source = path.parent.parent.name == "source" or path.relative_to(site).parts[0] in ("source", "opencombine")
            if not is_source or path.name == "Trace.swift.html":
                name = str(path.relative_to(site)).replace("/", "_").removesuffix(".html")
                for label, (width, height) in WIDTHS.items():
                    page.set_viewport_size({"width": width, "height": height})
                    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                    if overflow > 0:
                        problem(path, f"at {width} px the page is {overflow} px wider than the screen")
                    page.screenshot(path=str(shots / f"{name}-{label}-{width}.png"))
                    picture = page.locator("figure.trace-picture").first
                    if picture.count():
                        picture.scroll_into_view_if_needed()
                        picture.screenshot(path=str(shots / f"{name}-{label}-{width}-trace.png"))
                page.set_viewport_size({"width": 1280, "height": 900})
            page.close()

        # Search: the one script the site has.
        page = context.new_page()
        page.goto((site / "index.html").as_uri())
        page.fill("#search-box", "cancel demand")
        hits = page.eval_on_selector_all(".search-results li a", "els => els.length")
        if hits == 0:
            problems.append("index.html: searching for 'cancel demand' found nothing")
        page.screenshot(path=str(shots / "search-desktop-1280.png"))
        page.close()

        # Dark theme follows prefers-color-scheme.
        dark = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
        page = dark.new_page()
        page.goto((site / "chapters" / "01-demand.html").as_uri())
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        if background in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"):
            problems.append(f"chapters/01-demand.html: dark scheme keeps a light background ({background})")
        page.screenshot(path=str(shots / "chapters_01-demand-dark-1280.png"))
        picture = page.locator("figure.trace-picture").first
        if picture.count():
            picture.scroll_into_view_if_needed()
            picture.screenshot(path=str(shots / "chapters_01-demand-dark-1280-trace.png"))
        dark.close()

        # Printed, a chapter drops the navigation and keeps its pictures within the page.
        printed = browser.new_context(viewport={"width": 1280, "height": 900})
        page = printed.new_page()
        page.goto((site / "chapters" / "01-demand.html").as_uri())
        page.emulate_media(media="print")
        if page.is_visible("nav.toc") or page.is_visible(".search"):
            problems.append("chapters/01-demand.html: the print stylesheet keeps the navigation")
        page.pdf(path=str(shots / "chapters_01-demand-print.pdf"))
        page.locator("figure.trace-picture").first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "chapters_01-demand-print-1280.png"))
        printed.close()

        # With JavaScript off the chapter still reads, and the search box stays hidden.
        plain = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
        page = plain.new_page()
        page.goto((site / "chapters" / "01-demand.html").as_uri())
        if not page.is_visible("main h1") or page.is_visible("#search-box"):
            problems.append("chapters/01-demand.html: without JavaScript the chapter does not read cleanly")
        plain.close()
        browser.close()

    for line in problems:
        print(line)
    chapters_with_traces = sum(1 for c in lanes.values() for _ in c)
    print(f"check_site: {len(pages)} pages, {chapters_with_traces} traced scenarios ({pictures} SVG pictures), "
          f"{len(problems)} problems; screenshots in {shots}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
