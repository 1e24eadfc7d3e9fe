"""Writes clean/ (library modules, no `__main__` block, each with the importer scenario in its
docstring that run_all.py executes) and twins/ (one edit of the module: the same scenario raises).

    python3 gen_clean.py

A module's scenario is the indented block after the docstring line "Importer:"; run_all.py imports the
module under its own name (not `__main__`) and runs the block with `mod`, `np` and `jax` bound.
"""
import pathlib

base = pathlib.Path(__file__).resolve().parent

HEAD = """import collections
import functools
import inspect
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
"""

# Bug kinds: what the state chosen by the module picks, its value in the module's text (BAD: JAX
# rejects it) and the value the importer's correct use makes it (GOOD), the body and specs.
KINDS = {
    "psum": dict(bad='("data", "model")', good='("data",)', rule="SF105",
                 spec='P("data", None)', body='lambda y: jax.lax.psum(y, chosen)', out="P()"),
    "gather": dict(bad='"model"', good='"data"', rule="SF101",
                   spec='P("data", None)', body='lambda y: jax.lax.all_gather(y, chosen, axis=0, tiled=True, to="reduced")',
                   out='P(None, reduced={"data"})'),
    "spec": dict(bad='"data"', good='("data", "model")', rule="SF105",
                 spec='P(chosen, None)', body='lambda y: jax.lax.psum(y, ("data", "model"))', out="P()"),
}

MAIN = """

def main(x):
    {read}
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    chosen = {chosen}
    spec = {spec}
    xs = jax.device_put({placed}, NamedSharding(mesh, spec))
    step = jax.shard_map({body}, mesh=mesh, in_specs=spec, out_specs={out})
    return step(xs)
"""

ARRAY = "np.arange(64, dtype=np.float32).reshape(8, 8)"

