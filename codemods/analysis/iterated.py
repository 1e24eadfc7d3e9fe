"""Values a loader hands out: `for batch in Loader(mesh):` and the fields its `__init__` stores.

Input pipelines are classes: `__init__` keeps `self.sharding = NamedSharding(mesh, P(axis))`
and a generator `__iter__` yields `jax.make_array_from_process_local_data(self.sharding, local)`;
the training loop reads `for batch in Loader(mesh):`. A `for` target over a construction of a
module class without bases whose `__iter__` is a plain generator (or over a call of a module
generator function) holds one of the values its `yield`s give, read with the receiver (the
parameters) bound to the construction (the call). `self.field` of such a receiver is the one
value the file ever stores to that attribute name, in a statement of `__init__`'s own body whose
parameters the body never rebinds. Anything else is unknown (None).
"""
from __future__ import annotations

import ast

from codemods.analysis.spec_sources import Env, bind_call, env_value
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_DYNAMIC = frozenset({"__getattr__", "__getattribute__", "__setattr__", "__slots__", "__new__"})


def loop_values(ctx: FileContext, name: cst.Name) -> list[tuple] | None:
    """(expression, Env) for each `yield` that may give `name` its value, where `name` is read in
    the body of the `for` loop that binds it, and nothing else in that loop binds it."""
    found = loop_binding(ctx, name, lambda loop, path: _iterated_source(ctx, loop.iter, path))
    return generated(ctx, found[2]) if found is not None else None


def loop_binding(ctx: FileContext, name: cst.Name, keep):
    """(the `for` loop, the position of `name` in its target, what `keep(loop, position)` gave)
    for the one `for` whose target binds `name` and whose body reads it, where `keep` answers
    (not None) and nothing else in that loop binds the name; else None. The position is a list of
    (index, length) into nested tuple targets (`for step, (x, y) in ...`)."""
    from codemods.analysis.local_names import _is_ancestor, _scope_info, binding_scope, parents

    bindings = _scope_info(ctx, binding_scope(ctx, name)).bindings.get(name.value, [])
    found = []
    for b in bindings:
        if b.kind != "other":
            continue
        node, path = b.node, []
        while isinstance(parents(ctx).get(node), cst.Element):
            element = parents(ctx).get(node)
            pair = parents(ctx).get(element)
            if not isinstance(pair, (cst.Tuple, cst.List)) or any(not isinstance(e, cst.Element) for e in pair.elements):
                break
            path.insert(0, (pair.elements.index(element), len(pair.elements)))
            node = pair
        loop = parents(ctx).get(node)
        if not isinstance(loop, cst.For) or loop.target is not node or loop.asynchronous is not None \
                or not _is_ancestor(ctx, loop.body, name):
            continue
        kept = keep(loop, path)
        if kept is not None:
            found.append((b, loop, path, kept))
    if len(found) != 1:
        return None
    binding, loop, path, kept = found[0]
    start, end = ctx.offsets(loop)
    if any(b is not binding and start <= b.start < end for b in bindings):
        return None  # rebound inside the loop: the loop's value may not reach the use
    return loop, path, kept


# builtins and itertools functions whose items are the items of one argument, in part or in turn
_PASSING = {"iter": 0, "itertools.islice": 0, "itertools.cycle": 0}


def _iterated_source(ctx: FileContext, iterable: cst.BaseExpression, path: list):
    """What the loop's items come from at `path` (positions in its target's tuples): the
    iterable itself for a plain name target; through `enumerate(x)` (item 1), `zip(a, b, ...)`
    (item i of each) and `iter`/`itertools.islice`/`itertools.cycle` (the same items); else None."""
    for _ in range(8):
        if not isinstance(iterable, cst.Call) or any(arg.star for arg in iterable.args) \
                or not iterable.args or iterable.args[0].keyword is not None:
            return iterable if not path else None
        func = iterable.func
        builtin = func.value if isinstance(func, cst.Name) and func.value not in _bound_names(ctx) else None
        name = builtin if builtin in ("iter", "enumerate", "zip") else ctx.imports.resolve(func)
        if name in _PASSING and not any(arg.keyword for arg in iterable.args):
            iterable = iterable.args[_PASSING[name]].value
        elif name == "enumerate" and len(iterable.args) <= 2 and path and path[0] == (1, 2) \
                and all(arg.keyword is None or arg.keyword.value == "start" for arg in iterable.args):
            iterable, path = iterable.args[0].value, path[1:]
        elif name == "zip" and path and path[0][1] == len(iterable.args) and not any(arg.keyword for arg in iterable.args):
            iterable, path = iterable.args[path[0][0]].value, path[1:]
        else:
            return iterable if not path else None
    return None


