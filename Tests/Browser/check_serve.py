#!/usr/bin/env python3
"""`workbook serve` in a real browser: Debian's chromium, driven by Playwright for Python.

Starts `swift run workbook serve --port 0` (or uses --address), opens the printed address,
and on chapter 3's page changes `.max(3)` to `.max(1)` in a scenario's editor, runs it and
sees new output and a difference from the book's; a scenario that loops forever is stopped
and the page says so; a run without the token, or from another Origin, is refused.
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
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

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
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(address)
            page.wait_for_function("() => location.hash === ''")
            # The token stays in this origin's storage: no cookie (which every port of
            # 127.0.0.1 would be sent), and the address bar no longer shows it.
            check(page.context.cookies() == [], f"the server set cookies: {page.context.cookies()}")
            check(token not in page.url, "the token is still in the address bar")
            page.goto(base + "/chapters/03-fibonacci.html")
            boxes = page.locator(".playground").filter(has=page.locator("textarea", has_text=".max(3)"))
            check(boxes.count() > 0, "no scenario of chapter 3 holds .max(3)")
            box = boxes.first
            # The editor is CodeMirror (Swift's colours, line numbers) over the scenario's text area.
            mirror = box.locator(".CodeMirror")
            check(mirror.count() == 1, "the scenario's editor is not CodeMirror")
            check(box.locator(".CodeMirror .cm-keyword").count() > 0, "the editor does not colour Swift's keywords")
            handle = box.element_handle()

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
            box.locator("button.run").click()
            page.wait_for_function("box => !box.querySelector('.run-result').hidden", arg=box.element_handle(), timeout=120000)
            output = box.locator(".run-output").inner_text()
            verdict = box.locator(".run-verdict").inner_text()
            check("something other than the book's output" in verdict, f"the edited scenario's verdict is {verdict!r}, not a difference from the book")
            check(box.locator(".run-diff").count() == 1, "no difference from the book's output is shown")
            print("serve-test: .max(1) printed:\n" + output)

            # The round trip, click to result, --runs times with the book's code.
            set_code(book_code)
            times = []
            for _ in range(options.runs):
                started = time.monotonic()
                box.locator("button.run").click()
                page.wait_for_function("box => !box.querySelector('button.run').disabled", arg=box.element_handle(), timeout=120000)
                times.append(time.monotonic() - started)
            check("Prints what the book says" in box.locator(".run-verdict").inner_text(), "the book's code does not print the book's output")
            print(f"serve-test: Run round trip over {len(times)} runs: median {statistics.median(times):.2f} s, "
                  f"min {min(times):.2f} s, max {max(times):.2f} s")

            set_code("while true {}")
            box.locator("button.run").click()
            page.wait_for_function("box => !box.querySelector('button.run').disabled", arg=box.element_handle(), timeout=120000)
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
