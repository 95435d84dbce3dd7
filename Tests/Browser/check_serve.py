#!/usr/bin/env python3
"""`workbook serve` in a real browser: Debian's chromium, driven by Playwright for Python.

Starts `swift run workbook serve --port 0` (or uses --address), opens the printed address
(the page keeps its token) and checks:
  - the whole book is served: every page reached from the index by same-origin links
    answers 200 and loads with no console error and no failed request, and every link's
    #fragment names an element of its page (the API, library sources and OpenCombine's
    cited files among them);
  - each scenario's code is shown once: the highlighted block, which an Edit (or a click)
    turns into the editor in its place, and Reset turns back; chapter 1's height at 1280 px
    is printed;
  - at 390 px, a handshake a run draws keeps labels at least 11 px tall on screen, and the
    page is no wider than the phone;
  - on chapter 3, `.max(3)` changed to `.max(1)` runs and shows new output and a difference
    from the book's; a compile error names the scenario and its line and shows no empty
    "Printed"; a scenario that loops forever is stopped and the page says so;
  - a run without the token, or from another Origin, is refused.
Also times --runs round trips of Run (the click to the result on the page) and prints
their median.

Usage: check_serve.py [--address URL] [--chromium PATH] [--runs 15]
Exits 1 with one line per problem, 0 when all is well.
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urldefrag, urlparse

from playwright.sync_api import sync_playwright

# The smallest label a picture may draw on screen, in CSS px.
MIN_LABEL = 11
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

problems = []


def check(condition, message):
    if not condition:
        problems.append(message)
        print("serve-test: FAIL:", message, file=sys.stderr)


def start_server():
    process = subprocess.Popen(["swift", "run", "workbook", "serve", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=sys.stderr, text=True)
    deadline = time.time() + 1800
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        match = re.search(r"(http://127\.0\.0\.1:\d+/index\.html#token=[0-9a-f]+)", line)
        if match:
            return process, match.group(1)
    process.kill()
    sys.exit("serve-test: `workbook serve` printed no address")


def post(base, body, headers):
    request = urllib.request.Request(base + "/run", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def crawl(context, base):
    """Every page reached from the index by same-origin links: each must answer 200 and
    load cleanly, and each link's #fragment must name an element of its page."""
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.on("requestfailed", lambda r: errors.append(f"failed request {r.url} ({r.failure})"))
    page.on("response", lambda r: errors.append(f"{r.status} for {r.url}") if r.status >= 400 else None)
    ids, fragments, queue, seen = {}, [], [base + "/index.html"], {base + "/index.html"}
    while queue:
        url = queue.pop()
        errors.clear()
        response = page.goto(url, wait_until="load")
        check(response is not None and response.status == 200,
              f"{url} answers {response.status if response else 'nothing'}, not 200")
        for error in errors:
            check(False, f"{url}: {error}")
        if response is None or "text/html" not in response.headers.get("content-type", ""):
            continue
        ids[url] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        links = page.eval_on_selector_all("a[href], link[href], script[src]", "els => els.map(e => e.href || e.src)")
        for link in links:
            target, fragment = urldefrag(link)
            if not target.startswith(base + "/"):
                continue
            if fragment:
                fragments.append((url, target, fragment))
            if target not in seen:
                seen.add(target)
                if target.endswith(".html"):
                    queue.append(target)
                else:
                    answer = context.request.get(target)
                    check(answer.status == 200, f"{url} links {target}, which answers {answer.status}")
    for url, target, fragment in fragments:
        if target in ids:
            check(fragment in ids[target], f"{url} links #{fragment} of {target}, which has no such element")
    page.close()
    paths = [urlparse(url).path for url in ids]
    for kind in ["/api.html", "/source/", "/opencombine/Sources/", "/opencombine/LICENSE.html", "/exercises.html"]:
        check(any(path.startswith(kind) for path in paths), f"no served page under {kind} was reached from the index")
    print(f"serve-test: {len(ids)} pages reached from the index; {len(fragments)} links with a #fragment checked")


