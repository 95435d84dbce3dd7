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
  - the layout reads, at 1280 px and 390 px (LAYOUT_CHECKS, each named in its problems):
    code is single spaced, every picture can be seen whole (it keeps its size and may scroll
    in its frame; nothing is clipped) and its labels are at least 11 px on screen, a cited
    line's bar leaves its line number clear, nothing runs off the right edge, no heading
    has a gap under it, and no Chinese or Japanese character is drawn as a box (a missing
    CJK font: the site names system fonts and bundles none);
  - the page reads with JavaScript off, and search works with it on; printed, it drops
    the navigation (a PDF of chapter 1 is kept beside the screenshots);
and keeps screenshots at 1280 px and 390 px wide (light, and dark for the index) for review.

Usage: check_site.py SITE_DIR [--chapters Chapters] [--screenshots DIR] [--chromium PATH]
                     [--plant NAME] [--prove-plants]
Exits 1 with one line per problem, 0 when all is well.

A check that never fails proves nothing, so each layout check has a plant (PLANTS): CSS
that brings back the fault it guards against, injected into every page. `--plant NAME`
runs the checks with one planted; `--prove-plants` runs each plant on a few sample pages
and exits 1 unless every one is caught by the check it was planted for.
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

# The layout checks, run in the page at each width. Each returns [[check, text], ...];
# the check's name starts its problems, so a plant can be matched to the check it trips.
LAYOUT_CHECKS = r"""
() => {
  const MIN_LABEL = 11;
  const problems = [];
  const report = (check, text) => problems.push([check, text]);
  const px = value => parseFloat(value) || 0;
  const viewport = document.documentElement.clientWidth;
  const name = el => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
      + (el.classList.length ? "." + [...el.classList].join(".") : "")
      + ` "${(el.textContent || "").trim().slice(0, 40)}"`;
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  /** The nearest ancestor that clips or scrolls sideways, if any. */
  const frameOf = el => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== "visible") return a;
    return null;
  };
  const ownTextRects = el => [...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim())
      .flatMap(n => { const range = document.createRange(); range.selectNodeContents(n); return [...range.getClientRects()]; });
  const textRects = (root, skip) => {
    const rects = [], walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      if (!node.textContent.trim() || (skip && skip(node.parentElement))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...range.getClientRects());
    }
    return rects;
  };

  // double-spacing: a code block is as tall as its lines, one line height each.
  for (const pre of document.querySelectorAll("main pre")) {
    const style = getComputedStyle(pre);
    if (!shown(pre) || style.whiteSpace !== "pre") continue;
    const numbered = pre.querySelectorAll(".line").length;
    const lines = numbered || pre.textContent.replace(/\n$/, "").split("\n").length;
    const code = pre.querySelector("code") || pre;
    const lineHeight = style.lineHeight === "normal" ? 1.2 * px(style.fontSize) : px(style.lineHeight);
    const codeStyle = getComputedStyle(code);
    const codeLineHeight = codeStyle.lineHeight === "normal" ? 1.2 * px(codeStyle.fontSize) : px(codeStyle.lineHeight);
    const height = pre.clientHeight - px(style.paddingTop) - px(style.paddingBottom);
    const perLine = height / lines;
    if (perLine > 1.5 * Math.max(lineHeight, codeLineHeight) || codeLineHeight > 2 * px(codeStyle.fontSize)) {
      report("double-spacing", `${name(pre)}: ${lines} lines take ${Math.round(height)} px, `
          + `${perLine.toFixed(1)} px a line for a line height of ${codeLineHeight.toFixed(1)} px`);
      break;
    }
  }

  // unreachable-picture: every picture can be seen whole, in the page or by scrolling its frame.
  for (const picture of document.querySelectorAll("main svg, main img")) {
    if (!shown(picture)) continue;
    const box = picture.getBoundingClientRect();
    if (box.width < 2) continue;
    const frame = frameOf(picture);
    if (frame) {
      const frameBox = frame.getBoundingClientRect(), overflow = getComputedStyle(frame).overflowX;
      const left = box.left - frameBox.left - frame.clientLeft + frame.scrollLeft, right = left + box.width;
      const scrolls = overflow === "auto" || overflow === "scroll";
      const [from, to] = scrolls ? [0, frame.scrollWidth] : [frame.scrollLeft, frame.scrollLeft + frame.clientWidth];
      if (left < from - 1 || right > to + 1)
        report("unreachable-picture", `${name(picture)} is ${Math.round(box.width)} px wide; its frame ${name(frame)} `
            + `(overflow-x: ${overflow}) shows ${Math.round(to - from)} px of it and the rest cannot be reached`);
    } else if (box.right > viewport + 1 || box.left < -1) {
      report("unreachable-picture", `${name(picture)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px `
          + `of a ${viewport} px page, with no frame that scrolls`);
    }
  }

  // small-label: a picture's every label is drawn at least MIN_LABEL px tall on screen (a
  // picture shrunk to a phone's width draws its 12 px labels at 6 px).
  for (const picture of document.querySelectorAll("main svg")) {
    if (!shown(picture)) continue;
    const small = [...picture.querySelectorAll("text")].map(text => {
      const matrix = text.getScreenCTM();
      return [text, matrix ? Math.hypot(matrix.a, matrix.b) * px(getComputedStyle(text).fontSize) : 0];
    }).find(([, size]) => size < MIN_LABEL);
    if (small)
      report("small-label", `${name(picture)}: its label "${small[0].textContent.slice(0, 30)}" is `
          + `${small[1].toFixed(1)} px on screen, less than ${MIN_LABEL} px`);
  }

  // highlight-covers-number: the bar on a cited line leaves the line number's text clear.
  for (const line of [...document.querySelectorAll(".line.cited")].slice(0, 40)) {
    const number = line.querySelector(".line-number");
    if (!number || !shown(line)) continue;
    const style = getComputedStyle(line);
    let bar = px(style.borderLeftWidth);
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      if (!shadow.includes("inset")) continue;
      const [x, , , spread] = (shadow.replace(/rgba?\([^)]*\)/, "").match(/-?[\d.]+px/g) || []).map(px);
      if (x > 0) bar = Math.max(bar, px(style.borderLeftWidth) + x + (spread || 0));
    }
    const text = textRects(number)[0];
    const start = line.getBoundingClientRect().left;
    if (text && text.left < start + bar + 1) {
      report("highlight-covers-number", `line ${number.textContent}: its bar ends ${bar.toFixed(1)} px in, `
          + `its number starts ${(text.left - start).toFixed(1)} px in`);
      break;
    }
  }

  // tofu: every Chinese or Japanese character is drawn from a font, not as the box a
  // browser draws for a character no font has (compared, pixel for pixel, with the box
  // drawn for U+0378, which no font has).
  {
    const wide = /[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef\u{20000}-\u{3ffff}]/u;
    const chars = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());)
      for (const c of node.textContent) if (wide.test(c)) chars.add(c);
    if (chars.size) {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 40;
      const context = canvas.getContext("2d", {willReadFrequently: true});
      context.font = `32px ${getComputedStyle(document.querySelector("main") || document.body).fontFamily}`;
      const draw = c => { context.clearRect(0, 0, 40, 40); context.fillText(c, 2, 34); return context.getImageData(0, 0, 40, 40).data.join(","); };
      const box = draw("\u0378");
      const missing = [...chars].slice(0, 600).filter(c => draw(c) === box);
      if (missing.length)
        report("tofu", `${missing.length} of ${chars.size} Chinese or Japanese characters are drawn as boxes, `
            + `e.g. ${missing.slice(0, 5).join(" ")} (U+${missing[0].codePointAt(0).toString(16).toUpperCase()}); is a CJK font installed?`);
    }
  }
  // off-edge: no element or text ends past the right edge, unless a frame scrolls it.
  const offEdge = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (!shown(el) || frameOf(el) || ["SCRIPT", "STYLE", "svg"].includes(el.tagName)) continue;
    if (el.parentElement && offEdge.includes(el.parentElement)) continue;
    const right = Math.max(el.getBoundingClientRect().right,
        ...ownTextRects(el).map(r => r.right));
    if (right > viewport + 1) {
      offEdge.push(el);
      if (offEdge.length <= 3) report("off-edge", `${name(el)} ends at ${Math.round(right)} px, past the ${viewport} px edge`);
    }
  }

  // heading-gap: a heading is as tall as its text, with no blank line under it.
  for (const heading of document.querySelectorAll("main h1, main h2, main h3, main h4")) {
    if (!shown(heading)) continue;
    const rects = textRects(heading, parent => getComputedStyle(parent).visibility === "hidden");
    if (!rects.length) continue;
    const style = getComputedStyle(heading), box = heading.getBoundingClientRect();
    const bottom = box.bottom - px(style.paddingBottom) - px(style.borderBottomWidth);
    const gap = bottom - Math.max(...rects.map(r => r.bottom));
    const lineHeight = style.lineHeight === "normal" ? 1.2 * px(style.fontSize) : px(style.lineHeight);
    if (gap > 0.5 * lineHeight) {
      report("heading-gap", `${name(heading)} has ${Math.round(gap)} px of nothing under its text`);
      break;
    }
  }
  return problems;
}
"""

