"""The keys of the objects an expression's value may be, hold, or be an item of, for
unchanged_objects.py (issue 13): a name (whatever its scope), `.attr` (any object's attribute of
that name), `()f` (what a module function `f` returns; `()f#i` item i of the tuples it returns),
`?<call>` (what a callable held by a name returns), `*attr` (any attribute). Calls of JAX, NumPy
and `math`, and builtins whose result holds nothing of their arguments, give new objects (no key).

It exists apart from unchanged_objects.py (the edges between keys and the keys changed in place)
because what an expression may hold is read from the expression alone: a new expression kind or
library call touches only this."""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS

# Libraries whose calls return new objects and neither keep nor change their arguments.
_FRESH_LIBRARIES = ("jax", "numpy", "math", "ast", "json", "re", "os.path", "time", "logging", "string")
# Builtins whose result holds nothing of their arguments, and which change none.
FRESH_BUILTINS = frozenset({"len", "str", "repr", "int", "float", "bool", "hash", "id", "abs", "round",
                            "isinstance", "issubclass", "hasattr", "callable", "format", "range", "print", "ord",
                            "chr", "any", "all", "type", "divmod", "pow", "hex", "bin", "oct", "ascii", "complex"})
# Builtins that may return (or hold) their arguments or items of them, and change none.
SHARING_BUILTINS = frozenset({"dict", "list", "tuple", "set", "frozenset", "sorted", "reversed", "iter", "next",
                              "enumerate", "zip", "map", "filter", "min", "max", "sum", "getattr", "vars", "super",
                              "object", "slice", "property", "staticmethod", "classmethod"})
# Methods that leave their arguments as they are (the receiver may still change: MUTATORS).
READING_METHODS = MUTATORS | frozenset({
    "get", "keys", "values", "items", "copy", "index", "count", "join", "format", "split", "rsplit", "partition",
    "rpartition", "strip", "lstrip", "rstrip", "startswith", "endswith", "replace", "lower", "upper", "splitlines",
    "astype", "reshape", "sum", "mean", "max", "min", "tolist", "item", "transpose", "fromkeys", "union",
    "intersection", "difference", "issubset", "issuperset", "add", "discard", "__getitem__", "__contains__",
    "encode", "decode", "zfill", "ljust", "rjust", "center", "swapaxes", "squeeze", "ravel", "flatten",
    # a NumPy generator's draws (its `shuffle` changes what it is given)
    "random", "normal", "uniform", "integers", "standard_normal", "permutation", "binomial", "poisson",
    "exponential", "gamma", "beta", "choice", "lognormal", "laplace", "gumbel"})
# Methods of text (str, bytes, a regex pattern) returning new strings or lists of them: no
# library object the module meets has one holding its receiver (a module class's is in `defs`).
_TEXT_METHODS = frozenset({"split", "rsplit", "splitlines", "partition", "rpartition", "strip", "lstrip",
                           "rstrip", "lower", "upper", "casefold", "zfill", "removeprefix", "removesuffix"})
# Bases whose constructors keep nothing of their arguments but in fields (or nothing at all).
_PLAIN_BASES = frozenset({"object", "NamedTuple", "Generic", "ABC", "Protocol", "Enum", "Exception"})


