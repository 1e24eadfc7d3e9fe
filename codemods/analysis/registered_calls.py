"""Where a def a registering decorator files runs (issue 13): launcher code files its entry
points in a module dict and runs the one a command names,

    ENTRYPOINTS = {}
    def entrypoint(name):
        def register(fn):
            ENTRYPOINTS[name] = fn
            return fn
        return register

    @entrypoint("export")
    def export(args, kernel): ...

    def launch(argv):
        return ENTRYPOINTS[args.command](args)

The def runs at each call of an item of the table (besides the calls of its own name), when
nothing else can reach what the table holds: the table is a module name bound once, to `{}`,
and every read of it is the decorator's store or an item called at once (`TABLE[key](...)`).
Any other read (`.get`, `.items()`, handing the table on, iterating it, `del`) leaves the def's
callers unknown. The def must be filed under a str literal no other decorated def of the module
takes (a later def under the same key replaces it); a call by another literal key runs another
def, and a call by a key the text does not give (`TABLE[args.command]`) counts as a call of the
def. The decorator is a module function bound once, exactly `def factory(key): def inner(fn):
TABLE[key] = fn; return fn; return inner` (or, used bare, `def register(fn): TABLE[fn.__name__]
= fn; return fn`, the def's name its key).
"""
from __future__ import annotations

import ast
from collections.abc import Mapping


def registry_calls(tree: ast.Module, function: ast.FunctionDef, bound: Mapping[str, int],
                   references: Mapping[str, list[ast.AST]], parents) -> tuple[ast.expr, list[ast.AST]] | None:
    """(the registering decorator, the item reads `TABLE[key]` that call the def) when the def's
    one decorator files it in a table only ever read that way; else None."""
    if len(function.decorator_list) != 1:
        return None
    decorator = function.decorator_list[0]
    named = decorator.func if isinstance(decorator, ast.Call) else decorator
    if not isinstance(named, ast.Name) or bound.get(named.id) != 1:
        return None
    factory = next((stmt for stmt in tree.body if isinstance(stmt, ast.FunctionDef) and stmt.name == named.id), None)
    if factory is None or factory.decorator_list:
        return None
    store = _filing_store(factory, called=isinstance(decorator, ast.Call))
    if store is None or not isinstance(store.value, ast.Name):
        return None
    table = store.value.id
    if bound.get(table) != 1 or not _empty_dict_at_module_level(tree, table):
        return None
    key = _filed_key(decorator, function)
    keys = [_filed_key(other.decorator_list[0], other) for other in ast.walk(tree)
            if isinstance(other, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and len(other.decorator_list) == 1
            and _decorator_name(other.decorator_list[0]) == named.id]
    if key is None or keys.count(key) != 1 or None in keys \
            or sum(_decorator_name(d) == named.id for other in ast.walk(tree)
                   for d in getattr(other, "decorator_list", ())) != len(keys):
        return None  # filed under a key the text does not give, or twice: which def a key runs is not known
    reads = []
    for node in references.get(table, []):
        if node is store.value:
            continue
        item = parents.get(id(node))
        call = parents.get(id(item))
        if not (isinstance(item, ast.Subscript) and item.value is node and isinstance(item.ctx, ast.Load)
                and isinstance(call, ast.Call) and call.func is item):
            return None  # the table read some other way: what runs its items is not seen
        picked = item.slice.value if isinstance(item.slice, ast.Constant) else None
        if picked is None or picked == key:
            reads.append(item)  # (a call by another literal key runs another def)
    return decorator, reads


def _decorator_name(decorator: ast.expr) -> str | None:
    named = decorator.func if isinstance(decorator, ast.Call) else decorator
    return named.id if isinstance(named, ast.Name) else None


def _filed_key(decorator: ast.expr, function) -> str | None:
    """The str a def is filed under: the decorator's one literal argument, or the def's name for a
    bare decorator; None when the text does not give it."""
    if not isinstance(decorator, ast.Call):
        return function.name
    if len(decorator.args) == 1 and not decorator.keywords and isinstance(decorator.args[0], ast.Constant) \
            and isinstance(decorator.args[0].value, str):
        return decorator.args[0].value
    return None


def _filing_store(factory: ast.FunctionDef, called: bool) -> ast.Subscript | None:
    """The `TABLE[...] = fn` store of a registering decorator, exactly of the forms above."""
    if called:
        if len(factory.body) != 2:
            return None
        inner, back = factory.body
        if not isinstance(inner, ast.FunctionDef) or inner.decorator_list \
                or not (isinstance(back, ast.Return) and isinstance(back.value, ast.Name) and back.value.id == inner.name):
            return None
    else:
        inner = factory
    params = inner.args
    if len(params.args) != 1 or params.posonlyargs or params.kwonlyargs or params.vararg or params.kwarg \
            or len(inner.body) != 2:
        return None
    fn = params.args[0].arg
    assign, back = inner.body
    if not (isinstance(assign, ast.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0], ast.Subscript)
            and _is_name(assign.value, fn) and isinstance(back, ast.Return) and _is_name(back.value, fn)):
        return None
    return assign.targets[0]


def _is_name(node: ast.AST | None, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _empty_dict_at_module_level(tree: ast.Module, name: str) -> bool:
    return any(isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and _is_name(stmt.targets[0], name)
               and isinstance(stmt.value, ast.Dict) and not stmt.value.keys for stmt in tree.body)