# Each plant brings back a fault a layout check is there to catch: {name: (CSS, check)}.
PLANTS = {
    # Block lines separated by a newline inside <pre>: every code line followed by a blank one.
    "double-spacing": (r'.source .line+.line::before{content:"\A"}', "double-spacing"),
    # A picture wider than the screen in a frame that clips instead of scrolling.
    "unreachable-picture": (".trace-scroll{overflow:hidden!important}.trace-picture svg{max-width:none!important}",
                            "unreachable-picture"),
    # A picture shrunk to its frame: on a phone, a handshake's labels at about 6 px.
    "small-label": (".trace-scroll svg{max-width:100%!important;height:auto!important}", "small-label"),
    # The cited line's bar drawn over the first digit of its number.
    "highlight-covers-number": (".source .line-number{padding-left:0!important}", "highlight-covers-number"),
    # A long title (a chapter's, a file's path) that does not break.
    "off-edge": ("main h1,main h1 code{white-space:nowrap!important}", "off-edge"),
    # A character no font draws (CJK Extension H), put into the page: it must show as a box.
    "tofu": ("script:document.querySelector('main').insertAdjacentHTML('beforeend', '<p lang=\"zh-Hans\">需求\\u{31350}</p>')", "tofu"),
    # A hidden heading anchor that takes a line of its own.
    "heading-gap": (".anchor{display:block!important;position:static!important}", "heading-gap"),
}


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
    # The info string may go on after `scenario` (`apple-unverified`): still a scenario, and numbered.
    fence = re.compile(r"^```swift scenario(?:[ \t][^\n]*)?$(.*?)^```\s*$", re.S | re.M)
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