def next_values(ctx: FileContext, call: cst.BaseExpression) -> list[tuple] | None:
    """(expression, Env) for each `yield` that may give `next(iter(Loader(mesh)))` (or
    `next(iter(X))`, `next(gen(...))`) its value, the builtins never rebound in the file."""
    if not _builtin_call(ctx, call, "next") or len(call.args) != 1:
        return None  # `next(it, default)` may give the default
    inner = call.args[0].value
    if _builtin_call(ctx, inner, "iter") and len(inner.args) == 1:
        return generated(ctx, inner.args[0].value)
    return generated(ctx, inner, functions_only=True)  # `next(Loader(m))` needs a `__next__`


def _builtin_call(ctx: FileContext, node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == name \
        and not any(arg.star or arg.keyword for arg in node.args) and name not in _bound_names(ctx)


def _bound_names(ctx: FileContext) -> frozenset[str]:
    """Every name the file binds anywhere (a local `next = ...` shadows the builtin)."""
    def compute() -> frozenset[str]:
        names: set[str] = set()
        for node in ast.walk(ctx.tree):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                names.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names.update(node.names)
        return frozenset(names)

    return ctx.cached("iterated.bound", compute)


def generated(ctx: FileContext, iterable: cst.BaseExpression, functions_only: bool = False,
              hops: int = 0) -> list[tuple] | None:
    """(expression, Env) for each `yield` of what iterating `iterable` runs: `Loader(mesh)` of a
    plain module class whose `__iter__` is a generator, or a call of a module generator; also
    through a parameter of a module function or method, what each of its calls hands over."""
    from codemods.analysis.local_names import follow_names, resolve_name

    held, _ = follow_names(ctx, iterable)
    if held is None and isinstance(iterable, cst.Name) and hops < 3:
        return _passed_generated(ctx, iterable, functions_only, hops)
    iterable = held
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute) and not functions_only:
        return _method_generated(ctx, iterable)  # `replay.sample(rewards, 2)` of a constructed object
    if not isinstance(iterable, cst.Call) or not isinstance(iterable.func, cst.Name):
        return None
    binding = resolve_name(ctx, iterable.func)
    if binding is None or binding.kind != "def":
        return None
    if isinstance(binding.node, cst.ClassDef) and not functions_only:
        cls = _plain_class(binding.node)
        method = _method(cls, "__iter__") if cls is not None else None
        if method is None:
            return None
        env = Env(method, {_first_param(method): (iterable, None)})
        generator = method
    elif isinstance(binding.node, cst.FunctionDef) and not binding.node.decorators:
        generator = binding.node
        params = {p.name.value for p in (*generator.params.posonly_params, *generator.params.params,
                                         *generator.params.kwonly_params)}
        env = bind_call(ctx, generator, iterable, None, frozenset(params))
        if env is None:
            return None
    else:
        return None
    return _yielded(ctx, generator, env)


def _passed_generated(ctx: FileContext, name: cst.Name, functions_only: bool, hops: int) -> list[tuple] | None:
    """`for batch in loader` of a parameter (`score(loader, spec)`): the yields of what every call
    passes, each read in its caller's own scope."""
    from codemods.analysis.call_sites import parameter_function, passed

    function = parameter_function(ctx, name)
    values = passed(ctx, function, name.value) if function is not None else None
    found: list[tuple] = []
    for value, env in values or ():
        inner = generated(ctx, value, functions_only, hops + 1) if env is None else None
        if inner is None:
            return None
        found.extend(inner)
    return found or None


def _method_generated(ctx: FileContext, call: cst.Call) -> list[tuple] | None:
    """The yields of a generator method called on a construction (call_sites.py), its receiver
    and parameters bound to the construction and the call's arguments."""
    from codemods.analysis.call_sites import constructed_method

    found = constructed_method(ctx, call.func)
    if found is None or found[0].decorators:
        return None
    method = found[0]
    params = {p.name.value for p in (*method.params.posonly_params, *method.params.params, *method.params.kwonly_params)}
    env = bind_call(ctx, method, call, None, frozenset(params), skip=1)
    return _yielded(ctx, method, env) if env is not None and _first_param(method) in env.args else None


