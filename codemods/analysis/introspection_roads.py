"""Roads by which a program reaches a function's closure cells or a frame's locals without
naming the variable (closure_cells.py; found by adversarial32).

The closure reading follows the loads of a maker's variable by NAME. A cell is also reached
through the function object the maker returns (`get.__closure__[0].cell_contents = ("i",)`,
`inspect.getclosurevars(get).nonlocals["state"]`, `gc.get_referents(...)`), and every local of
the maker through its frame once the frame escapes (`sys._getframe()`, `inspect.currentframe()`,
a caught exception's `__traceback__` or `sys.exc_info()[2]`, a generator's `gi_frame`, a trace
function's frame argument), read by `frame.f_locals[...]`. Where the module uses any of these
roads, anywhere, its makers' cells are not known: a guard on the whole module, conservative by
construction rather than a model of where each road leads. A road is any of ROADS as a name,
an attribute or an imported name, or inside the text a call reads as an attribute name or code
(`getattr(get, "__closure__")`, `exec("...")`); an attribute or code whose text the call does
not show (`getattr(f, name)`, `eval(text)`, `g = getattr`) counts as one too, and so do the
modules that reach any object (`ctypes`, `gc`, the debuggers) imported at all. Only the names
array libraries share (`jnp.stack`, `np.trace`) are let pass on those libraries' modules, and a
`stack` no import binds (a list the module made).
"""
from __future__ import annotations

import ast
from codemods.analysis import known_texts, text_callees
from codemods.analysis.node_indexes import module_parents
from codemods.dataclass_code import dataclass

# Attributes and functions that hand out a cell, a frame, a traceback (which holds frames), a
# frame's locals, or every object: cells (`__closure__`, `cell_contents`, `CellType`,
# `getclosurevars`), frames (`f_locals`, `f_back`, `tb_frame`, `gi_frame`, `cr_frame`, `ag_frame`,
# `_getframe`, `currentframe`, `stack`, `trace`, `getouterframes`, `getinnerframes`,
# `getargvalues`, `walk_stack`, `walk_tb`, `get_stack`, `_current_frames`, `settrace`,
# `setprofile`, `set_trace`, `breakpoint`), tracebacks (`__traceback__`, `exc_info`, `exception`,
# `last_traceback`, `last_exc`, `last_value`, `tb_next`, `with_traceback`), any object
# (`get_referents`, `get_referrers`, `get_objects`, `pythonapi`).
ROADS = frozenset({
    "__closure__", "cell_contents", "CellType", "getclosurevars",
    "f_locals", "f_back", "f_globals", "tb_frame", "gi_frame", "cr_frame", "ag_frame", "_getframe", "currentframe",
    "stack", "trace", "getouterframes", "getinnerframes", "getargvalues", "getframeinfo", "walk_stack", "walk_tb",
    "get_stack", "print_stack", "_current_frames", "settrace", "setprofile", "set_trace", "breakpoint",
    "__traceback__", "exc_info", "exception", "last_traceback", "last_exc", "last_value", "tb_next",
    "with_traceback", "get_referents", "get_referrers", "get_objects", "pythonapi",
})
# Roads whose names array libraries use too (`jnp.stack`, `jax.profiler.trace`, `np.trace`): an
# attribute of such a library's module is not one.
_COMMON = frozenset({"stack", "trace", "exception"})
_ARRAYS = frozenset({"jax", "numpy", "jaxlib", "flax", "optax"})
# Modules that reach any object or frame however they are used.
_MODULES = frozenset({"ctypes", "gc", "pdb", "bdb", "faulthandler", "tracemalloc", "_testcapi"})
# Calls whose attribute or code may be any text: a road unless the text is a str constant.
# (setattr/delattr only reach what their first argument already holds: a cell or frame needs a road first.)
# `inspect.getattr_static(get, text)` hands out the `__closure__` or `f_locals` descriptor itself,
# whose `__get__` reads it (adversarial35).
_TEXT_CALLS = frozenset({"getattr", "attrgetter", "methodcaller", "eval", "exec", "compile",
                         "__import__", "import_module", "__getattribute__", "getattr_static"})