def layout_problems(page, width, height):
    """The LAYOUT_CHECKS' problems on `page` at `width` px, each as (check, text)."""
    page.set_viewport_size({"width": width, "height": height})
    return [(check, f"at {width} px, {check}: {text}") for check, text in page.evaluate(LAYOUT_CHECKS)]


def plant(page, name):
    """Injects plant `name`'s CSS into the loaded page (nothing for None)."""
    if name:
        fault = PLANTS[name][0]
        if fault.startswith("script:"):
            page.evaluate(fault[len("script:"):])
        else:
            page.add_style_tag(content=fault)


def sample_pages(site):
    """A few pages that between them show every fault a plant brings back: the index,
    chapter 1 (both kinds of picture), a source page of the workbook, and the first Swift
    file of OpenCombine with a cited line (the highlight bar)."""
    cited = next((p for p in sorted((site / "opencombine").rglob("*.swift.html"))
                  if '<span class="line cited"' in p.read_text(encoding="utf-8")), None)
    candidates = [site / "index.html", site / "chapters" / "01-demand.html",
                  site / "zh" / "chapters" / "01-demand.html", site / "ja" / "index.html",
                  site / "source" / "Sources" / "BackpressureTrace" / "Trace.swift.html", cited]
    return [p for p in candidates if p is not None and p.is_file()]


