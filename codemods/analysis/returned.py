"""Closures a module function returns (issue 13): `def make_norm(axis): def norm(g): ...;
return norm`, used as `norm_fn = make_norm("i")` or `make_norm("i")(g)` and called inside a shard_map body.

The nested def runs wherever a result of its factory is called. Its reference in the factory
(`return norm`) counts as analysed when every reference to the factory in the module is a call
whose result is bound to a name once, and every read of that name is an analysed call (or an
argument of a call that ran it, `jax.tree.map(fn, tree)`), or a call whose result is called at
once by an analysed run. A read handed to a module function that ran (`two_tower(x, sampler)`)
counts when that function's parameter is only ever called there (`sampler(items)`): the closure
then runs only at those calls, each one analysed with the run. A result stored in a field
(`self.fn = make_fn(axis)`, the module's only store of it) counts when every read of that field
in the module is an analysed call. A closure handed to a factory of closures (`make_mlp(widths,
norm)`) counts when that factory's parameter is only called, at analysed calls, inside defs of its
own whose every reference is analysed (handed_closures.py).
"""
from __future__ import annotations

import ast

from codemods.analysis.filled_fields import filled_calls
from codemods.analysis.handed_closures import HandedClosures
from codemods.analysis.nodes import DEFS, iter_nodes, nodes_of_type, positional_params
from codemods.analysis.scopes import bindings_of


