"""Expressions of a host run (host_runs.py): the values a module function computes from real
objects, and the small objects a run needs beside those of host_objects.py (issue 13).

Each expression kind is evaluated as Python does, on the objects the run holds; an operation
whose result could depend on what the analysis does not know (a `Seq` that was a list or a
tuple, a record printed) or a kind not modelled stops the run (Bail).
"""
from __future__ import annotations

import ast
import operator
from collections import OrderedDict

from codemods.analysis.introspection_roads import note_run
from codemods.analysis.modelled_objects import ModelledContainer
from codemods.analysis.host_objects import (
    BUILTINS,
    Bail,
    ClassRef,
    FuncRef,
    Record,
    Seq,
    Special,
    to_python,
)
from codemods.analysis import named_exprs
from codemods.analysis.calendar_dates import DATE_METHODS
from codemods.analysis.exact_numbers import NUMBER_METHODS
from codemods.analysis.set_orders import unordered, unordered_within, walked
from codemods.analysis.live_loops import sources_of
from codemods.analysis.nodes import iter_nodes
from codemods.analysis.unattributed_exceptions import program_code_in
from codemods.analysis.scope_declarations import declarations
from codemods.analysis.values import Function, JaxName

BUDGET = 60_000
_MAX_TEXT = 50_000
MAX_DEPTH = 24


class Raised(BaseException):
    """An exception a builtin operation raised inside the run (the program may catch it)."""

    def __init__(self, error: Exception) -> None:
        self.error = error


class Return(BaseException):
    def __init__(self, value: object) -> None:
        self.value = value


class Break(BaseException):
    pass


class Continue(BaseException):
    pass


class LambdaValue:
    __slots__ = ("env", "node")

    def __init__(self, node: ast.Lambda, env: Env) -> None:
        self.node, self.env = node, env


class Iter:
    """An iterator (`filter(...)`, `map(...)`, a generator expression): its items, once. They are
    read when it is made, so only a pass within the statement that made it is certain: a later
    statement may change what it walks (`parts.pop()` between the making and the `tuple(...)`)."""

    __slots__ = ("items", "live", "made", "sources", "used")

    def __init__(self, items: list, made: int, live=None, sources: tuple = ()) -> None:
        # live: Python's own iterator over the same lists, for a `for` (live_loops.py); sources: the
        # lists and dicts the items were computed from, which a `for` body must leave as they were.
        self.items, self.used, self.made, self.live, self.sources = items, False, made, live, sources

    def take(self, now: int) -> list:
        if self.used or now != self.made:
            raise Bail  # a second pass over an iterator (empty in Python) is not modelled
        self.used = True
        return self.items


class Env:
    __slots__ = ("bound", "outer", "parent", "vars")

    def __init__(self, parent: Env | None, bound: frozenset[str]) -> None:
        self.vars: dict[str, object] = {}
        self.parent, self.bound = parent, bound
        self.outer: dict[str, Env] | None = None  # `global`/`nonlocal` names: the scope each lives in


_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
           ast.BitOr: operator.or_, ast.BitAnd: operator.and_}
def _union_side(value: object) -> bool:
    """A side of `A | B` whose `__or__` is CPython's own: None, a builtin type, a union or alias of them."""
    from codemods.analysis.function_slots import _plain

    return type(value) is not str and _plain(value)


_SET_OPS = {ast.BitOr: (operator.or_, operator.ior), ast.BitAnd: (operator.and_, operator.iand),
            ast.Sub: (operator.sub, operator.isub), ast.BitXor: (operator.xor, operator.ixor)}


def _member_set(value: object) -> bool:
    """A set of plain items and StrEnum/IntEnum members (script_values.StrMember, repr_enums.IntMember)."""
    return type(value) in (set, frozenset) and all(
        plain_tree(item) or type(item).__name__ in ("StrMember", "IntMember") for item in value)


_UNARY = {ast.Not: operator.not_, ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}
_COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
            ast.Gt: operator.gt, ast.GtE: operator.ge, ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}
