# Entries of gen_clean.py (exec'd there). Every program fills a fresh tempfile.mkdtemp() directory with two
# files, reads a value out of os.listdir / glob.glob through an "order-free" reading of unordered_listings.py
# (min, max, sorted, set, frozenset, a set comprehension) and picks `axes` by it: ("i",) runs, ("i", "j")
# raises SF105's error. The two items the reading meets are EQUAL but not the same value (True and 1, False
# and 0, 0.0 and -0.0, 1 and 1.0): Python keeps the one that comes FIRST, so the result depends on the file
# system's order, which the run replaces by its own (sorted names). Each expected text below is what this
# machine's file system gives (ext4, hash order: computed by `_real` when the set is made); only pairs whose
# order here differs from the sorted one are kept (where the run's reading is the other value).
import os as _os
import tempfile as _tempfile

IMPORTS = "import glob\nimport os\nimport tempfile\n"


def _real(names, expr, op):
    """What CPython gives here, and what it gives in the sorted order the run assumes."""
    d = _tempfile.mkdtemp()
    for name in names:
        with open(_os.path.join(d, name), "w") as fh:
            fh.write("1")
    listed = _os.listdir(d)
    got = []
    for order in (listed, sorted(listed)):
        env = {"os": _os}
        vals = eval(f"[{expr} for n in ORDER]", {**env, "ORDER": order})
        got.append(repr(eval(op, {"vals": vals, "set": set, "frozenset": frozenset, "min": min, "max": max,
                                 "sorted": sorted, "next": next, "iter": iter, "list": list})))
    return got


def _fill(names):
    return ["d = tempfile.mkdtemp()", f"for name in {tuple(names)!r}:",
            '    with open(os.path.join(d, name), "w") as fh:', '        fh.write("1")']


def bag_prog(name, doc, names, expr, op, form):
    """form: 'comp' ([expr for n in os.listdir(d)]), 'loop' (a for loop appending), 'glob' (basenames of
    glob.glob), 'setcomp' ({expr for n in os.listdir(d)}: op reads `vals`, a set)."""
    real, assumed = _real(names, expr, op if form != "setcomp" else op.replace("vals", "set(vals)"))
    if real == assumed:
        return False
    lines = _fill(names)
    if form == "comp":
        lines += [f"vals = [{expr} for n in os.listdir(d)]"]
    elif form == "glob":
        lines += [f'vals = [{expr.replace("n", "os.path.basename(p)") if False else expr} for n in '
                  '[os.path.basename(p) for p in glob.glob(os.path.join(d, "*"))]]']
        return False  # (replaced below)
    elif form == "loop":
        lines += ["vals = []", "for n in os.listdir(d):", f"    vals.append({expr})"]
    elif form == "setcomp":
        lines += [f"vals = {{{expr} for n in os.listdir(d)}}"]
    test = f"repr({op}) == {real!r}"
    lines += [f'axes = ("i",) if {test} else ("i", "j")']
    text = "@REDUCE@\n\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, f"== {real!r}", f"!= {real!r}", imports=IMPORTS)
    return True


def glob_prog(name, doc, names, expr, op):
    """The same over glob.glob(os.path.join(d, "*")): the comprehension reads each path's basename."""
    real, assumed = _real(names, expr, op)
    if real == assumed:
        return False
    gexpr = expr.replace("n.", "os.path.basename(n).").replace("len(n)", "len(os.path.basename(n))")
    lines = _fill(names) + [f'vals = [{gexpr} for n in glob.glob(os.path.join(d, "*"))]',
                            f'axes = ("i",) if repr({op}) == {real!r} else ("i", "j")']
    text = "@REDUCE@\n\n\ndef main(mesh, x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, f"== {real!r}", f"!= {real!r}", imports=IMPORTS)
    return True


_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_BOOL_INT = {  # expr -> (names of two files made from letters p, q; what the two items are)
    "true_one": ('n.endswith(".x") or len(n)', lambda p, q: (p + ".x", q), "True and 1"),
    "false_zero": ('n.endswith(".x") and len(n) - 3', lambda p, q: (p + ".x", q), "False and 0"),
}
_OPS = {"min": "min(vals)", "max": "max(vals)", "sorted_first": "sorted(vals)[0]", "sorted_last": "sorted(vals)[-1]",
        "sorted_reverse": "sorted(vals, reverse=True)[0]", "set": "set(vals)", "frozenset": "frozenset(vals)"}
_COUNT = {}
for kind, (expr, make, what) in _BOOL_INT.items():
    for opname, op in _OPS.items():
        for form in ("comp", "loop", "glob"):
            made = 0
            for p in _LETTERS:
                for q in _LETTERS:
                    if p == q or made >= 2:
                        continue
                    names = make(p, q)
                    name = f"{form}_{kind}_{opname}_{p}{q}"
                    doc = (f"{what} from two files' names; {op} keeps whichever comes first in os.listdir's order "
                           f"({form}).")
                    ok = glob_prog(name, doc, names, expr, op) if form == "glob" else \
                        bag_prog(name, doc, names, expr, op, form)
                    made += ok
_SETS = {  # set comprehensions: the first of two equal items is the one kept
    "zero_signs": ("float(n[1:])", lambda p, q: (p + "0", q + "-0"), "0.0 and -0.0"),
    "int_float": ('len(n) if n.startswith("i") else float(len(n))', lambda p, q: ("i" + p, "f" + q), "1 and 1.0"),
    "true_one": ('n.endswith(".x") or len(n)', lambda p, q: (p + ".x", q), "True and 1"),
}
_SET_OPS = {"repr": "vals", "min": "min(vals)", "sorted": "sorted(vals)[0]", "next": "next(iter(vals))"}
for kind, (expr, make, what) in _SETS.items():
    for opname, op in _SET_OPS.items():
        made = 0
        for p in _LETTERS:
            for q in _LETTERS:
                if made >= 3 or (kind == "int_float" and p == q):
                    continue
                names = make(p, q)
                if len(set(names)) < 2:
                    continue
                made += bag_prog(f"setcomp_{kind}_{opname}_{p}{q}", f"A set comprehension of {what}: the set keeps "
                                 f"the one os.listdir gives first ({opname}).", names, expr, op, "setcomp")