# Mechanisms: (cause, doc, state code with {bad}, expression main reads, importer lines with
# {good}, twin edit (old, new) of the module text, with {bad}).
SETTER_TWIN = ("= axes\n", "= {bad}\n")
M = {
    # A: another module function writes module state module_writers.py does not see as a write.
    "cache_settings": ("A", "a functools.cache'd maker hands out one dict; use_axes stores into it", """
@functools.cache
def settings():
    return {{"axes": {bad}}}


def use_axes(axes):
    settings()["axes"] = axes
""", 'settings()["axes"]', "mod.use_axes({good})", SETTER_TWIN),
    "lru_cache_settings": ("A", "a functools.lru_cache(maxsize=None)'d maker; use_axes stores into its dict", """
@functools.lru_cache(maxsize=None)
def settings():
    return {{"axes": {bad}}}


def use_axes(axes):
    settings()["axes"] = axes
""", 'settings()["axes"]', "mod.use_axes({good})", SETTER_TWIN),
    "cache_list_default": ("A", "a memo list in a default parameter makes settings() one dict", """
def settings(_memo=[]):
    if not _memo:
        _memo.append({{"axes": {bad}}})
    return _memo[0]


def use_axes(axes):
    settings()["axes"] = axes
""", 'settings()["axes"]', "mod.use_axes({good})", SETTER_TWIN),
    "default_dict_state": ("A", "one function reads and sets the axes kept in its literal default dict", """
def current_axes(set_to=None, _state={{"axes": {bad}}}):
    if set_to is not None:
        _state["axes"] = set_to
    return _state["axes"]
""", "current_axes()", "mod.current_axes({good})", ('_state["axes"] = set_to', '_state["axes"] = {bad}')),
    "default_list_state": ("A", "the axes kept in a literal default list, set by passing one", """
def current_axes(set_to=None, _state=[{bad}]):
    if set_to is not None:
        _state[0] = set_to
    return _state[0]
""", "current_axes()", "mod.current_axes({good})", ("_state[0] = set_to", "_state[0] = {bad}")),
    "closure_dict": ("A", "a getter and a setter closing over one dict made by a module-level call", """
def _make_switch():
    state = {{"axes": {bad}}}

    def get():
        return state["axes"]

    def put(axes):
        state["axes"] = axes
    return get, put


get_axes, use_axes = _make_switch()
""", "get_axes()", "mod.use_axes({good})", SETTER_TWIN),
    "closure_list": ("A", "a getter and a setter closing over one list", """
def _make_switch():
    state = [{bad}]

    def get():
        return state[-1]

    def put(axes):
        state.append(axes)
    return get, put


get_axes, use_axes = _make_switch()
""", "get_axes()", "mod.use_axes({good})", ("state.append(axes)", "state.append({bad})")),
    "closure_nonlocal": ("A", "a setter rebinding the getter's cell by `nonlocal`", """
def _make_switch():
    current = {bad}

    def get():
        return current

    def put(axes):
        nonlocal current
        current = axes
    return get, put


get_axes, use_axes = _make_switch()
""", "get_axes()", "mod.use_axes({good})", SETTER_TWIN),
    "class_closure": ("A", "a setter closure made in a class body's helper, exported as a module name", """
class _Switch:
    def __init__(self):
        box = {{"axes": {bad}}}
        self.get = lambda: box["axes"]
        self.put = lambda axes: box.update(axes=axes)


_SWITCH = _Switch()
use_axes = _SWITCH.put
""", "_SWITCH.get()", "mod.use_axes({good})", ("box.update(axes=axes)", "box.update(axes={bad})")),
    "getframe_globals": ("A", "use_axes stores into its own frame's f_globals", """
AXES = {bad}


def use_axes(axes):
    sys._getframe().f_globals["AXES"] = axes
""", "AXES", "mod.use_axes({good})", ('f_globals["AXES"] = axes', 'f_globals["AXES"] = {bad}')),
    "currentframe_globals": ("A", "use_axes stores through inspect.currentframe().f_globals", """
AXES = {bad}


def use_axes(axes):
    inspect.currentframe().f_globals["AXES"] = axes
""", "AXES", "mod.use_axes({good})", ('f_globals["AXES"] = axes', 'f_globals["AXES"] = {bad}')),
    "getmodule_store": ("A", "use_axes stores on the module inspect.getmodule finds for it", """
AXES = {bad}


def use_axes(axes):
    inspect.getmodule(use_axes).AXES = axes
""", "AXES", "mod.use_axes({good})", (".AXES = axes", ".AXES = {bad}")),
    "loop_consumes_plan": ("A", "a for loop over the module's iterator consumes its first plan", """
_PLAN = iter([{bad}, {good}])


def skip_plan():
    for axes in _PLAN:
        return axes
""", "next(_PLAN)", "mod.skip_plan()", ("for axes in _PLAN:", "for axes in [_PLAN]:")),
    "deque_rotate_class": ("A", "collections.deque.rotate called through the class on the module's deque", """
_PLANS = collections.deque([{bad}, {good}])


def next_plan():
    collections.deque.rotate(_PLANS, -1)
""", "_PLANS[0]", "mod.next_plan()", ("rotate(_PLANS, -1)", "rotate(_PLANS, -2)")),
    "dict_ior_class": ("A", "dict.__ior__ called through the class on the module's dict", """
SETTINGS = {{"axes": {bad}}}


def use_axes(axes):
    dict.__ior__(SETTINGS, {{"axes": axes}})
""", 'SETTINGS["axes"]', "mod.use_axes({good})", ('{"axes": axes}', '{"axes": {bad}}')),
    "list_init_class": ("A", "list.__init__ refills the module's list in place", """
PLANS = [{bad}]


def use_axes(axes):
    list.__init__(PLANS, [axes])
""", "PLANS[0]", "mod.use_axes({good})", ("[axes])", "[{bad}])")),
    "super_setattr": ("A", "use_axes stores through super(Config, CONFIG).__setattr__", """
class Config:
    def __init__(self):
        self.axes = {bad}


CONFIG = Config()


def use_axes(axes):
    super(Config, CONFIG).__setattr__("axes", axes)
""", "CONFIG.axes", "mod.use_axes({good})", ('"axes", axes)', '"axes", {bad})')),
    "builtins_setattr": ("A", "use_axes calls setattr spelled builtins.setattr", """
import builtins


class Config:
    def __init__(self):
        self.axes = {bad}


CONFIG = Config()


def use_axes(axes):
    builtins.setattr(CONFIG, "axes", axes)
""", "CONFIG.axes", "mod.use_axes({good})", ('"axes", axes)', '"axes", {bad})')),
    "partial_type_setitem": ("A", "use_axes is functools.partial(dict.__setitem__, SETTINGS, 'axes')", """
SETTINGS = {{"axes": {bad}}}
use_axes = functools.partial(dict.__setitem__, SETTINGS, "axes")
""", 'SETTINGS["axes"]', "mod.use_axes({good})", ('SETTINGS, "axes")', 'SETTINGS, "mode")')),
    "listcomp_update": ("A", "a list comprehension over the module's layers updates each", """
LAYERS = [{{"axes": {bad}}}]


def use_axes(axes):
    [layer.update(axes=axes) for layer in LAYERS]
""", 'LAYERS[0]["axes"]', "mod.use_axes({good})", ("update(axes=axes)", "update(axes={bad})")),
    "genexp_update": ("A", "a generator expression under any() over the module's layers updates each", """
LAYERS = [{{"axes": {bad}}}]


def use_axes(axes):
    any(layer.update(axes=axes) for layer in LAYERS)
""", 'LAYERS[0]["axes"]', "mod.use_axes({good})", ("update(axes=axes)", "update(axes={bad})")),
    "setcomp_setdefault": ("A", "a set comprehension over the module's layers pops and sets each", """
LAYERS = [{{"axes": {bad}}}]


def use_axes(axes):
    {{layer.pop("axes") for layer in LAYERS}}
    {{layer.setdefault("axes", axes) for layer in LAYERS}}
""", 'LAYERS[0]["axes"]', "mod.use_axes({good})", ('setdefault("axes", axes)', 'setdefault("axes", {bad})')),
    "package_is_none": ("D", "module-level code reads `__package__` (None only when run as a script)", """
AXES = {bad} if __package__ is None else {good}
""", "AXES", "", ("if __package__ is None", "if __package__ is not None")),
    "builtins_is_module": ("D", "module-level code reads the type of `__builtins__` (the module in `__main__`, a dict in an imported module)", """
AXES = {good} if isinstance(__builtins__, dict) else {bad}
""", "AXES", "", ("isinstance(__builtins__, dict)", "not isinstance(__builtins__, dict)")),
    "methodcaller_update": ("A", "use_axes applies operator.methodcaller('update', ...) to the module's dict", """
import operator

SETTINGS = {{"axes": {bad}}}


def use_axes(axes):
    operator.methodcaller("update", axes=axes)(SETTINGS)
""", 'SETTINGS["axes"]', "mod.use_axes({good})", ('"update", axes=axes)', '"update", axes={bad})')),
    "reduce_update": ("A", "functools.reduce folds the module's dict through a lambda that updates it", """
SETTINGS = {{"axes": {bad}}}


def use_axes(axes):
    functools.reduce(lambda table, item: table.update([item]) or table, [("axes", axes)], SETTINGS)
""", 'SETTINGS["axes"]', "mod.use_axes({good})", ('[("axes", axes)]', '[("axes", {bad})]')),
    "except_as_alias": ("A", "the module's layer comes back as an exception's argument and is stored into", """
LAYERS = [{{"axes": {bad}}}]


def use_axes(axes):
    try:
        raise LookupError(LAYERS[0])
    except LookupError as err:
        err.args[0]["axes"] = axes
""", 'LAYERS[0]["axes"]', "mod.use_axes({good})", ('["axes"] = axes', '["axes"] = {bad}')),
    "islice_consumes_plan": ("A", "itertools.islice over the module's iterator consumes its first plan", """
import itertools

_PLAN = iter([{bad}, {good}])


def skip_plan():
    list(itertools.islice(_PLAN, 1))
""", "next(_PLAN)", "mod.skip_plan()", ("islice(_PLAN, 1)", "islice(_PLAN, 0)")),
    "zip_consumes_plan": ("A", "dict(zip(...)) over the module's iterator consumes its first plan", """
_PLAN = iter([{bad}, {good}])


def skip_plan():
    return dict(zip(["skipped"], _PLAN))
""", "next(_PLAN)", "mod.skip_plan()", ('zip(["skipped"], _PLAN)', 'zip([], _PLAN)')),
    "listcomp_consumes_plan": ("A", "a list comprehension over zip(range(1), the module's iterator) consumes a plan", """
_PLAN = iter([{bad}, {good}])


def skip_plan():
    return [plan for _, plan in zip(range(1), _PLAN)]
""", "next(_PLAN)", "mod.skip_plan()", ("zip(range(1), _PLAN)", "zip(range(0), _PLAN)")),
    "generator_consumed": ("A", "the module's plans are a generator expression a for loop advances", """
_PLAN = (plan for plan in [{bad}, {good}])


def skip_plan():
    for plan in _PLAN:
        return plan
""", "next(_PLAN)", "mod.skip_plan()", ("for plan in _PLAN:", "for plan in [_PLAN]:")),
    "object_new_instance": ("A", "the module's CONFIG is made by object.__new__(Config), so its method's store on self is not seen as module state", """
class Config:
    axes = {bad}

    def use(self, axes):
        self.axes = axes


CONFIG = object.__new__(Config)
""", "CONFIG.axes", "mod.CONFIG.use({good})", ("self.axes = axes", "self.axes = {bad}")),
    "partial_made_instance": ("A", "the module's CONFIG is made by functools.partial(Config)(), so its method's store on self is not seen as module state", """
class Config:
    axes = {bad}

    def use(self, axes):
        self.axes = axes


CONFIG = functools.partial(Config)()
""", "CONFIG.axes", "mod.CONFIG.use({good})", ("self.axes = axes", "self.axes = {bad}")),
    "warnings_simplefilter": ("A", "quiet() turns warnings into errors process-wide; main's pick() takes the error branch", """
import warnings


def quiet():
    warnings.simplefilter("error")


def pick():
    try:
        warnings.warn("legacy axes")
    except UserWarning:
        return {good}
    return {bad}
""", "pick()", "with mod.warnings.catch_warnings():\n    mod.quiet()\n    MAINCALL", ('simplefilter("error")', 'simplefilter("ignore")')),
    "warnings_filterwarnings": ("A", "strict() makes DeprecationWarning an error process-wide; main's pick() takes the error branch", """
import warnings


def strict():
    warnings.filterwarnings("error", category=DeprecationWarning)


def pick():
    try:
        warnings.warn("old axes", DeprecationWarning)
    except DeprecationWarning:
        return {good}
    return {bad}
""", "pick()", "with mod.warnings.catch_warnings():\n    mod.strict()\n    MAINCALL", ('filterwarnings("error"', 'filterwarnings("ignore"')),
    # D: the module as an import leaves it is read as a script's.
    "main_namespace_is_globals": ("D", "module-level code asks whether `__main__`'s namespace is its own", """
import __main__

AXES = {bad} if vars(__main__) is globals() else {good}
""", "AXES", "", ("vars(__main__) is globals()", "vars(__main__) is not globals()")),
    "spec_name": ("D", "module-level code reads `__spec__.name` with `__main__` as the default", """
AXES = {bad} if getattr(__spec__, "name", "__main__") == "__main__" else {good}
""", "AXES", "", ('"__main__") == "__main__"', '"__main__") != "__main__"')),
    "spec_is_none": ("D", "module-level code reads `__spec__` (None only when run as a script)", """
AXES = {bad} if __spec__ is None else {good}
""", "AXES", "", ("if __spec__ is None", "if __spec__ is not None")),
}

