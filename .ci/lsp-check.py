#!/usr/bin/env python3
"""Proves the editor package works: drives sourcekit-lsp over Exercises/ the way an
editor does, and checks it reports no error for an untouched stub, and the compiler's
error, at its line, for a broken copy of it.

Run after `swift build --package-path Exercises`: Exercises/.sourcekit-lsp/config.json turns
off background indexing, because it would build every target of the workbook (the checks
among them) where the editor can import them; so the editor reads the modules that
build made, which are only the ones an exercise may use and what they are built from. Exits non-zero, with one line saying why, when the editor would not
work; it never skips.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "Exercises"
STUB = "Countdown.swift"
TIMEOUT = float(os.environ.get("LSP_TIMEOUT", "300"))


class Server:
    """A sourcekit-lsp process spoken to over JSON-RPC on its standard streams."""

    def __init__(self, root):
        exe = shutil.which("sourcekit-lsp")
        if not exe:
            sys.exit("lsp-check: sourcekit-lsp is not on PATH (it ships with the Swift toolchain)")
        self.proc = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=root)
        self.next_id = 0
        self.messages = []
        self.lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.proc.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = json.loads(stream.read(length))
            with self.lock:
                self.messages.append(body)
                self.lock.notify_all()

    def send(self, method, params, request=True):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        data = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.proc.stdin.flush()
        return message.get("id")

    def wait_for(self, matches, what):
        deadline = time.time() + TIMEOUT
        with self.lock:
            while True:
                for message in self.messages:
                    if matches(message):
                        return message
                if time.time() > deadline:
                    sys.exit(f"lsp-check: no {what} from sourcekit-lsp within {TIMEOUT:.0f} s")
                self.lock.wait(1)

    def errors(self, uri):
        """Pulls a document's diagnostics; returns its errors."""
        request = self.send("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        reply = self.wait_for(lambda m: m.get("id") == request, f"diagnostics for {uri}")
        if "error" in reply:
            sys.exit(f"lsp-check: sourcekit-lsp refused diagnostics: {reply['error']}")
        return [d for d in reply["result"].get("items", []) if d.get("severity") == 1]

    def change(self, uri, version, text):
        self.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}, request=False)

    def errors_once(self, uri, ready, what):
        """Pulls until `ready(errors)` holds. sourcekit-lsp answers "no error" until it has
        prepared the package's modules in the background, so one early answer proves
        nothing: an expected error is what shows it is really compiling."""
        deadline = time.time() + TIMEOUT
        while True:
            errors = self.errors(uri)
            if ready(errors):
                return errors
            if time.time() > deadline:
                seen = "; ".join(f"line {e['range']['start']['line'] + 1}: {e['message']}" for e in errors) or "no error at all"
                sys.exit(f"lsp-check: {what} within {TIMEOUT:.0f} s (last seen: {seen})")
            time.sleep(2)


def line_of(error):
    return error["range"]["start"]["line"] + 1


def main():
    source = (EXERCISES / STUB).read_text()
    uri = (EXERCISES / STUB).as_uri()
    server = Server(EXERCISES)
    init = server.send("initialize", {
        "processId": os.getpid(), "rootUri": EXERCISES.as_uri(),
        "capabilities": {"textDocument": {"diagnostic": {"dynamicRegistration": False}, "publishDiagnostics": {}}},
    })
    server.wait_for(lambda m: m.get("id") == init, "reply to initialize")
    server.send("initialized", {}, request=False)

    # A broken copy first: an error at the broken line proves the editor compiles the file
    # against the workbook's modules (and that the server is ready).
    broken = source + ("" if source.endswith("\n") else "\n") + 'let brokenOnPurpose: Int = "not a number"\n'
    broken_line = broken.count("\n")
    server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": broken}}, request=False)
    errors = server.errors_once(uri, lambda es: any(line_of(e) == broken_line for e in es), f"no error at the broken line {broken_line}")
    message = next(e["message"] for e in errors if line_of(e) == broken_line)
    print(f"lsp-check: broken copy of Exercises/{STUB}: error at line {broken_line}: {message}")

    # The untouched stub: no error, twice in a row.
    server.change(uri, 2, source)
    for _ in range(2):
        errors = server.errors(uri)
        if errors:
            sys.exit(f"lsp-check: the untouched stub Exercises/{STUB} shows an error in the editor: line {line_of(errors[0])}: {errors[0]['message']}")
        time.sleep(1)
    print(f"lsp-check: Exercises/{STUB} (the stub): no error")

    # Every module an exercise may import resolves in the editor; the checks and the
    # solutions do not. One forbidden import at a time: "no such module" is fatal to the
    # compiler, so it reports only the first.
    allowed = "import Backpressure\nimport BackpressureTrace\nimport OpenCombineShim\nimport CombineSchedulers\nimport Foundation\n"
    version = 3
    for forbidden in ["ExerciseChecks", "Solutions"]:
        server.change(uri, version, allowed + f"import {forbidden}\n")
        version += 1
        errors = server.errors_once(uri, lambda es: any(line_of(e) == 6 for e in es), f"no error for `import {forbidden}`")
        lines_with_errors = sorted({line_of(e) for e in errors})
        if lines_with_errors != [6]:
            sys.exit(f"lsp-check: the editor must see Backpressure, BackpressureTrace, OpenCombineShim, CombineSchedulers and Foundation, and not {forbidden}; errors on lines {lines_with_errors}")
    print("lsp-check: the editor sees Backpressure, BackpressureTrace, OpenCombineShim, CombineSchedulers, Foundation, and not the checks or the solutions")

    server.send("shutdown", None)
    server.proc.kill()
    print("lsp-check: 3 passed, 0 failed")


if __name__ == "__main__":
    main()
