# Entries of gen_clean.py (exec'd there). Family "cell": a maker's closure cell reached through the
# function object it returns, by an attribute-reading call under ANOTHER name than the ones
# introspection_roads.py lists (`from builtins import getattr as ga`, `from operator import attrgetter as
# ag`, `methodcaller("__getattribute__", ...)`, `inspect.getattr_static(...).__get__`, `vars(builtins)
# ["getattr"]`), with the attribute's text computed (no str constant spells a road); the cell is then
# rebound with `setattr` (whose text is computed too) or its dict/list changed. Family "frame": the
# maker's frame fetched the same way (`ga(sys, "_get" + "frame")()`) and its `f_locals` read so.
# ("i",) runs; the twin keeps ("i", "j") and raises SF105's error.

_GETTERS = {  # name -> (import lines, expr(obj, text) reading attribute `text` of obj)
    "alias_getattr": ("from builtins import getattr as ga\n", lambda o, t: f"ga({o}, {t})"),
    "alias_attrgetter": ("from operator import attrgetter as ag\n", lambda o, t: f"ag({t})({o})"),
    "alias_methodcaller": ("from operator import methodcaller as mc\n",
                           lambda o, t: f'mc("__getattribute__", {t})({o})'),
    "getattr_static": ("import inspect\n", lambda o, t: f"inspect.getattr_static({o}, {t}).__get__({o})"),
    "vars_builtins": ("import builtins\n", lambda o, t: f'vars(builtins)["get" + "attr"]({o}, {t})'),
    "dict_builtins": ("import builtins\n", lambda o, t: f'builtins.__dict__["getattr"]({o}, {t})'),
}


def _texts(word, cut):
    """Five spellings of `word` (none a str constant equal to a road's name)."""
    return {
        "concat": f'"{word[:cut]}" + "{word[cut:]}"',
        "join": f'"".join({[word[:cut], word[cut:]]!r})'.replace("'", '"'),
        "reversed": f'"{word[::-1]}"[::-1]',
        "lowered": f'"{word.upper()}".lower()',
        "format": f'"{word[:cut]}{{}}".format("{word[cut:]}")',
    }


CLOSURE = _texts("__closure__", 5)
CONTENTS = _texts("cell_contents", 5)
GETFRAME = _texts("_getframe", 4)
FLOCALS = _texts("f_locals", 4)

_STATES = {  # name -> (state display, getter's return, write(cell_expr_fn) -> line, twin old, twin new)
    "rebind_tuple": ('("i", "j")', "state", lambda cell, cc, G: f'setattr({cell}, {cc}, ("i",))', ', ("i",))', ', ("i", "j"))'),
    "dict_store": ('{"axes": ("i", "j")}', 'state["axes"]', lambda cell, cc, G: f'{G(cell, cc)}["axes"] = ("i",)',
                   '= ("i",)', '= ("i", "j")'),
    "dict_update": ('{"axes": ("i", "j")}', 'state["axes"]', lambda cell, cc, G: f'{G(cell, cc)}.update(axes=("i",))',
                    'axes=("i",)', 'axes=("i", "j")'),
    "list_pop": ('["i", "j"]', "tuple(state)", lambda cell, cc, G: f"{G(cell, cc)}.pop()", ".pop()", ".copy()"),
}

_MAKER = '''

def maker():
    state = {state}

    def get():
        return {ret}
    return get
'''


def cell_prog(getter, text, state, where):
    imports, G = _GETTERS[getter]
    display, ret, write, old, new = _STATES[state]
    cell = f"{G('get', CLOSURE[text])}[0]"
    line = write(cell, CONTENTS[text], G)
    doc = (f"Cell of maker's `state` reached by {getter} with a computed text ({text}), {state}, in {where}: "
           f"get() is ('i',) at the psum.")
    head = "@REDUCE@" + _MAKER.format(state=display, ret=ret)
    if where == "main":
        text_ = head + f"\n\ndef main(mesh, x):\n    get = maker()\n    {line}\n    return reduce_rows(mesh, x, get())\n"
    elif where == "helper":
        text_ = head + (f"\n\ndef loosen(get):\n    {line}\n\n\ndef main(mesh, x):\n    get = maker()\n    loosen(get)\n"
                        "    return reduce_rows(mesh, x, get())\n")
    else:
        text_ = head + (f"\n\nget = maker()\n{line}\n\n\ndef main(mesh, x):\n    return reduce_rows(mesh, x, get())\n")
    prog(f"cell_{getter}_{state}_{text}_{where}", doc, text_, old, new, imports=imports)


