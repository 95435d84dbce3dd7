#!/usr/bin/env python3
"""The disguiser: rewrites a Swift solution the way a copier hides a copy, without changing
what it does.

    python3 disguise.py one FILE STUB [--seed S] [--with rename,guard,...]   # one copy to stdout
    python3 disguise.py build [--out DIR]                                    # the evaluation set

Its transformations (TRANSFORMATIONS), each semantics-preserving, each applied at random
places with a seeded random generator (the same seed gives the same copy):

  rename    every name the file declares gets a new one; the stub's functions, types and
            labels, Combine's protocol requirements and labels, and names a library type also
            has as a member (count, first, append, ...) keep theirs
  guard     `guard c else {` as `if !(c) {`, and `if c { ...; return }` as `guard !(c) else {`
  qualify   an enum case or a demand written `.case` as `Type.case` (`State.idle`,
            `Subscribers.Demand.max(1)`)
  annotate  type annotations added where a literal gives the type, removed where one is there
  compound  `a += b` as `a = a + (b)` (and -=, *=, /=)
  parens    operands put in parentheses: `return (x)`, `x = (y)`, `if (c) {`
  noop      `_ = ()` after every statement
  deadcode  statements that do nothing or nothing that matters: an unused constant, an
            `if false { }`, a counter counted and never read
  reorder   the members of every type and the top-level declarations shuffled
  format    comments removed and others written, indentation and braces changed

It was written before the normaliser of `workbook similarity` was, and is not tuned to it.
`build` writes the evaluation set: for every original (each exercise's reference solution and
its honest corpus, Instructor/Tests/HonestCorpus), every single transformation, pairs and
triples drawn at random, and copies with all of them; `grade_variants.py` then grades them
all and keeps the ones that still pass their check (`evaluation.json`).
"""
import argparse, itertools, json, os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
TRANSFORMATIONS = ["rename", "guard", "qualify", "annotate", "compound", "parens", "noop", "deadcode", "reorder", "format"]
EXERCISES = ["BatchSink", "ChunkReader", "Chunks", "Countdown", "MyAssign", "MyMerge", "PausingSubscriber", "RefCountReplay"]

KEYWORDS = set("""associatedtype class deinit enum extension fileprivate func import init inout internal let open operator
private protocol public static struct subscript typealias var break case continue default defer do else fallthrough for
guard if in repeat return switch where while as catch false is nil rethrows super self Self throw throws true try await
async final lazy weak unowned mutating override convenience required some any actor nonisolated get set willSet didSet
_""".split())
# Protocol requirements and associated types: a file declares them because Combine asks.
REQUIRED = {"receive", "request", "cancel", "resume", "combineIdentifier", "Output", "Failure", "Input"}
# Labels Combine's protocols fix.
COMBINE_LABELS = {"subscription", "completion", "subscriber"}
# Names a library type has as a member: a file that declares one too keeps it (renaming it
# everywhere would rename the library's member as well).
LIBRARY_MEMBERS = set("""count isEmpty first last append removeFirst removeAll popFirst insert remove contains map filter
reduce forEach max min none unlimited finished failure success send sink store lock unlock withLock description value
error result isCancelled next prefix dropFirst keys values sorted""".split())
WORDS = """tally gate holder worker keeper pending amount slot mark token runner carrier buddy tracker reserve cursor
signal latch box meter ledger pulse spool cache lane pipe feed tick vault knob lever notch crate basket depot hatch
anchor beacon bridge courier dial ember fuse glyph harbor ingot jigsaw kernel lantern mantle nozzle orbit parcel quill
rudder sprocket tether umbra valve wick yarn zenith""".split()


# ---------------------------------------------------------------- tokens

class Token:
    __slots__ = ("kind", "text")

    def __init__(self, kind, text):
        self.kind, self.text = kind, text

    def __repr__(self):
        return "%s:%r" % (self.kind, self.text)


OPERATOR_CHARS = set("/=-+!*%<>&|^~?.")