# Readers of any attribute of an object by a name they do not show (_hidden_steps).
_READERS = frozenset({"getmembers", "getmembers_static", "vars", "__dict__"})
# What else a text must not name, as an attribute or a module: the sys module (`sys.exception`,
# `sys.modules`), the builtins and the calls above fetched by name (`getattr(builtins, "exec")`),
# a module's namespace or a builtin function's module (`__self__`).
_REACHING = frozenset({"sys", "builtins", "__builtins__", "modules", "__dict__", "__self__", "__globals__", "globals",
                       "vars", "locals", "inspect", "traceback", "importlib", "operator", "pkgutil", "runpy"})
_TEXTS_NAMING = ROADS | _MODULES | _TEXT_CALLS | _REACHING
# Attributes and names by which the sys module itself, or a namespace that holds it, is reached
# other than by a name an import binds to it: `os.sys`, `sys.exit.__self__`, `globals()["sys"]`,
# `inspect.getmodule(f)`, `pkgutil.resolve_name("sys")`, `importlib.reload(m)`.
_SYS_HOLDERS = frozenset({"sys", "__self__", "__dict__", "__globals__", "f_globals", "__builtins__", "builtins",
                          "globals", "vars", "locals", "getmodule", "resolve_name", "load_module", "reload",
                          "__loader__", "__spec__"})


def introspects(tree: ast.Module, unseen: bool = True) -> bool:
    """The module uses a road to cells or frames (see above). `unseen=False`: only the roads its
    text names (not `getattr(x, name)` nor `eval(text)`), for mutation.py's guard on running
    frames. A call whose text is not written in it is no road where every run of it is seen and
    reads texts naming none (known_texts.py): an answer that waits on runs still to come is
    checked once the module's analysis is done. Code in a def that never runs is no road."""
    if tree.__dict__.get("_shardfix_text_by_value"):
        return True  # (a run called a text function where the text shows none: note_run)
    key = "_shardfix_introspects" if unseen else "_shardfix_introspects_named"
    cached = tree.__dict__.get(key)
    if cached is None:
        library = _library_names(tree)
        silent = _never_run(tree)
        calls = {id(node.func): node for node in ast.walk(tree) if type(node) is ast.Call}
        parents, holders = module_parents(tree), text_callees.holder_names(tree)
        aliased = bool(text_callees.aliases(tree))
        roads, sites = [], []
        for node in ast.walk(tree):
            if id(node) in silent:
                continue
            if _road(node, library) or text_callees.namespace_road(node, parents, holders, aliased):
                roads.append(node)
                if unseen:
                    break
            site = _text_site(tree, node, calls, library) if unseen else None
            if site is not None:
                sites.append(site)
        if not unseen and roads and all(type(node) is ast.Attribute and node.attr in _COMMON for node in roads):
            named = _hidden_steps(tree, calls, library)  # (`self.trace(energy)`, a method of the program's)
        else:
            named = bool(roads)
        cached = tree.__dict__[key] = True if named else _open_sites(tree, sites) if unseen else False
    if cached is True or cached is False:
        return cached
    if known_texts.strict(tree):
        return True
    if not tree.__dict__.get("_shardfix_texts_relied"):
        tree.__dict__["_shardfix_texts_relied"] = True
        known_texts.relied(tree, lambda: all(_seen_safe(tree, *each) for each in cached))
    return False


