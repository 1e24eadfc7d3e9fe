"""Calls that may change the list or dict they are given, where the analysis does not read the
callee (issue 13; adversarial16 section B).

mutation.py follows the changing methods by name (`AXES.pop()`, `list.pop(AXES)`), and
changed_args.py the module's own helpers. The standard library changes its arguments in place
under many more names (`heapq.heappush(h, x)`, `bisect.insort(xs, x)`, `operator.iadd(xs, ys)`,
`random.shuffle(xs)`, `functools.reduce(operator.iadd, parts, acc)`), and a method reaches the
object by spellings not read as its name (`type(X).pop(X)`, `X.__class__.pop(X)`,
`list.__dict__["pop"](X)`). A deny-list of such names is never complete, so the rule is
conservative: a name handed to a standard-library call that is not known to leave its
arguments unchanged (PURE) may be changed there.
"""
from __future__ import annotations

import ast
import sys

from codemods.analysis.held_names import alias_key
from codemods.analysis.nodes import nodes_of_type
from codemods.analysis.reached_mutators import CHANGERS  # (list, dict and set methods that change the object)

# Standard-library modules none of whose functions changes a list or dict it is handed.
_PURE_MODULES = frozenset({
    "math", "cmath", "itertools", "json", "logging", "re", "os", "sys", "time", "string", "textwrap", "typing",
    "dataclasses", "copy", "pprint", "warnings", "enum", "abc", "contextlib", "inspect", "types", "numbers",
    "decimal", "fractions", "statistics", "hashlib", "pathlib", "shutil", "subprocess", "platform", "argparse",
    "datetime", "uuid", "struct", "base64", "pickle", "io", "tempfile", "glob", "fnmatch", "importlib",
    "threading", "collections", "traceback", "weakref", "gc", "keyword", "unicodedata", "difflib", "shlex",
    "socket", "getpass", "locale", "zlib", "gzip", "csv", "contextvars", "asyncio", "concurrent", "queue",
    "builtins", "__future__", "functools", "operator", "random"})
# In the modules above, the functions that do change an argument in place (or call a function
# given on it, whose effect is not read: `functools.reduce(operator.iadd, parts, acc)`).
_CHANGING = frozenset({
    "random.shuffle", "functools.reduce", "operator.iadd", "operator.iconcat", "operator.ior", "operator.iand",
    "operator.ixor", "operator.isub", "operator.imul", "operator.imatmul", "operator.itruediv",
    "operator.ifloordiv", "operator.imod", "operator.ipow", "operator.ilshift", "operator.irshift"})
# Functions of the other modules that only read what they are given.
_PURE_FUNCTIONS = frozenset({"heapq.nlargest", "heapq.nsmallest", "heapq.merge", "bisect.bisect", "bisect.bisect_left",
                             "bisect.bisect_right"})
# Constructors of the pure modules whose objects have methods that change an argument
# (`random.Random(1).shuffle(names)`).
_CHANGING_OBJECTS = frozenset({"random.Random", "random.SystemRandom"})


def _imports(tree: ast.Module) -> dict[str, str]:
    """Local name -> dotted standard-library name (`import heapq as hq`, `from bisect import insort`)."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if type(node) is ast.Import:
            for alias in node.names:
                if alias.name.split(".")[0] in sys.stdlib_module_names:
                    found[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
        elif type(node) is ast.ImportFrom and node.module and not node.level \
                and node.module.split(".")[0] in sys.stdlib_module_names:
            for alias in node.names:
                found[alias.asname or alias.name] = node.module + "." + alias.name
    return found


def _dotted(node: ast.expr, imports: dict[str, str]) -> str | None:
    parts = []
    while type(node) is ast.Attribute:
        parts.append(node.attr)
        node = node.value
    if type(node) is not ast.Name or node.id not in imports:
        return None
    return ".".join([imports[node.id], *reversed(parts)])


def _changes(name: str, call: ast.Call, imports: dict[str, str]) -> bool:
    """Whether a call of the standard-library function `name` may change what it is handed."""
    if name == "functools.reduce" and call.args:
        inner, given = _dotted(call.args[0], imports), call.args[0]  # (`reduce(operator.add, ...)`: new objects)
        if type(given) is ast.Lambda:  # (`lambda acc, a: acc + [a]`, `lambda acc, f: f(acc)`: read as written)
            return any(type(node) is ast.Call and (type(node.func) is ast.Attribute and node.func.attr in CHANGERS
                       or (inner := _dotted(node.func, imports)) is not None and _changes(inner, node, imports))
                       for node in ast.walk(given.body))
        return inner is None and type(given) is not ast.Name or inner is not None and _changes(inner, call, imports)
    if name in _CHANGING or any(name.startswith(prefix + ".") for prefix in _CHANGING_OBJECTS):
        return True
    return name.split(".")[0] not in _PURE_MODULES and name not in _PURE_FUNCTIONS


def _type_of(node: ast.expr) -> bool:
    """`type(X)`, `X.__class__`, `list.__dict__[...]`/`vars(list)[...]`: the object's own type or
    its namespace, a spelling of the method mutation.py does not read."""
    return type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "type" and len(node.args) == 1 \
        or type(node) is ast.Attribute and node.attr == "__class__"


def unread_changes(tree: ast.Module) -> set[str]:
    """Names (alias keys) a call not known to leave them unchanged is handed."""
    imports = _imports(tree)
    found: set[str] = set()
    for call in nodes_of_type(tree, ast.Call):
        func, handed = call.func, []
        if type(func) is ast.Attribute and func.attr in CHANGERS and _type_of(func.value):
            handed = call.args[:1]  # `type(NAMES).pop(NAMES)`
        elif type(func) is ast.Subscript and (type(func.value) is ast.Attribute and func.value.attr == "__dict__"
                                              or type(func.value) is ast.Call and type(func.value.func) is ast.Name
                                              and func.value.func.id == "vars"):
            key = func.slice
            if not (type(key) is ast.Constant and type(key.value) is str and key.value not in CHANGERS):
                handed = call.args[:1]  # `list.__dict__["pop"](NAMES)`: the type's function, unbound
        elif type(func) is ast.Attribute and type(func.value) is ast.Call \
                and (maker := _dotted(func.value.func, imports)) is not None and maker in _CHANGING_OBJECTS:
            handed = [*call.args, *(keyword.value for keyword in call.keywords)]  # `random.Random(1).shuffle(xs)`
        elif (name := _dotted(func, imports)) is not None and _changes(name, call, imports):
            handed = [*call.args, *(keyword.value for keyword in call.keywords)]
        for arg in handed:
            if type(arg) is ast.Starred:
                arg = arg.value
            key = alias_key(arg)
            if key is not None:
                found.add(key)
    return found
