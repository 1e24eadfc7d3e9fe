"""Whether a call to a module function only reads the tree it is handed.

`placed = {k: jax.device_put(...) for k ...}` then `export(placed, "w")` where `def export(params,
name): return gather(params[name], SPECS[name])`: the helper reads items of its parameter and
changes nothing, so `placed['embed']` read after the call still holds what the comprehension put
there. A call counts as reading only when it names a module function defined once (no decorator,
no other binding of the name) and the argument lands on a named parameter that the function never
rebinds and only reads: items loaded (`params[name]`, `params['a']['b']`), read methods
(`.get`, `.items`, ...), iteration, comparison, or handed to a `jax` function, a reading builtin
or, in turn, to a reading parameter of another such function (a few calls deep); for a class,
a field `__init__` stores it in that the module only loops over (`self.layers = layers`, then
`for layer in self.layers`). Anything else
(stored, returned, passed elsewhere, `*args`, `**kwargs`, `globals()`) is unknown (False).
"""
from __future__ import annotations

import ast

from codemods.analysis.module_reads import module_binding_counts
from codemods.analysis.nodes import nodes_of_type
from codemods.context import FileContext

MAX_DEPTH = 3
_READS = frozenset({"get", "keys", "values", "items", "copy"})
_BUILTIN_READS = frozenset({"tuple", "list", "len", "sorted", "iter", "isinstance"})


def reads_only(ctx: FileContext, call: ast.Call, arg: ast.AST, depth: int = 0) -> bool:
    """True when `arg`, an argument of `call`, is certainly only read by the module function
    `call` names (see the module docstring); False when unknown."""
    if depth > MAX_DEPTH or not isinstance(call.func, ast.Name) or any(
            isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return False
    function, skip = _functions(ctx).get(call.func.id), 0
    if function is None:
        function, skip = _constructors(ctx).get(call.func.id), 1  # `Sequential(layers)`: its __init__ reads it
    if function is None:
        return False
    params = [*function.args.posonlyargs, *function.args.args][skip:]
    name = None
    for index, given in enumerate(call.args):
        if given is arg:
            name = params[index].arg if index < len(params) else None
    for keyword in call.keywords:
        if keyword.value is arg:
            named = [p.arg for p in (*function.args.args, *function.args.kwonlyargs)]
            name = keyword.arg if keyword.arg in named else None
    return name is not None and _only_read(ctx, function, name, depth)


def _functions(ctx: FileContext) -> dict[str, ast.FunctionDef]:
    """Module functions defined once, without decorators, and bound nowhere else in the file."""
    def compute() -> dict[str, ast.FunctionDef]:
        counts = module_binding_counts(ctx.tree, with_params=True)
        return {node.name: node for node in ctx.tree.body
                if isinstance(node, ast.FunctionDef) and not node.decorator_list and counts.get(node.name) == 1}

    return ctx.cached("reading_helpers.functions", compute)


def _constructors(ctx: FileContext) -> dict[str, ast.FunctionDef]:
    """The `__init__` of each module class defined once, without decorator, base, keyword,
    `__new__` or `__init_subclass__`, whose body defines `__init__` once as a plain method:
    a construction runs only it on the arguments."""
    def compute() -> dict[str, ast.FunctionDef]:
        counts = module_binding_counts(ctx.tree, with_params=True)
        found = {}
        for node in ctx.tree.body:
            if type(node) is not ast.ClassDef or node.decorator_list or node.bases or node.keywords \
                    or counts.get(node.name) != 1:
                continue
            named = [m for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Assign,
                                                            ast.AnnAssign))]
            if any(isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name in ("__new__", "__init_subclass__")
                   for m in named):
                continue
            inits = [m for m in named if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == "__init__"
                     or not isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                         type(t) is ast.Name and t.id == "__init__" for t in getattr(m, "targets", [getattr(m, "target", None)]))]
            if len(inits) == 1 and type(inits[0]) is ast.FunctionDef and not inits[0].decorator_list \
                    and [*inits[0].args.posonlyargs, *inits[0].args.args]:
                found[node.name] = inits[0]
        return found

    return ctx.cached("reading_helpers.constructors", compute)