def _hidden_steps(tree: ast.Module, calls: dict, library: _Names) -> bool:
    """For the running-frames guard (`unseen=False`) of a module whose only roads are attributes
    named `stack`, `trace` or `exception` (often the program's own methods): whether it may
    still change a running function's local. `inspect.stack()`/`trace()` hand out frame records
    and `sys.exception()` an exception, never a local: the local is reached from them only by a
    further step (`f_locals`, `tb_frame`, `__traceback__`, `getargvalues`, `gc`, `ctypes`, ...),
    which is a road the guard counts where the module names it. So these attributes count only
    where that step may be hidden: a text call whose text is not given or names a road
    (`getattr(frame, name)`, `getattr(frame, "f_locals")`), a generic reader of attributes
    (`inspect.getmembers`, `vars`, `__dict__`), or any other str constant spelling a road
    (`vars(type(frame))["f_locals"]`)."""
    named = (ROADS - _COMMON) | _MODULES
    for node in ast.walk(tree):
        kind = type(node)
        if kind is ast.Name and ((name := _called(tree, node.id)) and _unwritten_text(name, calls.get(id(node)), False)
                                 and not _library_attribute(name, calls.get(id(node)), library)
                                 or node.id in _READERS):
            return True
        if kind is ast.Attribute and (node.attr in _TEXT_CALLS and _unwritten_text(node.attr, calls.get(id(node)), True)
                                      or node.attr in _READERS):
            return True
        if kind is ast.Constant and type(node.value) is str and any(road in node.value for road in named) \
                and not _docstring(tree, node):
            return True
    return False


def _docstring(tree: ast.Module, node: ast.Constant) -> bool:
    """A module's, class's or function's docstring (never read by the program as a name)."""
    owners = [tree] + [n for n in ast.walk(tree) if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)]
    return any(owner.body and type(owner.body[0]) is ast.Expr and owner.body[0].value is node for owner in owners)


def _unwritten_text(name: str, call: ast.Call | None, method: bool) -> bool:
    """`getattr(f, name)`, `eval(text)`, `g = getattr`: a use whose attribute name or code is
    not a str constant given in the call itself, or one that may name a road."""
    if call is None or call.keywords or any(type(arg) is ast.Starred for arg in call.args):
        return True
    texts = text_arguments(name, call, method)
    return not texts or any(type(arg) is not ast.Constant or type(arg.value) is not str or names_road(arg.value)
                            for arg in texts)


def _open_sites(tree: ast.Module, sites: list) -> bool | tuple:
    """True: some text call may run unseen (a road); else the (call, name, runs) whose recorded
    texts decide, once the runs are over; False when there is none."""
    pending = []
    for call, name in sites:
        function = _holding_def(tree, call)
        runs = known_texts.run_calls(tree, function) if function is not None else None
        if runs is None:
            return True
        if runs:
            pending.append((call, name, runs))
    return tuple(pending) or False


def _seen_safe(tree: ast.Module, call: ast.Call, name: str, runs: frozenset) -> bool:
    """Every run of the text call was seen, and no text it read names a road."""
    return known_texts.all_completed(tree, runs) and all(
        all(type(text) is str and not names_road(text) for text in texts) for texts in known_texts.seen_texts(tree, call))


def names_road(text: str) -> bool:
    """A text read as an attribute, a module or code that may name a road, or reach the sys
    module, a namespace or a call that reads another text."""
    return any(road in text for road in _TEXTS_NAMING)


def text_arguments(name: str, call: ast.Call, method: bool) -> list[ast.expr]:
    """The arguments a text call reads as attribute names, a module or code."""
    if name in ("getattr", "setattr", "delattr", "getattr_static"):
        return call.args[1:2]
    if name == "__getattribute__":
        return call.args[-1:] if method else []
    if name == "attrgetter":
        return list(call.args)
    return call.args[:1]


def note_run(tree: ast.Module, call: ast.Call, args: list, func: object = None) -> None:
    """A host run evaluated the text call `call` with `args` (host_exprs.py): the texts it read.
    A call the text does not show as one that nonetheless calls a text function (`func`, by value:
    text_callees.by_value) is a road no guard counted: the module's analysis is done again with
    every text call a road (known_texts.kept, `introspects`)."""
    name = text_calls(tree).get(id(call))
    if name is None and func is not None and text_callees.by_value(func):
        tree.__dict__["_shardfix_text_by_value"] = True
        known_texts.relied(tree, lambda: False)
    if name is not None:
        if name in ("getattr", "setattr", "delattr", "getattr_static"):
            texts = args[1:2]
        elif name == "__getattribute__":
            texts = args[-1:] if type(call.func) is ast.Attribute else []
        else:
            texts = args if name == "attrgetter" else args[:1]
        known_texts.note_texts(tree, call, texts if texts else [None])


