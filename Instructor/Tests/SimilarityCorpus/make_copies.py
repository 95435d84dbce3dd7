#!/usr/bin/env python3
"""Makes the disguised copies of the evaluation corpus from each exercise's honest-1.swift.

Each copy is what a student who copied a classmate's file might hand in:
  rename       every name the file declares (but the public API) renamed throughout
  format       comments removed and others written, indentation and brace style changed
  reorder      declarations reordered: members inside each type, types at the top level
  deadcode     statements that do nothing inserted into function bodies
  controlflow  a loop or branch rewritten by hand (for as while, while as repeat/guard,
               switch as if-case, a closure as a method): CONTROLFLOW below
  combined     all of the above, one after another

Deterministic (seeded): run it again and the files are the same.
    python3 make_copies.py        # writes <Exercise>/copies/<disguise>.swift
"""
import os, random, re

HERE = os.path.dirname(os.path.abspath(__file__))
EXERCISES = ["Countdown", "DemandTest", "RateLimit", "PausingSink"]

KEEP = set("""associatedtype class deinit enum extension fileprivate func import init inout internal let open
operator private protocol public static struct subscript typealias var break case continue default defer do else
fallthrough for guard if in repeat return switch where while as catch false is nil rethrows super self Self throw
throws true try await async final lazy weak unowned mutating override some any get set willSet didSet
Publisher Publishers Subscriber Subscribers Subscription Subscriptions Demand Completion Cancellable AnyCancellable
AnyPublisher AnySubscriber Subject Scheduler SchedulerTimeType Stride Output Failure Input Never request receive
cancel subscribe subscriber subscription completion finished failure send sink max none unlimited empty schedule now advanced
after MySink resume step input more promise Int Bool String Array Error Void append count isEmpty removeFirst
removeAll enumerated stride from to by NSRecursiveLock lock unlock start batchSize pause scheduler receiveValue
receiveCompletion makeCountdown problems rateLimit interval per Countdown DemandTest PausingSink Relay
LimitScheduler Context S subject OpenCombineShim Backpressure BackpressureTrace Foundation traced""".split())

WORDS = ["tally", "gate", "holder", "worker", "keeper", "pending", "amount", "slot", "mark", "token",
         "runner", "carrier", "buddy", "tracker", "reserve", "cursor", "signal", "latch", "box", "meter",
         "ledger", "pulse", "relay2", "spool", "queue2", "cache", "lane", "pipe", "feed", "tick"]


def code_only(text):
    """The text with comments blanked (strings kept): where names are looked for."""
    return re.sub(r"//[^\n]*", "", text)


def rename(text, rng):
    code = code_only(text)
    declared = set(re.findall(r"\b(?:let|var|func|class|struct|enum|typealias)\s+([A-Za-z_]\w*)", code))
    declared |= set(re.findall(r"\{\s*\[?[^\]\n]*?\]?\s*([a-z_]\w*)\s+in\b", code))
    declared |= set(re.findall(r"[(,]\s*(?:let\s+)?([a-z_]\w*)\s*:", code))  # parameters
    declared |= set(re.findall(r"<([A-Z]\w*)\s*:", code))  # generic parameters
    names = sorted(n for n in declared if n not in KEEP and len(n) > 1)
    words = [w for w in WORDS if not re.search(r"\b%s\b" % w, text)]
    rng.shuffle(words)
    mapping = {}
    for i, name in enumerate(names):
        new = words[i] if i < len(words) else "value%d" % i
        if name[0].isupper():
            new = new[0].upper() + new[1:]
        mapping[name] = new
    if not mapping:
        return text
    pattern = re.compile(r"(?<![\w.])(%s)\b|(?<=\.)(%s)\b" % ("|".join(map(re.escape, mapping)), "|".join(map(re.escape, mapping))))
    return pattern.sub(lambda m: mapping[m.group(1) or m.group(2)], text)


