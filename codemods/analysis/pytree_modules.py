"""Equinox-like modules (issue 13): a `@jax.tree_util.register_dataclass` dataclass with a
`__call__`, handed to a mapped function as an argument (`run(model, x)` with
`run = jax.shard_map(lambda m, xs: m(xs), ...)`), placed with `jax.device_put` or
`jax.tree.map`, and its spec tree written as an object of the same class.

`__call__` is judged only where every use of each object of the class is known (instances.py);
these are uses that never call it: JAX flattening the object into its leaves (a spec tree in
`in_specs`/`out_specs`, `device_put`, `tree.map` without `is_leaf`, whose result is the same
kind of object and is followed under the name it is assigned to), and an argument of a mapper
whose body reads the parameter only where the analysis ran.
"""
from __future__ import annotations

import ast

from codemods.analysis.meshspec import Spec, parse_spec
from codemods.analysis.node_children import child_nodes
from codemods.analysis.nodes import all_param_names, iter_nodes, nodes_of_type
from codemods.analysis.record_specs import registered_dataclass
from codemods.analysis.chain_arguments import passed_through
from codemods.analysis.values import AxisState, Instance, Value, same_value

_FLATTENERS = frozenset({"jax.device_put", "jax.tree.map", "jax.tree_util.tree_map"})
_SPEC_KEYWORDS = frozenset({"in_specs", "out_specs"})


