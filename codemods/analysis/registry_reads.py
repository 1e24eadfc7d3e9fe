"""Item reads of a registry object's entries from outside its class (`HOOKS.hooks[name](...)`
for a def filed by `@HOOKS.register("ink_density")`), counted as the references that may reach
a filed def, so that its verdicts are closed once each such read was analysed.

A filed def is otherwise never judged closed (registry_objects.filed_def): a reading method of the
registry (`R.build(spec)`) may run any entry. Here the module reads the object only by items of
its entries' field, outside the class: every read of the module-level name is
`R.<entries>[key](...)` called, or a filling statement's `R.register`; no method of the class but
`__init__` and the registering ones reads the field. Each such item read may reach the def.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes, module_parents
from codemods.analysis.registering_methods import registering_names
from codemods.analysis.registry_objects import called_item, filed_def, registry_entries


def entry_reads(scope, function: ast.AST) -> list[ast.Attribute] | None:
    """The `R.<entries>` reads that may reach `function`, filed in registry object R (None: not
    such a def, or R is read in other ways too)."""
    if not filed_def(scope, function):
        return None
    cache = scope.tree.__dict__.setdefault("_shardfix_entry_reads", {})
    if id(function) not in cache:
        cache[id(function)] = _reads(scope, function)
    return cache[id(function)]


def _reads(scope, function: ast.AST) -> list[ast.Attribute] | None:
    holders = [stmt.targets[0].id for stmt in scope.tree.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
               and type(stmt.targets[0]) is ast.Name and (found := registry_entries(scope, stmt.targets[0].id))
               is not None and any(entry is function for _, entry in found[2])]
    if len(holders) != 1:
        return None
    cls, attr, _ = registry_entries(scope, holders[0])
    if attr is None:
        return None
    registering = registering_names(cls, attr)
    for member in cls.body:
        if isinstance(member, DEFS) and member.name != "__init__" and member.name not in registering \
                and any(type(node) is ast.Attribute and node.attr == attr for node in iter_nodes(member)):
            return None  # a method of the class reads the entries: which it runs is not counted
    parents = module_parents(scope.tree)
    reads = []
    for node in iter_nodes(scope.tree):
        if type(node) is not ast.Name or node.id != holders[0] or not isinstance(node.ctx, ast.Load):
            continue
        parent = parents.get(id(node))
        if type(parent) is ast.Attribute and parent.attr in registering:
            continue  # a filling statement (registry_entries checked each)
        if type(parent) is ast.Attribute and parent.attr == attr and called_item(parent, parents):
            reads.append(parent)
            continue
        return None
    return reads


def quiet_record(scope, entry: ast.expr) -> bool:
    """`GroupSpec("data")` filed as an entry: the construction of a module dataclass that defines
    no `__init__`, `__post_init__`, `__new__` or `__set_name__`-bearing class attribute, from
    literals and names, runs only the generated `__init__`: no code that could read the
    half-filled registry."""
    if type(entry) is not ast.Call or type(entry.func) is not ast.Name \
            or any(type(node) in (ast.Call, ast.Lambda, ast.NamedExpr, ast.Starred)
                   for arg in [*entry.args, *(keyword.value for keyword in entry.keywords)] for node in iter_nodes(arg)) \
            or any(keyword.arg is None for keyword in entry.keywords):
        return False
    cls = scope.classes.get(entry.func.id)
    if cls is None or cls not in scope.tree.body or cls.bases or cls.keywords or len(cls.decorator_list) != 1 \
            or scope.globals.unique_value(entry.func.id) is not None or scope.globals.unique_function(entry.func.id):
        return False
    decorator = cls.decorator_list[0]
    if scope.resolve(decorator.func if type(decorator) is ast.Call else decorator) != "dataclasses.dataclass":
        return False
    return not any(isinstance(member, DEFS) and member.name.startswith("__") for member in cls.body) \
        and not any(type(node) is ast.Call for stmt in cls.body if not isinstance(stmt, DEFS)
                    for node in iter_nodes(stmt))