def returned(function) -> list[ast.expr]:
    """The values `function` returns or yields (its nested functions' aside)."""
    found: list[ast.expr] = []
    pending = list(function.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if type(node) in (ast.Return, ast.Yield, ast.YieldFrom) and node.value is not None:
            found.append(node.value)
        pending.extend(ast.iter_child_nodes(node))
    return found


def fresh_library(name: str) -> bool:
    if "tree" in name:
        return False  # `jax.tree.map(fn, cfg)`: the leaves reach `fn` as they are
    return any(name == prefix or name.startswith(prefix + ".") for prefix in _FRESH_LIBRARIES)


class ObjectKeys:
    """The keys half of unchanged_objects._Flow (which supplies imports, defs, classes and whole)."""

    def keys(self, node: ast.expr | None) -> set[str]:
        """The keys of the objects `node`'s value may be, hold, or be an item of."""
        kind = type(node)
        if node is None or kind is ast.Constant:
            return set()
        if kind is ast.Name:
            return set() if node.id in self.imports else {node.id}
        if kind is ast.Attribute:
            if self._imported(node):
                return set()
            return {"*attr"} if node.attr == "__dict__" else {"." + node.attr}
        if kind is ast.Subscript:
            return self.keys(node.value)
        if kind is ast.Starred or kind is ast.Await:
            return self.keys(node.value)
        if kind in (ast.Tuple, ast.List, ast.Set):
            return set().union(*(self.keys(item) for item in node.elts))
        if kind is ast.Dict:
            return set().union(*(self.keys(item) for item in [*node.keys, *node.values]))
        if kind is ast.IfExp:
            return self.keys(node.body) | self.keys(node.orelse)
        if kind is ast.BoolOp:
            return set().union(*(self.keys(item) for item in node.values))
        if kind is ast.BinOp:  # `a + b` of lists, `d | e` of dicts: new objects holding the items
            return self.keys(node.left) | self.keys(node.right)
        if kind is ast.NamedExpr:
            return self.keys(node.target) | self.keys(node.value)
        if kind in (ast.ListComp, ast.SetComp, ast.GeneratorExp):
            return self.keys(node.elt)
        if kind is ast.DictComp:
            return self.keys(node.key) | self.keys(node.value)
        if kind is ast.Lambda:
            return {f"lambda@{id(node)}"}
        if kind is ast.Call:
            return self._call_keys(node)
        return set()  # comparisons, unary operations, f-strings: new immutable values

    def parts(self, node: ast.expr) -> list[set[str]] | None:
        """The keys of each item of a tuple `node` stands for, when known item by item."""
        if type(node) in (ast.Tuple, ast.List) and not any(type(item) is ast.Starred for item in node.elts):
            return [self.keys(item) for item in node.elts]
        if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in self.defs \
                and node.func.id not in self.classes:
            sizes = {len(value.elts) if type(value) is ast.Tuple and not any(type(item) is ast.Starred
                                                                           for item in value.elts) else None
                     for function in self.defs[node.func.id] for value in returned(function)}
            if len(sizes) == 1 and None not in sizes:
                return [{f"(){node.func.id}#{index}"} for index in range(sizes.pop())]
        return None

    def _imported(self, node: ast.expr) -> bool:
        while type(node) is ast.Attribute:
            node = node.value
        return type(node) is ast.Name and node.id in self.imports

    def _library(self, func: ast.expr) -> str | None:
        """The dotted name of an imported callee (`jnp.sum`: "jax.numpy.sum")."""
        parts = []
        while type(func) is ast.Attribute:
            parts.append(func.attr)
            func = func.value
        if type(func) is not ast.Name or func.id not in self.imports:
            return None
        return ".".join([self.imports[func.id], *reversed(parts)])

    def _call_keys(self, call: ast.Call) -> set[str]:
        func = call.func
        library = self._library(func)
        if library is not None:  # `partial(f, cfg)`, `copy.copy(cfg)`, `jax.tree.map(...)` may hold them
            return set() if fresh_library(library) else self._argument_keys(call)
        if type(func) is ast.Name:
            if func.id in FRESH_BUILTINS and func.id not in self.defs:
                return set()
            if func.id in ("globals", "locals"):
                return set()
            if func.id == "getattr" and len(call.args) >= 2:
                name = call.args[1]
                named = {"." + name.value} if type(name) is ast.Constant and type(name.value) is str else {"*attr"}
                return named | set().union(*(self.keys(arg) for arg in call.args[2:]))
            if func.id == "super":
                return {"self"}
            if func.id == "vars":
                return {"*attr"}
            if func.id in self.classes:  # an object of a class deriving from `dict` may hold the items given
                return {"self"} | (self._argument_keys(call) if self._foreign_base(self.classes[func.id]) else set())
            if func.id in self.defs:
                self.whole.add(func.id)
                return {f"(){func.id}"}
            if func.id in SHARING_BUILTINS:
                return self._argument_keys(call)
            return {f"?{id(call)}"}  # a callable held by a name: what the functions it may be return
        if type(func) is ast.Attribute:
            outside = self.keys(func.value) | self._argument_keys(call)  # `d.get(k)`, `x.astype(t)`
            if func.attr in self.defs:
                self.whole.add(func.attr)
                # a method of the module's, unless a dict's or list's of the same name is called
                return {f"(){func.attr}"} | (outside if func.attr in READING_METHODS else set())
            return self._argument_keys(call) if func.attr in _TEXT_METHODS else outside
        return {f"?{id(call)}"}

    def _foreign_base(self, cls: ast.ClassDef, depth: int = 0) -> bool:
        for base in cls.bases:
            name = base.id if type(base) is ast.Name else base.attr if type(base) is ast.Attribute else None
            if name in self.classes and depth < 8:
                if self._foreign_base(self.classes[name], depth + 1):
                    return True
            elif name not in _PLAIN_BASES:
                return True
        return False

    def _argument_keys(self, call: ast.Call) -> set[str]:
        return set().union(*(self.keys(arg) for arg in call.args), *(self.keys(k.value) for k in call.keywords))
