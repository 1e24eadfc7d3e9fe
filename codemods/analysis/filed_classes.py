"""Classes a registry decorator files, read back by key on the LibCST side (issue 13): with
`@register_metric("bleu") class BLEUMetric(Metric): gather_spec = P(...)` filing
`METRICS[name] = cls`, `metric = METRICS[name]` then `metric.gather_spec` is the class attribute
of the class filed under that key (inherited ones included), or, the key unknown, the one
expression every filed class agrees on (the same assignment, inherited by all).

The table must be bound once at module level to `{}` and filled by nothing but the filing
decorators (user_decorators.filed_tables) of module classes, each with a distinct literal key;
the factory used only as such decorators; every other read of the table an item load. Anything
else is unknown (None).
"""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def filed_attribute(ctx: FileContext, item: cst.Subscript, attr: str, key: str | None):
    """What `TABLE[key].attr` holds (`key` None: not known), else None."""
    from codemods.analysis.named_axes import _class_attribute, _enum_kind

    if not isinstance(item.value, cst.Name):
        return None
    if ctx.whole_file() is not ctx:  # the decorators filing the classes may be left out of a sparse text
        from codemods.analysis.call_sites import asked

        asked(ctx).append(item.value.value)
        return None
    filed = _filed(ctx).get(item.value.value)
    if not filed:
        return None
    names = [filed[key]] if key is not None and key in filed else list(filed.values()) if key is None else []
    classes = [_module_class(ctx, name) for name in names]
    if not classes or any(cls is None or _enum_kind(ctx, cls) is not None for cls in classes):
        return None
    found = [_class_attribute(ctx, cls, attr) for cls in classes]
    return found[0] if found[0] is not None and all(value is found[0] for value in found) else None


def filed_keys(ctx: FileContext, table: str) -> list[str] | None:
    """The keys the decorators file classes under in module table `table` (None: not such a table)."""
    if ctx.whole_file() is not ctx:
        return None
    filed = _filed(ctx).get(table)
    return list(filed) if filed else None


def written_key(ctx: FileContext, item: cst.Subscript, follow=None) -> str | None:
    """The string key an item read gives (read through `follow`, an Env's reading), else None."""
    from codemods.analysis.specs import string_value

    if len(item.slice) != 1 or not isinstance(item.slice[0].slice, cst.Index):
        return None
    key = item.slice[0].slice.value
    if follow is not None:
        key = follow(key)[0] or key
    return string_value(key)


def _module_class(ctx: FileContext, name: str):
    found = [stmt for stmt in ctx.module.body if isinstance(stmt, cst.ClassDef) and stmt.name.value == name]
    return found[0] if len(found) == 1 else None


def _filed(ctx: FileContext) -> dict[str, dict[str, str]]:
    """table name -> {key: name of the class filed under it}."""
    return ctx.cached("filed-classes", lambda: _tables(ctx))


def _tables(ctx: FileContext) -> dict[str, dict[str, str]]:
    from codemods.analysis.class_registries import _filing_decorators
    from codemods.analysis.nodes import iter_with_scopes, module_parents
    from codemods.analysis.scopes import ModuleScope

    tree = ctx.tree
    scope = ctx.cached("manual-axes:scope", lambda: ModuleScope(ctx.tree, ctx.imports))
    found: dict[str, dict[str, str]] = {}
    stores: dict[str, set[int]] = {}
    factories: dict[str, int] = {}
    for stmt in tree.body:
        if type(stmt) is not ast.ClassDef:
            continue
        for decorator, table, key in _filing_decorators(scope, stmt):
            entries = found.setdefault(table.id, {})
            if type(key) is not str or key in entries:
                entries["\0"] = ""  # a key not known, or filed twice: the table is not read
            entries[key if type(key) is str else "\0"] = stmt.name
            stores.setdefault(table.id, set())
            func = decorator.func if type(decorator) is ast.Call else decorator
            factories[func.id] = factories.get(func.id, 0) + 1
    if any(scope.module_references(name) != count for name, count in factories.items()):
        return {}  # a factory applied some other way may file anything
    parents = module_parents(tree)
    kept = {}
    for table, entries in found.items():
        if "\0" in entries or type(scope.globals.unique_value(table)) is not ast.Dict \
                or scope.globals.unique_value(table).keys or table in scope.volatile:
            continue
        plain = True
        store_count = 0
        for node, scopes in iter_with_scopes(tree):
            if type(node) is ast.Name and node.id == table:
                parent = parents.get(id(node))
                if any(scope.locals_of(function).binds(table) for function in scopes) \
                        or type(parent) is not ast.Subscript or parent.value is not node:
                    plain = plain and type(node.ctx) is ast.Store and not scopes  # the one binding
                    continue
                if isinstance(parent.ctx, ast.Store):
                    store_count += 1  # inside a filing decorator (counted against the filings below)
                elif not isinstance(parent.ctx, ast.Load) or not scopes:
                    plain = False
            elif type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in MUTATORS \
                    and type(node.func.value) is ast.Name and node.func.value.id == table:
                plain = False
            elif type(node) in (ast.Global, ast.Nonlocal) and table in node.names:
                plain = False
        if plain and store_count == 1:  # the one `TABLE[name] = cls` of the filing decorator
            kept[table] = entries
    return kept