_WHERE = ("main", "helper", "module")
for _gi, _getter in enumerate(_GETTERS):
    for _ti, _text in enumerate(CLOSURE):
        for _si, _state in enumerate(_STATES):
            cell_prog(_getter, _text, _state, _WHERE[(_gi + _ti + _si) % 3])

_FRAME_MAKER = '''
FRAMES = []


def maker():
    state = {{"axes": ("i", "j")}}
    FRAMES.append({fetch}())

    def get():
        return state["axes"]
    return get
'''


def frame_prog(getter, text, write, where):
    imports, G = _GETTERS[getter]
    fetch = f"inspect.getattr_static(sys, {GETFRAME[text]})" if getter == "getattr_static" else G("sys", GETFRAME[text])
    loc = f'{G("FRAMES[0]", FLOCALS[text])}["state"]'
    line, old, new = ((f'{loc}["axes"] = ("i",)', '= ("i",)', '= ("i", "j")') if write == "store"
                      else (f'{loc}.update(axes=("i",))', 'axes=("i",)', 'axes=("i", "j")'))
    doc = (f"maker's frame fetched by {getter} ({text}) and its f_locals read so; state {write} in {where}: "
           "get() is ('i',) at the psum.")
    head = "@REDUCE@" + _FRAME_MAKER.format(fetch=fetch)
    if where == "main":
        body = f"\n\ndef main(mesh, x):\n    get = maker()\n    {line}\n    return reduce_rows(mesh, x, get())\n"
    else:
        body = (f"\n\ndef loosen():\n    {line}\n\n\ndef main(mesh, x):\n    get = maker()\n    loosen()\n"
                "    return reduce_rows(mesh, x, get())\n")
    prog(f"frame_{getter}_{write}_{text}_{where}", doc, head + body, old, new, imports="import sys\n" + imports)


for _gi, _getter in enumerate(_GETTERS):
    for _ti, _text in enumerate(GETFRAME):
        for _write in ("store", "update"):
            frame_prog(_getter, _text, _write, ("main", "helper")[(_gi + _ti) % 2])

# Family "hint" (hint_kinds.py `_global`/`_library_decorator`/`subscript_plain`): a module class decorated by a
# known library's decorator is read as a class (never ClassVar nor InitVar), but `functools.partial(f)` and
# `jax.tree_util.Partial(f)` used as a decorator call the program's own `f` on the class and bind the name to
# whatever it returns: here `typing.ClassVar` or `dataclasses.InitVar`, so `axes: Shared = ...` is no field.
_HINT_IMPORTS = "import dataclasses\nimport functools\nimport typing\nimport jax.tree_util\n"
_MAKERS = {  # name -> (defs before the class, decorator expression)
    "partial_def_classvar": ("def _shared(cls):\n    return typing.ClassVar\n\n\n", "functools.partial(_shared)"),
    "partial_lambda_classvar": ("", "functools.partial(lambda cls: typing.ClassVar)"),
    "partial_def_initvar": ("def _shared(cls):\n    return dataclasses.InitVar\n\n\n", "functools.partial(_shared)"),
    "partial_arg_classvar": ("def _pick(kind, cls):\n    return kind\n\n\n", "functools.partial(_pick, typing.ClassVar)"),
    "jaxpartial_def_classvar": ("def _shared(cls):\n    return typing.ClassVar\n\n\n", "jax.tree_util.Partial(_shared)"),
    "jaxpartial_def_initvar": ("def _shared(cls):\n    return dataclasses.InitVar\n\n\n", "jax.tree_util.Partial(_shared)"),
}
_HINTS = {"bare": "Shared", "subscript": "Shared[tuple]", "text": '"Shared"'}
_USES = {  # name -> (after the class, axes expression in main, twin old, twin new)
    "class_attr": ('Cfg.axes = ("i",)\n', "Cfg().axes", 'Cfg.axes = ("i",)', 'Cfg.axes = ("i", "j")'),
    "fields": ("", '("i",) if not dataclasses.fields(Cfg) else ("i", "j")', "if not dataclasses", "if dataclasses"),
    "asdict": ("", '("i", "j") if "axes" in dataclasses.asdict(Cfg()) else ("i",)', '"axes" in', '"axes" not in'),
}


