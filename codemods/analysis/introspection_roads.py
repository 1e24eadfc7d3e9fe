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
_TEXT_CALLS = frozenset({"getattr", "attrgetter", "methodcaller", "eval", "exec", "compile",
                         "__import__", "import_module", "__getattribute__"})
# Readers of any attribute of an object by a name they do not show (_hidden_steps).
_READERS = frozenset({"getmembers", "getmembers_static", "vars", "__dict__"})


def introspects(tree: ast.Module, unseen: bool = True) -> bool:
    """The module uses a road to cells or frames (see above). `unseen=False`: only the roads its
    text names (not `getattr(x, name)` nor `eval(text)`), for mutation.py's guard on running
    frames. Cached on the tree."""
    key = "_shardfix_introspects" if unseen else "_shardfix_introspects_named"
    cached = tree.__dict__.get(key)
    if cached is None:
        calls = {id(node.func): node for node in ast.walk(tree) if type(node) is ast.Call}
        library = _library_names(tree)
        roads = [node for node in ast.walk(tree) if _road(node, calls if unseen else None, library)]
        if not unseen and roads and all(type(node) is ast.Attribute and node.attr in _COMMON for node in roads):
            cached = _hidden_steps(tree, calls, library)  # (`self.trace(energy)`, a method of the program's)
        else:
            cached = bool(roads)
        tree.__dict__[key] = cached
    return cached


def _hidden_steps(tree: ast.Module, calls: dict, library: frozenset) -> bool:
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
        if kind is ast.Name and (node.id in _TEXT_CALLS and _unseen_text(node.id, calls.get(id(node)), False)
                                 and not _library_attribute(node.id, calls.get(id(node)), library)
                                 or node.id in _READERS):
            return True
        if kind is ast.Attribute and (node.attr in _TEXT_CALLS and _unseen_text(node.attr, calls.get(id(node)), True)
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


def _road(node: ast.AST, calls: dict, library: frozenset) -> bool:
    if _keyed_road(node):
        return True
    kind = type(node)
    if kind is ast.Name:
        return node.id in ROADS and not (node.id in _COMMON and node.id not in library.imported) \
            or calls is not None and node.id in _TEXT_CALLS and _unseen_text(node.id, calls.get(id(node)), False) \
            and not _library_attribute(node.id, calls.get(id(node)), library)
    if kind is ast.Attribute:
        return node.attr in ROADS and not (node.attr in _COMMON and (_of_library(node.value, library)
                                                                    or _of_logging(node.value, library))) \
            or calls is not None and node.attr in _TEXT_CALLS and _unseen_text(node.attr, calls.get(id(node)), True)
    if kind is ast.Import:
        return any(alias.name.split(".")[0] in _MODULES for alias in node.names)
    if kind is ast.ImportFrom:
        source = (node.module or "").split(".")[0]
        return source in _MODULES or any(alias.name == "*" or alias.name in ROADS
                                         and not (alias.name in _COMMON and not node.level and source in _ARRAYS)
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


def _unseen_text(name: str, call: ast.Call | None, method: bool) -> bool:
    """`getattr(f, name)`, `eval(text)`, `g = getattr`: a use whose attribute name or code is
    not a str constant given in the call itself, or one that names a road."""
    if call is None or call.keywords or any(type(arg) is ast.Starred for arg in call.args):
        return True
    if name in ("getattr", "setattr", "delattr"):
        texts = call.args[1:2]
    elif name == "__getattribute__":
        texts = call.args[-1:] if method else []
    elif name == "attrgetter":
        texts = call.args
    else:
        texts = call.args[:1]
    return not texts or any(type(arg) is not ast.Constant or type(arg.value) is not str
                            or any(road in arg.value for road in ROADS | _MODULES) for arg in texts)


def _library_attribute(name: str, call: ast.Call | None, library: frozenset) -> bool:
    """`getattr(jax.ops, aggregate)`, `getattr(jnp, name)`: an attribute of an array library's
    module is the library's own object, never a cell or frame of the program's (to put one there
    the program would need another road first, which is counted on its own)."""
    return name == "getattr" and call is not None and len(call.args) in (2, 3) and not call.keywords \
        and _of_library(call.args[0], library) and type(call.args[0]) in (ast.Name, ast.Attribute)


class _Names(frozenset):
    imported: frozenset
    logging: frozenset  # (names bound only by `import logging`: its `exception` logs, it reaches no frame)


def _library_names(tree: ast.Module) -> _Names:
    """The names bound only by an import of an array library (`jnp` of `import jax.numpy as jnp`),
    whose `stack`/`trace` are arrays' (names a road shares); `imported`: the names of _COMMON
    some import binds (a name of theirs no import binds holds what the module put there, which
    only another road could make a frame)."""
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
    names = _Names(name for name, roots in imports.items() if roots <= _ARRAYS and name not in others)
    names.logging = frozenset(name for name, roots in imports.items() if roots == {"logging"} and name not in others)
    names.imported = frozenset(
        alias.asname or alias.name for node in ast.walk(tree) if type(node) in (ast.Import, ast.ImportFrom)
        for alias in node.names if (alias.asname or alias.name) in _COMMON)
    return names


def _of_logging(value: ast.expr, library: _Names) -> bool:
    """`logging.exception(...)`: the logging module's function of that name, not `sys.exception`."""
    return type(value) is ast.Name and value.id in library.logging


def _of_library(value: ast.expr, library: frozenset) -> bool:
    """`jnp.stack`, `jax.numpy.stack`: an attribute of an array library's module."""
    while type(value) is ast.Attribute:
        value = value.value
    return type(value) is ast.Name and value.id in library
