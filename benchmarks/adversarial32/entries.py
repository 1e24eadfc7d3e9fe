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


# -- closure_cells.py (changed_later, _escapes): a maker's `state` reached from outside through the function
#    object itself (`__closure__`, `__defaults__`, `__kwdefaults__`, inspect / gc) or the maker's frame
#    (`sys._getframe()`, `inspect.currentframe()`, a traceback's `tb_frame`): the getter then hands out what the
#    caller stored there, not what the maker stored. ------------------------------------------------------------
MAKER = '''

def maker():
    state = {"axes": ("i", "j")}

    def get():
        return state["axes"]
    return get
'''
MAKER_T = '''

def maker():
    axes = ("i", "j")

    def get():
        return axes
    return get
'''
MAKER_L = '''

def maker():
    state = ["i", "j"]

    def get():
        return tuple(state)
    return get
'''
MAKER_D = '''

def maker():
    state = {"axes": ("i", "j")}

    def get(s=state):
        return s["axes"]
    return get
'''
MAKER_K = '''

def maker():
    state = {"axes": ("i", "j")}

    def get(*, s=state):
        return s["axes"]
    return get
'''
MAKER_LAM = '''

def maker():
    state = {"axes": ("i", "j")}
    return lambda s=state: s["axes"]
'''
CLOSE_IMPORTS = "import gc\nimport inspect\nimport sys\n"


def cell_prog(name, doc, maker, lines, old='("i",)', new='("i", "j")', where="main", module=""):
    if where == "main":
        text = "@REDUCE@" + maker + module + "\n\ndef main(mesh, x):\n    get = maker()\n" + \
            "".join(f"    {line}\n" for line in lines) + "    axes = get()\n    return reduce_rows(mesh, x, axes)\n"
    elif where == "helper":
        text = "@REDUCE@" + maker + module + "\n\ndef poke(get):\n" + "".join(f"    {line}\n" for line in lines) + \
            "\n\ndef main(mesh, x):\n    get = maker()\n    poke(get)\n    axes = get()\n    return reduce_rows(mesh, x, axes)\n"
    else:
        text = "@REDUCE@" + maker + module + "\n\nget = maker()\n" + "".join(f"{line}\n" for line in lines) + \
            "\n\ndef main(mesh, x):\n    axes = get()\n    return reduce_rows(mesh, x, axes)\n"
    prog(name, doc, text, old, new, imports=CLOSE_IMPORTS)


for where in ("main", "helper", "module"):
    cell_prog(f"cell_contents_store_{where}", "An item stored through `get.__closure__[0].cell_contents`.", MAKER,
              ['get.__closure__[0].cell_contents["axes"] = ("i",)'], where=where)
    cell_prog(f"cell_contents_update_{where}", "`cell_contents.update(...)` of the maker's dict.", MAKER,
              ['get.__closure__[0].cell_contents.update(axes=("i",))'], where=where)
    cell_prog(f"cell_contents_rebind_dict_{where}", "The cell itself rebound: `cell_contents = {...}`.", MAKER,
              ['get.__closure__[0].cell_contents = {"axes": ("i",)}'], where=where)
    cell_prog(f"cell_contents_rebind_tuple_{where}", "A cell holding a tuple rebound: `cell_contents = ('i',)`.",
              MAKER_T, ['get.__closure__[0].cell_contents = ("i",)'], where=where)
    cell_prog(f"cell_contents_list_pop_{where}", "The maker's list shortened through the cell.", MAKER_L,
              ['get.__closure__[0].cell_contents.pop()'], old=".pop()", new=".append(\"j\")", where=where)
    cell_prog(f"cell_getclosurevars_{where}", "inspect.getclosurevars hands out the maker's dict.", MAKER,
              ['inspect.getclosurevars(get).nonlocals["state"]["axes"] = ("i",)'], where=where)
    cell_prog(f"cell_gc_referents_{where}", "gc.get_referents of the cell hands out the maker's dict.", MAKER,
              ['gc.get_referents(get.__closure__[0])[0]["axes"] = ("i",)'], where=where)
    cell_prog(f"cell_defaults_{where}", "The dict a default argument holds, changed through `__defaults__`.",
              MAKER_D, ['get.__defaults__[0]["axes"] = ("i",)'], where=where)
    cell_prog(f"cell_defaults_rebind_{where}", "`__defaults__` replaced.", MAKER_D,
              ['get.__defaults__ = ({"axes": ("i",)},)'], where=where)
    cell_prog(f"cell_kwdefaults_{where}", "The dict a keyword-only default holds, through `__kwdefaults__`.",
              MAKER_K, ['get.__kwdefaults__["s"]["axes"] = ("i",)'], where=where)
    cell_prog(f"cell_lambda_defaults_{where}", "A lambda's default dict, through `__defaults__`.", MAKER_LAM,
              ['get.__defaults__[0]["axes"] = ("i",)'], where=where)