def hint_prog(maker, hint, use, future):
    defs, deco = _MAKERS[maker]
    after, expr, old, new = _USES[use]
    text = (("from __future__ import annotations\n" if future else "") + _HINT_IMPORTS + "@REDUCE@\n\n" + defs
            + f"\n@{deco}\nclass Shared:\n    pass\n\n\n@dataclasses.dataclass\nclass Cfg:\n"
            f"    axes: {_HINTS[hint]} = (\"i\", \"j\")\n\n\n{after}\n\ndef main(mesh, x):\n    axes = {expr}\n"
            "    return reduce_rows(mesh, x, axes)\n")
    doc = (f"Shared is what {deco} makes of the class ({maker}); `axes: {_HINTS[hint]}` is no dataclass field "
           f"({use}{', future annotations' if future else ''}): axes is ('i',).")
    prog(f"hint_{maker}_{hint}_{use}{'_future' if future else ''}", doc, text, old, new)


for _mi, _maker in enumerate(_MAKERS):
    for _hint in _HINTS:
        for _use in _USES:
            hint_prog(_maker, _hint, _use, future=(_hint != "text" and (_mi + len(_use)) % 2 == 0))

# Family "module" (program_objects.py `may_call_back`, temp_files.py `handed_unmodelled`): the script's own
# module object (`import __main__`, `sys.modules[__name__]`) handed to a NumPy writer as the file. NumPy takes
# any object with a `write` attribute as a file and calls it: here the module's top-level `def write(data)`,
# which changes the axes the program later reads. ModuleObj is not among the program's values that may call
# back, and the run goes on as if the writer wrote nowhere.
_ACCESS = {
    "import_main": ("import __main__\n", "__main__"),
    "sys_modules_name": ("import sys\n", "sys.modules[__name__]"),
    "sys_modules_main": ("import sys\n", 'sys.modules["__main__"]'),
}
_WRITERS = {
    "np_save": lambda f: f"np.save({f}, np.zeros(2))",
    "np_savetxt": lambda f: f"np.savetxt({f}, np.zeros(2))",
    "jnp_save": lambda f: f"jnp.save({f}, np.zeros(2))",
    "array_dump": lambda f: f"np.zeros(2).dump({f})",
}
_EFFECTS = {  # name -> (module lines, write body, axes expression, twin old, twin new)
    "global": ('AXES = ("i", "j")\n', '    global AXES\n    AXES = ("i",)\n', "AXES", 'AXES = ("i",)', 'AXES = ("i", "j")'),
    "dict": ('STATE = {"axes": ("i", "j")}\n', '    STATE["axes"] = ("i",)\n', 'STATE["axes"]',
             '= ("i",)', '= ("i", "j")'),
    "count": ("CALLS = []\n", "    CALLS.append(len(data))\n", '("i",) if CALLS else ("i", "j")',
              '("i",) if CALLS', '("i", "j") if CALLS'),
}