def text_calls(tree: ast.Module) -> dict[int, str]:
    """id(call) -> its function's name, for each call whose texts a run records (host_exprs.py)."""
    cached = tree.__dict__.get("_shardfix_text_calls")
    if cached is None:
        cached = tree.__dict__["_shardfix_text_calls"] = {
            id(node): last for node in ast.walk(tree) if type(node) is ast.Call
            and (last := _called(tree, node.func.id) if type(node.func) is ast.Name else node.func.attr
                 if type(node.func) is ast.Attribute else None) in _TEXT_CALLS}
    return cached


def _called(tree: ast.Module, name: str) -> str | None:
    """The text function a name holds: its own name, or the one an import binds it to
    (`from builtins import getattr as ga`: text_callees.py); None for any other name."""
    return text_callees.aliases(tree).get(name) or (name if name in _TEXT_CALLS else None)


def _holding_def(tree: ast.Module, call: ast.Call) -> ast.AST | None:
    from codemods.analysis.node_indexes import module_parents

    parents = module_parents(tree)
    current = parents.get(id(call))
    while current is not None and type(current) is not ast.Module:
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return current
        current = parents.get(id(current))
    return None


def _never_run(tree: ast.Module) -> frozenset[int]:
    """Ids of the nodes inside module-level defs that never run (known_texts.run_calls: no code
    of a program run as a script calls them)."""
    cached = tree.__dict__.get("_shardfix_roads_never_run")
    if cached is None:
        found = set()
        for node in tree.body:
            if type(node) is ast.FunctionDef and known_texts.run_calls(tree, node) == frozenset():
                found |= {id(inner) for inner in ast.walk(node)}
        cached = tree.__dict__["_shardfix_roads_never_run"] = frozenset(found)
    return cached


def never_runs(tree: ast.Module, node: ast.AST) -> bool:
    """`node` stands in a def that never runs (hint_kinds.py: it binds no name)."""
    return id(node) in _never_run(tree)


def _road(node: ast.AST, library: _Names) -> bool:
    """A road the text names."""
    if _keyed_road(node):
        return True
    kind = type(node)
    if kind is ast.Name:
        return node.id in ROADS and not (node.id in _COMMON and node.id not in library.imported)
    if kind is ast.Attribute:
        if node.attr not in ROADS:
            return False
        if node.attr == "exception":
            return not (_of_library(node.value, library) or _of_logging(node.value, library)) \
                and _may_be_sys(node.value, library)
        return not (node.attr in _COMMON and _of_library(node.value, library))
    if kind is ast.Import:
        return any(alias.name.split(".")[0] in _MODULES for alias in node.names)
    if kind is ast.ImportFrom:
        source = (node.module or "").split(".")[0]
        return source in _MODULES or any(alias.name == "*" or alias.name in ROADS
                                         and not (alias.name in _COMMON and not node.level
                                                  and source in _ARRAYS | ({"logging"} if alias.name == "exception" else set()))
                                         for alias in node.names)
    return False


# Builtin types (`vars(BaseException)["__traceback__"]`): their namespaces hold the descriptors
# that read a cell or a frame.
_BUILTIN_TYPES = frozenset(name for name, value in vars(__import__("builtins")).items() if isinstance(value, type))