# B: main's first read raises on None and on empty containers, not on a container of empty pytrees.
B = {
    "item_of_list_of_none": ("x[0]", "mod.main([None])", "a list holding None"),
    "item_of_tuple_of_empty": ("x[0]", "mod.main(((),))", "a tuple holding an empty tuple"),
    "item_of_dict_of_empty": ("x[0]", "mod.main({0: {}})", "a dict whose key 0 holds an empty dict"),
    "key_of_dict_of_none": ('x["images"]', 'mod.main({"images": None})', "a dict of one None"),
    "shape_of_namedtuple": ("x.shape", 'mod.main(collections.namedtuple("Batch", "shape")(()))',
                            "a namedtuple whose field `shape` is ()"),
    "neg_of_pytree_class": ("-x", "mod.main(Empty())", "a registered pytree class without leaves defining __neg__"),
}
B_STATE = """
@functools.cache
def settings():
    return {{"axes": {bad}}}
"""
EMPTY_CLASS = """
@jax.tree_util.register_pytree_node_class
class Empty:
    def __neg__(self):
        return self

    def tree_flatten(self):
        return (), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls()

"""

# E: uses the CHANGELOG's stated reading already leaves out (listed apart, not counted).
E = {
    "monkeypatch_axes": ("the importer rebinds the module's AXES itself", "AXES = {bad}\n", "AXES",
                         "mod.AXES = {good}"),
    "param_writer": ("a module function writes through its parameter; the importer hands it the module's CONFIG",
                     'CONFIG = {{"axes": {bad}}}\n\n\ndef set_option(config, key, value):\n    config[key] = value\n',
                     'CONFIG["axes"]', 'mod.set_option(mod.CONFIG, "axes", {good})'),
}

