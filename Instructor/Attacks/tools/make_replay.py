#!/usr/bin/env python3
"""Writes a learner's file that replays a recorded solution run (see wire.py record).

    make_replay.py EXERCISE TRANSCRIPT.json HOOK OUT.swift

The file is the exercise's stub from git with Forge.swift.part appended and
`Forge.replay(forgedScript)` put as the first statement after the line matching HOOK
(the body of the first function the driver binding calls).
"""
import json, subprocess, sys, os
exercise, transcript, hook, out = sys.argv[1:5]
stub = subprocess.run(["git", "show", f"HEAD:Exercises/{exercise}.swift"], capture_output=True, text=True, check=True).stdout
entries = json.load(open(transcript))
assert entries[0]["from"] == "judge"  # the make call: the driver hands it to our code
script = ["<" if e["from"] == "judge" else ">" + e["body"] for e in entries[1:]]
lines = stub.splitlines()
index = next(i for i, line in enumerate(lines) if hook in line)
while not lines[index].rstrip().endswith("{"):
    index += 1
lines.insert(index + 1, "        Forge.replay(forgedScript)")
forge = open(os.path.join(os.path.dirname(__file__), "Forge.swift.part")).read()
body = "\n".join(lines) + "\n\n" + forge + "\nlet forgedScript: [String] = [\n" + ",\n".join('    #"' + s + '"#' for s in script) + ",\n]\n"
open(out, "w").write(body)
print(out, len(body), "bytes")
