"""Module functions reached through a namespace of them (issue 13): a vendored utility package
`ru = types.SimpleNamespace(xs_reduce=_xs_reduce, gather_universe=_gather_universe)` read as
`ru.gather_universe(x)`.

A verdict inside a module function counts only when every reference to it was analysed; the
keyword that puts the def in the namespace is such a reference, and it runs the def wherever
`ru.gather_universe` is called. It counts as analysed once every read of that attribute was the
callee of an analysed call: the namespace is bound once at module level to a `SimpleNamespace`
call of keywords only, its name is read nowhere but as `ru.<keyword>(...)`, and no code stores
an attribute of that name or uses `setattr`. Anything else leaves the reference unanalysed.
"""
from __future__ import annotations

import ast

from codemods.analysis.cli_args import Namespace
from codemods.analysis.nodes import module_parents, names_by_id, nodes_of_type
from codemods.analysis.values import Function

_NAMESPACES = frozenset({"types.SimpleNamespace"})


class NamespaceCalls:
    """Interpreter hook (which supplies scope, analysed_refs, eval and call)."""

    def eval_Call(self, expr: ast.Call, frame):
        func = expr.func
        if type(func) is ast.Attribute and type(func.value) is ast.Name \
                and func.attr in _namespaces(self.scope).get(func.value.id, {}):
            receiver = self.eval(func.value, frame)
            callee = receiver.attribute(func.attr) if isinstance(receiver, Namespace) else None
            if isinstance(callee, Function):  # `ru.gather_universe(x)`: the def the keyword gave
                self._note_namespace_read(callee, func)
                args, keywords, starred = self._eval_args(expr, frame)
                return self.call(callee, expr, args, keywords, starred, frame)
        return super().eval_Call(expr, frame)

    def _note_namespace_read(self, function: Function, read: ast.Attribute) -> None:
        """An analysed call through `read`: the keyword's reference, once every read was one."""
        held = _namespaces(self.scope)[read.value.id][read.attr]
        if held[0].id != function.node.name or self.scope.globals.unique_function(held[0].id) is not function.node:
            return
        seen = self.__dict__.setdefault("_namespace_reads", set())
        seen.add(id(read))
        if all(id(each) in seen for each in held[1]):
            self.analysed_refs.setdefault(id(function.node), set()).add(id(held[0]))


def _namespaces(scope) -> dict[str, dict[str, tuple[ast.Name, list[ast.Attribute]]]]:
    """namespace name -> keyword -> (the Name the keyword gives, every read `ns.keyword`)."""
    tree = scope.tree
    cached = tree.__dict__.get("_shardfix_fn_namespaces")
    if cached is not None:
        return cached
    found: dict = {}
    names = names_by_id(tree)
    if not names.get("setattr"):
        parents = module_parents(tree)
        for stmt in tree.body:
            if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Name \
                    or type(stmt.value) is not ast.Call or stmt.value.args \
                    or scope.resolve(stmt.value.func, ()) not in _NAMESPACES \
                    or any(k.arg is None for k in stmt.value.keywords):
                continue
            name = stmt.targets[0].id
            entries = {k.arg: (k.value, []) for k in stmt.value.keywords if type(k.value) is ast.Name}
            if scope.globals.unique_value(name) is not stmt.value or not entries:
                continue
            for ref in names.get(name, ()):
                if ref is stmt.targets[0]:
                    continue
                read = parents.get(id(ref))
                call = parents.get(id(read))
                if type(ref.ctx) is not ast.Load or type(read) is not ast.Attribute or read.value is not ref \
                        or type(call) is not ast.Call or call.func is not read:
                    entries = None
                    break
                if read.attr in entries:
                    entries[read.attr][1].append(read)
            if entries is not None and not any(type(node.ctx) is not ast.Load and node.attr in entries
                                               for node in nodes_of_type(tree, ast.Attribute)):
                found[name] = entries
    tree.__dict__["_shardfix_fn_namespaces"] = found
    return found