def _yielded(ctx: FileContext, generator, env: Env) -> list[tuple] | None:
    from codemods.analysis.local_names import _scope_info

    if any(name in _scope_info(ctx, generator).bindings for name in env.args):
        return None  # a parameter rebound between yields is not what the call gave
    yields = _yields(generator.body)
    if len(yields) == 1 and isinstance(yields[0].value, cst.From):  # `yield from self._items` (queued_items.py)
        from codemods.analysis.queued_items import queued_items

        return queued_items(ctx, generator, env, yields[0].value.item)
    if not yields or any(isinstance(y.value, cst.From) or y.value is None for y in yields):
        return None
    return [(y.value, env) for y in yields]


def init_field(ctx: FileContext, node: cst.Attribute, env: Env | None, updates: list | None = None):
    """(expression, Env) the field `owner.attr` certainly holds, `owner` a construction of a
    module class (through a local name or a bound parameter), stored once by its `__init__`.
    With `updates`, the field may also be updated in place by other methods (updated_fields.py):
    their other operands are appended to it, for the caller to check."""
    from codemods.analysis.local_names import _scope_info, resolve_name

    owner = node.value
    if not isinstance(owner, cst.Name):
        return None
    bound = env_value(ctx, owner, env)
    construction, outer = bound if bound is not None else (_held_or_called_on(ctx, owner), None)
    for _ in range(4):  # `self` bound to a helper's parameter, bound in turn by the helper's caller
        further = env_value(ctx, construction, outer) if isinstance(construction, cst.Name) else None
        if further is None:
            break
        construction, outer = further
    if isinstance(construction, cst.Name) and outer is None:  # a receiver bound to `t = Trainer(...)`
        construction = _held_or_called_on(ctx, construction)
    made = None
    if isinstance(construction, cst.Call) and isinstance(construction.func, cst.Attribute):
        from codemods.analysis.call_sites import _factory_construction

        made = _factory_construction(ctx, construction.func)  # `MasterWeights.create(shape)`
        if made is None:
            return None
        construction, outer = made[1], None  # `return cls(...)`: its arguments read in the classmethod
    if not isinstance(construction, cst.Call) or not isinstance(construction.func, cst.Name):
        return None
    if made is None:
        from codemods.analysis.call_sites import factory_class

        if (klass := factory_class(ctx, construction)) is not None:  # a receiver bound to that `cls(...)`
            made, outer = (klass, construction), None
    binding = resolve_name(ctx, construction.func) if made is None else None
    if made is None and (binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef)):
        return None
    cls = _plain_class(binding.node if made is None else made[0])
    init = _method(cls, "__init__") if cls is not None else None
    attr = node.attr.value
    if init is None or _class_binds(cls, attr):
        return None
    if _stores(ctx).get(attr) != 1:
        from codemods.analysis.updated_fields import updated_operands

        operands = updated_operands(ctx, cls, attr, _stores(ctx).get(attr, 0)) if updates is not None else None
        if operands is None:
            return None
        updates.extend(operands)
    info = _scope_info(ctx, init)
    params = [p.name.value for p in (*init.params.posonly_params, *init.params.params, *init.params.kwonly_params)]
    if any(name in info.bindings for name in params) or isinstance(init.params.star_arg, cst.Param) \
            or init.params.star_kwarg is not None:
        return None
    me = params[0]
    value = next((small.value for line in init.body.body if isinstance(line, cst.SimpleStatementLine)
                  for small in line.body if isinstance(small, cst.Assign) and len(small.targets) == 1
                  and _is_field(small.targets[0].target, me, attr)), None)
    if value is None:
        return None  # stored in a branch, a loop or another method
    start, end = ctx.offsets(init)
    if start <= ctx.offsets(node)[0] < end and ctx.offsets(value)[0] > ctx.offsets(node)[0]:
        return None  # read in `__init__` before the store
    inner = bind_call(ctx, init, construction, outer, frozenset(params[1:]), 1)
    if inner is None or _changed_container(ctx, value, inner, construction):
        return None
    # `self` bound too: a field read in `__init__` after its store (`out_shardings=self.placed`)
    return value, Env(inner.function, {**inner.args, me: (construction, outer)})


def _held_or_called_on(ctx: FileContext, name: cst.Name, hops: int = 3):
    """What the local `name` holds, or, for a method's receiver, the one construction every call
    of the method is made on (`_called_on`)."""
    from codemods.analysis.local_names import follow_names

    held = follow_names(ctx, name)[0]
    return _called_on(ctx, name, hops) if held is None or held is name else held