# The views of one scenario's code that can be seen (in its figure, around its playground):
# the book's block, CodeMirror, the text area.
VISIBLE_VIEWS = """box => [...box.closest('figure.scenario').querySelectorAll('pre.code, .CodeMirror, textarea.editor')]
    .filter(el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
    .map(el => el.classList.contains('CodeMirror') ? 'editor' : el.tagName === 'PRE' ? 'book' : 'textarea')"""

# The smallest label of each picture in `root`, in px on screen: [[svg class, px], ...].
LABEL_SIZES = """root => [...root.querySelectorAll('svg')].map(svg => [svg.getAttribute('class'),
    Math.min(...[...svg.querySelectorAll('text')].map(text => {
      const m = text.getScreenCTM();
      return Math.hypot(m.a, m.b) * parseFloat(getComputedStyle(text).fontSize);
    }))])"""


def run_and_wait(page, box):
    box.locator("button.run").click()
    page.wait_for_function("box => !box.querySelector('button.run').disabled && box.querySelector('.run-status').textContent !== 'Compiling and running…'",
                           arg=box.element_handle(), timeout=120000)


def check_one_view(page, base):
    """Chapter 1: every scenario's code is seen once, before, during and after an edit."""
    page.set_viewport_size(DESKTOP)
    page.goto(base + "/chapters/01-demand.html", wait_until="load")
    boxes = page.locator(".playground")
    check(boxes.count() > 0, "chapter 1 has no runnable scenario")
    for index in range(boxes.count()):
        views = page.evaluate(VISIBLE_VIEWS, boxes.nth(index).element_handle())
        check(views == ["book"], f"chapter 1, scenario {index + 1}: its code is seen as {views}, not once as the book's block")
    print(f"serve-test: chapter 1 is {page.evaluate('document.documentElement.scrollHeight')} px tall at 1280 px")
    box = boxes.first
    handle = box.element_handle()
    box.locator("button.edit").click()
    check(page.evaluate(VISIBLE_VIEWS, handle) == ["editor"], f"after Edit the code is seen as {page.evaluate(VISIBLE_VIEWS, handle)}")
    check(box.locator(".CodeMirror .cm-keyword").count() > 0, "the editor does not colour Swift's keywords")
    page.keyboard.type("// typed ")
    check("// typed " in page.evaluate("box => box.querySelector('.CodeMirror').CodeMirror.getValue()", handle),
          "what was typed after Edit is not in the editor")
    box.locator("button.reset").click()
    check(page.evaluate(VISIBLE_VIEWS, handle) == ["book"], f"after Reset the code is seen as {page.evaluate(VISIBLE_VIEWS, handle)}")
    box.locator(".book-code pre").click()
    check(page.evaluate(VISIBLE_VIEWS, handle) == ["editor"], "a click on the book's code does not make it editable")
    box.locator("button.reset").click()


