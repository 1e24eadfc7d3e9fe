"""SF104's specs on the shared model: axis names read as symbols (symbols.py), and the verdicts that
hold for every value they may have.

SF104 reads its specs on LibCST (specs.py, spec_sources.py). Where a name in a P is no literal
(`P((PART_AXIS, DIM_AXIS), None)` with `PART_AXIS = os.environ.get("AXIS", "part")`, a parameter of
an entry function nothing calls, a `parse_args()` option), the interpreter's own evaluation of the
same `ast` node says whether it is a symbol: one value, the same at every read. Only a symbol read
once per run of the program is taken here: its root is a module name or a name of a function the
file never references (a function called twice may bind a parameter to two values, and the input's
spec and the out spec may come from different calls).

A verdict on specs holding symbols stands only when it is the same for every value the symbols may
take (every_value): each symbol may equal any other name met or be a new one, except where JAX
rejects the two equal before the call (two names sharded in the input's spec, which its
NamedSharding checks; a sharded and a reduced or unreduced name of one P, which P itself rejects).
A symbol must also be one str: certainly so (symbols.py), or an item of a dimension of the input's
spec that shards two or more names (a tuple there holds only str). Beyond a few symbols nothing is
judged.
"""
from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

from codemods.analysis.specs import Axes, Spec
from codemods.analysis.symbol_values import SymbolAxis
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

MAX_SYMBOLS = 4  # symbols in one pair of specs; beyond, no verdict (the cases grow as (n + k)^k)
_CHAINS = (ast.Name, ast.Attribute, ast.Subscript, ast.Call, ast.Tuple, ast.List)
_OPAQUE = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.ClassDef)
_FRESH = "\x02fresh:"


def symbol_axes(ctx: FileContext, node) -> Axes | None:
    """The axis names a P entry `node` (a LibCST node) reads when one of them is a symbol: one
    name per item, as JAX reads them; else None."""
    start, end = ctx.offsets(node)
    if isinstance(node, cst.Tuple) and node.lpar:  # `ast` counts a tuple's parentheses, LibCST not
        start, end = start - len(node.lpar), end + len(node.rpar)
    found = _reads(ctx).get((start, end))
    if found is None:
        return None
    expr, scopes = found
    interp = _interpreter(ctx)
    value = interp._sym_axis_value(expr, scopes)
    if type(value) is SymbolAxis:
        names: tuple = (value,)
    elif isinstance(value, tuple) and all(isinstance(name, str) for name in value):
        names = value
    else:
        return None
    if not any(type(name) is SymbolAxis for name in names) or not all(_once(interp, name) for name in names
                                                                          if type(name) is SymbolAxis):
        return None
    return names


def symbols_of(*specs: Spec) -> list[SymbolAxis]:
    found: list[SymbolAxis] = []
    for spec in specs:
        for axis in (*(axis for axes in spec.partitions for axis in axes), *spec.reduced, *spec.unreduced):
            if type(axis) is SymbolAxis and axis not in found:
                found.append(axis)
    return found


def every_value(in_spec: Spec, out_spec: Spec, summary: Callable[[Spec, Spec], object]) -> tuple[bool, bool]:
    """(whether `summary` of the two specs is the same, and not None, for every value the symbols
    may take; whether no two names may be equal, so that a fix spelled for distinct names is
    right). (False, False) when a symbol is not certainly one str or there are too many."""
    symbols = symbols_of(in_spec, out_spec)
    if len(symbols) > MAX_SYMBOLS:
        return False, False
    proved = {axis for axes in in_spec.partitions if len(axes) > 1 for axis in axes}
    if any(not symbol.typed and symbol not in proved for symbol in symbols):
        return False, False
    plain = sorted({axis for spec in (in_spec, out_spec) for axis in _names(spec) if type(axis) is not SymbolAxis})
    first, distinct = None, True
    for values in _assignments(symbols, plain):
        have, want = _renamed(in_spec, values), _renamed(out_spec, values)
        if not _valid(have, sharded_unique=True) or not _valid(want, sharded_unique=False):
            continue  # JAX rejects these specs before the call
        said = summary(have, want)
        if said is None:
            return False, False
        if first is None:
            first = said
        elif said != first:
            return False, False
        if any(not value.startswith(_FRESH) for value in values.values()) \
                or len(set(values.values())) < len(values):
            distinct = False
    return first is not None, first is not None and distinct


def reads_here(ctx: FileContext, axis: SymbolAxis, call) -> bool:
    """Whether `axis`'s root name, written at `call` (a LibCST node), reads the binding the
    symbol was read from (else a fix must not spell it there)."""
    from codemods.analysis.symbol_proofs import _reads_root

    found = _places(ctx).get(ctx.offsets(call))
    if found is None:
        return False
    scopes, opaque = found
    if opaque:
        return False
    return _reads_root(_interpreter(ctx), axis, scopes[-1] if scopes else None)