class Returned(HandedClosures):
    """The returned-closure half of the Interpreter (which supplies scope and the parent map)."""

    def returned_analysed(self, parent: ast.AST, refs: set[int], analysed: set[int]) -> bool:
        """Every reference in `refs` is `return name` of `parent`, a module function, whose every
        call binds a name read only by analysed calls."""
        # Asked first: a method or a nested def never qualifies, and the parent map is a walk.
        if not isinstance(parent, DEFS) or self.scope.class_of(parent) is not None \
                or self.scope.globals.unique_function(parent.name) is not parent:
            return False
        parents = self._parent_map()
        found = [node for node in nodes_of_type(parent, ast.Name) if id(node) in refs]
        if len(found) != len(refs) or not found or any(self._enclosing(node) is not parent for node in found):
            return False
        positions = set()  # None: the result itself; an index: that item of a returned tuple
        for node in found:
            holder = parents.get(id(node))
            if type(holder) is ast.Return:
                positions.add(None)
            elif type(holder) is ast.Tuple and type(parents.get(id(holder))) is ast.Return \
                    and not any(type(item) is ast.Starred for item in holder.elts):
                positions.add(holder.elts.index(node))
            else:
                return False
        uses = 0
        for node in iter_nodes(self.scope.tree):
            if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == parent.name:
                if not all(self._result_read_where_analysed(node, position, analysed) for position in positions):
                    return False
                uses += 1
        if uses == 0 and not self.scope.module_references(parent.name):
            return self._filed_factory_analysed(parent, positions, analysed)
        return uses > 0 and uses == self.scope.module_references(parent.name)

    def _filed_factory_analysed(self, factory, positions: set, analysed: set[int]) -> bool:
        """A factory only a registering decorator files (`@register("decayed") def decayed(args):
        ... return update`): every read of each registry holding it, but the decorator's own
        store, is a call of a picked entry (`OPTIMIZERS[args.optim](args)`) whose result is read
        only by analysed calls (whichever entry the key picks: the reads are the same)."""
        tables = [name for name, table in self._held_tables().items()
                  if table.registry and any(node is factory for _, node in table.entries)]
        if not tables:
            return False
        parents = self._parent_map()
        calls = 0
        for node in nodes_of_type(self.scope.tree, ast.Name):
            if node.id not in tables or type(node.ctx) is not ast.Load:
                continue  # (the registry's one binding: `_held_tables` reads only such)
            read = parents.get(id(node))
            if type(read) is ast.Subscript and read.value is node and not isinstance(read.ctx, ast.Load):
                continue  # `OPTIMIZERS[name] = factory`: the filing
            call = parents.get(id(read))
            if type(read) is not ast.Subscript or read.value is not node or type(call) is not ast.Call \
                    or call.func is not read or not all(
                        self._result_read_where_analysed(call, position, analysed) for position in positions):
                return False
            calls += 1
        return calls > 0

    def _result_read_where_analysed(self, call: ast.Call, position: int | None, analysed: set[int]) -> bool:
        """`name = factory(...)` (`position` None) or `a, name = factory(...)` (the item at
        `position`), the only binding of `name` in its scope, every read of which (there and in
        the functions it defines) is an analysed call."""
        parents = self._parent_map()
        statement = parents.get(id(call))
        if position is None and type(statement) is ast.Call and statement.func is call:
            return id(call) in analysed  # `make_collector(lane, 0)(x)`: the closure run at once
        if position is None and type(statement) is ast.Call and call in statement.args and id(call) in analysed:
            return True  # `lax.scan(make_block(cfg), h, xs)`: handed at once to what ran it
        if position is None and (holder := self.call_holding(call)) is not None \
                and self.handed_to_closed_defs(holder, call, analysed):
            return True  # `GraphNetwork(make_mlp(widths, norm), ...)`, `GraphNetwork(edge_fn=make_mlp(...))`
        if position is None and (calls := filled_calls(self, statement, call)) is not None:
            return bool(calls) and all(id(node) in analysed for node in calls)  # a hook (filled_fields.py)
        if type(statement) is not ast.Assign or len(statement.targets) != 1:
            return False
        target = statement.targets[0]
        if position is None and type(target) is ast.Attribute and type(target.value) is ast.Name:
            return self._field_read_where_analysed(target, analysed)  # `self.fn = make_fn(axis)`
        if position is not None and type(target) is ast.Tuple and len(target.elts) > position \
                and not any(type(item) is ast.Starred for item in target.elts):
            target = target.elts[position]
        elif position is not None:
            return False
        if type(target) is not ast.Name:
            return False
        name = target.id
        scope = self._enclosing(call)
        bound = bindings_of(scope).unique_value(name) if scope is not None else None
        if bound is not call and not (position is not None and type(bound) is ast.Subscript and bound.value is call):
            return False
        reads = [node for node in nodes_of_type(scope, ast.Name) if node.id == name
                 and isinstance(node.ctx, ast.Load)]
        return bool(reads) and all(id(node) in analysed and type(parents.get(id(node))) is ast.Call
                                   and (parents[id(node)].func is node or node in parents[id(node)].args)
                                   or (holder := self.call_holding(node)) is not None
                                   and self.handed_to_closed_defs(holder, node, analysed)
                                   for node in reads)  # called, or handed to what ran it: `jax.tree.map(fn, t)`

    def _field_read_where_analysed(self, target: ast.Attribute, analysed: set[int]) -> bool:
        """`self.fn = make_fn(axis)`, the module's only store of `.fn`: every read of `.fn` in the
        module, on any object, is an analysed call (`self.fn(x)`), and no code reads attributes by
        a computed name (`getattr`, `vars`, `__dict__`) that could hand the closure elsewhere."""
        tree, parents = self.scope.tree, self._parent_map()
        stores = [node for node in nodes_of_type(tree, ast.Attribute) if node.attr == target.attr
                  and not isinstance(node.ctx, ast.Load)]
        reads = [node for node in nodes_of_type(tree, ast.Attribute) if node.attr == target.attr
                 and isinstance(node.ctx, ast.Load)]
        if stores != [target] or not reads or any(type(node) is ast.Attribute and node.attr == "__dict__"
                                                   or type(node) is ast.Name and node.id in ("getattr", "vars")
                                                   for node in iter_nodes(tree)):
            return False
        return all(id(node) in analysed and type(parents.get(id(node))) is ast.Call
                   and parents[id(node)].func is node for node in reads)

    def record_analysed(self, parent: ast.AST, refs: set[int], analysed: set[int]) -> bool:
        """References of a nested def (`refs`, in `parent`) that put it in a field of the record
        `parent` returns last (`return NeighborListFns(allocate, update)`, JAX-MD style), or that
        sit in a sibling def only such a field holds (`allocate` calling `update`): analysed when
        every call of `parent` binds a name read only as fields (`fns.update`), each read of a
        field holding the def an analysed reference. A field nobody reads hands its def to no
        one, so code in a def only that field holds never runs."""
        if not isinstance(parent, DEFS) or self.scope.class_of(parent) is not None \
                or self.scope.globals.unique_function(parent.name) is not parent or not parent.body \
                or type(parent.body[-1]) is not ast.Return or type(record := parent.body[-1].value) is not ast.Call \
                or sum(1 for node in nodes_of_type(parent, ast.Return) if self._enclosing(node) is parent) != 1:
            return False
        parents = self._parent_map()
        fields = {id(arg): self._field_of(arg, parents) for arg in record.args + [k.value for k in record.keywords]
                  if type(arg) is ast.Name}
        reads = self._field_reads(parent)
        if reads is None:
            return False

        def dead(function: ast.AST) -> bool:  # a def of `parent` that only an unread field holds
            holders = self._references_in(parent).get(function.name, set())
            return bool(holders) and all(fields.get(ref) is not None and not reads.get(fields[ref]) for ref in holders)

        for node in nodes_of_type(parent, ast.Name):
            if id(node) not in refs:
                continue
            if fields.get(id(node)) is not None:
                if not all(id(read) in analysed for read in reads.get(fields[id(node)], ())):
                    return False
                continue
            owner = parents.get(id(node))
            while owner is not None and not isinstance(owner, DEFS + (ast.Lambda,)):
                owner = parents.get(id(owner))
            if owner is None or owner not in parent.body or not dead(owner):
                return False
        return True

    def _field_reads(self, factory: ast.FunctionDef) -> dict[str, list[ast.Attribute]] | None:
        """The field reads of what `factory` returns, by field: every call is `name = factory(...)`,
        the only binding of `name` in its scope, every read of which is `name.field` (None else)."""
        parents = self._parent_map()
        found: dict[str, list[ast.Attribute]] = {}
        uses = 0
        for call in nodes_of_type(self.scope.tree, ast.Call):
            if type(call.func) is not ast.Name or call.func.id != factory.name:
                continue
            statement, scope = parents.get(id(call)), self._enclosing(call)
            if type(statement) is not ast.Assign or len(statement.targets) != 1 \
                    or type(statement.targets[0]) is not ast.Name or scope is None \
                    or bindings_of(scope).unique_value(statement.targets[0].id) is not call:
                return None
            for read in nodes_of_type(scope, ast.Name):
                if read.id != statement.targets[0].id or not isinstance(read.ctx, ast.Load):
                    continue
                holder = parents.get(id(read))
                if type(holder) is not ast.Attribute or not isinstance(holder.ctx, ast.Load):
                    return None
                found.setdefault(holder.attr, []).append(holder)
            uses += 1
        return found if uses and uses == self.scope.module_references(factory.name) else None

    def _enclosing(self, node: ast.AST) -> ast.AST | None:
        """The def (or the module) whose own code holds `node`."""
        parents = self._parent_map()
        current = parents.get(id(node))
        while current is not None and not isinstance(current, DEFS + (ast.Module,)):
            if isinstance(current, (ast.Lambda, ast.ClassDef)):
                return None
            current = parents.get(id(current))
        return current

    def note_called_params(self, callee, args) -> None:
        """After a run of the module def `callee`: each positional argument that is a name holding
        a user function, given to a parameter `callee` only calls (never rebinds, stores or hands
        on), is a reference the run analysed."""
        from codemods.analysis.values import Function

        if not isinstance(callee, DEFS):
            return
        params = positional_params(callee.args)
        for index, (value, node) in enumerate(args):
            if type(node) is not ast.Name or not isinstance(value, Function) or index >= len(params):
                continue
            name = params[index].arg
            reads = [read for read in nodes_of_type(callee, ast.Name) if read.id == name]
            parents = self._parent_map()
            if reads and all(type(read.ctx) is ast.Load and type(parents.get(id(read))) is ast.Call
                             and parents[id(read)].func is read for read in reads) \
                    and not any(isinstance(inner, DEFS + (ast.Lambda,)) for inner in iter_nodes(callee)
                                if inner is not callee):
                self.analysed_refs.setdefault(id(value.node), set()).add(id(node))