P = {}  # name -> (clean text, twin text, cause, doc, rule)


def module(doc, scenario, state, read, chosen, kind, placed="x"):
    k = KINDS[kind]
    lines = "\n".join("    " + line for line in scenario.splitlines())
    text = f'"""{doc}\n\nImporter:\n{lines}\n"""\n' + HEAD + state.rstrip() + "\n" + MAIN.format(
        read=read, chosen=chosen, spec=k["spec"], placed=placed, body=k["body"], out=k["out"])
    return text


def add(name, clean, twin, cause, doc, rule):
    assert clean != twin
    assert sum(a != b for a, b in zip(clean.splitlines(), twin.splitlines())) == 1, name
    P[name] = (clean, twin, cause, doc, rule)


for kind, k in KINDS.items():
    for mname, (cause, doc, state, read, importer, twin_edit) in M.items():
        fill = dict(bad=k["bad"], good=k["good"])
        st = state.format(**fill)
        scenario = (importer.format(**fill) + "\n" if importer else "") + f"mod.main({ARRAY})"
        if "MAINCALL" in importer:
            scenario = importer.replace("MAINCALL", f"mod.main({ARRAY})")
        text = module(f"{cause}: {doc}.", scenario, st, "rows, cols = x.shape", read, kind)
        old, new = twin_edit[0], twin_edit[1].replace("{bad}", k["bad"])
        assert text.count(old) == 1, (mname, kind, old)
        add(f"{cause.lower()}_{mname}_{kind}", text, text.replace(old, new), cause, doc, k["rule"])
    for bname, (read, call, doc) in B.items():
        st = B_STATE.format(bad=k["bad"]) + (EMPTY_CLASS if "Empty" in call else "")
        scenario = call.replace("Empty()", "mod.Empty()")
        text = module(f"B: main's first read `{read}` passes {doc}; nothing reaches a collective.", scenario, st,
                      f"first = {read}", 'settings()["axes"]', kind)
        old = "xs = jax.device_put(x,"
        add(f"b_{bname}_{kind}", text, text.replace(old, f"xs = jax.device_put({ARRAY},"), "B", doc, k["rule"])
    for ename, (doc, state, read, importer) in E.items():
        fill = dict(bad=k["bad"], good=k["good"])
        scenario = importer.format(**fill) + "\n" + f"mod.main({ARRAY})"
        text = module(f"E (stated exclusion): {doc}.", scenario, state.format(**fill), "rows, cols = x.shape", read, kind)
        old = importer.format(**fill)
        add(f"e_{ename}_{kind}", text, text.replace(old, importer.format(bad=k["bad"], good=k["bad"])), "E", doc, k["rule"])

if __name__ == "__main__":
    for sub in ("clean", "twins"):
        (base / sub).mkdir(exist_ok=True)
        for old in (base / sub).glob("*.py"):
            old.unlink()
    for name, (clean, twin, *_rest) in P.items():
        (base / "clean" / f"{name}.py").write_text(clean)
        (base / "twins" / f"{name}.py").write_text(twin)
    print(len(P), "programs")