VALUE_TYPES = (str, int, float, bool, type(None))
SPECIAL_BUILTINS = ("getattr", "hasattr", "type", "print", "globals", "object")


def plain_tree(obj: object, depth: int = 0) -> bool:
    """`obj` prints, compares and combines the same whether its sequences were lists or tuples
    in the program: no Seq, no record, no reference inside."""
    if depth > 10:
        return False
    if type(obj) in VALUE_TYPES:
        return True
    if type(obj) in (list, tuple, set, frozenset):
        return all(plain_tree(item, depth + 1) for item in obj)
    if type(obj) is dict:
        return all(plain_tree(k, depth + 1) and plain_tree(v, depth + 1) for k, v in obj.items())
    return False


def guard(function, *args, **kwargs):
    try:
        result = function(*args, **kwargs)
    except (Bail, Raised, Return):
        raise
    except Exception as error:  # noqa: BLE001 - what the real operation raised, for the program's handlers
        if program_code_in(function, args, kwargs):
            raise Bail from None  # (the program's object may do otherwise: unattributed_exceptions.py)
        raise Raised(error) from None
    if type(result) is str and len(result) > _MAX_TEXT:
        raise Bail
    return result


def bound_names(function: ast.AST, generator: bool = False) -> frozenset[str]:
    """Names a def or lambda binds in its own scope (params, stores; not in nested scopes, nor
    the names it declares `global` or `nonlocal`: scope_declarations.py). Kept on the node (a
    parsed tree is never edited): script runs ask again at every call of the function."""
    kept = function.__dict__.setdefault("_shardfix_bound_names", {})  # (by whether a generator is run)
    found = kept.get(generator)
    if found is None:
        try:
            found = _bound_names(function, generator)
        except Bail:
            found = Bail
        kept[generator] = found
    if found is Bail:
        raise Bail
    return found


