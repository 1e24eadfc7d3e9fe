"""Constructors that take their options out of `**kwargs` one by one (issue 13), as
HuggingFace's `PretrainedConfig` and `GenerationConfig` do:

    def __init__(self, **kwargs):
        self.mesh_axes = tuple(kwargs.pop("mesh_axes", ("data", "model")))
        self.top_k = kwargs.pop("top_k", 0)
        for key, value in kwargs.items():     # or `self.extra = kwargs`
            setattr(self, key, value)

Each `kwargs.pop(key, default)` gives the keyword the construction passed, else its default,
and takes it out of the dict; what is left is what later statements read. Read only when that
order is certain: every pop has a constant str key (each key once) and sits in the value of a
top-level `self.attr = ...` store, outside any branch, loop, lambda or comprehension; the
defaults read neither the object nor the dict; every other read of the dict comes in a
statement after the last pop, and nothing binds the name again. Anything else keeps the dict
unknown once changed, as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.values import UNKNOWN, DictValue

_CONDITIONAL = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.IfExp, ast.BoolOp,
                ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom)


def keyword_pops(init: ast.FunctionDef) -> tuple[tuple[ast.Call, str, ast.expr | None], ...] | None:
    """The pops described above, in order, or None when __init__ is not of that shape."""
    cached = getattr(init, "_shardfix_keyword_pops", False)
    if cached is False:
        cached = _pops(init)
        init._shardfix_keyword_pops = cached
    return cached


def _pops(init: ast.FunctionDef):
    params = init.args
    if params.kwarg is None or not (params.posonlyargs or params.args):
        return None
    kwarg = params.kwarg.arg
    receiver = (params.posonlyargs or params.args)[0].arg
    pops: list[tuple[ast.Call, str, ast.expr | None]] = []
    pop_ids: set[int] = set()
    last = -1
    for index, stmt in enumerate(init.body):
        found = [node for node in ast.walk(stmt) if _pop_of(node, kwarg)]
        if not found:
            continue
        if not (type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Attribute
                and type(stmt.targets[0].value) is ast.Name and stmt.targets[0].value.id == receiver) \
                or any(isinstance(node, _CONDITIONAL) for node in ast.walk(stmt.value)):
            return None
        for call in found:
            default = call.args[1] if len(call.args) == 2 else None
            if default is not None and any(type(node) is ast.Name and node.id in (kwarg, receiver)
                                           for node in ast.walk(default)):
                return None
            pops.append((call, call.args[0].value, default))
            pop_ids.add(id(call.func.value))
        last = index
    if not pops or len({key for _, key, _ in pops}) != len(pops):
        return None
    for index, stmt in enumerate(init.body):
        for node in ast.walk(stmt):
            if type(node) is ast.Name and node.id == kwarg:
                if type(node.ctx) is not ast.Load or id(node) not in pop_ids and index <= last:
                    return None
            elif isinstance(node, (ast.Global, ast.Nonlocal)) and kwarg in node.names:
                return None
    return tuple(pops)


def _pop_of(node: ast.AST, kwarg: str) -> bool:
    if type(node) is not ast.Call or type(node.func) is not ast.Attribute or node.func.attr != "pop" \
            or type(node.func.value) is not ast.Name or node.func.value.id != kwarg:
        return False
    if node.keywords or not 1 <= len(node.args) <= 2 or any(type(arg) is ast.Starred for arg in node.args):
        return False
    return type(node.args[0]) is ast.Constant and type(node.args[0].value) is str


def popping_init(init: ast.FunctionDef) -> str | None:
    """The `**` parameter of an __init__ read as above (its pops are no unknown change)."""
    return init.args.kwarg.arg if keyword_pops(init) is not None else None


def take_pops(interp, init: ast.FunctionDef, frame) -> None:
    """Run the pops on the dict the construction handed __init__: each pop's value is held in
    the frame under a name no code can spell, the dict left is what later reads see."""
    pops = keyword_pops(init)
    kwarg = init.args.kwarg.arg
    given = frame.vars.get(kwarg)
    if not isinstance(given, DictValue):
        frame.vars[kwarg] = UNKNOWN
        for call, _, _ in pops:
            frame.vars[_held(call)] = UNKNOWN
        return
    keys, items = list(given.keys), list(given.items)
    for call, key, default in pops:
        if key in keys:
            at = keys.index(key)
            frame.vars[_held(call)] = items[at]
            del keys[at], items[at]
        else:
            frame.vars[_held(call)] = UNKNOWN if default is None else interp.eval(default, frame)
    frame.vars[kwarg] = DictValue(tuple(keys), tuple(items))


def read_expr(init: ast.FunctionDef, expr: ast.expr) -> ast.expr:
    """`expr` with each pop in it replaced by the name its value is held under."""
    pops = keyword_pops(init)
    if pops is None:
        return expr
    cache = init.__dict__.setdefault("_shardfix_popped_exprs", {})
    if id(expr) not in cache:
        calls = {id(call): call for call, _, _ in pops}
        cache[id(expr)] = _shallow(expr, calls)
    return cache[id(expr)]


def _held(call: ast.Call) -> str:
    return f"<popped {id(call)}>"


def _shallow(node: ast.AST, calls: dict[int, ast.Call]) -> ast.AST:
    """A copy of the nodes on the way to a pop, each pop a read of its held name; every other
    node stays the module's own (the analyses key facts by node)."""
    if id(node) in calls:
        return ast.copy_location(ast.Name(id=_held(node), ctx=ast.Load()), node)
    if not any(id(inner) in calls for inner in ast.walk(node)):
        return node
    copied = type(node)()
    for name, value in ast.iter_fields(node):
        if isinstance(value, list):
            setattr(copied, name, [_shallow(item, calls) if isinstance(item, ast.AST) else item for item in value])
        elif isinstance(value, ast.AST):
            setattr(copied, name, _shallow(value, calls))
        else:
            setattr(copied, name, value)
    return ast.copy_location(copied, node) if hasattr(node, "lineno") else copied