FRAME_MAKERS = {
    "getframe": ("sys._getframe()", ""),
    "getframe_zero": ("sys._getframe(0)", ""),
    "currentframe": ("inspect.currentframe()", ""),
}
for kind, (call, _) in FRAME_MAKERS.items():
    maker = f'''

FRAMES = []


def maker():
    state = {{"axes": ("i", "j")}}
    FRAMES.append({call})

    def get():
        return state["axes"]
    return get
'''
    for where in ("main", "helper", "module"):
        cell_prog(f"frame_{kind}_{where}", f"The maker's frame ({call}) kept; its f_locals hand out the dict.", maker,
                  ['FRAMES[0].f_locals["state"]["axes"] = ("i",)'], where=where)
        cell_prog(f"frame_{kind}_update_{where}", f"The maker's frame ({call}): the dict updated.", maker,
                  ['FRAMES[-1].f_locals["state"].update(axes=("i",))'], where=where)
for where in ("main", "helper", "module"):
    cell_prog(f"frame_traceback_{where}", "A traceback caught in the maker keeps its frame (`tb_frame`).", '''

TRACES = []


def maker():
    state = {"axes": ("i", "j")}
    try:
        raise RuntimeError("kept")
    except RuntimeError as exc:
        TRACES.append(exc.__traceback__)

    def get():
        return state["axes"]
    return get
''', ['TRACES[0].tb_frame.f_locals["state"]["axes"] = ("i",)'], where=where)
    cell_prog(f"frame_exc_info_{where}", "sys.exc_info()'s traceback kept by the maker.", '''

TRACES = []


def maker():
    state = {"axes": ("i", "j")}
    try:
        raise KeyError("kept")
    except KeyError:
        TRACES.append(sys.exc_info()[2])

    def get():
        return state["axes"]
    return get
''', ['TRACES[0].tb_frame.f_locals["state"]["axes"] = ("i",)'], where=where)


# -- more of cause A: the equal pair wrapped in 1-tuples (a set comprehension keeps the first tuple), and a list
#    Bag turned into a set before it is sorted ----------------------------------------------------------------------
for kind, (expr, make, what) in _SETS.items():
    made = 0
    for p in _LETTERS:
        for q in _LETTERS:
            names = make(p, q)
            if made >= 3 or len(set(names)) < 2:
                continue
            made += bag_prog(f"setcomp_tuple_{kind}_{p}{q}", f"A set comprehension of 1-tuples of {what}: the set "
                             "keeps the tuple os.listdir gives first.", names, f"({expr},)", "vals", "setcomp")
for kind, (expr, make, what) in _BOOL_INT.items():
    for form in ("comp", "loop"):
        made = 0
        for p in _LETTERS:
            for q in _LETTERS:
                if p == q or made >= 2:
                    continue
                made += bag_prog(f"{form}_{kind}_sorted_set_{p}{q}", f"sorted(set(...)) of {what}: the set keeps the "
                                 "first.", make(p, q), expr, "sorted(set(vals))", form)


