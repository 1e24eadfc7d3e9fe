"""Configs a module builds as it loads (issue 13): Detectron2's defaults,

    _C = CN()
    _C.MODEL = CN()
    _C.MODEL.ROI_HEADS = CN()
    _C.MODEL.ROI_HEADS.NAME = "StandardROIHeads"
    ...
    ROI_HEADS_REGISTRY = Registry("ROI_HEADS")
    _C.MODEL.RPN.LOG_AXIS = "anchor"      # a later default, next to the code that reads it

Every top-level `_C.a.b = value` store runs before any function reads the config, unless code
run while the module loads reads it in between: a statement outside def bodies naming the
config, or calling a module def or class whose code (through the module's other defs) names it,
or a method of an object of such a class. The stores up to the first such statement are the
config's; a store after it is not read (attr_dicts.py then holds that item changed).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS


def module_stores(scope, later: list[ast.stmt], name: str) -> tuple[list, list]:
    """([(attribute path, value)], [targets]) of the top-level stores into `name` in `later`
    (the statements after `name = Config()`), up to the first statement that may read it."""
    reaching = _reaching(scope.tree, name)
    stores, nodes = [], []
    for stmt in later:
        path = store_path(stmt, name)
        if path is not None and not _reads(scope, [stmt.value], reaching):
            stores.append((path, stmt.value))
            nodes.append(stmt.targets[0])
        elif _reads(scope, _load_time(stmt), reaching):
            break
    return stores, nodes


def store_path(stmt: ast.stmt, name: str) -> list[str] | None:
    """['a', 'b'] for `name.a.b = value` (one target, no other name on the left)."""
    if type(stmt) is not ast.Assign or len(stmt.targets) != 1:
        return None
    path: list[str] = []
    node = stmt.targets[0]
    while type(node) is ast.Attribute:
        path.insert(0, node.attr)
        node = node.value
    return path if path and type(node) is ast.Name and node.id == name else None


def _reaching(tree: ast.Module, name: str) -> frozenset[str]:
    """The config's name and the module defs and classes whose code names it, or names another
    of them (a call of one may read the config)."""
    found = {name}
    defs = [stmt for stmt in tree.body if isinstance(stmt, DEFS + (ast.ClassDef,))]
    named = {id(stmt): {node.id for node in ast.walk(stmt) if type(node) is ast.Name} for stmt in defs}
    changed = True
    while changed:
        changed = False
        for stmt in defs:
            if stmt.name not in found and named[id(stmt)] & found:
                found.add(stmt.name)
                changed = True
    return frozenset(found)


def _load_time(stmt: ast.stmt) -> list[ast.AST]:
    """The parts of a top-level statement that run as the module loads: a def's decorators,
    defaults and annotations; a class's decorators, bases, keywords and body (its defs alike);
    anything else whole."""
    if isinstance(stmt, DEFS):
        args = stmt.args
        return [*stmt.decorator_list, *args.defaults, *(d for d in args.kw_defaults if d is not None),
                *(a.annotation for a in args.posonlyargs + args.args + args.kwonlyargs if a.annotation is not None),
                *([stmt.returns] if stmt.returns is not None else [])]
    if type(stmt) is ast.ClassDef:
        return [*stmt.decorator_list, *stmt.bases, *stmt.keywords,
                *(part for inner in stmt.body for part in _load_time(inner))]
    return [stmt]


def _reads(scope, parts: list[ast.AST], reaching: frozenset[str]) -> bool:
    """Whether running `parts` may read the config: a name of `reaching`, or a call of a method
    of a module object built from a class of it (or not built by a module class at all)."""
    for part in parts:
        for node in ast.walk(part):
            if type(node) is ast.Name and node.id in reaching:
                return True
            if type(node) is ast.Call and type(node.func) is ast.Attribute:
                root = node.func.value
                while type(root) in (ast.Attribute, ast.Call):
                    root = root.value if type(root) is ast.Attribute else root.func
                if type(root) is ast.Name and root.id not in scope.classes and scope.globals.binds(root.id) \
                        and not _built_by_class(scope, root.id, reaching):
                    return True  # `REG.register()` of an object whose methods are not known
    return False


def _built_by_class(scope, name: str, reaching: frozenset[str]) -> bool:
    """`name` is bound once, at module level, to `Cls(...)` of a module class not in `reaching`."""
    value = scope.globals.unique_value(name)
    return type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in scope.classes \
        and value.func.id not in reaching
