"""Attribute stores that can only set a field of an object of a plain class (issue 13):
`self.axes = tuple(cfg.mesh.axes)` in `RNNTJoint.__init__`, beside a config read by attribute
(`cfg.mesh.axes` of a dict subclass whose `__getattr__` reads items: attr_dicts.py).

Such a store changes no config's item: its receiver is the method's own first parameter, and the
class has no base, keyword or decorator (so no config class is one of its subclasses or wraps
it), its name is used only to construct it (`RNNTJoint(cfg)`: no method is read off the class and
called with another object in `self`'s place), and the method never rebinds that parameter or
lets a nested scope do so. Any other store of an attribute still counts as a possible change of
the config item of that name. An item store into a field `__init__` made an empty dict or list
(`self._obj_map[name] = cls`, stored nowhere else) changes that object's own table alike, and so
does a dict method called on it (`self._history.setdefault(name, [])` of an event storage).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import module_parents, nodes_of_type


# A dict's own methods that change its items: on such a table, they change that table only.
_TABLE_CHANGERS = frozenset({"update", "setdefault", "pop", "popitem", "clear"})


def own_object_stores(tree: ast.Module, scope=None) -> frozenset[int]:
    """Ids of the Attribute store targets described above (and of the item stores and
    item-changing calls of such own tables); with the module's `scope`, classes that decorators
    only file in registries read only to construct are plain too."""
    cached = tree.__dict__.get("_shardfix_own_object_stores" if scope is None else "_shardfix_own_object_stores_filed")
    if cached is not None:
        return cached
    parents = module_parents(tree)
    found: set[int] = set()
    stored: dict[str, int] = {}  # attribute name -> how many stores the module makes of it
    for node in nodes_of_type(tree, ast.Attribute):
        if type(node.ctx) is not ast.Load:
            stored[node.attr] = stored.get(node.attr, 0) + 1
    for cls in nodes_of_type(tree, ast.ClassDef):
        if cls.bases or cls.keywords or cls.decorator_list and not _only_filed(scope, cls) \
                or not _only_constructed(tree, cls.name, parents):
            continue
        for method in cls.body:
            if type(method) is not ast.FunctionDef or method.decorator_list \
                    or not (method.args.posonlyargs + method.args.args):
                continue
            own = (method.args.posonlyargs + method.args.args)[0].arg
            nodes = list(ast.walk(method))
            if any(type(node) is ast.Name and node.id == own and type(node.ctx) is not ast.Load
                   or type(node) is ast.arg and node.arg == own and node is not (method.args.posonlyargs + method.args.args)[0]
                   or type(node) in (ast.Global, ast.Nonlocal) and own in node.names for node in nodes):
                continue
            found.update(id(node) for node in nodes if type(node) is ast.Attribute and type(node.ctx) is ast.Store
                         and type(node.value) is ast.Name and node.value.id == own)
            tables = _own_tables(cls, stored)
            found.update(id(node) for node in nodes if type(node) is ast.Subscript and type(node.ctx) is ast.Store
                         and type(node.value) is ast.Attribute and node.value.attr in tables
                         and type(node.value.value) is ast.Name and node.value.value.id == own)
            found.update(id(node) for node in nodes if type(node) is ast.Call and type(node.func) is ast.Attribute
                         and node.func.attr in _TABLE_CHANGERS and type(node.func.value) is ast.Attribute
                         and node.func.value.attr in tables and type(node.func.value.value) is ast.Name
                         and node.func.value.value.id == own)  # `self._history.setdefault(name, [])`
    result = frozenset(found)
    tree.__dict__["_shardfix_own_object_stores" if scope is None else "_shardfix_own_object_stores_filed"] = result
    return result


def _only_filed(scope, cls: ast.ClassDef) -> bool:
    """Every decorator of `cls` only files it in a module table and returns it, and every read of
    such a table constructs (`HEAD_REGISTRY[name](config, global_config)`): the class object
    reaches no code that could call a method with another object as its first argument."""
    from codemods.analysis.class_registries import registry_constructions
    from codemods.analysis.user_decorators import files_class

    return scope is not None and all(files_class(scope, decorator) for decorator in cls.decorator_list) \
        and registry_constructions(scope, cls) is not None


def _own_tables(cls: ast.ClassDef, stored: dict[str, int]) -> set[str]:
    """Fields `__init__` sets to a new empty dict or list (`self._obj_map = {}`), stored nowhere
    else in the module: an item store into one changes that object's own table, no config."""
    init = next((m for m in cls.body if type(m) is ast.FunctionDef and m.name == "__init__"), None)
    params = init.args.posonlyargs + init.args.args if init is not None else []
    if not params:
        return set()
    made = {stmt.targets[0].attr for stmt in init.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
            and type(stmt.targets[0]) is ast.Attribute and type(stmt.targets[0].value) is ast.Name
            and stmt.targets[0].value.id == params[0].arg
            and (type(stmt.value) is ast.Dict and not stmt.value.keys or type(stmt.value) is ast.List and not stmt.value.elts)}
    return {attr for attr in made if stored.get(attr) == 1}


def _only_constructed(tree: ast.Module, name: str, parents) -> bool:
    for node in nodes_of_type(tree, ast.Name):
        if node.id != name:
            continue
        parent = parents.get(id(node))
        if type(node.ctx) is not ast.Load or type(parent) is not ast.Call or parent.func is not node:
            return False
    return True