def _keyed_road(node: ast.AST) -> bool:
    """Roads reached by a str KEY rather than a name (found by adversarial33): a str constant that
    is a road's name (`vars(type(get))["__closure__"]`, `ns.get("cell_contents")`,
    `dict(inspect.getmembers(get))["__closure__"]`; the names arrays share only as a key of a
    namespace), `getmembers` (every attribute, cells and frames too), and the namespace of a
    type (`vars(type(cell))`, `type(cell).__dict__`, `vars(types.FunctionType)`, `x.__class__.__dict__`,
    a builtin type's), whose descriptors' `__get__`/`__set__` read and write cells and frames
    whatever key the program computes."""
    kind = type(node)
    if kind is ast.Constant:
        return type(node.value) is str and node.value in ROADS and node.value not in _COMMON
    if kind is ast.Subscript and type(node.slice) is ast.Constant and node.slice.value in _COMMON:
        return type(node.value) is ast.Call or type(node.value) is ast.Attribute and node.value.attr == "__dict__"
    if kind is ast.Name and node.id in ("getmembers", "getmembers_static") \
            or kind is ast.Attribute and node.attr in ("getmembers", "getmembers_static"):
        return True
    if kind is ast.Call and type(node.func) is ast.Name and node.func.id == "vars" and len(node.args) == 1:
        return _type_like(node.args[0])
    return kind is ast.Attribute and node.attr == "__dict__" and _type_like(node.value)


def _type_like(value: ast.expr) -> bool:
    """`type(x)`, `x.__class__`, `types.FunctionType`, `FunctionType`, a builtin type's name."""
    if type(value) is ast.Call:
        return type(value.func) is ast.Name and value.func.id == "type"
    if type(value) is ast.Attribute:
        return value.attr == "__class__" or value.attr.endswith("Type") \
            or type(value.value) is ast.Name and value.value.id == "types"
    return type(value) is ast.Name and (value.id in _BUILTIN_TYPES or value.id.endswith("Type"))


def _text_site(tree: ast.Module, node: ast.AST, calls: dict, library: _Names) -> tuple[ast.Call, str] | None:
    """A text call whose text is not written in it (the call, its function's name); a call
    whose written text names a road, or a text function used other than by a call, is a road
    itself (`_road` answers only for those the text names): counted here as a site no run
    can settle."""
    kind = type(node)
    if kind is ast.Name and (named := _called(tree, node.id)) is not None:
        name, method = named, False
    elif kind is ast.Attribute and node.attr in _TEXT_CALLS:
        name, method = node.attr, True
    else:
        return None
    call = calls.get(id(node))
    if kind is ast.Name and _library_attribute(name, call, library):
        return None
    if call is None or call.keywords or any(type(arg) is ast.Starred for arg in call.args):
        return _UNSETTLED
    texts = text_arguments(name, call, method)
    if not texts or any(type(arg) is ast.Constant and (type(arg.value) is not str or names_road(arg.value))
                        for arg in texts):
        return _UNSETTLED
    if all(type(arg) is ast.Constant for arg in texts):
        return None  # (written texts naming no road)
    return call, name


_UNSETTLED = (None, "")  # (a site no run settles: `_holding_def(None)` is None)


def _library_attribute(name: str, call: ast.Call | None, library: _Names) -> bool:
    """`getattr(jax.ops, aggregate)`, `getattr(jnp, name)`: an attribute of an array library's
    module is the library's own object, never a cell or frame of the program's (to put one there
    the program would need another road first, which is counted on its own)."""
    return name == "getattr" and call is not None and len(call.args) in (2, 3) and not call.keywords \
        and _of_library(call.args[0], library) and type(call.args[0]) in (ast.Name, ast.Attribute)


@dataclass(frozen=True)
class _Names:
    """What the module's imports bind, for the roads whose names other objects share."""
    arrays: frozenset  # names bound only by an import of an array library (`jnp`): `stack`/`trace` are arrays'
    imported: frozenset  # names of _COMMON some import binds (one no import binds holds the module's own value)
    logging: frozenset  # names bound only by `import logging`: its `exception` logs, it reaches no frame
    sys: frozenset  # names an import binds to the sys module (`import sys as s`, `from os import sys`)
    sys_flows: bool  # the sys module may be held other than by those names (see _sys_flows)


