"""A version guard's test evaluated as Python evaluates it on the target JAX (guards.py).

`jax.__version__` is a str: `jax.__version__ >= "0.8"` compares strings, and "0.10.2" < "0.8";
`jax.__version_info__` is a tuple of ints, compared item by item (`(0, 10, 2) > (0, 10)`);
`Version(jax.__version__)` (packaging) compares releases, padded with zeros; a module flag computed
from them (`JAX_VERSION = tuple(int(p) for p in jax.__version__.split(".")[:2])`) holds what its
expression computes. The evaluation knows constants, tuples, the module's flags (names assigned
once), a few builtins the module does not rebind, str methods, subscripts, generator expressions
and comparisons; anything else (or an error Python would raise: `Version(...) >= "0.8"`) leaves
the test undecided (Undecided).
"""
from __future__ import annotations

import ast
import operator
from typing import Callable

_BUILTINS: dict[str, Callable] = {"tuple": tuple, "int": int, "str": str, "list": list, "map": map, "len": len,
                                  "float": float}
_STR_METHODS = frozenset({"split", "rsplit", "strip", "lstrip", "rstrip", "partition", "rpartition",
                          "replace"})
_PARSERS = frozenset({"packaging.version.Version", "packaging.version.parse", "pkg_resources.parse_version"})
_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
            ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.In: lambda a, b: a in b,
            ast.NotIn: lambda a, b: a not in b}
_DEPTH = 20


class Undecided(Exception):
    pass


class VersionTest:
    """`version(node)`: the jax version attribute `node` reads ("__version__"/"__version_info__"),
    else None; `canonical(node)`: the dotted name a Name or Attribute resolves to; `flags`: names
    assigned once in the module, to their value; `bound`: every name the module binds."""

    def __init__(self, target: tuple[int, int, int], version: Callable, canonical: Callable,
                 flags: dict[str, ast.expr], bound: frozenset[str]) -> None:
        self.target, self.version, self.canonical, self.flags, self.bound = target, version, canonical, flags, bound

    def truth(self, test: ast.expr) -> bool:
        try:
            return bool(self.value(test, {}, 0))
        except Undecided:
            raise
        except Exception:  # noqa: BLE001  (Python raises in the test: neither branch runs)
            raise Undecided from None

    def value(self, node: ast.expr, env: dict, depth: int) -> object:
        if depth > _DEPTH:
            raise Undecided
        attribute = self.version(node)
        if attribute == "__version__":
            return ".".join(map(str, self.target))
        if attribute == "__version_info__":
            return tuple(self.target)
        kind = type(node)
        if kind is ast.Constant and type(node.value) in (str, int, bool, type(None)):
            return node.value
        if kind is ast.Tuple:
            return tuple(self.value(item, env, depth + 1) for item in node.elts)
        if kind is ast.Name:
            if node.id in env:
                return env[node.id]
            if node.id in _BUILTINS and node.id not in self.bound:
                return _BUILTINS[node.id]
            if node.id in self.flags:
                return self.value(self.flags[node.id], {}, depth + 1)
            raise Undecided
        if kind is ast.Subscript:
            holder = self.value(node.value, env, depth + 1)
            index = node.slice
            if type(index) is ast.Slice:
                key = slice(*(None if part is None else self.value(part, env, depth + 1)
                              for part in (index.lower, index.upper, index.step)))
            else:
                key = self.value(index, env, depth + 1)
            if type(holder) not in (str, tuple, list):
                raise Undecided
            return holder[key]
        if kind is ast.Compare:
            left = self.value(node.left, env, depth + 1)
            for op, right_node in zip(node.ops, node.comparators):
                right = self.value(right_node, env, depth + 1)
                if type(op) not in _COMPARE or not _COMPARE[type(op)](left, right):
                    if type(op) not in _COMPARE:
                        raise Undecided
                    return False
                left = right
            return True
        if kind is ast.BoolOp:
            result = None
            for item in node.values:
                result = self.value(item, env, depth + 1)
                if bool(result) is (type(node.op) is ast.Or):
                    return result
            return result
        if kind is ast.UnaryOp and type(node.op) is ast.Not:
            return not self.value(node.operand, env, depth + 1)
        if kind in (ast.GeneratorExp, ast.ListComp) and len(node.generators) == 1:
            generator = node.generators[0]
            if type(generator.target) is not ast.Name or generator.is_async:
                raise Undecided
            items = []
            for item in self.value(generator.iter, env, depth + 1):
                inner = {**env, generator.target.id: item}
                if all(self.value(test, inner, depth + 1) for test in generator.ifs):
                    items.append(self.value(node.elt, inner, depth + 1))
            return items if kind is ast.ListComp else iter(items)
        if kind is ast.Call and not node.keywords and not any(type(arg) is ast.Starred for arg in node.args):
            return self._call(node, env, depth)
        raise Undecided

    def _call(self, node: ast.Call, env: dict, depth: int) -> object:
        func = node.func
        args = [self.value(arg, env, depth + 1) for arg in node.args]
        if type(func) is ast.Name and func.id in _BUILTINS and func.id not in self.bound:
            return _BUILTINS[func.id](*args)
        if type(func) is ast.Attribute and func.attr in _STR_METHODS:
            holder = self.value(func.value, env, depth + 1)
            if type(holder) is str:
                return getattr(holder, func.attr)(*args)
            raise Undecided
        if self.canonical(func) in _PARSERS and len(args) == 1 and type(args[0]) is str:
            try:
                from packaging.version import Version
            except ImportError:  # pragma: no cover
                raise Undecided from None
            return Version(args[0])
        raise Undecided