def reformat(text, rng):
    lines = []
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        line = re.sub(r"\s+//[^\"\n]*$", "", line)
        indent = len(line) - len(line.lstrip(" "))
        body = line.strip()
        new_indent = " " * (indent // 2)
        decl = re.match(r"(public |private |fileprivate |final |static |override |@\w+ )*(func|init|class|struct|extension|enum)\b", body)
        if decl and body.endswith("{") and not body.startswith("}"):
            lines.append(new_indent + body[:-1].rstrip())
            lines.append(new_indent + "{")
        else:
            lines.append(new_indent + body if body else "")
        if body.endswith("{") and rng.random() < 0.25:
            lines.append(new_indent + "  // " + rng.choice(["step one", "main part", "bookkeeping", "see notes", "TODO tidy"]))
    out = "\n".join(lines)
    out = re.sub(r"\n{3,}", "\n\n", out)
    return "/* my solution */\n" + out.strip("\n") + "\n"


def blocks(lines, start, end, depth_at):
    """Splits lines[start:end] (all at one depth) into chunks: a declaration with its
    leading comments and attributes, through its closing brace."""
    chunks, current = [], []
    i = start
    while i < end:
        current.append(i)
        opened = depth_at[i + 1] - depth_at[i] if i + 1 < len(depth_at) else 0
        stripped = lines[i].strip()
        if opened > 0:
            base = depth_at[i]
            i += 1
            while i < end and depth_at[i] > base:
                current.append(i)
                i += 1
            continue  # the closing line is handled as its own, at `base`
        if stripped and not stripped.startswith("//") and not stripped.startswith("@") and not stripped.startswith("///"):
            chunks.append(current)
            current = []
        i += 1
    if current:
        chunks.append(current)
    return chunks


def depths(lines):
    out = [0]
    depth = 0
    for line in lines:
        code = re.sub(r'"[^"]*"', "", re.sub(r"//.*", "", line))
        depth += code.count("{") + code.count("(") + code.count("[") - code.count("}") - code.count(")") - code.count("]")
        out.append(depth)
    return out


def reorder(text, rng):
    lines = text.split("\n")

    def walk(start, end):
        # lines[start:end] are the inside of a body; returns them reordered.
        d = depths(lines)
        local = lines[start:end]
        ld = depths(local)
        chunks, cur, i = [], [], 0
        while i < len(local):
            cur.append(local[i])
            if ld[i + 1] > ld[i] or (ld[i + 1] == 0 and ld[i] == 0 and local[i].strip() and not local[i].strip().startswith(("//", "@", "///"))):
                # take through the matching close
                while ld[i + 1] > 0:
                    i += 1
                    cur.append(local[i])
                chunks.append(cur)
                cur = []
            i += 1
        tail = cur
        decl = [c for c in chunks if any(l.strip() for l in c)]
        head = [c for c in decl if c[-1].strip().startswith("import")]
        rest = [c for c in decl if c not in head]
        rest.reverse()
        out = []
        for c in head + rest:
            # recurse into a type's body
            first = next((k for k, l in enumerate(c) if l.rstrip().endswith("{")), None)
            if first is not None and re.search(r"\b(class|struct|extension|enum)\b", c[first]) and not re.search(r"\bfunc\b", c[first]):
                inner = c[first + 1:-1]
                saved = lines[:]
                lines[:] = inner
                body = walk(0, len(inner))
                lines[:] = saved
                c = c[:first + 1] + body + [c[-1]]
            out.extend(c)
            out.append("")
        return out + tail

    result = walk(0, len(lines))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(result)).strip("\n") + "\n"


DEAD = ["_ = 0", "let unusedFlag%d = false", "if false { print(\"never\") }", "_ = \"trace\".count",
        "var scratch%d = [Int](); scratch%d.removeAll()", "let _ = 1 + 1"]


