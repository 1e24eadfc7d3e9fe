"""Which dict tables a file may change, and through which names (SF104's spec tables).

A spec table is read for certain only when no code can change it: the file's uses of each name
and attribute are sorted into reads (item reads, read-only methods, iteration, comparisons,
arguments of `jax` functions and of helpers that only read them) and everything else, which may
change the dict or let it escape (`t = SPECS` then `t['w'] = ...`). A table given as a
parameter's default, or stored on an object (`self.layout = layout`), changes as that parameter or
attribute does. Read on Python's `ast` of the whole file, since rules may get a sparse text.
"""
from __future__ import annotations

import ast

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_READS = frozenset({"get", "keys", "values", "items", "copy"})  # dict methods that leave it as it is
_COPIES = frozenset({"tuple", "list", "len", "sorted"})  # builtins that only read a dict


def _table_name(node: cst.BaseExpression) -> str | None:
    """The key _mutations files a table under: its name, or ".attr" for an attribute."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return "." + node.attr.value
    return None


def _mutated(ctx: FileContext) -> frozenset[str]:
    """Names (and attribute names) the whole file may mutate a dict through."""
    others, stores = _mutations(ctx)
    return others | frozenset(stores)


def _stored_as_attribute(parent: ast.AST, node: ast.Name) -> bool:
    """`obj.field = node`, the one target an attribute of a plain name."""
    return isinstance(parent, ast.Assign) and parent.value is node and len(parent.targets) == 1 \
        and isinstance(parent.targets[0], ast.Attribute) and isinstance(parent.targets[0].value, ast.Name)


def _mutations(ctx: FileContext) -> tuple[frozenset[str], dict[str, int]]:
    """(names whose value may change or escape other than by `name[k] = v`, how often each name
    is item-assigned). A use that is not an item read, a read-only method, iteration, a
    comparison or an argument of a `jax` function lets the dict escape (`t = SPECS` then
    `t['w'] = ...`). Read on Python's `ast` of the whole file, since rules may get a sparse text."""
    def compute():
        from codemods.analysis.bindings import ast_dotted, resolve_dotted

        names: set[str] = set()
        stores: dict[str, int] = {}
        bindings = ctx.imports.bindings
        parent_of = {child: node for node in ast.walk(ctx.tree) for child in ast.iter_child_nodes(node)}

        def copies(call: ast.Call) -> bool:  # `tuple(SHAPE)`: a builtin reading its argument
            from codemods.analysis.iterated import _bound_names

            return isinstance(call.func, ast.Name) and call.func.id in _COPIES and call.func.id not in _bound_names(ctx)

        def jax_call(call: ast.Call) -> bool:
            callee = ast_dotted(call.func)
            resolved = resolve_dotted(bindings, callee) if callee else None
            return resolved is not None and resolved.startswith("jax.")

        defaults: list = []
        fields: list = []
        for node in ast.walk(ctx.tree):
            if isinstance(node, ast.Name) and node.id in ("globals", "locals", "vars", "exec", "eval"):
                names.add("*")
            if not isinstance(node, (ast.Name, ast.Attribute)) or not isinstance(node.ctx, ast.Load):
                continue
            # An attribute is filed as ".attr"; a change through it (`cfg.SPECS['w'] = v`, with
            # `cfg` a module) may also be a change of the module name `SPECS`.
            name = node.id if isinstance(node, ast.Name) else "." + node.attr
            also = [node.attr] if isinstance(node, ast.Attribute) else []
            parent = parent_of.get(node)
            if isinstance(parent, ast.Subscript) and parent.value is node:
                if isinstance(parent.ctx, ast.Store) and not isinstance(parent_of.get(parent), ast.AugAssign):
                    for key in (name, *also):
                        stores[key] = stores.get(key, 0) + 1
                elif not isinstance(parent.ctx, ast.Load):
                    names.update((name, *also))
            elif isinstance(parent, ast.Attribute) and parent.value is node:
                if parent.attr not in _READS:
                    names.update((name, *also))
            elif isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node:
                continue
            elif isinstance(parent, ast.Compare) or (isinstance(parent, ast.keyword) and isinstance(parent_of[parent], ast.Call)
                                                       and jax_call(parent_of[parent])):
                continue
            elif isinstance(parent, ast.Call) and node is not parent.func and (jax_call(parent) or copies(parent)):
                continue
            elif isinstance(parent, (ast.Call, ast.keyword)) and isinstance(node, ast.Name) and _read_by_call(ctx, parent_of, parent, node):
                continue  # `place(raw, SPECS)` of a module function that only reads its parameter
            elif isinstance(parent, ast.arguments) and isinstance(node, ast.Name) and _default_of(parent, node):
                defaults.append((name, _default_of(parent, node)))  # `mapping=RULES`: changed as `mapping` is
            elif isinstance(node, ast.Name) and _stored_as_attribute(parent, node):
                # `self.layout = layout`: the dict is changed as any `.layout` attribute is
                fields.append((name, "." + parent.targets[0].attr))
            else:
                names.add(name)
        names.update(name for name, field in fields if field in names or field in stores)
        names.update(name for name, param in defaults if param in names or param in stores)
        return frozenset(names), stores

    return ctx.cached("table_changes.mutations", compute)


def _default_of(arguments: ast.arguments, node: ast.AST) -> str | None:
    """The parameter whose default `node` is."""
    positional = [*arguments.posonlyargs, *arguments.args]
    for param, default in zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults):
        if default is node:
            return param.arg
    return next((param.arg for param, default in zip(arguments.kwonlyargs, arguments.kw_defaults) if default is node), None)


def _read_by_call(ctx: FileContext, parent_of: dict, parent, node) -> bool:
    """Whether `node` is an argument of a call of a module function that only reads it."""
    from codemods.analysis.reading_helpers import reads_only

    call = parent_of.get(parent) if isinstance(parent, ast.keyword) else parent
    return isinstance(call, ast.Call) and node is not call.func and reads_only(ctx, call, node)


# --------------------------------------------------------------------------- following an expression
