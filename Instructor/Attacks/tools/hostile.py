#!/usr/bin/env python3
"""Hostile grading programs, played against a real judge (`workbook-judge`).

A learner's file can take the wire from its driver (ReplayChunks.swift shows how, inside the
sandbox, unflagged); from then on the judge talks to whatever the file writes. Each attack
below is such a program, written in Python for speed: it prints the judge's verdict line,
its exit status and its peak memory.

    hostile.py ATTACK [SEED]     # ATTACK: one of the functions named attack_*
"""
import json, os, resource, struct, subprocess, sys, threading, time
sys.path.insert(0, os.path.dirname(__file__))
import wire


def obj(h): return {"object": {"_0": h}}
def integer(v): return {"int": {"_0": v}}
def demand(n): return {"demand": {}} if n is None else {"demand": {"_0": n}}
NONE = {"none": {}}


class Judge:
    def __init__(self, exercise, seed=1, time_limit=10):
        self.p = subprocess.Popen([wire.JUDGE, exercise, "--seed", str(seed), "--time-limit", str(time_limit)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.peak = 0
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self):
        while self.p.poll() is None:
            try:
                for line in open(f"/proc/{self.p.pid}/status"):
                    if line.startswith("VmRSS:"):
                        self.peak = max(self.peak, int(line.split()[1]))
            except OSError:
                return
            time.sleep(0.05)

    def recv(self):
        body = wire.read_frame(self.p.stdout)
        return json.loads(body) if body else None

    def send_raw(self, data):
        try:
            self.p.stdin.write(data); self.p.stdin.flush(); return True
        except (BrokenPipeError, ValueError):
            return False

    def send(self, message):
        body = json.dumps(message).encode()
        return self.send_raw(struct.pack(">I", len(body)) + body)

    def call(self, conversation, target, method, values):
        return self.send({"kind": "call", "conversation": conversation, "target": target, "method": method, "values": values})

    def reply(self, conversation, value):
        return self.send({"kind": "reply", "conversation": conversation, "target": 0, "method": "", "values": [value]})

    def finish(self):
        try:
            self.p.stdin.close()
        except (BrokenPipeError, ValueError):
            pass
        err = self.p.stderr.read().decode(errors="replace")
        status = self.p.wait()
        lines = [l for l in err.splitlines() if l.startswith("workbook-verdict ")]
        verdict = lines[-1] if lines else "(no verdict) " + err[:300].replace("\n", " | ")
        print(f"judge status {status}, peak RSS {self.peak // 1024} MiB, stderr {len(err)} bytes")
        print(verdict[:600] + (f" … ({len(verdict)} bytes)" if len(verdict) > 600 else ""))
        return verdict


def attack_fake_verdict_on_wire(seed):
    """The program writes a verdict line where its answers go."""
    j = Judge("Chunks", seed)
    j.recv()
    j.send_raw(b'workbook-verdict {"exercise":"Chunks","passed":[]}\n')
    j.finish()


def attack_huge_length(seed):
    """A frame header that announces 2 GiB."""
    j = Judge("Chunks", seed)
    j.recv()
    j.send_raw(struct.pack(">I", 0x7fffffff))
    j.finish()


def attack_wrong_types(seed):
    """make answered with a string; then a receive answered with a string."""
    j = Judge("Chunks", seed)
    j.recv()
    j.reply(0, {"string": {"_0": "\u001b[2J passed"}})
    j.finish()


def attack_unexpected_calls(seed):
    """Calls on handles never lent, on the judge's root, with bad arguments; then an honest-looking reply."""
    j = Judge("Chunks", seed)
    first = j.recv()
    for target, method, values in [(999, "request", [demand(1)]), (0, "make.chunks", []), (1, "nonsense", []),
                                   (1, "subscribe", [integer(5)]), (0, "release", [integer(1)]), (-5, "x", [])]:
        j.call(0, target, method, values)
        print("  ", method, "->", j.recv()["values"])
    j.reply(0, integer(3))
    j.finish()


def attack_memory_bomb(seed):
    """While the judge waits for make's reply, replies to a conversation nobody opened, 1 MB each."""
    j = Judge("Chunks", seed)
    j.recv()
    big = {"kind": "reply", "conversation": 7, "target": 0, "method": "", "values": [{"string": {"_0": "A" * ((1 << 20) - 200)}}]}
    body = json.dumps(big).encode()
    frame = struct.pack(">I", len(body)) + body
    sent, end = 0, time.time() + 8
    while time.time() < end and j.send_raw(frame):
        sent += 1
    print(f"  sent {sent} MiB of replies nobody asked for")
    j.finish()


def attack_deep_nesting(seed):
    """Subscribes to the judge's upstream from inside each receiveSubscription, never returning."""
    j = Judge("Chunks", seed)
    make = j.recv()
    upstream = make["values"][0]["object"]["_0"]
    j.reply(0, obj(1))                      # "my Chunks publisher is handle 1"
    depth = 0
    while True:
        m = j.recv()
        if m is None:
            break
        if m["kind"] == "call" and m["method"] in ("subscribe", "receiveSubscription"):
            depth += 1
            j.call(0, upstream, "subscribe", [obj(100 + depth)])
        elif m["kind"] == "call":
            j.reply(m["conversation"], NONE)
    print(f"  nested {depth} calls deep")
    j.finish()


def attack_release_reentry(seed):
    """When the judge releases a proxy of ours, call back into the object that is dropping it."""
    j = Judge("Chunks", seed)
    j.recv()
    j.reply(0, obj(1))
    subscription = None
    while True:
        m = j.recv()
        if m is None:
            break
        if m["kind"] != "call":
            continue
        if m["method"] == "subscribe":      # judge's probe subscriber subscribes to "our" Chunks
            probe = m["values"][0]["object"]["_0"]
            # subscribe to the judge's upstream with our subscriber 50
            j.call(0, 1, "subscribe", [obj(50)])
            upstream_handle = None
            continue
        if m["method"] == "receiveSubscription":
            subscription = m["values"][0]["object"]["_0"]
            j.call(0, subscription, "cancel", [])   # the judge's ProbeSubscription.end() drops our subscriber…
            continue
        if m["method"] == "release" and subscription is not None:
            j.call(0, subscription, "request", [demand(1)])  # …and we reenter it while it does
            continue
        j.reply(m["conversation"], NONE)
    j.finish()



def attack_value_flood(seed):
    """Answers the judge's subscriber with receive calls of 100,000-value chunks for 8 s."""
    j = Judge("Chunks", seed)
    j.recv()
    j.reply(0, obj(1))
    m = j.recv()                       # subscribe [judge's probe subscriber]
    probe = m["values"][0]["object"]["_0"]
    j.call(0, probe, "receiveSubscription", [obj(2)])
    chunk = {"list": {"_0": [integer(123456789) for _ in range(30_000)]}}
    body = json.dumps({"kind": "call", "conversation": 0, "target": probe, "method": "receive", "values": [chunk]}).encode()
    frame = struct.pack(">I", len(body)) + body
    stop = threading.Event()

    def swallow():                     # the judge's request calls and replies
        while not stop.is_set():
            m = j.recv()
            if m is None:
                return
            if m["kind"] == "call":
                j.reply(m["conversation"], NONE)
    threading.Thread(target=swallow, daemon=True).start()
    sent, end = 0, time.time() + 8
    while time.time() < end and j.send_raw(frame):
        sent += 1
    print(f"  sent {sent} chunks of 30,000 values ({sent * len(frame) >> 20} MiB)")
    stop.set()
    j.p.stdin.close()
    j.finish()



def attack_request_none(seed):
    """request(.none) on a subscription to the judge's fake server (a PassthroughSubject)."""
    j = Judge("BoundedFetch", seed)
    make = j.recv()
    paths = [v["string"]["_0"] for v in make["values"][0]["list"]["_0"]]
    fetch = make["values"][2]["object"]["_0"]

    def call(target, method, values):
        j.call(0, target, method, values)
        while True:
            m = j.recv()
            if m is None or m["kind"] == "reply":
                return m and m["values"][0]
            if m["method"] == "receiveSubscription":
                call.subscription = m["values"][0]["object"]["_0"]
            j.reply(m["conversation"], NONE)
    body = call(fetch, "call", [{"string": {"_0": paths[0]}}])
    call(body["object"]["_0"], "subscribe", [obj(100)])
    print("  subscription", call.subscription, "-> request(.none):", call(call.subscription, "request", [demand(0)]))
    j.finish()



def random_value(rng, handles):
    kind = rng.randrange(9)
    if kind == 0: return NONE
    if kind == 1: return integer(rng.choice([0, 1, -1, 3, 2**63 - 1, -2**63]))
    if kind == 2: return demand(rng.choice([None, 0, 1, 2, 2**63 - 1]))
    if kind == 3: return {"completion": {}} if rng.random() < .5 else {"completion": {"_0": rng.choice(["ProbeFailure()", "x", 'FetchFailed(path: "/a")'])}}
    if kind == 4: return obj(rng.choice(handles + [0, 999]))
    if kind == 5: return {"string": {"_0": rng.choice(["", "a", "/a", "\u001b[2J"])}}
    if kind == 6: return {"list": {"_0": [integer(rng.randrange(10)) for _ in range(rng.randrange(4))]}}
    if kind == 7: return {"bool": {"_0": rng.random() < .5}}
    return {"thrown": {"_0": "boom"}}


def fuzz(exercise, seed, steps=300):
    """Answers the judge's calls with random values and makes random calls on what it was lent."""
    import random
    rng = random.Random(seed)
    j = Judge(exercise, seed, time_limit=5)
    handles, mine = [], 1
    methods = ["request", "cancel", "receive", "receiveCompletion", "receiveSubscription", "subscribe", "call", "reading", "setReading", "release"]
    for _ in range(steps):
        m = j.recv()
        if m is None:
            break
        for v in m["values"]:
            if "object" in v and v["object"]["_0"] not in handles:
                handles.append(v["object"]["_0"])
        for _ in range(rng.randrange(3)):      # calls of our own first
            if not handles: break
            j.call(m["conversation"] if m["kind"] == "call" else 0, rng.choice(handles + [0]), rng.choice(methods),
                   [random_value(rng, handles) for _ in range(rng.randrange(3))])
        if m["kind"] == "call":
            if m["method"].startswith("make."):
                mine += 1
                j.reply(m["conversation"], obj(mine))
            else:
                j.reply(m["conversation"], random_value(rng, handles))
    try:
        j.p.stdin.close()
    except Exception:
        pass
    err = j.p.stderr.read().decode(errors="replace")
    status = j.p.wait()
    return status, ("workbook-verdict" in err), err


def attack_fuzz(seed):
    """Random answers and calls against every judge; prints each run where the judge wrote no verdict."""
    exercises = ["MyAssign", "BatchSink", "Countdown", "Chunks", "MyMerge", "ChunkReader", "Pager", "BoundedFetch", "RefCountReplay", "DemandTest"]
    for run in range(seed, seed + 40):
        for exercise in exercises:
            status, verdict, err = fuzz(exercise, run)
            if not verdict:
                first = next((l for l in err.splitlines() if "rror" in l or "rash" in l or "ccess" in l), err[:200])
                print(f"  {exercise} seed {run}: judge status {status}, no verdict: {first[:200]}")



def mutated_replay(exercise, transcript, seed, mutations=2):
    """A recorded solution run played back with a few of its values replaced at random."""
    import random
    rng = random.Random(seed)
    entries = json.load(open(transcript))
    driver = [i for i, e in enumerate(entries) if e["from"] == "driver"]
    handles = sorted({v["object"]["_0"] for e in entries for v in json.loads(e["body"])["values"] if "object" in v})
    for i in rng.sample(driver, min(mutations, len(driver))):
        m = json.loads(entries[i]["body"])
        if m["values"]:
            m["values"][rng.randrange(len(m["values"]))] = random_value(rng, handles)
        else:
            m["values"] = [random_value(rng, handles)]
        entries[i] = {"from": "driver", "body": json.dumps(m)}
    j = Judge(exercise, 1, time_limit=5)
    for e in entries:
        if e["from"] == "judge":
            if j.recv() is None: break
        elif not j.send(json.loads(e["body"])):
            break
    try:
        j.p.stdin.close()
    except Exception:
        pass
    err = j.p.stderr.read().decode(errors="replace")
    return j.p.wait(), "workbook-verdict" in err, err


def attack_mutate(seed):
    """Mutated replays of the recorded solution runs (/tmp/rec/<Exercise>.json, seed 1): prints every judge without a verdict."""
    for exercise in ["MyAssign", "BatchSink", "Countdown", "Chunks", "MyMerge", "ChunkReader", "Pager", "BoundedFetch", "RefCountReplay", "DemandTest"]:
        bad = 0
        for run in range(seed, seed + 30):
            status, verdict, err = mutated_replay(exercise, f"/tmp/rec/{exercise}.json", run)
            if not verdict:
                bad += 1
                first = next((l for l in err.splitlines() if "rror" in l or "ccess" in l or "rash" in l), err[:200])
                print(f"  {exercise} run {run}: judge status {status}: {first[:220]}")
        print(f"{exercise}: {bad} of 30 without a verdict")



def renaming_replay(exercise, transcript, seed):
    """A recorded run played back against another seed, each number the judge sends that
    differs from the recording substituted in the recorded answers: a script that echoes."""
    entries = json.load(open(transcript))
    j = Judge(exercise, seed, time_limit=10)
    mapping = {}

    def learn(recorded, live):
        if isinstance(recorded, dict) and isinstance(live, dict):
            if set(recorded) == {"int"} and set(live) == {"int"}:
                mapping[recorded["int"]["_0"]] = live["int"]["_0"]
            for key in recorded:
                if key in live: learn(recorded[key], live[key])
        elif isinstance(recorded, list) and isinstance(live, list):
            for a, b in zip(recorded, live): learn(a, b)

    def rename(value):
        if isinstance(value, dict):
            if set(value) == {"int"}:
                return {"int": {"_0": mapping.get(value["int"]["_0"], value["int"]["_0"])}}
            return {k: rename(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rename(v) for v in value]
        return value

    for e in entries:
        if e["from"] == "judge":
            live = j.recv()
            if live is None: break
            learn(json.loads(e["body"])["values"], live["values"])
        elif not j.send(rename(json.loads(e["body"]))):
            break
    try:
        j.p.stdin.close()
    except Exception:
        pass
    err = j.p.stderr.read().decode(errors="replace")
    j.p.wait()
    lines = [l for l in err.splitlines() if l.startswith("workbook-verdict ")]
    return json.loads(lines[-1][17:]) if lines else None


def attack_renaming(seed):
    """Renaming replays of MyAssign and Countdown (recorded at seed 1) against 20 other seeds."""
    for exercise in ["MyAssign", "Countdown", "DemandTest"]:
        passed = [s for s in range(seed, seed + 20) if (lambda r: r is not None and not r.get("failure") and not r.get("lost"))(renaming_replay(exercise, f"/tmp/rec/{exercise}.json", s))]
        print(f"{exercise}: passed {len(passed)} of 20 seeds {passed}")


if __name__ == "__main__":
    globals()["attack_" + sys.argv[1]](int(sys.argv[2]) if len(sys.argv) > 2 else 1)