def deadcode(text, rng):
    lines = text.split("\n")
    out = []
    n = 0
    for i, line in enumerate(lines):
        out.append(line)
        s = line.strip()
        if not s.endswith("{") or s.startswith("//"):
            continue
        is_function = re.search(r"\b(func|init)\b", s) and not re.search(r"\b(class|struct|extension|enum)\b", s)
        is_block = re.match(r"(if|while|for|guard|repeat)\b", s)
        if not (is_function or is_block):
            continue
        # A function whose body is one expression it returns keeps it alone.
        if is_function and "->" in s and i + 2 < len(lines) and lines[i + 2].strip() == "}":
            continue
        if rng.random() < 0.8:
            indent = " " * (len(line) - len(line.lstrip()) + 4)
            n += 1
            statement = rng.choice(DEAD).replace("%d", str(n))
            out.append(indent + statement)
    return "\n".join(out)


CONTROLFLOW = {
    "Countdown": [(
        """        while owed > 0, counter > 0, let target = target {
            owed -= 1
            counter -= 1
            owed += target.receive(counter + 1)
            finishIfDone()
        }""",
        """        repeat {
            guard owed > 0, counter > 0, let target = target else { break }
            owed -= 1
            counter -= 1
            owed += target.receive(counter + 1)
            finishIfDone()
        } while true""")],
    "DemandTest": [(
        """        for (step, expected) in expectations.enumerated() {
            probe.ask(1)
            if probe.received != expected {
                issues.append("after \\(step + 1) requests of one value it sent \\(probe.received) instead of \\(expected)")
                break
            }
        }""",
        """        var step = 0
        while step < expectations.count {
            let expected = expectations[step]
            probe.ask(1)
            if probe.received != expected {
                issues.append("after \\(step + 1) requests of one value it sent \\(probe.received) instead of \\(expected)")
                break
            }
            step += 1
        }""")],
    "RateLimit": [(
        """            switch event {
            case let .input(value, promise):
                subject.send(value)
                window.admit { promise(.more) }
            case let .completion(end):
                subject.send(completion: end)
            }""",
        """            if case let .input(value, promise) = event {
                subject.send(value)
                window.admit { promise(.more) }
            } else if case let .completion(end) = event {
                subject.send(completion: end)
            }"""), (
        """        guard used >= limit, let start = opened else {
            next()
            return
        }""",
        """        if used < limit || opened == nil {
            next()
            return
        }
        let start = opened!""")],
    "PausingSink": [(
        """                if seen < batchSize {
                    return true
                }""",
        """                guard seen >= batchSize else {
                    return true
                }"""), (
        """                scheduler.schedule(after: scheduler.now.advanced(by: pause)) { [weak self] in
                    guard let self = self, !self.stopped else { return }
                    self.sink?.resume()
                }
                return false
            }""",
        """                scheduler.schedule(after: scheduler.now.advanced(by: pause), wake)
                return false
            }

            func wake() {
                if stopped { return }
                sink?.resume()
            }""")],
}


def controlflow(text, exercise):
    for old, new in CONTROLFLOW[exercise]:
        assert old in text, (exercise, old[:60])
        text = text.replace(old, new)
    return text


def main():
    for exercise in EXERCISES:
        original = open(os.path.join(HERE, exercise, "honest-1.swift")).read()
        rng = random.Random(exercise)
        copies = {
            "rename": rename(original, rng),
            "format": reformat(original, rng),
            "reorder": reorder(original, rng),
            "deadcode": deadcode(original, rng),
            "controlflow": controlflow(original, exercise),
        }
        combined = controlflow(original, exercise)
        for step in (reorder, deadcode, rename, reformat):
            combined = step(combined, rng)
        copies["combined"] = combined
        folder = os.path.join(HERE, exercise, "copies")
        os.makedirs(folder, exist_ok=True)
        for name, text in copies.items():
            with open(os.path.join(folder, name + ".swift"), "w") as f:
                f.write(text)


if __name__ == "__main__":
    main()
