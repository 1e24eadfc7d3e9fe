"""Where the `__call__` of an object of a module class may run: an equinox- or flax-style
module (`block = Block('i')`, `self.layers = [Block(cfg) for _ in range(n)]`) is judged only
when every place its objects can be called from was analysed.

An object is followed from its construction to what holds it (a name, an attribute, a list
that a name or an attribute holds) and from there through every read: called in an analysed
run, handed to shard_map as `block.__call__`, walked by a loop whose variable is read only so,
or passed to a function the analysis ran whose parameter is read only so. Anything else (a
subscript, a call not analysed, a store elsewhere) leaves the `__call__` open: no verdict.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, FunctionNode, module_parents, nodes_of_type, positional_params
from codemods.analysis.class_flows import reached_constructions
from codemods.analysis.returned_chains import filed_calls, through_returns
from codemods.analysis.dropped_objects import read_and_dropped
from codemods.analysis.filled_fields import filled_calls
from codemods.analysis.name_reads import binding_reads
from codemods.analysis.object_reads import handed_as_bodies
from codemods.analysis.pair_holders import config_read, pair_read_analysed, paired
from codemods.analysis.registry_objects import registry_class
from codemods.analysis.returned_objects import landing_parameters
from codemods.analysis.scopes import bindings_of, method_kind
from codemods.analysis.sequence_holders import sequence_held, signature_reads
from codemods.analysis.syntax import assigned_names

MAX_PASSES = 3  # functions an object is followed into as an argument


class Instances:
    """The object half of the Interpreter (which supplies scope, analysed_refs and the class
    tables of Classes)."""

    def note_passed(self, function: FunctionNode | None, args, keywords) -> None:
        """Which parameter of an analysed run each plain name argument of a call became (None:
        a call the analysis could not run, so the argument may go anywhere)."""
        passed = self._class_tables.setdefault("passed", {})
        params = [param.arg for param in positional_params(function.args)] if function is not None else []
        for index, (_, node) in enumerate(args):
            if type(node) is ast.Name:
                target = (function, params[index]) if index < len(params) else (None, None)
                passed.setdefault(id(node), set()).add(target)
        for name, (_, node) in keywords.items():
            if type(node) is ast.Name:
                passed.setdefault(id(node), set()).add((function, name) if function is not None else (None, None))

    def _instances_analysed(self, cls: ast.ClassDef, analysed: set[int]) -> bool:
        """`__call__` runs wherever an instance is called: every construction of the class is
        analysed as a body itself, or held by a name (`block = Block()`), an attribute
        (`self.model = Model()`) or a list one of those holds, every read of which is analysed."""
        tree = self.scope.tree
        signatures = signature_reads(self.scope)  # `inspect.signature(p.__call__)` calls nothing
        call_attributes = {id(node.value): node for node in nodes_of_type(tree, ast.Attribute)
                           if node.attr == "__call__" and id(node) not in signatures}
        call_attributes |= {id(node): node for node in self._bodies_of_self()}  # `jax.shard_map(self, ...)`
        resolved = set().union(*(self.analysed_refs.get(id(member), set()) for other in self.scope.classes.values()
                                 for member in other.body if isinstance(member, DEFS) and member.name == "__call__"))
        if any(id(node) not in resolved for node in call_attributes.values()):
            return False  # `block.__call__` handed somewhere not analysed (else it is some class's own)
        seen = (analysed, call_attributes, cls)
        holders = {id(node.value): node.targets[0] for node in nodes_of_type(tree, ast.Assign)
                   if len(node.targets) == 1
                   and type(node.targets[0]) in (ast.Name, ast.Attribute)}
        constructions = reached_constructions(self, cls)  # (class_flows.py)
        if not constructions:
            return False
        for call, _ in constructions:
            if id(call) in analysed or self.spec_construction(call):
                continue  # `in_specs=(Block(P('x')), P())`: a spec tree (pytree_modules.py)
            if self._called_by_body(call):
                continue  # `partial(anneal, thermostat=Rescale(48))` as the body: called only there
            if self._made_by_handed_lambda(call, analysed) or read_and_dropped(self.scope, call, self._parent_map().get(id(call)), cls):
                continue  # `transform(lambda: Monitor(...))` whose parameter is only ever `module_fn()(x)`; `Cls(...).config`
            filler = self._parent_map().get(id(call))
            if type(filler) is ast.Call and (calls := filled_calls(self, filler, call)) is not None:
                if calls and all(id(node) in analysed for node in calls):
                    continue  # `seq.add(Norm("j"))` of a list field walked only by analysed calls (filled_fields.py)
                return False
            held = self._container_of(call)
            container = held is not call
            if (pairs := paired(self, call)) is not None:
                held, container = pairs[0], pairs[1:]  # `[(name, Head(c)) for ...]` (pair_holders.py)
            if (appended := self._appended_to(call, holders)) is not None:
                held, container = appended, True  # `layers.append(Norm(a))` into `layers = []`
            held = self._through_choices(held)  # `norm or Norm(axis)`, `Norm(axis) if norm is None else norm`
            holder, starred = holders.get(id(held)), False
            if holder is None:
                holder, starred = self.stored_by_constructor(held)  # `Sequential([...])`, `Sequential(a, b)`
            if holder is None and container and (items_called := sequence_held(self, held, holders, analysed,
                                                                                call_attributes)) is not None:
                if items_called:
                    continue  # `LogitsProcessorList([MinLength(2)])` called where analysed (sequence_holders.py)
                return False
            if holder is None:
                holder = self.made_by_default_factory(held)  # `field(default_factory=lambda: Dropout(0.1))`
            if holder is None and held is call and self._handed_to_reader(call, cls):
                continue  # `describe(Block(...))`
            if holder is None and held is call and self.read_cannot_call(call, cls):
                continue  # `Weights(mesh).run(x)`, a method that uses `self` only for fields (or as an analysed body)
            if holder is None and held is call and self._passed_where_analysed(seen, call, False, 0):
                continue  # `make_body(Model("j"))` as the body: the factory reads it only where analysed
            if holder is None and held is call and (outer := self.call_holding(call)) is not None \
                    and self.handed_to_closed_defs(outer, call, analysed):
                continue  # `GraphNetwork(DotProductMessages(8, "hidden"))` (handed_closures.py)
            if holder is None and (landed := landing_parameters(self.scope.tree, call)) is not None:
                if all(self._parameter_reads_analysed(seen, function, param, False, 0) for function, param in landed):
                    continue  # `return Share(), mesh` unpacked into `main(share, mesh)` (returned_objects.py)
                return False
            # `return [Hook(axis) for ...]` of a module function: held where each call of it is
            if holder is None and container:
                targets = [holders.get(id(made)) for made in self._calls_receiving(held) or ()]
            elif holder is None:  # `[build_from_cfg(t, REG) for t in cfgs]` of a factory's calls
                receiving = through_returns(self, self._calls_receiving(held)) or []  # (returned_chains.py)
                made = [self._through_choices(self._container_of(each)) for each in receiving]
                kinds = {self._container_of(each) is not each for each in receiving}
                if len(kinds) > 1:
                    return False  # some calls' objects held as they are, some in containers
                container = kinds == {True}
                targets = [holders.get(id(each)) for each in made]
                unpacked = [self._unpacked_names(each) for each in made]
                if container and unpacked and all(names is not None for names in unpacked):
                    targets, container = [name for names in unpacked for name in names], False  # `(a,) = [...]`
            else:
                targets = [holder]
            if not targets or None in targets:
                return False
            if not all(self._target_reads_analysed(seen, target, container or starred, 0) for target in targets):
                return False
        return True

    def _unpacked_names(self, made: ast.expr) -> list[ast.Name] | None:
        """The names `(a, b) = [f(c) for c in cs]` unpacks a list comprehension into: each holds
        one item."""
        assign = self._parent_map().get(id(made))
        if type(made) is not ast.ListComp or type(assign) is not ast.Assign or assign.value is not made \
                or len(assign.targets) != 1 or type(assign.targets[0]) not in (ast.Tuple, ast.List):
            return None
        names = assign.targets[0].elts
        return list(names) if names and all(type(name) is ast.Name for name in names) else None

    def _target_reads_analysed(self, seen, target: ast.expr, container: bool, depth: int) -> bool:
        """Every read of what holds the object (or a container of it) calls it where analysed."""
        if type(target) is ast.Name:  # a method's own local of that name is not the object
            reads = binding_reads(self.scope.tree, target, self._parent_map())
        else:  # every `.model` read anywhere in the module (`config.heads` of a config aside)
            reads = [node for node in nodes_of_type(self.scope.tree, ast.Attribute)
                     if node.attr == target.attr and isinstance(node.ctx, ast.Load) and not config_read(self, node)]
        return bool(reads) and all(self._read_analysed(seen, node, container, depth) for node in reads)

    def _appended_to(self, call: ast.Call, holders: dict) -> ast.expr | None:
        """`layers.append(Norm(a))` as a statement, `layers` a name its function (or the module)
        binds once, by `layers = []`: that list display, which the name holds."""
        parents = self._parent_map()
        grow = parents.get(id(call))
        if type(grow) is not ast.Call or grow.args != [call] or grow.keywords or type(grow.func) is not ast.Attribute \
                or grow.func.attr != "append" or type(grow.func.value) is not ast.Name \
                or type(parents.get(id(grow))) is not ast.Expr:
            return None
        scope = parents.get(id(grow))
        while scope is not None and not isinstance(scope, DEFS + (ast.Lambda, ast.Module)):
            scope = parents.get(id(scope))
        if not isinstance(scope, DEFS + (ast.Module,)):
            return None
        bound = bindings_of(scope).unique_value(grow.func.value.id)
        return bound if type(bound) is ast.List and not bound.elts and id(bound) in holders else None

    def _through_choices(self, held: ast.expr) -> ast.expr:
        """The `or` / conditional expression the object is a choice of, up to the whole value
        (`self.norm = norm or Norm(axis)`): whichever is chosen, that value's holder holds it."""
        parents = self._parent_map()
        parent = parents.get(id(held))
        while type(parent) is ast.BoolOp and type(parent.op) is ast.Or \
                or type(parent) is ast.IfExp and held is not parent.test:
            held, parent = parent, parents.get(id(parent))
        return held

    def _bodies_of_self(self) -> list[ast.Name]:
        """Receivers the module's methods hand to shard_map as bodies (object_methods.handed_as_bodies)."""
        key = "bodies of self"
        if key not in self._class_tables:
            self._class_tables[key] = [
                node for cls in self.scope.classes.values() for member in cls.body
                if isinstance(member, DEFS) and method_kind(member) == "plain" and positional_params(member.args)
                for node in handed_as_bodies(self.scope, member, positional_params(member.args)[0].arg)]
        return self._class_tables[key]

    def _calls_receiving(self, held: ast.expr) -> list[ast.Call] | None:
        """The calls of the undecorated module function whose `return` statement gives `held`,
        when its name is only ever called (never handed on or rebound); None otherwise."""
        parents = self._parent_map()
        if type(parents.get(id(held))) is not ast.Return:
            return None
        function = parents.get(id(held))
        while function is not None and not isinstance(function, DEFS + (ast.Lambda, ast.Module)):
            function = parents.get(id(function))
        if type(function) is ast.FunctionDef and type(parents.get(id(function))) is ast.ClassDef:
            return self._factory_calls(function, parents)
        filed = filed_calls(self, function) if type(function) is ast.FunctionDef else None  # `@register_model`
        if filed is None or type(parents.get(id(function))) is not ast.Module \
                or self.scope.globals.unique_function(function.name) is not function:
            return None
        called = _calls_of([node for node in nodes_of_type(self.scope.tree, ast.Name) if node.id == function.name], parents)
        return None if called is None else called + filed

    def _factory_calls(self, function: ast.FunctionDef, parents) -> list[ast.Call] | None:
        """`return cls(...)` in a classmethod of a module class (`Model.create(cfg)`): the calls
        of the method name, when every read of that attribute name in the module calls it and
        no string spells it (no `getattr`); a method of another class of the same name only adds
        calls that must be followed too."""
        owner = parents.get(id(function))
        kinds = ("class", "plain") if registry_class(self.scope, owner) else ("class",)  # `LAYERS.build(spec)`
        if self.scope.classes.get(owner.name) is not owner or method_kind(function) not in kinds \
                or any(type(node.value) is str and node.value == function.name
                       for node in nodes_of_type(self.scope.tree, ast.Constant)):
            return None
        return _calls_of([node for node in nodes_of_type(self.scope.tree, ast.Attribute) if node.attr == function.name],
                         parents)

    def _read_analysed(self, seen, read: ast.expr, container: bool, depth: int) -> bool:
        """A read of an object (`container`: of a list of objects) that calls it only where the
        analysis ran (`seen`: the analysed references of `__call__`, and the `.__call__` reads)."""
        analysed, call_attributes = seen[:2]
        if type(container) is tuple:
            return pair_read_analysed(self, seen, read, *container, depth)
        if not container and (id(read) in analysed
                              or (id(read) in call_attributes and id(call_attributes[id(read)]) in analysed)):
            return True
        if not container and len(seen) > 2 and self.module_read_harmless(seen, read, seen[2], depth):
            return True  # flattened by JAX, or handed to a mapped body (pytree_modules.py)
        if not container and len(seen) > 2 and self.read_cannot_call(read, seen[2]):
            return True  # `layer.state_dict()`, `net.tasks` (object_methods.py)
        if _identity_test(read, self._parent_map()):
            return True  # `if self.after_norm is not None:` runs no code of the object
        if not container and len(seen) > 2 and self.method_calls_analysed(read, seen[2], analysed):
            return True  # `self.norm.apply(x)` whose method calls `self(x)` where analysed
        if not container and len(seen) > 2 and self._handed_to_reader(read, seen[2]):
            return True  # `count_params(model)` where the analysis did not run
        if not container and (outer := self.call_holding(read)) is not None \
                and self.handed_to_closed_defs(outer, read, analysed):
            return True  # `GraphNetwork(messages)`, called only by its closure (handed_closures.py)
        if container and self._walked_where_analysed(seen, read, depth):
            return True
        if container and (self._grown(read) or self._builtin_call(parent := self._parent_map().get(id(read))) == "len"
                          and parent.args == [read]):
            return True  # `layers.append(other)`, `len(layers)`: what it holds is not called there
        if container and type(parent) is ast.Call and parent.func is read:
            return True  # `self.transforms(results)`: a list is not called; a field of that name holds another object
        if type(read) is ast.Name and depth < MAX_PASSES:
            holder, starred = self.stored_by_constructor(read)  # `Block(norm)` storing it in `self.norm`
            if holder is not None:
                return not (container and starred) and self._target_reads_analysed(seen, holder, container or starred,
                                                                                  depth + 1)
        if container and self._item_read_analysed(seen, read, depth):
            return True
        if container and self._folded_where_analysed(seen, read, depth):
            return True
        alias = self._parent_map().get(id(read))
        if depth < MAX_PASSES and type(alias) is ast.Assign and alias.value is read and len(alias.targets) == 1 \
                and type(alias.targets[0]) is ast.Name:
            return self._target_reads_analysed(seen, alias.targets[0], container, depth + 1)  # `c = self.constraint`
        if depth < MAX_PASSES and (landed := landing_parameters(self.scope.tree, read)) is not None:
            # `return rel, table` unpacked into `main(rel, table)`: main's reads of it (returned_objects.py)
            return all(self._parameter_reads_analysed(seen, function, param, container, depth) for function, param in landed)
        return self._passed_where_analysed(seen, read, container, depth)

    def _parameter_reads_analysed(self, seen, function, param: str, container: bool, depth: int) -> bool:
        reads = [node for stmt in function.body for node in nodes_of_type(stmt, ast.Name)
                 if node.id == param and isinstance(node.ctx, ast.Load)]
        return bool(reads) and all(self._read_analysed(seen, node, container, depth + 1) for node in reads)

    def _passed_where_analysed(self, seen, read: ast.expr, container: bool, depth: int) -> bool:
        """`loss_fn(model, x)`, `partial(body, block=block)`: the argument became a parameter of
        analysed runs of one function, which never rebinds it and reads it only where analysed."""
        targets = self._class_tables.get("passed", {}).get(id(read), set())
        if not targets and self._builds_body(read) and (static := self._parameter_of(read)) is not None:
            targets = {static}  # `body_factory(shift, ...)`: found with shard_map's body, not run as a call
        elif not targets and (static := self._parameter_of(read)) is not None and self._mapping_once(static[0]):
            targets = {static}  # `generate(scores, config, processors)`: its shard_map runs with this call's values
        if depth >= MAX_PASSES or len(targets) != 1:
            return False
        function, param = next(iter(targets))
        if function is None or param is None:
            return False
        body = function.body if isinstance(function.body, list) else [ast.Expr(function.body)]
        if param in assigned_names(body):
            return False
        reads = [node for stmt in body for node in nodes_of_type(stmt, ast.Name)
                 if node.id == param and isinstance(node.ctx, ast.Load)]
        return bool(reads) and all(self._read_analysed(seen, node, container, depth + 1) for node in reads)

    def _called_by_body(self, construction: ast.Call) -> bool:
        """The object is an argument `partial` binds to a shard_map body (`partial(anneal,
        thermostat=Rescale(48))`), a def that only ever calls that parameter (`thermostat(v,
        kT)`, in its own code or a def nested in it) and never rebinds it: its `__call__` runs
        only in the body's analysed run."""
        holder = self._parent_map().get(id(construction))
        name = None
        for use in getattr(self, "uses", ()):
            if use.body is None or not isinstance(use.body, DEFS) or use.bound_values is not None:
                continue
            bound = [arg for arg in use.bound_args if arg.value is construction]
            if not bound or bound[0].star:
                continue
            if bound[0].keyword is not None:
                name = bound[0].keyword
            else:
                positional = [arg for arg in use.bound_args if arg.keyword is None]
                params = positional_params(use.body.args)
                index = positional.index(bound[0])
                name = params[index].arg if index < len(params) else None
            if name is None or type(holder) not in (ast.Call, ast.keyword):
                return False
            reads = [node for node in nodes_of_type(use.body, ast.Name) if node.id == name]
            parents = self._parent_map()
            return bool(reads) and all(
                isinstance(node.ctx, ast.Load) and type(parents.get(id(node))) is ast.Call
                and parents.get(id(node)).func is node for node in reads)
        return False

    def _made_by_handed_lambda(self, construction: ast.Call, analysed: set[int]) -> bool:
        """The object is what a lambda returns (`lambda: QueueMonitor("replica")`) that is handed
        to a module function (`transform(module_fn)`, as Haiku's transform takes the module's
        builder) whose every read of that parameter calls it and calls the object it returns at
        once, in an analysed run (`module_fn()(*args)`): each object the lambda makes is called
        only there."""
        parents = self._parent_map()
        made_by = parents.get(id(construction))
        if type(made_by) is not ast.Lambda or made_by.body is not construction:
            return False
        found = self._parameter_of(made_by)
        if found is None:
            return False
        function, name = found
        reads = [node for node in nodes_of_type(function, ast.Name) if node.id == name]
        return bool(reads) and all(
            isinstance(node.ctx, ast.Load) and type(call := parents.get(id(node))) is ast.Call and call.func is node
            and id(call) in analysed for node in reads)

    def _handed_to_reader(self, read: ast.expr, cls: ast.ClassDef) -> bool:
        """`describe(model)`: a positional argument of a module function, undecorated, that never
        rebinds the parameter, reads no `locals()`/`vars()`, and reads the parameter only for
        fields or methods that cannot call the object (`read_cannot_call`)."""
        found = self._parameter_of(read)
        if found is None:
            return False
        function, name = found
        return all(self.read_cannot_call(node, cls) for node in nodes_of_type(function, ast.Name)
                   if node.id == name and isinstance(node.ctx, ast.Load))

    def _builds_body(self, read: ast.expr) -> bool:
        """`read` is an argument of the call written as shard_map's body (`shard_map(make(shift), ...)`),
        which the analysis resolves to the function it returns rather than running it; the
        function's own reads of the parameter must then be analysed runs (the caller checks)."""
        call = self._parent_map().get(id(read))
        return type(call) is ast.Call and any(
            use.body is not None and use.node.args and use.node.args[0] is call for use in self.uses)

    def _mapping_once(self, function: FunctionNode) -> bool:
        """A module function holding a shard_map the analysis ran, named once in the module (the
        call handing the argument): the caller contexts ran its body with that call's values."""
        return isinstance(function, DEFS) and self.scope.globals.unique_function(function.name) is function \
            and self.scope.module_references(function.name) == 1 \
            and any(use.node in nodes_of_type(function, ast.Call) for use in self.uses)

    def _parameter_of(self, read: ast.expr) -> tuple[FunctionNode, str] | None:
        """The parameter of the module function that a positional argument `read` lands on, when
        the function is undecorated, never rebinds it and reads no `locals()`/`vars()`."""
        parents = self._parent_map()
        call = parents.get(id(read))
        if type(call) is not ast.Call or type(call.func) is not ast.Name or not any(arg is read for arg in call.args) \
                or any(type(arg) is ast.Starred for arg in call.args) or any(kw.arg is None for kw in call.keywords):
            return None
        scopes, node = [], parents.get(id(call))
        while node is not None and type(node) is not ast.Module:
            if type(node) is ast.Lambda or (type(node) is ast.ClassDef and not scopes):
                return None  # a class body's or a lambda's names are not looked up here
            if isinstance(node, DEFS):
                scopes.append(node)
            node = parents.get(id(node))
        function, _ = self.scope.lookup_function(call.func.id, tuple(reversed(scopes)))
        index = next(index for index, arg in enumerate(call.args) if arg is read)
        params = positional_params(function.args) if isinstance(function, DEFS) else []
        if not params or function.decorator_list or index >= len(params) \
                or params[index].arg in assigned_names(function.body):
            return None
        if any(type(node.func) is ast.Name and node.func.id in ("locals", "vars", "eval", "exec")
               for node in nodes_of_type(function, ast.Call)):
            return None
        return function, params[index].arg

    def _folded_where_analysed(self, seen, read: ast.expr, depth: int) -> bool:
        """`functools.reduce(lambda h, layer: layer(h), self.layers, x)`: each item becomes the
        lambda's second parameter, read only where the analysis ran."""
        fold = self._parent_map().get(id(read))
        if type(fold) is not ast.Call or len(fold.args) not in (2, 3) or fold.args[1] is not read or fold.keywords \
                or self.scope.resolve(fold.func, ()) != "functools.reduce" or type(fold.args[0]) is not ast.Lambda:
            return False
        step = fold.args[0]
        params = positional_params(step.args)
        if len(params) != 2 or step.args.vararg or step.args.kwarg or step.args.kwonlyargs or step.args.defaults:
            return False
        uses = [node for node in nodes_of_type(step.body, ast.Name) if node.id == params[1].arg]
        return bool(uses) and all(isinstance(node.ctx, ast.Load) and self._read_analysed(seen, node, False, depth)
                                  for node in uses)

    def _grown(self, read: ast.expr) -> bool:
        """`read.append(item)` as a statement."""
        parents = self._parent_map()
        func = parents.get(id(read))
        grow = parents.get(id(func))
        return type(func) is ast.Attribute and func.value is read and func.attr == "append" \
            and type(grow) is ast.Call and grow.func is func and type(parents.get(id(grow))) is ast.Expr

    def _item_read_analysed(self, seen, read: ast.expr, depth: int) -> bool:
        """`self.layers[0](x)`, `self.heads["a"](x)`: an item of the container read (never
        stored or deleted) as the object itself, where the analysis ran."""
        parent = self._parent_map().get(id(read))
        return type(parent) is ast.Subscript and parent.value is read and type(parent.ctx) is ast.Load \
            and type(parent.slice) is not ast.Slice and self._read_analysed(seen, parent, False, depth)

    def _container_of(self, call: ast.Call) -> ast.expr:
        """The list literal, list comprehension or dict display (as a value) `call` is an
        element of, else `call` itself."""
        parent = self._parent_map().get(id(call))
        if type(parent) in (ast.List, ast.Tuple) and call in parent.elts:
            return parent
        if type(parent) is ast.Dict and any(value is call for value in parent.values):
            return parent
        if type(parent) is ast.ListComp and parent.elt is call:
            return parent
        if type(parent) is ast.GeneratorExp and parent.elt is call and type(made := self._parent_map().get(id(parent))) \
                is ast.Call and made.args == [parent] and not made.keywords and type(made.func) is ast.Name \
                and made.func.id in ("tuple", "list") and not self.scope.globals.binds(made.func.id) \
                and made.func.id not in self.scope.imports.bindings:
            return made  # `tuple(Block(a) for a in axes)`
        return call

    def _walked_where_analysed(self, seen, read: ast.expr, depth: int) -> bool:
        """`read` is what a `for` statement or a comprehension walks, into a plain name read
        (anywhere in the function holding the loop) only where the analysis ran
        (`for block in blocks: x = block(x)`, `for k, block in enumerate(blocks)`; also through
        `reversed(...)`, `list(...)`, `tuple(...)`, a slice, `zip(names, blocks)`, `.values()`,
        `.items()`)."""
        parents = self._parent_map()
        walked, position = read, None  # position: the item of a tuple target the object lands in
        while True:
            parent = parents.get(id(walked))
            if type(parent) is ast.Subscript and parent.value is walked and type(parent.slice) is ast.Slice \
                    and type(parent.ctx) is ast.Load:
                walked = parent  # `blocks[1:]`
                continue
            builtin = self._builtin_call(parent)
            if builtin in ("reversed", "list", "tuple") and parent.args == [walked]:
                walked = parent
                continue
            if builtin == "enumerate" and parent.args == [walked]:
                walked, position = parent, 1
            elif builtin == "zip" and any(arg is walked for arg in parent.args) \
                    and not any(type(arg) is ast.Starred for arg in parent.args):
                walked, position = parent, next(i for i, arg in enumerate(parent.args) if arg is walked)
            elif type(parent) is ast.Attribute and parent.value is walked and parent.attr in ("values", "items") \
                    and type(call := parents.get(id(parent))) is ast.Call and call.func is parent \
                    and not call.args and not call.keywords:  # `for head in self.heads.values()`, `.items()`
                walked, position = call, 1 if parent.attr == "items" else None
            break
        parent = parents.get(id(walked))
        target = getattr(parent, "target", None)
        if position is not None:
            target = target.elts[position] if type(target) is ast.Tuple and len(target.elts) > position \
                and not any(type(elt) is ast.Starred for elt in target.elts) else None
        if type(parent) not in (ast.For, ast.comprehension) or parent.iter is not walked or type(target) is not ast.Name:
            return False
        name = target.id
        region = parent  # the function (or module) holding the loop: the name may be read after it
        while region is not None and not isinstance(region, DEFS + (ast.Lambda, ast.Module)):
            region = self._parent_map().get(id(region))
        if region is None:
            return False
        uses = [node for node in nodes_of_type(region, ast.Name) if node.id == name
                and isinstance(node.ctx, ast.Load)]
        return bool(uses) and all(self._read_analysed(seen, node, False, depth) for node in uses)

    def _builtin_call(self, node) -> str | None:
        """The name of the builtin `node` calls with positional arguments only, else None."""
        if type(node) is not ast.Call or type(node.func) is not ast.Name or node.keywords \
                or self.scope.globals.binds(node.func.id) or node.func.id in self.scope.imports.bindings:
            return None
        return node.func.id

    def _parent_map(self) -> dict[int, ast.AST]:
        key = "parents"
        if key not in self._class_tables:
            self._class_tables[key] = module_parents(self.scope.tree)
        return self._class_tables[key]


def _calls_of(reads: list[ast.expr], parents: dict) -> list[ast.Call] | None:
    """The calls each read is the callee of; None when one read is anything else."""
    calls = []
    for node in reads:
        call = parents.get(id(node))
        if type(call) is not ast.Call or call.func is not node or not isinstance(node.ctx, ast.Load):
            return None
        calls.append(call)
    return calls


def _identity_test(read: ast.expr, parents: dict) -> bool:
    """`read is None` / `read is not None`: a comparison by identity with None calls nothing."""
    compare = parents.get(id(read))
    return type(compare) is ast.Compare and len(compare.ops) == 1 and type(compare.ops[0]) in (ast.Is, ast.IsNot) \
        and any(type(side) is ast.Constant and side.value is None for side in (compare.left, *compare.comparators)) \
        and read in (compare.left, *compare.comparators)
