#!/usr/bin/env python3
"""Record a judge/driver conversation and play it back against judges of other seeds.

    wire.py record  EXERCISE PROGRAM SEED OUT.json   # relay judge <-> PROGRAM, keep every frame
    wire.py replay  EXERCISE TRANSCRIPT.json SEED...  # play the driver's frames back, print each verdict

The judge is `.build/debug/workbook judge EXERCISE --seed SEED --time-limit 20`, run from the
worktree root. Frames are a 4-byte big-endian length, then JSON (Sources/ExerciseWire/WireChannel.swift).
"""
import json, os, struct, subprocess, sys, threading

JUDGE = os.path.join(os.path.dirname(__file__), "..", "..", "..", ".build", "debug", "workbook-judge")


def judge(exercise, seed):
    return subprocess.Popen([JUDGE, exercise, "--seed", str(seed), "--time-limit", "20"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def read_frame(stream):
    header = stream.read(4)
    if len(header) < 4:
        return None
    (length,) = struct.unpack(">I", header)
    body = stream.read(length)
    return body if len(body) == length else None


def write_frame(stream, body):
    stream.write(struct.pack(">I", len(body)) + body)
    stream.flush()


def record(exercise, program, seed, out):
    j = judge(exercise, seed)
    d = subprocess.Popen([program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    entries, lock = [], threading.Lock()

    def relay(source, sink, who):
        while True:
            body = read_frame(source)
            if body is None:
                break
            with lock:
                entries.append({"from": who, "body": body.decode()})
            try:
                write_frame(sink, body)
            except BrokenPipeError:
                break
        try:
            sink.close()
        except Exception:
            pass

    t = threading.Thread(target=relay, args=(d.stdout, j.stdin, "driver"))
    t.start()
    relay(j.stdout, d.stdin, "judge")
    verdict = j.stderr.read().decode()
    j.wait(); t.join(5); d.kill()
    json.dump(entries, open(out, "w"), indent=0)
    print(verdict.strip().splitlines()[-1] if verdict.strip() else "(no verdict)")
    print(len(entries), "frames,", sum(len(e["body"]) for e in entries if e["from"] == "driver"), "bytes from the driver")


def replay(exercise, transcript, seed):
    entries = json.load(open(transcript))
    j = judge(exercise, seed)
    for entry in entries:
        if entry["from"] == "judge":
            if read_frame(j.stdout) is None:
                break
        else:
            try:
                write_frame(j.stdin, entry["body"].encode())
            except BrokenPipeError:
                break
    try:
        j.stdin.close()
    except BrokenPipeError:
        pass
    verdict = j.stderr.read().decode().strip().splitlines()
    j.wait()
    return verdict[-1] if verdict else "(no verdict)"


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
    else:
        for seed in sys.argv[4:]:
            print(seed, replay(sys.argv[2], sys.argv[3], int(seed)))