def module_prog(access, writer, effect, temp):
    imports, holder = _ACCESS[access]
    state, body, expr, old, new = _EFFECTS[effect]
    call = _WRITERS[writer](holder)
    made = "    d = tempfile.mkdtemp()\n" if temp else ""
    text = ("import tempfile\n" + imports + "@REDUCE@\n\n" + state + f"\n\ndef write(data):\n{body}"
            f"\n\ndef main(mesh, x):\n{made}    {call}\n    axes = {expr}\n    return reduce_rows(mesh, x, axes)\n")
    doc = (f"{writer} is handed the script's own module ({holder}) as its file and calls the module's "
           f"`write` ({effect}{', after mkdtemp' if temp else ''}): axes is ('i',).")
    prog(f"module_{access}_{writer}_{effect}{'_temp' if temp else ''}", doc, text, old, new)


for _ai, _access in enumerate(_ACCESS):
    for _wi, _writer in enumerate(_WRITERS):
        for _ei, _effect in enumerate(_EFFECTS):
            module_prog(_access, _writer, _effect, temp=(_ai + _wi + _ei) % 2 == 0)
            if _effect == "global":
                module_prog(_access, _writer, _effect, temp=(_ai + _wi + _ei) % 2 == 1)

# Controls (the brief's suspected causes the run already gets right: none flagged on 959216af). An overflow
# of a host NumPy operation under an "error" warnings filter or `np.errstate(over="raise")` spelled otherwise,
# a closure cell reached by the plain `getattr` with a computed text, a def reached by a `globals()` walk.
_TRY = '''
def main(mesh, x):
    with warnings.catch_warnings():
        {setup}
        try:
            {op}
            axes = ("i", "j")
        except {caught}:
            axes = ("i",)
    return reduce_rows(mesh, x, axes)
'''
for _name, _setup, _op, _caught in (
        ("simplefilter_exp", 'warnings.simplefilter("error")', "np.exp(np.float64(1000.0))", "RuntimeWarning"),
        ("filter_category_float16", 'warnings.filterwarnings("error", category=RuntimeWarning)', "np.float16(1e6)",
         "RuntimeWarning"),
        ("simplefilter_int8", 'warnings.simplefilter("error")', "np.int8(127) + np.int8(1)", "RuntimeWarning"),
        ("simplefilter_exception", 'warnings.simplefilter("error")', "np.exp(np.float64(1000.0))", "Exception"),
        ("errstate_kwargs", "pass", 'with np.errstate(**{"over": "raise"}):\n                np.float16(1e6)',
         "FloatingPointError"),
        ("errstate_getattr", "pass", 'with getattr(np, "errstate")(over="raise"):\n                np.float16(1e6)',
         "FloatingPointError")):
    prog(f"control_warn_{_name}", f"Control: {_op.splitlines()[-1].strip()} raises under {_setup}; axes is ('i',).",
         "@REDUCE@\n" + _TRY.format(setup=_setup, op=_op, caught=_caught), '''axes = ("i",)''', '''axes = ("i", "j")  # twin''',
         imports="import warnings\n")
prog("control_getattr_computed", "Control: the plain getattr with a computed text reaches the cell (the run sees it).",
     "@REDUCE@" + _MAKER.format(state='("i", "j")', ret="state") + '''

def main(mesh, x):
    get = maker()
    cells = getattr(get, "__clo" + "sure__")
    setattr(cells[0], "cell_" + "contents", ("i",))
    return reduce_rows(mesh, x, get())
''', ', ("i",))', ', ("i", "j"))')
_WALK = '''
AXES = ("i", "j")


def setup_axes():
    global AXES
    AXES = ("i",)
'''
prog("control_globals_walk_main", "Control: setup_axes reached only by a globals() walk in main rebinds AXES.",
     "@REDUCE@" + _WALK + '''

def main(mesh, x):
    for name, f in list(globals().items()):
        if name.startswith("setup_"):
            f()
    return reduce_rows(mesh, x, AXES)
''', '    AXES = ("i",)', '    AXES = ("i", "j")')
prog("control_globals_walk_module", "Control: setup_axes reached only by a module-level globals() walk.",
     "@REDUCE@" + _WALK + '''

for _name, _f in list(globals().items()):
    if _name.startswith("setup_"):
        _f()


def main(mesh, x):
    return reduce_rows(mesh, x, AXES)
''', '    AXES = ("i",)', '    AXES = ("i", "j")')