def _called_on(ctx: FileContext, receiver: cst.Name, hops: int = 3):
    """The one construction every call of the method whose receiver `receiver` is (`self` of
    `evaluate`, called as `loop.evaluate(...)`) is made on, following `self.other(...)` calls up
    to `hops` methods; else None."""
    from codemods.analysis.receivers import receiver_envs

    envs = receiver_envs(ctx, receiver) if hops > 0 else None
    if not envs:
        return None
    found = set()
    for bound in envs:
        held, _ = bound.args[receiver.value]
        if isinstance(held, cst.Name):
            held = _held_or_called_on(ctx, held, hops - 1)
        if not isinstance(held, cst.Call):
            return None
        found.add(id(held))
    return held if len(found) == 1 else None


def _changed_container(ctx: FileContext, value, env: Env, construction: cst.Call) -> bool:
    """`self.params = params` of `Holder(params)`: the caller's dict is the field, so a change the
    caller makes to it (`params['w'] = ...`, before or after) changes the field too."""
    from codemods.analysis.local_names import follow_names
    from codemods.analysis.local_tables import kept_local

    from codemods.analysis.local_names import _scope_info, binding_scope

    bound = env_value(ctx, value, env) if isinstance(value, cst.Name) else None
    scope = binding_scope(ctx, bound[0]) if bound is not None and isinstance(bound[0], cst.Name) else None
    if not isinstance(scope, cst.FunctionDef) or bound[0].value not in _scope_info(ctx, scope).bindings:
        return False  # a module table: read as the spec tables are (spec_sources.py)
    held, _ = follow_names(ctx, bound[0])
    mutable = isinstance(held, (cst.Dict, cst.DictComp, cst.List, cst.ListComp)) \
        or isinstance(held, cst.Call) and isinstance(held.func, cst.Name) and held.func.value in ("dict", "list")
    return mutable and not kept_local(ctx, bound[0], through=construction)


def _plain_class(cls: cst.ClassDef) -> cst.ClassDef | None:
    """The class when it has no bases or decorators and defines no attribute hooks."""
    if cls.bases or cls.keywords or cls.decorators or not isinstance(cls.body, cst.IndentedBlock):
        return None
    if any(_class_binds(cls, name) for name in _DYNAMIC):
        return None
    return cls


def _method(cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(found) != 1 or found[0].decorators or found[0].asynchronous is not None \
            or not [*found[0].params.posonly_params, *found[0].params.params]:
        return None
    return found[0]


def _first_param(function: cst.FunctionDef) -> str:
    return [*function.params.posonly_params, *function.params.params][0].name.value


def _class_binds(cls: cst.ClassDef, name: str) -> bool:
    for statement in cls.body.body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            if statement.name.value == name and name != "__init__":
                return True
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
                    [small.target] if isinstance(small, (cst.AnnAssign, cst.AugAssign)) else []
                if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                    return True
        else:
            return True  # a compound statement may bind anything
    return False


def _is_field(target: cst.BaseExpression, me: str, attr: str) -> bool:
    return isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
        and target.value.value == me and target.attr.value == attr


def _yields(body: cst.CSTNode) -> list:
    """The `yield`s of a function body, not of the functions or lambdas inside it."""
    found: list = []

    class _Visitor(cst.CSTVisitor):
        def visit_FunctionDef(self, node) -> bool:
            return False

        def visit_Lambda(self, node) -> bool:
            return False

        def visit_ClassDef(self, node) -> bool:
            return False

        def visit_Yield(self, node) -> None:
            found.append(node)

    body.visit(_Visitor())
    return found


def _stores(ctx: FileContext) -> dict[str, int]:
    """How often the file stores or deletes each attribute name (every name when `setattr`,
    `vars` or `__dict__` appear: then no count is trusted). Read on Python's `ast`."""
    def compute() -> dict[str, int]:
        counts: dict[str, int] = {}
        for node in ast.walk(ctx.tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
                counts[node.attr] = counts.get(node.attr, 0) + 1
            elif (isinstance(node, ast.Name) and node.id in ("setattr", "delattr", "vars")) \
                    or (isinstance(node, ast.Attribute) and node.attr == "__dict__"):
                return {}
        return counts

    return ctx.cached("iterated.stores", compute)