def _library_names(tree: ast.Module) -> _Names:
    imports, others = {}, set()
    for node in ast.walk(tree):
        if type(node) is ast.Import:
            for alias in node.names:
                name = alias.asname or alias.name.split(".")[0]
                imports.setdefault(name, set()).add(alias.name.split(".")[0])
        elif type(node) is ast.ImportFrom:
            for alias in node.names:
                others.add(alias.asname or alias.name)
        elif type(node) is ast.Name and not isinstance(node.ctx, ast.Load):
            others.add(node.id)
        elif type(node) is ast.arg:
            others.add(node.arg)
        elif type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            others.add(node.name)
    sys_names = frozenset(
        alias.asname or alias.name.split(".")[0] for node in ast.walk(tree) for alias in getattr(node, "names", ())
        if type(node) is ast.Import and alias.name.split(".")[0] == "sys" or type(node) is ast.ImportFrom
        and alias.name == "sys")
    return _Names(
        arrays=frozenset(name for name, roots in imports.items() if roots <= _ARRAYS and name not in others),
        imported=frozenset(alias.asname or alias.name for node in ast.walk(tree)
                           if type(node) in (ast.Import, ast.ImportFrom) for alias in node.names
                           if (alias.asname or alias.name) in _COMMON),
        logging=frozenset(name for name, roots in imports.items() if roots == {"logging"} and name not in others),
        sys=sys_names, sys_flows=_sys_flows(tree, sys_names))


def _sys_flows(tree: ast.Module, sys_names: frozenset) -> bool:
    """The sys module may be a value other than a name an import binds to it: such a name read
    but for one of its plain attributes (`s = sys`, `f(sys)`, `sys.modules`, `sys.__dict__`), an
    attribute or name that hands out a module or a namespace (_SYS_HOLDERS), `modules` from sys,
    an import by a text that may name sys (`importlib.import_module(name)`, `__import__("sys")`),
    or a text call whose text may (`getattr(os, "sys")`)."""
    from codemods.analysis.node_indexes import module_parents

    parents = module_parents(tree)
    silent = _never_run(tree)
    for node in ast.walk(tree):
        kind = type(node)
        if id(node) in silent:
            continue
        if kind is ast.Name and node.id in sys_names and isinstance(node.ctx, ast.Load):
            parent = parents.get(id(node))
            if type(parent) is not ast.Attribute or parent.value is not node or parent.attr == "modules" \
                    or parent.attr.startswith("__"):
                return True
        elif kind is ast.Attribute and node.attr in _SYS_HOLDERS or kind is ast.Name and node.id in _SYS_HOLDERS:
            return True
        elif kind is ast.ImportFrom and (node.module or "").split(".")[0] == "sys" \
                and any(alias.name in ("modules", "*") for alias in node.names):
            return True
        elif kind is ast.Call:
            last = _called(tree, node.func.id) if type(node.func) is ast.Name else node.func.attr \
                if type(node.func) is ast.Attribute else ""
            if last in _TEXT_CALLS:
                texts = text_arguments(last, node, type(node.func) is ast.Attribute)
                if not texts or any(type(arg) is not ast.Constant or type(arg.value) is not str
                                    or any(word in arg.value for word in _REACHING) for arg in texts):
                    return True
    return False


def _may_be_sys(value: ast.expr, library: _Names) -> bool:
    """`value.exception` may be `sys.exception` (which hands out the exception being handled,
    and through it the frames): `value` is a name an import binds to sys, or the module may
    hold sys anywhere else (`logger.exception(...)`, `future.exception()` otherwise are not)."""
    return library.sys_flows or type(value) is ast.Name and value.id in library.sys


def _of_logging(value: ast.expr, library: _Names) -> bool:
    """`logging.exception(...)`: the logging module's function of that name, not `sys.exception`."""
    return type(value) is ast.Name and value.id in library.logging


def _of_library(value: ast.expr, library: _Names) -> bool:
    """`jnp.stack`, `jax.numpy.stack`: an attribute of an array library's module."""
    while type(value) is ast.Attribute:
        value = value.value
    return type(value) is ast.Name and value.id in library.arrays