# --------------------------------------------------------------------------- the cases

def _names(spec: Spec) -> Iterator[str]:
    for axes in spec.partitions:
        yield from axes
    yield from spec.reduced
    yield from spec.unreduced


def _assignments(symbols: list[SymbolAxis], plain: list[str]) -> Iterator[dict]:
    """Each way the symbols may stand for names: one of the plain names, one an earlier symbol
    stands for, or a new one (renamings of new names are the same case)."""
    def extend(index: int, values: dict, fresh: int):
        if index == len(symbols):
            yield dict(values)
            return
        symbol = symbols[index]
        for name in [*plain, *sorted(set(values.values()))]:
            values[symbol] = name
            yield from extend(index + 1, values, fresh)
        values[symbol] = f"{_FRESH}{fresh}"
        yield from extend(index + 1, values, fresh + 1)
        del values[symbol]

    yield from extend(0, {}, 0)


def _renamed(spec: Spec, values: dict) -> Spec:
    def each(axes):
        return tuple(values.get(axis, axis) if type(axis) is SymbolAxis else axis for axis in axes)

    return Spec(tuple(each(axes) for axes in spec.partitions), each(spec.reduced), each(spec.unreduced))


def _valid(spec: Spec, sharded_unique: bool) -> bool:
    sharded = [axis for axes in spec.partitions for axis in axes]
    if sharded_unique and len(set(sharded)) < len(sharded):
        return False  # NamedSharding: a mesh axis maps to one dimension at most
    return not set(sharded) & set(spec.reduced + spec.unreduced) and not set(spec.reduced) & set(spec.unreduced)


# --------------------------------------------------------------------------- the shared model

def _interpreter(ctx: FileContext):
    def build():
        from codemods import jaxapi
        from codemods.analysis.interpreter import Interpreter
        from codemods.analysis.scopes import ModuleScope
        from codemods.analysis.shardmap import find_shard_maps
        from codemods.rules._diagnosis import Judge

        scope = ModuleScope(ctx.tree, ctx.imports, ctx.source)
        interp = Interpreter(scope, Judge(jaxapi.NEWEST_KNOWN))
        interp.uses = find_shard_maps(scope)
        interp.body_functions = {id(use.body) for use in interp.uses if use.body is not None}
        return interp

    return ctx.cached("spec_symbols.interpreter", build)


def _once(interp, symbol: SymbolAxis) -> bool:
    """A symbol read once per run of the program: of a module name, or of a function the file
    never references."""
    kind, binder, _ = symbol.root
    if kind == "module":
        return True
    function = interp._sym_binders.get(binder)
    return isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and interp.scope.class_of(function) is None \
        and not interp.scope.references(function.name)


def _reads(ctx: FileContext) -> dict:
    """Offsets -> (ast expression, enclosing functions) of every expression read outside
    comprehensions and class bodies (where the static scopes would not be its own), and inside a
    lambda only when it reads none of the lambda's parameters: the names it reads are then the
    enclosing function's, whose values bound once are the same whenever the lambda runs."""
    return _index(ctx)[0]


def _places(ctx: FileContext) -> dict:
    """Offsets -> (enclosing functions, inside a lambda/comprehension/class body) of every call."""
    return _index(ctx)[1]


def _index(ctx: FileContext):
    def build():
        reads: dict = {}
        places: dict = {}
        stack: list = [(ctx.tree, (), False, None)]
        while stack:
            node, scopes, opaque, hidden = stack.pop()
            if isinstance(node, ast.Call):
                places.setdefault(ctx.offsets(node), (scopes, opaque or hidden is not None))
            if isinstance(node, _CHAINS) and not opaque and (hidden is None or not any(
                    type(inner) is ast.Name and inner.id in hidden for inner in ast.walk(node))):
                reads.setdefault(ctx.offsets(node), (node, scopes))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                outer = [*node.decorator_list, node.args] + ([node.returns] if node.returns else [])
                stack.extend((child, scopes, opaque, hidden) for child in outer)
                stack.extend((stmt, (*scopes, node), False, None) for stmt in node.body)
                continue
            if isinstance(node, ast.Lambda) and not opaque:
                params = {arg.arg for arg in ast.walk(node.args) if isinstance(arg, ast.arg)}
                stack.append((node.args, scopes, opaque, hidden))
                stack.append((node.body, scopes, False, (hidden or frozenset()) | params))
                continue
            inner = opaque or isinstance(node, _OPAQUE)
            stack.extend((child, scopes, inner, hidden) for child in ast.iter_child_nodes(node))
        return reads, places

    return ctx.cached("spec_symbols.index", build)