def tokenize(text):
    """Every byte of `text` in a token (whitespace and comments included), so that joining
    the tokens' texts gives the text back. A string's interpolations are code tokens."""
    tokens = []
    i, n = 0, len(text)

    def string(i):
        # From a quote (or #s): literal pieces as 'str', interpolations as code.
        start = i
        hashes = 0
        while text[i] == "#":
            hashes += 1
            i += 1
        multiline = text.startswith('"""', i)
        i += 3 if multiline else 1
        close = ('"""' if multiline else '"') + "#" * hashes
        piece = start
        while i < n:
            if text.startswith("\\" + "#" * hashes + "(", i):
                j = i + 2 + hashes
                tokens.append(Token("str", text[piece:j]))
                depth = 1
                k = j
                while k < n and depth:
                    if text[k] == "(":
                        depth += 1
                    elif text[k] == ")":
                        depth -= 1
                    k += 1
                tokens.extend(tokenize(text[j:k - 1]))
                piece = k - 1
                i = k
                continue
            if text[i] == "\\":
                i += 2
                continue
            if text.startswith(close, i):
                i += len(close)
                break
            i += 1
        tokens.append(Token("str", text[piece:i]))
        return i

    while i < n:
        c = text[i]
        if c.isspace():
            j = i
            while j < n and text[j].isspace():
                j += 1
            tokens.append(Token("ws", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            tokens.append(Token("comment", text[i:j]))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i)
            j = n if j < 0 else j + 2
            tokens.append(Token("comment", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            i = string(i)
        elif c.isalpha() or c == "_" or c == "$":
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = text[i:j]
            tokens.append(Token("keyword" if word in KEYWORDS else "ident", word))
            i = j
        elif c == "`":
            j = text.find("`", i + 1)
            j = n if j < 0 else j + 1
            tokens.append(Token("ident", text[i:j]))
            i = j
        elif c.isdigit():
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] in "._") and not text.startswith("..", j):
                j += 1
            tokens.append(Token("number", text[i:j]))
            i = j
        elif c == "@" or c == "#":
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            tokens.append(Token("attribute", text[i:j]))
            i = j
        elif c in OPERATOR_CHARS:
            if c == "." and not text.startswith("..", i):
                tokens.append(Token("punct", "."))
                i += 1
                continue
            j = i + 1
            while j < n and text[j] in OPERATOR_CHARS and not text.startswith("//", j) and not text.startswith("/*", j):
                if text[j] == "." and not text.startswith("..", j) and text[i] != ".":
                    break
                j += 1
            tokens.append(Token("op", text[i:j]))
            i = j
        else:
            tokens.append(Token("punct", c))
            i += 1
    return tokens


def code(tokens):
    """Indices of the tokens that are code (not whitespace or comments)."""
    return [i for i, t in enumerate(tokens) if t.kind not in ("ws", "comment")]


# ---------------------------------------------------------------- names

def declarations(tokens):
    """(names declared, labels of declared functions' parameters) of a token list."""
    idx = code(tokens)
    t = [tokens[i] for i in idx]
    names, labels, members = set(), set(), set()

    def params(k):
        # t[k] is "(": parameter names and labels.
        depth, start = 0, True
        words = []
        while k < len(t):
            x = t[k]
            if x.text in "([<":
                depth += 1
                start = depth == 1
                words = []
            elif x.text in ")]>":
                depth -= 1
                if depth == 0:
                    return
            elif depth == 1 and x.text == ",":
                start, words = True, []
            elif depth == 1 and x.text == ":" and start:
                if words:
                    labels.add(words[0])
                    names.update(w for w in words if w != "_")
                start = False
            elif depth == 1 and start and (x.kind == "ident" or x.text == "_"):
                words.append(x.text)
            k += 1

    for k, x in enumerate(t):
        prev = t[k - 1].text if k else ""
        nxt = t[k + 1] if k + 1 < len(t) else None
        if prev == ".":
            continue
        if x.text in ("func", "class", "struct", "enum", "protocol", "actor", "typealias", "associatedtype") and nxt is not None and nxt.kind == "ident":
            names.add(nxt.text)
            if x.text != "typealias":
                members.add(nxt.text)
            j = k + 2
            if j < len(t) and t[j].text == "<":
                depth = 0
                while j < len(t):
                    if t[j].text == "<":
                        depth += 1
                    elif t[j].text == ">":
                        depth -= 1
                        if depth == 0:
                            j += 1
                            break
                    elif depth == 1 and t[j].kind == "ident" and t[j - 1].text in ("<", ","):
                        names.add(t[j].text)
                    j += 1
            if x.text == "func" and j < len(t) and t[j].text == "(":
                params(j)
        elif x.text in ("init", "subscript") and nxt is not None:
            j = k + 1
            if t[j].text in ("?", "!"):
                j += 1
            if j < len(t) and t[j].text == "(":
                params(j)
        elif x.text in ("let", "var") and nxt is not None:
            if nxt.kind == "ident":
                names.add(nxt.text)
            else:
                j = k + 1
                if t[j].text == "." and j + 1 < len(t):
                    j += 2
                if j < len(t) and t[j].text == "(":
                    depth = 0
                    while j < len(t):
                        if t[j].text == "(":
                            depth += 1
                        elif t[j].text == ")":
                            depth -= 1
                            if depth == 0:
                                break
                        elif t[j].kind == "ident" and t[j + 1].text != ":" and t[j - 1].text != ".":
                            names.add(t[j].text)
                        j += 1
        elif x.text == "case" and nxt is not None and nxt.kind == "ident":
            # In an enum's body (a switch's `case` is followed by `.`, `let` or a value).
            j = k + 1
            depth = 0
            while j < len(t) and t[j].text not in ("{", "}") and not (depth == 0 and t[j].kind == "keyword" and t[j].text not in ("inout",)):
                if t[j].text == "(":
                    depth += 1
                elif t[j].text == ")":
                    depth -= 1
                elif t[j].kind == "ident" and ((depth == 0 and t[j - 1].text in ("case", ",")) or (depth == 1 and t[j + 1].text == ":")):
                    names.add(t[j].text)
                if t[j].text == ":" and depth == 0:
                    break  # a switch's `case x:`
                j += 1
        elif x.text == "for" and prev not in ("(", ","):
            j = k + 1
            while j < len(t) and t[j].text not in ("in", "{"):
                if t[j].kind == "ident" and t[j - 1].text not in (":", "."):
                    names.add(t[j].text)
                j += 1
        elif x.text == "{":
            # A closure's parameters: `{ a, b in`, `{ [weak self] (x: T) in`.
            j, found, brackets = k + 1, [], 0
            while j < len(t) and j < k + 40:
                y = t[j]
                if y.text == "in":
                    names.update(found)
                    break
                if y.text == "[":
                    brackets += 1
                elif y.text == "]":
                    brackets -= 1
                elif y.kind == "ident":
                    if brackets == 0 and t[j - 1].text in ("{", "(", ","):
                        found.append(y.text)
                elif y.text not in (",", "(", ")", ":", "_", "weak", "unowned", "self", ".", "?", "!", "<", ">", "->", "throws", "=") and y.kind != "attribute":
                    break
                j += 1
    return names, labels, members


def rename(text, rng, stub):
    tokens = tokenize(text)
    stub_names, stub_labels, stub_members = declarations(tokenize(stub))
    names, _, _ = declarations(tokens)
    stub_words = {t.text for t in tokenize(stub) if t.kind == "ident"}
    keep = REQUIRED | LIBRARY_MEMBERS | stub_members | {n for n in stub_words if n[:1].isupper() and n in names and n in stub_members}
    kept_labels = stub_labels | COMBINE_LABELS
    # A name written after a type the file does not declare (`Subscribers.Demand`) is that type's too.
    code_tokens = [tokens[i] for i in code(tokens)]
    qualified = {code_tokens[k + 2].text for k in range(len(code_tokens) - 2)
                 if code_tokens[k].kind == "ident" and code_tokens[k].text[:1].isupper() and code_tokens[k].text not in names
                 and code_tokens[k + 1].text == "."}
    renamed = sorted(n for n in names if n not in keep and n not in qualified and not n.startswith("`") and not n.startswith("$"))
    used = {t.text for t in tokens if t.kind == "ident"}
    words = [w for w in WORDS if w not in used]
    rng.shuffle(words)
    mapping = {}
    for i, name in enumerate(renamed):
        new = words[i] if i < len(words) else "name%d" % i
        mapping[name] = new[0].upper() + new[1:] if name[0].isupper() else new
    idx = code(tokens)
    t = [tokens[i] for i in idx]
    out = {}
    # Which parentheses are a call's or a declaration's, and of what.
    stack = []  # for each open bracket: (text, callee or None, is declaration)
    for k, x in enumerate(t):
        prev = t[k - 1] if k else None
        if x.text in ("(", "[", "{"):
            callee, declaration = None, False
            if x.text == "(" and prev is not None:
                if prev.kind == "ident":
                    callee = prev.text
                    declaration = k >= 2 and t[k - 2].text == "func"
                elif prev.text in ("init", "subscript") or (prev.text in ("?", "!") and k >= 2 and t[k - 2].text == "init"):
                    callee, declaration = "init", True
                elif prev.text == ">":
                    # func name<T>(: find the name before the generic list.
                    j, depth = k - 1, 0
                    while j >= 0:
                        if t[j].text == ">":
                            depth += 1
                        elif t[j].text == "<":
                            depth -= 1
                            if depth == 0:
                                break
                        j -= 1
                    if j >= 1 and t[j - 1].kind == "ident":
                        callee = t[j - 1].text
                        declaration = j >= 2 and t[j - 2].text == "func"
            if x.text == "[" and prev is not None and (prev.kind == "ident" or prev.text in (")", "]", "?", "!", "self")):
                callee = "subscript"
            stack.append((x.text, callee, declaration))
            continue
        if x.text in (")", "]", "}"):
            if stack:
                stack.pop()
            continue
        if x.kind != "ident" or x.text not in mapping:
            continue
        new = mapping[x.text]
        top = stack[-1] if stack else None
        at_start = prev is not None and prev.text in ("(", ",")
        nxt = t[k + 1] if k + 1 < len(t) else None
        if top and top[0] in ("(", "[") and at_start:
            callee, declaration = top[1], top[2]
            # Called or declared under a name that is not renamed: its labels are not the file's to
            # rename (an initializer's are, unless the stub fixes them).
            external = callee is not None and callee not in mapping and callee != "init"
            if top[0] == "[":
                # A subscript's label (`object[keyPath: path]`) is its type's.
                if nxt is not None and nxt.text == ":" and prev.text == "[" and top[1] == "subscript":
                    new = x.text
            elif declaration:
                # `label name: T` or `name: T`: the external label stays when Combine or the
                # stub fixes it, or when the function keeps its name (a protocol's).
                if nxt is not None and nxt.text == ":" and (x.text in kept_labels or external):
                    new = x.text + " " + new
                elif nxt is not None and nxt.kind == "ident" and (x.text in kept_labels or external):
                    new = x.text
            elif nxt is not None and nxt.text == ":" and (x.text in kept_labels or external):
                # A label at a call of something the file does not rename, or one the stub fixes.
                new = x.text
        out[idx[k]] = new
    for i, new in out.items():
        tokens[i] = Token("ident", new)
    return "".join(t.text for t in tokens)


# ---------------------------------------------------------------- line rewrites

def balanced(s):
    depth = 0
    for c in re.sub(r'"(\\.|[^"\\])*"', '""', s):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def split_comment(line):
    """(code, comment) of a line, the comment with its leading space."""
    m = re.search(r'\s*//(?=(?:[^"]*"[^"]*")*[^"]*$).*$', line)
    return (line[:m.start()], line[m.start():]) if m else (line, "")


def exits(lines, start, end):
    """Whether the block lines[start:end] ends by leaving its scope."""
    body = [split_comment(l)[0].strip() for l in lines[start:end] if split_comment(l)[0].strip()]
    return bool(body) and re.match(r"(return|break|continue|throw|fatalError)\b", body[-1]) is not None


def block_end(lines, start):
    """Index of the line that closes the block opened at the end of lines[start]."""
    depth = 0
    for i in range(start, len(lines)):
        code_part = re.sub(r'"(\\.|[^"\\])*"', '""', split_comment(lines[i])[0])
        for c in code_part:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    return i
    return None


def simple_condition(c):
    return balanced(c) and not re.search(r"\b(let|var|case|await|try)\b|,|\{", c)


def guard(text, rng):
    lines = text.split("\n")
    for i, line in enumerate(lines):
        code_part, comment = split_comment(line)
        m = re.match(r"^(\s*)guard (.+) else \{(.*)$", code_part)
        if m and simple_condition(m.group(2)) and rng.random() < 0.8:
            lines[i] = "%sif !(%s) {%s%s" % (m.group(1), m.group(2), m.group(3), comment)
            continue
        m = re.match(r"^(\s*)if (.+) \{(.*)$", code_part)
        if not m or not simple_condition(m.group(2)) or rng.random() > 0.8:
            continue
        indent, condition, rest = m.groups()
        end = i if rest.strip().endswith("}") and balanced("{" + rest) else block_end(lines, i)
        if end is None:
            continue
        closing = split_comment(lines[end])[0].strip()
        after = next((l.strip() for l in lines[end + 1:] if l.strip()), "")
        if closing != "}" and end != i or after.startswith("else") or closing.startswith("} else"):
            continue
        if end == i:
            inner = rest.strip()[:-1]
            if not re.match(r"\s*(return|break|continue|throw)\b", inner):
                continue
        elif not exits(lines, i + 1, end):
            continue
        negated = condition[1:].strip() if condition.startswith("!") and re.match(r"^![\w.]+$", condition) else "!(%s)" % condition
        lines[i] = "%sguard %s else {%s%s" % (indent, negated, rest, comment)
    return "\n".join(lines)


def enum_cases(text):
    """{case name: (enum name, first line, last line)} for the enums the file declares: the
    lines are those of the type the enum is declared in (the whole file for a top-level
    enum), where its bare name can be written."""
    cases = {}
    lines = text.split("\n")
    d = depths(lines)
    for i, line in enumerate(lines):
        m = re.match(r"^\s*(?:(?:private|fileprivate|public|internal|indirect)\s+)*enum\s+(\w+)[^{]*\{", line)
        if not m:
            continue
        end = block_end(lines, i)
        scope = (0, len(lines) - 1)
        parent = next((j for j in range(i - 1, -1, -1) if d[j] < d[i] and lines[j].rstrip().endswith("{")), None)
        if d[i] > 0 and parent is not None:
            scope = (parent, block_end(lines, parent) or len(lines) - 1)
        for inner in lines[i + 1:end or i + 1]:
            c = re.match(r"^\s*(?:indirect\s+)?case\s+(.*)$", split_comment(inner)[0])
            if c:
                for part in re.split(r",(?![^(]*\))", c.group(1)):
                    name = re.match(r"\s*(\w+)", part)
                    if name:
                        cases[name.group(1)] = (m.group(1),) + scope
    return cases


def qualify(text, rng):
    cases_of = enum_cases(text)
    tokens = tokenize(text)
    idx = code(tokens)
    line_of, line = {}, 0
    for k, token in enumerate(tokens):
        line_of[k] = line
        line += token.text.count("\n")
    for n, k in enumerate(idx):
        x = tokens[k]
        if x.text != "." or n + 1 >= len(idx):
            continue
        prev = tokens[idx[n - 1]] if n else None
        if prev is not None and (prev.kind in ("ident", "number", "str") or prev.text in (")", "]", "?", "!", "self", "Self", "super", ">")):
            continue
        member = tokens[idx[n + 1]].text
        after = tokens[idx[n + 2]].text if n + 2 < len(idx) else ""
        if member in cases_of and cases_of[member][1] <= line_of[k] <= cases_of[member][2]:
            prefix = cases_of[member][0]
        elif member == "max" and after == "(" or member == "unlimited":
            prefix = "Subscribers.Demand"
        else:
            continue
        if rng.random() < 0.85:
            tokens[k] = Token("punct", prefix + ".")
    return "".join(t.text for t in tokens)


def annotate(text, rng):
    lines = text.split("\n")
    for i, line in enumerate(lines):
        code_part, comment = split_comment(line)
        if rng.random() > 0.8:
            continue
        m = re.match(r"^(\s*(?:[\w()]+\s+)*(?:let|var)\s+\w+)\s*=\s*(.+?)\s*$", code_part)
        if m:
            head, value = m.groups()
            kind = None
            if re.fullmatch(r"-?\d+", value):
                kind = "Int"
            elif value in ("true", "false"):
                kind = "Bool"
            elif re.fullmatch(r'"[^"\\]*"', value):
                kind = "String"
            elif re.fullmatch(r"Subscribers\.Demand\.\w+(\(.*\))?", value):
                kind, value = "Subscribers.Demand", value[len("Subscribers.Demand"):]
            elif re.fullmatch(r"\[([\w<>.]+)\]\(\)", value):
                kind, value = value[:-2], "[]"
            if kind:
                lines[i] = "%s: %s = %s%s" % (head, kind, value, comment)
            continue
        m = re.match(r"^(\s*(?:[\w()]+\s+)*(?:let|var)\s+\w+)\s*:\s*([\w.\[\]<>]+)\s*=\s*(.+?)\s*$", code_part)
        if m:
            head, kind, value = m.groups()
            if kind == "Int" and re.fullmatch(r"-?\d+", value) or kind == "Bool" and value in ("true", "false") or kind == "String" and value.startswith('"'):
                lines[i] = "%s = %s%s" % (head, value, comment)
            elif kind == "Subscribers.Demand" and value.startswith("."):
                lines[i] = "%s = Subscribers.Demand%s%s" % (head, value, comment)
            elif re.fullmatch(r"\[[\w.<>]+\]", kind) and value == "[]":
                lines[i] = "%s = %s()%s" % (head, kind, comment)
    return "\n".join(lines)


def compound(text, rng):
    lines = text.split("\n")
    for i, line in enumerate(lines):
        code_part, comment = split_comment(line)
        m = re.match(r"^(\s*)([\w.]+(?:\[[^\]]*\])?)\s*([-+*/])=\s*(.+?)\s*$", code_part)
        if m and balanced(m.group(4)) and "(" not in m.group(4) and not m.group(4).endswith("{") and rng.random() < 0.9:
            indent, target, op, value = m.groups()
            lines[i] = "%s%s = %s %s (%s)%s" % (indent, target, target, op, value, comment)
    return "\n".join(lines)


def parens(text, rng):
    lines = text.split("\n")
    for i, line in enumerate(lines):
        code_part, comment = split_comment(line)
        if rng.random() > 0.7:
            continue
        m = re.match(r"^(\s*)return (.+?)\s*$", code_part)
        if m and balanced(m.group(2)) and not m.group(2).endswith("{") and "{" not in m.group(2):
            lines[i] = "%sreturn (%s)%s" % (m.group(1), m.group(2), comment)
            continue
        m = re.match(r"^(\s*)(if|while) (.+) \{(.*)$", code_part)
        if m and simple_condition(m.group(3)):
            lines[i] = "%s%s (%s) {%s%s" % (m.group(1), m.group(2), m.group(3), m.group(4), comment)
            continue
        m = re.match(r"^(\s*)([\w.]+(?:\[[^\]]*\])?) = (.+?)\s*$", code_part)
        if m and not re.match(r"\s*(let|var|case|guard|if|return)\b", code_part) and balanced(m.group(3)) and "{" not in m.group(3):
            lines[i] = "%s%s = (%s)%s" % (m.group(1), m.group(2), m.group(3), comment)
    return "\n".join(lines)


def statement_slots(lines):
    """Indices of lines after which a statement may be added: lines that end a statement
    inside the body of a function, an initializer, or a block in one (never a type's body,
    a switch's head, a closure, a getter, or a body that returns its one expression)."""
    slots = []
    stack = []  # for each open brace: is it a body of statements?
    for i, line in enumerate(lines):
        code_part = re.sub(r'"(\\.|[^"\\])*"', '""', split_comment(line)[0])
        stripped = code_part.strip()
        previous = next((split_comment(l)[0].strip() for l in reversed(lines[:i]) if split_comment(l)[0].strip()), "")
        in_statements = bool(stack) and stack[-1]
        for c in code_part:
            if c == "{":
                head = code_part[:code_part.rfind("{")]
                if stripped.startswith("where") or previous.endswith((",", "(", ":", "->")) or previous.startswith(("public", "private", "final", "class", "struct", "enum", "extension", "func", "init")) and not previous.endswith(("{", "}")):
                    head = previous + " " + head
                kind = True
                if re.search(r"\b(class|struct|enum|extension|protocol|switch)\b", head) and not re.search(r"\b(func|init)\b", head):
                    kind = False
                elif re.search(r"\bvar\b", head) and not re.search(r"=", head) or re.search(r"\b(get|set|willSet|didSet)\s*$", head.strip()):
                    kind = "getter"
                elif re.search(r"\bin\s*$", stripped) or head.strip().endswith(("(", ",", "=")) or re.search(r"[\w)]\s*$", head) and not re.search(r"\b(func|init|if|else|for|while|repeat|do|catch|defer|guard)\b", head):
                    kind = "closure"
                elif "->" in head:
                    end = block_end(lines, i)
                    body = lines[i + 1:end] if end is not None else []
                    if not any(re.match(r"\s*return\b", l) for l in body):
                        kind = "getter"  # returns its one expression
                stack.append(kind)
            elif c == "}":
                if stack:
                    stack.pop()
        if not stripped or not in_statements or not (stack and stack[-1] is True):
            continue
        if stripped.endswith(("{", ",", "(", "[", "=", "+", "-", "&&", "||", " in", ":")) or re.match(r"(case\b|default\b|@)", stripped):
            continue
        nxt = next((l.strip() for l in lines[i + 1:] if l.strip()), "")
        if nxt.startswith((".", "else", "} else", "catch", "} catch", "&&", "||", "?", ":", "+", "-", "where")):
            continue
        if not balanced(code_part) and not stripped.startswith("}"):
            continue
        slots.append(i)
    return slots


def noop(text, rng):
    lines = text.split("\n")
    slots = set(statement_slots(lines))
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        if i in slots:
            indent = re.match(r"\s*", line).group(0)
            if line.strip().startswith("}"):
                indent += ""
            out.append(indent + "_ = ()")
    return "\n".join(out)


DEAD = ["let unused%(n)d = %(n)d", "if false { _ = %(n)d }", "var spare%(n)d = 0\n%(i)sspare%(n)d += 1",
        "_ = %(n)d + %(n)d", "let note%(n)d = \"step %(n)d\"\n%(i)s_ = note%(n)d.isEmpty"]


def deadcode(text, rng):
    lines = text.split("\n")
    slots = set(s for s in statement_slots(lines) if rng.random() < 0.35)
    out, n = [], 0
    for i, line in enumerate(lines):
        out.append(line)
        if i in slots:
            n += 1
            indent = re.match(r"\s*", line).group(0)
            out.append(indent + rng.choice(DEAD) % {"n": n, "i": indent})
    return "\n".join(out)


def depths(lines):
    out = [0]
    depth = 0
    for line in lines:
        c = re.sub(r'"(\\.|[^"\\])*"', '""', split_comment(line)[0])
        depth += c.count("{") + c.count("(") + c.count("[") - c.count("}") - c.count(")") - c.count("]")
        out.append(depth)
    return out


def reorder(text, rng):
    lines = text.split("\n")

    def walk(local):
        ld = depths(local)
        chunks, cur, i = [], [], 0
        while i < len(local):
            cur.append(local[i])
            s = split_comment(local[i])[0].strip()
            nxt = local[i + 1].strip() if i + 1 < len(local) else ""
            goes_on = nxt.startswith(("where", ".", ":", "->", "&&", "||")) or s.endswith((",", "(", ":", "->", "=", "&&", "||"))
            if ld[i + 1] > ld[i] or (ld[i + 1] == 0 and ld[i] == 0 and s and not goes_on and not s.startswith(("//", "@", "///", "/*", "*"))):
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
        # An enum's cases keep their order (it can matter); everything else is shuffled.
        if not any(re.match(r"\s*case\b", l) for c in rest for l in c):
            rng.shuffle(rest)
        out = []
        for c in head + rest:
            first = next((k for k, l in enumerate(c) if split_comment(l)[0].rstrip().endswith("{")), None)
            if first is not None and re.search(r"\b(class|struct|extension|enum)\b", c[first]) and not re.search(r"\b(func|init|var|let)\b", c[first]):
                c = c[:first + 1] + walk(c[first + 1:-1]) + [c[-1]]
            out.extend(c)
            out.append("")
        return out + tail

    return re.sub(r"\n{3,}", "\n\n", "\n".join(walk(lines))).strip("\n") + "\n"


NOTES = ["step one", "main part", "bookkeeping", "see notes", "TODO tidy", "careful here", "the tricky bit", "from the chapter"]


def reformat(text, rng):
    lines = []
    for line in text.split("\n"):
        if line.strip().startswith("//"):
            continue
        code_part, _ = split_comment(line)
        indent = len(code_part) - len(code_part.lstrip(" "))
        body = code_part.strip()
        new_indent = " " * (indent // 2)
        decl = re.match(r"(public |private |fileprivate |final |static |override |@\w+ )*(func|init|class|struct|extension|enum)\b", body)
        if decl and body.endswith("{") and not body.startswith("}"):
            lines.append(new_indent + body[:-1].rstrip())
            lines.append(new_indent + "{")
        else:
            lines.append(new_indent + body if body else "")
        if body.endswith("{") and rng.random() < 0.25:
            lines.append(new_indent + "  // " + rng.choice(NOTES))
    out = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
    return "/* my solution */\n" + out.strip("\n") + "\n"


def disguise(text, stub, transformations, seed):
    """`text` with `transformations` applied in the canonical order (format last, so that
    the line rewrites see the original's layout)."""
    rng = random.Random(seed)
    order = ["rename", "guard", "qualify", "annotate", "compound", "parens", "deadcode", "noop", "reorder", "format"]
    for name in order:
        if name not in transformations:
            continue
        if name == "rename":
            text = rename(text, rng, stub)
        else:
            text = {"guard": guard, "qualify": qualify, "annotate": annotate, "compound": compound, "parens": parens,
                    "noop": noop, "deadcode": deadcode, "reorder": reorder, "format": reformat}[name](text, rng)
    return text


def originals(exercise):
    """name -> path: the reference and the honest corpus's authors."""
    found = {"reference": os.path.join(ROOT, "Instructor", "Sources", "Solutions", exercise + ".swift")}
    folder = os.path.join(ROOT, "Instructor", "Tests", "HonestCorpus", exercise)
    for f in sorted(os.listdir(folder)):
        if f.endswith(".swift"):
            found[f[:-6]] = os.path.join(folder, f)
    return found


def plan(exercise, original):
    """The variants of one original: (name, transformations, seed)."""
    rng = random.Random("plan/%s/%s" % (exercise, original))
    variants = [(t, [t], "%s/%s/%s" % (exercise, original, t)) for t in TRANSFORMATIONS]
    pairs = list(itertools.combinations(TRANSFORMATIONS, 2))
    triples = list(itertools.combinations(TRANSFORMATIONS, 3))
    for combo in rng.sample(pairs, 5) + rng.sample(triples, 5):
        name = "+".join(combo)
        variants.append((name, list(combo), "%s/%s/%s" % (exercise, original, name)))
    for n in range(1, 5):
        variants.append(("all-%d" % n, list(TRANSFORMATIONS), "%s/%s/all-%d" % (exercise, original, n)))
    return variants


def build(out):
    count = 0
    for exercise in EXERCISES:
        stub = open(os.path.join(ROOT, "Sources", "ExerciseStubs", exercise + ".swift")).read()
        for original, path in originals(exercise).items():
            text = open(path).read()
            for name, transformations, seed in plan(exercise, original):
                folder = os.path.join(out, exercise, original)
                os.makedirs(folder, exist_ok=True)
                with open(os.path.join(folder, name + ".swift"), "w") as f:
                    f.write(disguise(text, stub, transformations, seed))
                count += 1
    print("%d variants written to %s" % (count, out))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("one")
    one.add_argument("file")
    one.add_argument("stub")
    one.add_argument("--seed", default="0")
    one.add_argument("--with", dest="transformations", default=",".join(TRANSFORMATIONS))
    b = sub.add_parser("build")
    b.add_argument("--out", default="/tmp/similarity-evaluation")
    args = parser.parse_args()
    if args.command == "one":
        chosen = args.transformations.split(",")
        unknown = [t for t in chosen if t not in TRANSFORMATIONS]
        if unknown:
            sys.exit("disguise.py: no transformation %s (there are %s)" % (", ".join(unknown), ", ".join(TRANSFORMATIONS)))
        sys.stdout.write(disguise(open(args.file).read(), open(args.stub).read(), chosen, args.seed))
    else:
        build(args.out)


if __name__ == "__main__":
    main()
