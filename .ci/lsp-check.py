#!/usr/bin/env python3
"""Proves the editor package works: drives sourcekit-lsp over Exercises/ the way an
editor does, and checks it reports no error for an untouched stub, and the compiler's
error, at its line, for a broken copy of it.

Run after `swift build --package-path Exercises` (sourcekit-lsp reads that build's index
and module files). Exits non-zero, with one line saying why, when the editor would not
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

    def diagnostics(self, uri, version_text):
        """Opens (or re-opens) a document and pulls its diagnostics."""
        request = self.send("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        reply = self.wait_for(lambda m: m.get("id") == request, f"diagnostics for {uri}")
        if "error" in reply:
            sys.exit(f"lsp-check: sourcekit-lsp refused diagnostics: {reply['error']}")
        return [d for d in reply["result"].get("items", []) if d.get("severity") == 1]


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

    server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": source}}, request=False)
    errors = server.diagnostics(uri, source)
    if errors:
        first = errors[0]
        sys.exit(f"lsp-check: the untouched stub Exercises/{STUB} shows an error in the editor: line {first['range']['start']['line'] + 1}: {first['message']}")
    print(f"lsp-check: Exercises/{STUB} (the stub): no error")

    # Break one line: a String where an Int belongs, after the stub's last line.
    lines = source.split("\n")
    broken_line = len(lines) + 1
    broken = source + ("" if source.endswith("\n") else "\n") + 'let brokenOnPurpose: Int = "not a number"\n'
    server.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": broken}]}, request=False)
    errors = server.diagnostics(uri, broken)
    expected_line = broken.count("\n")  # the appended line, 1-based
    at_line = [e for e in errors if e["range"]["start"]["line"] + 1 == expected_line]
    if not at_line:
        seen = "; ".join(f"line {e['range']['start']['line'] + 1}: {e['message']}" for e in errors) or "no error at all"
        sys.exit(f"lsp-check: the broken line {expected_line} got no error in the editor ({seen})")
    print(f"lsp-check: broken copy: error at line {expected_line}: {at_line[0]['message']}")

    # Every module an exercise may import resolves in the editor, and no other.
    probe = "import Backpressure\nimport OpenCombineShim\nimport CombineSchedulers\nimport Foundation\nimport ExerciseChecks\n"
    server.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": probe}]}, request=False)
    errors = server.diagnostics(uri, probe)
    lines_with_errors = sorted({e["range"]["start"]["line"] + 1 for e in errors})
    if lines_with_errors != [5]:
        sys.exit(f"lsp-check: the editor must see Backpressure, OpenCombineShim, CombineSchedulers and Foundation, and not ExerciseChecks; errors on lines {lines_with_errors}")
    print("lsp-check: the editor sees Backpressure, OpenCombineShim, CombineSchedulers, Foundation, and not the checks")

    server.send("shutdown", None)
    server.proc.kill()
    print("lsp-check: 3 passed, 0 failed")


if __name__ == "__main__":
    main()