class PytreeModules:
    """Instance-use hooks of the Interpreter (which supplies scope, the parent map and the reads)."""

    def module_read_harmless(self, seen, read: ast.expr, cls: ast.ClassDef | None, depth: int) -> bool:
        if cls is None or registered_dataclass(self.scope, cls) is None:
            return False
        parents = self._parent_map()
        node, parent = read, parents.get(id(read))
        while type(parent) in (ast.Tuple, ast.List, ast.Dict):
            node, parent = parent, parents.get(id(parent))
        if type(parent) is ast.keyword and parent.arg in _SPEC_KEYWORDS:
            return True  # a spec tree: JAX reads its structure and leaves
        if type(parent) is not ast.Call or node is not read or node not in parent.args:
            return False
        callee = self.scope.resolve(parent.func)
        if callee in _FLATTENERS and not parent.keywords[1:] and all(
                keyword.arg != "is_leaf" for keyword in parent.keywords):
            if callee != "jax.device_put" and parent.args[0] is read or callee == "jax.device_put" and parent.args[0] is not read:
                return False
            return self._result_followed(seen, parent, read, cls, depth)
        return self._mapper_argument(seen, parent, read, depth)

    def spec_construction(self, call: ast.Call) -> bool:
        """`in_specs=(Linear(P('x', None)), P())`: an object built, inside displays, as the spec
        tree of a shard_map use the analysis found; JAX reads its leaves and never calls it."""
        specs = {id(passed_through(use, tree)[0]) for use in getattr(self, "uses", ())
                 for tree in (use.in_specs, use.out_specs) if tree is not None}  # `make(mesh, (Linear(P('x')), P()))`
        return self._in_spec_tree(call, specs, 0)

    def _in_spec_tree(self, node: ast.expr, specs: set[int], depth: int) -> bool:
        """`node`, inside displays, is one of the spec trees, or is the value of a name bound
        once in the module whose every read is (`specs = (Linear(P('x')), P())`)."""
        parents = self._parent_map()
        while id(node) not in specs:
            parent = parents.get(id(node))
            if type(parent) is ast.Assign and parent.value is node and depth < 2:
                return self._spec_name(parent, specs, depth)
            node = parent
            if type(node) not in (ast.Tuple, ast.List, ast.Dict):
                return False
        return True

    def _spec_name(self, assign: ast.Assign, specs: set[int], depth: int) -> bool:
        if len(assign.targets) != 1 or type(assign.targets[0]) is not ast.Name:
            return False
        name = assign.targets[0].id
        named = [node for node in nodes_of_type(self.scope.tree, ast.Name) if node.id == name]
        loads = [node for node in named if type(node.ctx) is ast.Load]
        return len(named) == len(loads) + 1 and bool(loads) \
            and all(self._in_spec_tree(node, specs, depth + 1) for node in loads)

    def _result_followed(self, seen, call: ast.Call, read: ast.expr, cls: ast.ClassDef, depth: int) -> bool:
        """The flattened object comes back as a new object of the class: assigned to a plain
        name, every read of which is harmless or analysed (the same name as `read`: checked
        already by the caller, which walks every read of it)."""
        holder = self._parent_map().get(id(call))
        if type(holder) is not ast.Assign or len(holder.targets) != 1 or type(holder.targets[0]) is not ast.Name:
            return False
        name = holder.targets[0].id
        if type(read) is ast.Name and read.id == name:
            return True
        if depth >= 3:
            return False
        reads = [node for node in nodes_of_type(self.scope.tree, ast.Name)
                 if node.id == name and isinstance(node.ctx, ast.Load)]
        return bool(reads) and all(self._read_analysed(seen, node, False, depth + 1)
                                   or self.module_read_harmless(seen, node, cls, depth + 1) for node in reads)

    def _mapper_argument(self, seen, call: ast.Call, read: ast.expr, depth: int) -> bool:
        """`run(model, x)` where `run` is bound once, to a shard_map of a body (no bound
        arguments, no `*args`) that never rebinds the parameter and reads it only where the
        analysis ran."""
        if type(call.func) is not ast.Name or call.keywords or any(type(arg) is ast.Starred for arg in call.args):
            return False
        name = call.func.id
        binds = [node for node in nodes_of_type(self.scope.tree, ast.Name) if node.id == name
                 and not isinstance(node.ctx, ast.Load)]
        if len(binds) != 1:
            return False
        holder = self._parent_map().get(id(binds[0]))
        use = next((use for use in getattr(self, "uses", ()) if type(holder) is ast.Assign
                    and (holder.value is use.node or _factory_result(use, holder.value))), None)
        if use is None or use.body is None or use.bound_args or use.bound_values is not None or use.decorated or use.chain and holder.value is use.node \
                or use.body.args.vararg is not None:
            return False
        params = [param.arg for param in use.body.args.posonlyargs + use.body.args.args]
        index = call.args.index(read)
        if index >= len(params) or depth >= 3:
            return False
        param = params[index]
        body = use.body.body if isinstance(use.body.body, list) else [ast.Expr(use.body.body)]
        if any(type(node) is ast.Name and node.id == param and not isinstance(node.ctx, ast.Load)
               for stmt in body for node in iter_nodes(stmt)):
            return False
        reads = [node for stmt in body for node in nodes_of_type(stmt, ast.Name)
                 if node.id == param and isinstance(node.ctx, ast.Load)]
        return bool(reads) and all(self._read_analysed(seen, node, False, depth + 1) for node in reads)

    # -- the object a mapped function gets --------------------------------------------------
    def with_module_arguments(self, use, params: list) -> list:
        """A parameter whose in_spec is one spec for a whole module object (`in_specs=(P(),
        P('batch'))`, `run(model, x)`): the object of every application, its data leaves in the
        spec's state and its static fields as constructed."""
        if not any(type(value) is AxisState for value in params):
            return params
        found = self._applications(use)
        in_specs, spec_scopes = passed_through(use, use.in_specs)
        tree = parse_spec(self.scope, in_specs, spec_scopes) if in_specs is not None else None
        if not found or not isinstance(tree, tuple) or len(tree) != len(params):
            return params
        result = list(params)
        for index, value in enumerate(params):
            if type(value) is not AxisState or not isinstance(tree[index], Spec):
                continue
            objects = []
            for call, scopes in found:
                if call.keywords or len(call.args) != len(params) or any(type(arg) is ast.Starred for arg in call.args):
                    return params
                objects.append(self._module_object(call.args[index], scopes))
            if objects and all(isinstance(obj, Instance) for obj in objects) \
                    and all(same_value(obj, objects[0]) for obj in objects):
                result[index] = self._leaves_in_state(objects[0], value)
        return result

    def _module_object(self, expr: ast.expr, scopes: tuple) -> Value | None:
        """The object a name holds when every binding of it in its function is one construction
        of a registered dataclass and `x = jax.device_put(x, ...)` / `x = jax.tree.map(f, x, ...)`
        of itself (the same structure, the same static fields)."""
        if type(expr) is not ast.Name:
            return None
        owner = scopes[-1] if scopes else self.scope.tree
        name = expr.id
        if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)) and name in all_param_names(owner.args):
            return None
        made = None
        for node in _own_stores(owner).get(name, ()):
            holder = self._parent_map().get(id(node))
            if type(holder) is not ast.Assign or holder.targets != [node] or type(holder.value) is not ast.Call:
                return None
            call = holder.value
            callee = self.scope.resolve(call.func, scopes)
            if callee in _FLATTENERS:
                where = 0 if callee == "jax.device_put" else 1
                if len(call.args) <= where or type(call.args[where]) is not ast.Name or call.args[where].id != name \
                        or any(keyword.arg == "is_leaf" for keyword in call.keywords):
                    return None
                continue
            if made is not None:
                return None
            made = call
        if made is None or type(made.func) is not ast.Name:
            return None
        cls = self.scope.classes.get(made.func.id)
        if cls is None or registered_dataclass(self.scope, cls) is None:
            return None
        self.silent += 1  # built only to read its fields
        try:
            built = self.eval(made, self._static_frame(scopes))
        finally:
            self.silent -= 1
        return built if isinstance(built, Instance) and built.cls is cls and built.fields is not None else None

    def _leaves_in_state(self, obj: Instance, state: AxisState) -> Value:
        fields = registered_dataclass(self.scope, obj.cls)
        static = {name for name, is_static in fields or () if is_static}
        mapped = []
        for name, item in obj.fields:
            if name in static:
                mapped.append((name, item))
            elif isinstance(item, Instance) and item.fields is not None and registered_dataclass(self.scope, item.cls):
                mapped.append((name, self._leaves_in_state(item, state)))
            else:
                mapped.append((name, state))
        return Instance(obj.cls, tuple(mapped))


def _own_stores(owner: ast.AST) -> dict[str, list[ast.Name]]:
    """Name -> the names stored (or deleted) in a function (or module) outside the functions and
    classes it defines, in walk order; walked once per function (its calls each ask)."""
    found = getattr(owner, "_shardfix_own_stores", None)
    if found is not None:
        return found
    found = {}
    stack = child_nodes(owner)
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is ast.Name:
            if type(node.ctx) is not ast.Load:
                found.setdefault(node.id, []).append(node)
        elif kind not in _OWN_SCOPES:
            stack += child_nodes(node)
    owner._shardfix_own_stores = found  # type: ignore[attr-defined]
    return found


_OWN_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _factory_result(use, value: ast.expr) -> bool:
    """`f = make_step(mesh, specs)` where the one call of a factory chain is `value` and the
    factory's only return gives the shard_map's result itself."""
    if len(use.chain) != 1 or use.chain[0][0] is not value:
        return False
    factory = use.chain[0][1]
    returns = [node for node in iter_nodes(factory, prune=lambda n: n is not factory and type(n) in _OWN_SCOPES)
               if type(node) is ast.Return]
    return len(returns) == 1 and returns[0].value is use.node and returns[0] in factory.body