def _bound_names(function: ast.AST, generator: bool) -> frozenset[str]:
    names = {a.arg for a in ast.walk(function.args) if type(a) is ast.arg}
    for node in iter_nodes(function, prune=lambda n: n is not function and type(n) in (
            ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
            ast.DictComp, ast.GeneratorExp)):
        if type(node) is ast.Name and type(node.ctx) is not ast.Load:
            names.add(node.id)
        elif type(node) in (ast.Await, ast.Yield, ast.YieldFrom) and not generator:
            raise Bail  # (a generator or coroutine def: only a script run runs one, script_generators.py)
    for node in iter_nodes(function, prune=lambda n: n is not function and type(n) in (
            ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
        if type(node) is ast.NamedExpr:  # (in a comprehension too: it binds in the def's scope, PEP 572)
            names.add(node.target.id)
    declared = declarations(function)
    if (declared[0] | declared[1]) & {a.arg for a in ast.walk(function.args) if type(a) is ast.arg}:
        raise Bail  # (a SyntaxError in Python)
    return frozenset(names - declared[0] - declared[1])



class HostExpressions:
    """The expression half of HostRun (which supplies attribute, call and the run's state)."""

    def truth(self, value: object) -> bool:
        if type(value) in (FuncRef, ClassRef, LambdaValue, Special, Record, Iter) or value in BUILTINS.values() \
                or type(value).__name__ in ("HostObj", "PartialObj", "ClosureRef", "Match"):
            return True  # none defines __bool__ or __len__ (host_classes.py: no such class is run)
        if type(value) in VALUE_TYPES or type(value) in (list, tuple, Seq, dict, set, frozenset) or type(value) in DATE_METHODS \
                or type(value) in NUMBER_METHODS:
            return bool(value)
        raise Bail

    def iterate(self, value: object) -> list:
        if type(value) is Iter:
            return value.take(self.statements)
        if type(value) in (str, list, tuple, Seq, set, frozenset, range) or type(value) in (dict, OrderedDict):
            if type(value) in (set, frozenset) and unordered([value]):
                return walked(self, value)  # the order of a set of strs changes from run to run (set_orders.py)
            return list(value)
        if type(value).__name__ in ("dict_keys", "dict_values", "dict_items", "odict_keys", "odict_values", "odict_items"):
            return list(value)
        raise Bail

    def index(self, node: ast.expr, env: Env) -> object:
        if type(node) is ast.Slice:
            parts = [self.eval(p, env) if p is not None else None for p in (node.lower, node.upper, node.step)]
            return slice(*parts)
        if type(node) is ast.Tuple and any(type(item) is ast.Slice for item in node.elts):
            return tuple(self.index(item, env) for item in node.elts)  # (`grid[0:8, 0:16]`: a tuple of slices)
        return self.eval(node, env)

    def name(self, name: str, env: Env) -> object:
        current = env
        while current is not None:
            if current.outer and name in current.outer:
                current = current.outer[name]
                continue
            if name in current.vars:
                return current.vars[name]
            if name in current.bound:
                raise Bail  # unbound local
            current = current.parent
        return self.global_value(name)

    def global_value(self, name: str) -> object:
        if name not in self.globals and name in SPECIAL_BUILTINS + tuple(BUILTINS) \
                and not self.interp.scope.globals.binds(name) and name not in self.interp.scope.imports.bindings:
            self.globals[name] = BUILTINS[name] if name in BUILTINS else Special("builtins." + name)
        if name not in self.globals and (found := self.replayed_global(name)) is not NotImplemented:
            return found
        if name not in self.globals:
            value = self.interp.lookup(name, self.interp.module_frame)
            try:
                obj = to_python(self.interp, value)
            except Bail:
                if (found := self.replayed_global(name, fallback=True)) is not NotImplemented:
                    return found
                raise
            if type(value) is Function and value.node not in self.interp.scope.tree.body:
                raise Bail
            self.globals[name] = self.enter(obj) if type(obj) in (list, dict, Seq, Record) else obj
        return self.globals[name]

    def binary(self, op: type, left: object, right: object, augmented: bool = False) -> object:
        if op in _SET_OPS and _member_set(left) and _member_set(right):
            # (`set(axes) | {Axis.FSDP}`: StrEnum/IntEnum members hash and compare as their str or
            # int; Python's own operator keeps the objects it keeps; `|=` on a set changes it in place)
            return guard(_SET_OPS[op][augmented and type(left) is set], left, right)
        if op is ast.BitOr and _union_side(left) and _union_side(right) and not (left is None and right is None):
            try:
                return left | right  # (`str | None`: a types.UnionType, CPython's own `type.__or__`)
            except TypeError:
                raise Bail from None
        if op not in _BINARY or not (plain_tree(left) and plain_tree(right)) \
                or op is ast.Mod and type(left) is str and unordered_within(right):  # (set_orders.py)
            raise Bail
        if augmented and type(left) is list and op is ast.Add:
            return guard(operator.iadd, left, right)
        if augmented and type(left) is dict and op is ast.BitOr:
            return guard(operator.ior, left, right)
        return guard(_BINARY[op], left, right)

    def arguments(self, node: ast.Call, env: Env) -> tuple[list, dict]:
        """The positional and keyword values a call passes (`*` and `**` spread; a keyword given
        twice stops the run)."""
        args: list = []
        for arg in node.args:
            if type(arg) is ast.Starred:
                args.extend(self.iterate(self.eval(arg.value, env)))
            else:
                args.append(self.eval(arg, env))
        kwargs: dict = {}
        for keyword in node.keywords:
            value = self.eval(keyword.value, env)
            if keyword.arg is None and _modelled_mapping(value):
                value = {key: value[key] for key in value.keys()}  # (`f(**proxy)`: its keys, then each item)
            elif keyword.arg is None and type(value).__name__ == "UObj" and value.data is None:
                from codemods.analysis.builtin_protocols import protocol_call
                value = protocol_call(self, "dict", dict, [value], {})  # (its `keys()`, then each `self[key]`)
            if keyword.arg is None:
                if type(value) is not dict or not all(type(k) is str for k in value) or set(value) & set(kwargs):
                    raise Bail
                kwargs.update(value)
            elif keyword.arg in kwargs:
                raise Bail
            else:
                kwargs[keyword.arg] = value
        return args, kwargs

    def eval(self, node: ast.expr, env: Env) -> object:
        self.tick()
        kind = type(node)
        if kind is ast.Constant:
            return node.value
        if kind is ast.Name:
            return self.name(node.id, env)
        if kind is ast.Attribute:
            if type(node.value) is ast.Name and not is_bound(node.value.id, env):
                module = self.interp.lookup(node.value.id, self.interp.module_frame)
                if isinstance(module, JaxName):
                    return to_python(self.interp, JaxName(f"{module.name}.{node.attr}"))
            return self.attribute(self.eval(node.value, env), node.attr)
        if kind is ast.Call:
            func = self.eval(node.func, env)
            args, kwargs = self.arguments(node, env)
            if self.interp is not None:
                note_run(self.interp.scope.tree, node, args, func)  # (the texts a text call read: known_texts.py)
            return self.call(func, args, kwargs)
        if kind is ast.BinOp:
            return self.binary(type(node.op), self.eval(node.left, env), self.eval(node.right, env))
        if kind is ast.UnaryOp:
            operand = self.eval(node.operand, env)
            if type(node.op) is ast.Not:
                return not self.truth(operand)
            if type(operand) not in (int, float, bool):
                raise Bail
            return guard(_UNARY[type(node.op)], operand)
        if kind is ast.BoolOp:
            value = None
            for part in node.values:
                value = self.eval(part, env)
                if part is node.values[-1]:
                    return value  # (Python hands the last operand back without testing it)
                if self.truth(value) == (type(node.op) is ast.Or):
                    return value
            return value
        if kind is ast.Compare:
            return self.compare(node, env)
        if kind is ast.IfExp:
            return self.eval(node.body if self.truth(self.eval(node.test, env)) else node.orelse, env)
        if kind in (ast.Tuple, ast.List, ast.Set):
            items: list = []
            for element in node.elts:
                if type(element) is ast.Starred:
                    items.extend(self.iterate(self.eval(element.value, env)))
                else:
                    items.append(self.eval(element, env))
            if kind is ast.Set:
                return guard(set, items)
            return tuple(items) if kind is ast.Tuple else items
        if kind is ast.Dict:
            built: dict = {}
            for key, value in zip(node.keys, node.values):
                if key is None:
                    spread = self.eval(value, env)
                    if type(spread) is not dict and not _modelled_mapping(spread):
                        raise Bail  # (a modelled mapping: its keys, then each item, as Python reads it)
                    built.update(spread)
                else:
                    guard(operator.setitem, built, self.eval(key, env), self.eval(value, env))
            return built
        if kind is ast.Subscript:
            holder = self.eval(node.value, env)
            key = self.index(node.slice, env)
            if (held := self.held_item(holder, key)) is not NotImplemented:
                return held
            if type(holder) not in (str, list, tuple, Seq, dict, OrderedDict) or type(key) not in (int, str, bool, slice):
                raise Bail
            found = guard(operator.getitem, holder, key)
            return Seq(found) if type(holder) is Seq and type(key) is slice else found
        if kind is ast.JoinedStr:
            return self.formatted(node, env)
        if kind in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            return self.comprehension(node, env)
        if kind is ast.Lambda:
            return LambdaValue(node, env)
        if kind is ast.NamedExpr:
            return named_exprs.named_expr(self, node, env)
        raise Bail

    def compare(self, node: ast.Compare, env: Env) -> bool:
        left = self.eval(node.left, env)
        for op, right_node in zip(node.ops, node.comparators):
            right = self.eval(right_node, env)
            kind = type(op)
            if kind in (ast.Is, ast.IsNot):
                if left is not None and right is not None:
                    raise Bail
                result = (left is right) == (kind is ast.Is)
            elif kind in (ast.In, ast.NotIn) and (held := self.held_contains(left, right)) is not NotImplemented:
                result = held == (kind is ast.In)
            elif kind in (ast.In, ast.NotIn):
                if type(right) not in (str, list, tuple, Seq, dict, set, frozenset) or not plain_tree(left):
                    raise Bail
                result = guard(_COMPARE[kind], left, right)
            elif kind in _COMPARE and (plain_tree(left) or type(left) in DATE_METHODS or type(left) in NUMBER_METHODS) \
                    and (plain_tree(right) or type(right) in DATE_METHODS or type(right) in NUMBER_METHODS):  # (dates: calendar_dates.py)
                result = guard(_COMPARE[kind], left, right)
            else:
                raise Bail
            if not result:
                return False
            left = right
        return True

    def formatted(self, node: ast.JoinedStr, env: Env) -> str:
        parts = []
        for value in node.values:
            if type(value) is ast.Constant:
                parts.append(value.value)
                continue
            if value.conversion not in (-1, ord("s"), ord("r")):
                raise Bail
            obj = self.eval(value.value, env)
            if not plain_tree(obj) or unordered_within(obj):
                raise Bail
            spec = self.formatted(value.format_spec, env) if value.format_spec is not None else ""
            obj = repr(obj) if value.conversion == ord("r") else obj
            parts.append(guard(format, obj, spec))
        return "".join(parts)

    def async_items(self, source: object):
        raise Bail  # (`async for` in a comprehension: only a script run runs coroutines)
    def comprehension_items(self, source: object):
        """What a comprehension's `for` walks (a script run pulls an itertools iterator as asked)."""
        return self.iterate(source)

    def comprehension(self, node, env: Env) -> object:
        results: list = []
        firsts: list = []
        unordered: list = []
        scope = Env(env, frozenset(n.id for g in node.generators for n in ast.walk(g.target) if type(n) is ast.Name))

        def walk(index: int) -> None:
            if index == len(node.generators):
                if type(node) is ast.DictComp:
                    results.append((self.eval(node.key, scope), self.eval(node.value, scope)))
                else:
                    results.append(self.eval(node.elt, scope))
                return
            generator = node.generators[index]
            source = self.eval(generator.iter, env if index == 0 else scope)
            if index == 0 and type(source).__name__ == "Unordered":  # (a directory's names: unordered_listings.py)
                from codemods.analysis.unordered_listings import collected

                unordered.append(collected(self, node, source, env))
                return
            if index == 0:
                firsts.append(source)
            for item in self.async_items(source) if generator.is_async else self.comprehension_items(source):
                self.tick()
                self.store(generator.target, item, scope)
                if all(self.truth(self.eval(test, scope)) for test in generator.ifs):
                    walk(index + 1)

        if type(node) is ast.GeneratorExp:
            try:
                walk(0)
            except Raised:
                raise Bail from None  # a generator runs when it is consumed, if ever: not here
        else:
            walk(0)
        if unordered:
            return unordered[0]  # (its items without an order, or their set: unordered_listings.py)
        if type(node) is ast.DictComp:
            built: dict = {}
            for key, value in results:
                guard(operator.setitem, built, key, value)
            return built
        if type(node) is ast.SetComp:
            return guard(set, results)
        return results if type(node) is ast.ListComp else Iter(results, self.statements, sources=sources_of(firsts))


def bail():
    raise Bail


def is_bound(name: str, env: Env) -> bool:
    """Whether the program binds `name` in `env` or a scope around it (the module's included)."""
    current = env
    while current is not None:
        if current.outer and name in current.outer:
            current = current.outer[name]
            continue
        if name in current.vars or name in current.bound:
            return True
        current = current.parent
    return False


def immutable(value: object) -> bool:
    return type(value) in VALUE_TYPES or type(value) is tuple and all(immutable(i) for i in value)


def _modelled_mapping(value: object) -> bool:
    """A library mapping the script run models (a ChainMap, a mapping proxy: script_collections.py,
    mapping_proxies.py), which `**` reads as Python does: its keys, then each item."""
    return isinstance(value, ModelledContainer) and hasattr(type(value), "keys") and hasattr(type(value), "__getitem__")