# -- dataclass fields (script_classes.py, dataclass_fields.py, host_objects.py: `"ClassVar" in ast.dump(annotation)`):
#    whether an annotated name is a field is read from the hint's TEXT. dataclasses asks what the hint IS: an alias
#    of typing.ClassVar / dataclasses.InitVar (`CV = typing.ClassVar`, `from typing import ClassVar as CVar`) is no
#    field, and a name that merely contains "ClassVar" / "InitVar" (an alias of tuple) is one. ------------------------
DC_IMPORTS = "import dataclasses\nimport typing\nfrom dataclasses import InitVar as IVar\nfrom typing import ClassVar as CVar\n"
DC_ALIASES = '''
CV = typing.ClassVar
IV = dataclasses.InitVar
TupleClassVar = tuple
InitVarTuple = tuple
WholeCV = typing.ClassVar[tuple]
'''
_HINTS = {  # name -> (hint, is a field in CPython)
    "cv_alias_sub": ("CV[tuple]", False), "cv_alias_bare": ("CV", False), "cv_from_sub": ("CVar[tuple]", False),
    "cv_from_bare": ("CVar", False), "cv_whole_alias": ("WholeCV", False), "iv_alias_sub": ("IV[tuple]", False),
    "iv_from_sub": ("IVar[tuple]", False), "named_classvar_field": ("TupleClassVar", True),
}
_DC_TESTS = {  # name -> (test text for a field, for no field)
    "fields_len": ("len(dataclasses.fields(Plan)) == 1", "len(dataclasses.fields(Plan)) == 0"),
    "field_names": ('[f.name for f in dataclasses.fields(Plan)] == ["axes"]', '[f.name for f in dataclasses.fields(Plan)] == []'),
    "repr": ("repr(Plan()) == \"Plan(axes=('i', 'j'))\"", 'repr(Plan()) == "Plan()"'),
    "fields_dict": ('"axes" in Plan.__dataclass_fields__', '"axes" not in Plan.__dataclass_fields__'),
}
for future in (False, True):
    for hname, (hint, field) in _HINTS.items():
        for tname, tests in _DC_TESTS.items():
            if not field and tname == "fields_dict":
                continue  # (a ClassVar or InitVar is in __dataclass_fields__ too, as a pseudo-field)
            if hname.startswith("iv") and tname == "repr":
                continue  # (Plan() would need the InitVar's value: it has a default, but keep the set simple)
            test = tests[0] if field else tests[1]
            text = ("from __future__ import annotations\n" if future else "") + DC_IMPORTS + "@REDUCE@" + DC_ALIASES + \
                f'''

@dataclasses.dataclass
class Plan:
    axes: {hint} = ("i", "j")


def main(mesh, x):
    axes = ("i",) if {test} else ("i", "j")
    return reduce_rows(mesh, x, axes)
'''
            name = f"dc_{hname}_{tname}" + ("_future" if future else "")
            prog(name, f"A dataclass hint `{hint}`: {'a field' if field else 'no field'} in CPython ({tname}).", text,
                 f"if {test}", f"if not {test}")
for future in (False, True):
    for hname, (hint, field) in _HINTS.items():
        if field or hname.startswith("iv"):
            continue
        text = ("from __future__ import annotations\n" if future else "") + DC_IMPORTS + "@REDUCE@" + DC_ALIASES + \
            f'''

@dataclasses.dataclass
class Plan:
    axes: {hint} = ("i",)
    size: tuple = ("i", "j")


def main(mesh, x):
    plan = Plan(("i", "j"))
    axes = plan.axes
    return reduce_rows(mesh, x, axes)
'''
        prog(f"dc_{hname}_positional" + ("_future" if future else ""), f"A dataclass hint `{hint}` is no field: the "
             "first positional argument goes to the next field, and `plan.axes` stays the class's.", text,
             "    axes = plan.axes", "    axes = plan.size")