def check_phone_handshake(page, base):
    """At 390 px, a run of chapter 1's handshake scenario draws labels a phone can read."""
    page.set_viewport_size(PHONE)
    page.goto(base + "/chapters/01-demand.html", wait_until="load")
    boxes = page.locator(".playground").filter(has=page.locator(".book-code", has_text="handshake("))
    check(boxes.count() > 0, "chapter 1 has no scenario that draws a handshake")
    if not boxes.count():
        return
    box = boxes.first
    run_and_wait(page, box)
    sizes = page.evaluate(LABEL_SIZES, box.locator(".run-result").element_handle())
    handshakes = [size for kind, size in sizes if "bp-handshake" in (kind or "")]
    check(handshakes, f"the run drew no handshake (pictures: {sizes})")
    for size in handshakes:
        check(size >= MIN_LABEL, f"at 390 px the handshake's smallest label is {size:.1f} px on screen, less than {MIN_LABEL} px")
    if handshakes:
        print(f"serve-test: at 390 px the handshake's smallest label is {min(handshakes):.1f} px on screen")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    check(overflow <= 0, f"at 390 px chapter 1 with a run's pictures is {overflow} px wider than the screen")
    page.set_viewport_size(DESKTOP)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--address")
    parser.add_argument("--chromium")
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    process = None
    address = options.address
    if not address:
        process, address = start_server()
    parsed = urlparse(address)
    base = f"{parsed.scheme}://{parsed.netloc}"
    token = parsed.fragment.split("=", 1)[1]
    body = json.dumps({"scenario": "3#1", "code": "print(1)"}).encode()
    check(post(base, body, {"Content-Type": "application/json", "Origin": base}) == 403, "a run without the token was not refused")
    check(post(base, body, {"Content-Type": "application/json", "Origin": "http://evil.example", "X-Workbook-Token": token}) == 403,
          "a run from another Origin was not refused")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=options.chromium) if options.chromium else playwright.chromium.launch()
            context = browser.new_context(viewport=DESKTOP)
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(address)
            page.wait_for_function("() => location.hash === ''")
            # The token stays in this origin's storage: no cookie (which every port of
            # 127.0.0.1 would be sent), and the address bar no longer shows it.
            check(context.cookies() == [], f"the server set cookies: {context.cookies()}")
            check(token not in page.url, "the token is still in the address bar")

            crawl(context, base)
            check_one_view(page, base)
            check_phone_handshake(page, base)

            page.goto(base + "/chapters/03-fibonacci.html")
            boxes = page.locator(".playground").filter(has=page.locator(".book-code", has_text=".max(3)"))
            check(boxes.count() > 0, "no scenario of chapter 3 holds .max(3)")
            box = boxes.first
            handle = box.element_handle()
            scenario = box.get_attribute("data-scenario")
            box.locator("button.edit").click()
            # The editor is CodeMirror (Swift's colours, line numbers) over the scenario's text area.
            check(box.locator(".CodeMirror").count() == 1, "the scenario's editor is not CodeMirror")

            def code():
                return page.evaluate("box => box.querySelector('.CodeMirror').CodeMirror.getValue()", handle)

            def set_code(text):
                page.evaluate("([box, text]) => box.querySelector('.CodeMirror').CodeMirror.setValue(text)", [handle, text])

            book_code = code()
            # Typed as a learner types: the keys reach the code a Run sends.
            box.locator(".CodeMirror-code").click()
            page.keyboard.press("Control+End")
            page.keyboard.type("\n// typed in the page")
            check(code().endswith("// typed in the page"), "what was typed in the editor is not its code")
            set_code(book_code.replace(".max(3)", ".max(1)"))
            run_and_wait(page, box)
            output = box.locator(".run-output").inner_text()
            verdict = box.locator(".run-verdict").inner_text()
            check("something other than the book's output" in verdict, f"the edited scenario's verdict is {verdict!r}, not a difference from the book")
            check(box.locator(".run-diff").count() == 1, "no difference from the book's output is shown")
            print("serve-test: .max(1) printed:\n" + output)

            # A compile error names the scenario and its line, and nothing printed shows no box.
            set_code("let x: Int = \"no\"\n")
            run_and_wait(page, box)
            message = box.locator(".run-message").inner_text() if box.locator(".run-message").count() else ""
            name = "scenario " + scenario.replace("#", ".")
            check(message.startswith(f"{name}, line 1, column ") and "edited/" not in message,
                  f"a compile error reads {message!r}, not as {name}'s line")
            check(box.locator(".run-output").count() == 0 and "Printed" not in box.locator(".run-result").inner_text(),
                  "a run that printed nothing shows a Printed box")
            status = box.locator(".run-status").inner_text()
            check("does not compile" in status, f"after a compile error the page says {status!r}")
            print(f"serve-test: a compile error reads: {message}")

            # The round trip, click to result, --runs times with the book's code.
            set_code(book_code)
            times = []
            for _ in range(options.runs):
                started = time.monotonic()
                run_and_wait(page, box)
                times.append(time.monotonic() - started)
            check("Prints what the book says" in box.locator(".run-verdict").inner_text(), "the book's code does not print the book's output")
            print(f"serve-test: Run round trip over {len(times)} runs: median {statistics.median(times):.2f} s, "
                  f"min {min(times):.2f} s, max {max(times):.2f} s")

            set_code("while true {}")
            run_and_wait(page, box)
            status = box.locator(".run-status").inner_text()
            check("Stopped" in status, f"a scenario that loops forever: the page says {status!r}")
            check(not errors, f"page errors: {errors}")
            browser.close()
    finally:
        if process:
            process.terminate()
            process.wait(timeout=30)
    if problems:
        sys.exit(1)
    print("serve-test: all is well")


if __name__ == "__main__":
    main()
