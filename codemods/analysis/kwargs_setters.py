"""A method that sets every keyword it is given as a field, called by __init__ (issue 13).

Diffusers' pipelines register their parts through a base-class method:

    class DiffusionPipeline(ConfigMixin):
        def register_modules(self, **modules):
            for name, module in modules.items():
                setattr(self, name, module)
            ...

    class StableDiffusionPipeline(DiffusionPipeline):
        def __init__(self, vae, unet, scheduler, mesh):
            self.register_modules(vae=vae, unet=unet, scheduler=scheduler)

Python runs the loop once per keyword of the call, so that statement stores exactly
`self.vae = vae`, `self.unet = unet`, `self.scheduler = scheduler` on the object being built,
in that order. That is how it is read (init_stores.stored_pairs), when the `setattr` can store
nothing else: the method is a plain undecorated method of a module class, the only def of its
name in the module, whose body holds the loop over its own `**` parameter (never rebound); and
every read of its name is such a call, `self.<method>(name=value, ...)` with keywords only (no
`**`), as a top-level statement of the `__init__` of a module class that finds this method, on
that __init__'s own first parameter; no string spells the name, no name loads it, and nothing
reads attributes by a computed name. Then the `setattr` is no change of any other field
(classes._field_changers), nor of a config's items unless those classes are config classes
(attr_dicts._changed_items). Anything else leaves the method as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.init_hooks import kwargs_loop
from codemods.analysis.named_reads import reads_by_computed_name
from codemods.analysis.nodes import DEFS, nodes_of_type, positional_params
from codemods.analysis.object_methods import class_method
from codemods.analysis.scopes import method_kind

SETTER_PAIRS = "_shardfix_setter_pairs"


def mark_kwargs_setters(scope) -> None:
    """Mark each qualifying call statement with the (target, value) pairs it stores, and the
    tree with the ids of the loops' `setattr` nodes; once per module."""
    tree = scope.tree
    if getattr(tree, "_shardfix_setters_marked", False):
        return
    tree._shardfix_setters_marked = True
    tree._shardfix_setter_stores = set()
    tree._shardfix_setter_calls = {}  # id of the `setattr` call -> names of the classes whose objects it sets
    defs: dict[str, list] = {}
    for node in nodes_of_type(tree, ast.FunctionDef):
        defs.setdefault(node.name, []).append(node)
    for cls in tree.body:
        for method in cls.body if type(cls) is ast.ClassDef else ():
            if type(method) is not ast.FunctionDef or method.name.startswith("__") or len(defs[method.name]) != 1 \
                    or method.decorator_list or method_kind(method) != "plain" or not positional_params(method.args):
                continue
            me = positional_params(method.args)[0].arg
            loop = kwargs_loop(method, me)
            if type(loop) is not ast.For or _rebinds(method, {me, method.args.kwarg.arg}):
                continue
            calls = _calls(scope, method)
            if calls is None:
                continue
            for stmt, receiver, _ in calls:
                stmt.__dict__[SETTER_PAIRS] = [
                    (ast.copy_location(ast.Attribute(value=ast.Name(id=receiver, ctx=ast.Load()), attr=keyword.arg,
                                                     ctx=ast.Store()), keyword), keyword.value)
                    for keyword in stmt.value.keywords]
            tree._shardfix_setter_stores.add(id(loop.body[0].value.func))
            tree._shardfix_setter_calls[id(loop.body[0].value)] = (cls.name,) + tuple(owner for _, _, owner in calls)


def _rebinds(method: ast.FunctionDef, names: set[str]) -> bool:
    return any(type(node) is ast.Name and node.id in names and type(node.ctx) is not ast.Load
               for node in ast.walk(method)) \
        or any(type(node) in (ast.Global, ast.Nonlocal) for node in ast.walk(method))


def _calls(scope, method: ast.FunctionDef):
    """(statement, receiver name, class name) of every read of the method's name, when each is such a call."""
    name, tree = method.name, scope.tree
    if any(type(node) is ast.Name and node.id == name for node in nodes_of_type(tree, ast.Name)) \
            or any(type(node.value) is str and node.value == name for node in nodes_of_type(tree, ast.Constant)) \
            or reads_by_computed_name(scope, {name}):
        return None
    reads = [node for node in nodes_of_type(tree, ast.Attribute) if node.attr == name]
    found = []
    for cls in tree.body:
        for init in cls.body if type(cls) is ast.ClassDef else ():
            if not isinstance(init, DEFS) or init.name != "__init__" or not positional_params(init.args):
                continue
            receiver = positional_params(init.args)[0].arg
            for stmt in init.body:
                call = stmt.value if type(stmt) is ast.Expr else None
                if type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr == name \
                        and type(call.func.value) is ast.Name and call.func.value.id == receiver:
                    if call.args or any(keyword.arg is None for keyword in call.keywords) \
                            or class_method(scope, cls, name) is not method:
                        return None
                    found.append((stmt, receiver, cls.name))
    if len(found) != len(reads) or not found:
        return None  # some read is not such a call
    return found