def prove_plants(site, chromium):
    """Each plant, on the sample pages, must trip the check it was planted for, and that
    check must pass on the same pages unplanted; returns 1 unless all did."""
    failures = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()

        def found(name):
            problems = []
            for path in sample_pages(site):
                page.goto(path.as_uri(), wait_until="load")
                plant(page, name)
                for width, height in WIDTHS.values():
                    problems += [(check, f"{path.relative_to(site)}: {text}") for check, text in layout_problems(page, width, height)]
            return problems

        unplanted = found(None)
        for name, (_, check) in PLANTS.items():
            before = [text for c, text in unplanted if c == check]
            caught = [text for c, text in found(name) if c == check]
            if before:
                failures.append(f"plant {name}: the {check} check already fails unplanted: {before[0]}")
            elif not caught:
                failures.append(f"plant {name}: planted, but the {check} check did not fail")
            else:
                print(f"plant {name}: caught ({len(caught)} problems), e.g. {caught[0]}")
        browser.close()
    for line in failures:
        print(line)
    print(f"check_site: {len(PLANTS) - len(failures)} of {len(PLANTS)} plants caught by their checks")
    return 1 if failures else 0


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("site")
    arguments.add_argument("--chapters", default="Chapters")
    arguments.add_argument("--screenshots", default=".build/browser-test/screenshots")
    arguments.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    arguments.add_argument("--plant", choices=sorted(PLANTS), help="inject this fault into every page (the run should fail)")
    arguments.add_argument("--prove-plants", action="store_true", help="show that each plant fails its check, and exit")
    options = arguments.parse_args()

    site = Path(options.site).resolve()
    if not (site / "index.html").is_file():
        print(f"check_site: {site} has no index.html; build it with `swift run workbook export html {options.site}`")
        return 2
    if options.prove_plants:
        return prove_plants(site, options.chromium)
    shots = Path(options.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    # DocC's own pages (api/, when included) fetch their data with scripts, which a
    # browser refuses from file://: they are checked for existence as link targets only.
    pages = sorted(p for p in site.rglob("*.html") if "api" not in p.relative_to(site).parts[:1])
    lanes = expected_lanes(options.chapters)
    samples = sample_pages(site)
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
            plant(page, options.plant)
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

            # Layout, at both widths, on every page; screenshots of the page's top and of each
            # of its pictures, for every page but the source listings (of which the sample
            # pages keep two: one of the workbook's and one with cited lines, at the first).
            is_source = path.relative_to(site).parts[0] in ("source", "opencombine")
            shoot = not is_source or path in samples
            name = str(path.relative_to(site)).replace("/", "_").removesuffix(".html")
            cited = page.locator(".line.cited").first
            for label, (width, height) in WIDTHS.items():
                for _, text in layout_problems(page, width, height):
                    problem(path, text)
                overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                if overflow > 0:
                    problem(path, f"at {width} px the page is {overflow} px wider than the screen")
                if not shoot:
                    continue
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(shots / f"{name}-{label}-{width}.png"))
                if is_source and cited.count():
                    cited.scroll_into_view_if_needed()
                    page.screenshot(path=str(shots / f"{name}-{label}-{width}-cited.png"))
                for index, picture in enumerate(page.locator("figure.trace-picture").all()):
                    picture.scroll_into_view_if_needed()
                    suffix = "" if index == 0 else f"-{index + 1}"
                    picture.screenshot(path=str(shots / f"{name}-{label}-{width}-trace{suffix}.png"))
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
