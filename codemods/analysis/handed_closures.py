"""A closure handed to a factory of closures (issue 13), the update-function style of graph
network code:

    norm = make_layer_norm("hidden", stats_axes=mesh.axis_names)
    net = GraphNetwork(make_mlp(widths, norm), ...)        # make_mlp's `mlp` calls norm_fn(x)
    step = jax.shard_map(net, ...)

`norm` runs only where `make_mlp`'s parameter is called. When that parameter is never rebound,
stored or handed on, and every read of it is a call inside a def of `make_mlp` whose own every
reference is analysed (`_closed`), each run of the closure is one the analysis made: the read
handing it to `make_mlp` counts as analysed.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes, positional_params
from codemods.analysis.scopes import bindings_of


class HandedClosures:
    """(the Interpreter supplies scope, the parent map, `_enclosing` and `_closed`)"""

    def handed_to_closed_defs(self, call: ast.Call, arg: ast.expr, analysed: set[int]) -> bool:
        param = self._receiving_param(call, arg)
        if param is None:
            return False
        factory, name = param
        parents = self._parent_map()
        reads = [node for node in iter_nodes(factory) if type(node) is ast.Name and node.id == name]
        if not reads:
            return False
        guard = self.__dict__.setdefault("_handed_asked", set())
        for read in reads:
            holder = parents.get(id(read))
            if type(read.ctx) is not ast.Load or type(holder) is not ast.Call or holder.func is not read \
                    or id(read) not in analysed:
                return False  # stored, rebound, handed on, or a call no analysed run made
            inner = self._enclosing(read)
            if not isinstance(inner, DEFS) or inner is factory or self._binds_between(inner, factory, name):
                return False  # called by the factory itself, or a name of a def of its own
            if id(inner) in guard:
                return False  # a def reached again while asked about: not proved
            guard.add(id(inner))
            try:
                if not self._closed(inner):
                    return False
            finally:
                guard.discard(id(inner))
        return True

    def call_holding(self, node: ast.expr) -> ast.Call | None:
        """The call `node` is an argument of, by position or by keyword."""
        parents = self._parent_map()
        holder = parents.get(id(node))
        if type(holder) is ast.keyword:
            holder = parents.get(id(holder))
        return holder if type(holder) is ast.Call and holder.func is not node else None

    def _receiving_param(self, call: ast.Call, arg: ast.expr) -> tuple[ast.FunctionDef, str] | None:
        """(the module function, its parameter) that `arg`, an argument of `call`, is bound to."""
        if type(call.func) is not ast.Name or any(type(item) is ast.Starred for item in call.args) \
                or any(keyword.arg is None for keyword in call.keywords):
            return None
        enclosing = self._enclosing(call)
        if isinstance(enclosing, DEFS) and bindings_of(enclosing).binds(call.func.id):
            return None  # a local of the caller, not the module function
        factory = self.scope.globals.unique_function(call.func.id)
        if not isinstance(factory, ast.FunctionDef) or factory.decorator_list or self.scope.class_of(factory) is not None:
            return None
        params = positional_params(factory.args)
        if arg in call.args:
            index = call.args.index(arg)
            if index >= len(params):
                return None
            name = params[index].arg
        else:
            keyword = next((keyword for keyword in call.keywords if keyword.value is arg), None)
            names = [param.arg for param in params + list(factory.args.kwonlyargs)]
            if keyword is None or keyword.arg not in names:
                return None
            name = keyword.arg
        if any(type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load
               for node in iter_nodes(factory)) or any(type(node) in (ast.Global, ast.Nonlocal) and name in node.names
                                                       for node in iter_nodes(factory)):
            return None  # rebound somewhere in the factory
        return factory, name

    def _binds_between(self, inner: ast.AST, factory: ast.FunctionDef, name: str) -> bool:
        """A def between the read and the factory (the read's own included) binds `name` itself."""
        node = inner
        while node is not None and node is not factory:
            if isinstance(node, DEFS) and bindings_of(node).binds(name):
                return True
            node = self._enclosing(node)
        return node is None