def _only_read(ctx: FileContext, function: ast.FunctionDef, name: str, depth: int) -> bool:
    from codemods.analysis.bindings import ast_dotted, resolve_dotted
    from codemods.analysis.iterated import _bound_names

    args = function.args
    if args.vararg is not None and args.vararg.arg == name or args.kwarg is not None and args.kwarg.arg == name:
        return False
    parent_of = {child: node for node in ast.walk(function) for child in ast.iter_child_nodes(node)}

    def harmless(call: ast.AST, node: ast.AST) -> bool:
        if not isinstance(call, ast.Call) or node is call.func:
            return False
        if isinstance(call.func, ast.Name) and call.func.id in _BUILTIN_READS and call.func.id not in _bound_names(ctx):
            return True
        callee = ast_dotted(call.func)
        resolved = resolve_dotted(ctx.imports.bindings, callee) if callee else None
        if resolved is not None and resolved.startswith("jax."):
            return True
        return reads_only(ctx, call, node, depth + 1)

    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id in ("globals", "locals", "vars", "exec", "eval"):
            return False
        if isinstance(node, ast.arg) and node.arg == name and node not in (*args.posonlyargs, *args.args, *args.kwonlyargs):
            return False  # a nested function or lambda with a parameter of the same name
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        if not isinstance(node, ast.Name) or node.id != name:
            continue
        if not isinstance(node.ctx, ast.Load):
            return False  # rebound: later reads may be of another tree
        top, parent = node, parent_of.get(node)
        while isinstance(parent, ast.Subscript) and parent.value is top:
            if not isinstance(parent.ctx, ast.Load) or isinstance(parent_of.get(parent), ast.AugAssign):
                return False  # `params['w'] = v`, `del params['w']`, `params['w'] += 1`
            top, parent = parent, parent_of.get(parent)
        if top is not node:  # an item read: used in place, never kept where code may change it
            if isinstance(parent, ast.Attribute) and parent.value is top:
                called = isinstance(parent_of.get(parent), ast.Call) and parent_of[parent].func is parent
                if called and parent.attr not in _READS:
                    return False  # `params['enc'].update(...)`
            elif not (isinstance(parent, (ast.BinOp, ast.UnaryOp, ast.Compare))
                      or isinstance(parent, ast.Subscript) and parent.slice is top  # a key: `STYLES[plan[name]]`
                      or isinstance(parent, ast.keyword) and harmless(parent_of.get(parent), top)
                      or harmless(parent, top) or _filled(function, parent_of, parent, top)):
                return False
            continue
        if isinstance(parent, ast.Attribute) and parent.value is node:
            if parent.attr not in _READS:
                return False
        elif isinstance(parent, ast.Assign) and parent.value is node and _held_for_loops(ctx, function, parent):
            continue
        elif isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node:
            continue
        elif isinstance(parent, ast.Compare):
            continue
        elif isinstance(parent, ast.keyword) and harmless(parent_of.get(parent), node):
            continue
        elif not harmless(parent, node):
            return False
    return True


def _held_for_loops(ctx: FileContext, function: ast.FunctionDef, store: ast.Assign) -> bool:
    """`self.layers = layers` in an `__init__`, where every read of `.layers` in the module is what
    a loop iterates (so no code changes the list through the field or takes another name for it),
    no `+=` grows it in place, and no code reaches the field by its name as a string
    (`getattr(self, "layers")`, `vars(self)`): the object keeps the list as it was handed and only
    reads it. (Changes through the caller's own names are the caller's checks.)"""

    params = [*function.args.posonlyargs, *function.args.args]
    target = store.targets[0] if len(store.targets) == 1 else None
    if function.name != "__init__" or not params or type(target) is not ast.Attribute \
            or type(target.value) is not ast.Name or target.value.id != params[0].arg:
        return False
    attr = target.attr
    by_name = any(type(node) is ast.Constant and node.value == attr for node in ast.walk(ctx.tree)) \
        or any(type(node) is ast.Name and node.id == "vars" or type(node) is ast.Attribute and node.attr == "__dict__"
               for node in ast.walk(ctx.tree))
    if by_name or any(type(node) is ast.AugAssign and type(node.target) is ast.Attribute and node.target.attr == attr
                      for node in nodes_of_type(ctx.tree, ast.AugAssign)):
        return False
    iterated = {id(node.iter) for kind in (ast.For, ast.AsyncFor, ast.comprehension) for node in nodes_of_type(ctx.tree, kind)}
    return all(id(node) in iterated for node in nodes_of_type(ctx.tree, ast.Attribute)
               if node.attr == attr and isinstance(node.ctx, ast.Load))


def _filled(function: ast.FunctionDef, parent_of: dict, statement: ast.AST, item: ast.AST) -> bool:
    """`out[k] = params[k]` into a local dict the function only builds (`out = {}`), fills
    with one-level item stores and returns: the item is moved, not changed."""
    if not isinstance(statement, ast.Assign) or statement.value is not item or len(statement.targets) != 1 \
            or not isinstance(statement.targets[0], ast.Subscript) or not isinstance(statement.targets[0].value, ast.Name):
        return False
    name = statement.targets[0].value.id
    for node in ast.walk(function):
        if not isinstance(node, ast.Name) or node.id != name:
            continue
        parent = parent_of.get(node)
        if isinstance(node.ctx, ast.Store):
            if not (isinstance(parent, ast.Assign) and isinstance(parent.value, ast.Dict) and not parent.value.keys):
                return False
        elif isinstance(parent, ast.Subscript) and parent.value is node and isinstance(parent.ctx, ast.Store) \
                and isinstance(parent_of.get(parent), ast.Assign) and parent_of[parent].targets == [parent]:
            continue
        elif not isinstance(parent, ast.Return):
            return False
    return True
