"""What every call of a module function passes for one of its parameters (SF104's inputs).

`def gather(w): return top_level_all_gather(w, P(None))` says nothing about `w` by itself; the
file's calls of `gather` do. A parameter is read as what the calls give it (their arguments, or
the default where a call leaves it out) only when the file shows every call for certain: a
module function bound once and undecorated, whose name is used nowhere but as the callee of a
plain call (not passed, stored or rebound), and which is not called from inside itself; or a
method of a class nothing derives from, called only as `obj.method(...)` (an attribute name
no other class defines and the file uses in no other way). The
callers may lie in code the sparse text blanks out, so they are read only on a context holding
the whole file (`FileContext.whole_file`); on any other the analysis notes that it asked, and
the rule may look again on the whole file.
"""
from __future__ import annotations

from codemods import jaxapi

import ast

from codemods.analysis.class_attributes import class_own_bindings
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_ASKED = "call_sites.asked"


def asked(ctx: FileContext) -> list:
    """Appended to whenever a parameter's callers were wanted on a sparse context."""
    return ctx.cached(_ASKED, list)


def parameter_function(ctx: FileContext, name: cst.Name, arrays: bool = False):
    """The module function or plain method whose parameter `name` reads (never rebound in it,
    not a method's receiver), else None. Under `jax.jit` a traced parameter counts only when
    `arrays` (the caller reads the argument's sharding, not its value)."""
    from codemods.analysis.local_names import _scope_info, parents, scope_of
    from codemods.analysis.spec_sources import _before_rebinding

    function = scope_of(ctx, name)
    while isinstance(function, (cst.ListComp, cst.SetComp, cst.DictComp)) \
            and name.value not in _scope_info(ctx, function).params:
        function = scope_of(ctx, function)  # `{k: tree[k] for k in KEYS}` runs at once, in the function
    if not isinstance(function, cst.FunctionDef) or not _keeps_arguments(ctx, function, name.value, arrays):
        return None
    params = function.params
    if not isinstance(parents(ctx).get(function), cst.Module) and (
            _method_class(ctx, function) is None or (params.posonly_params or params.params)[0].name.value == name.value):
        return None
    if name.value not in {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}:
        return None
    if _scope_info(ctx, function).bindings.get(name.value) and not _before_rebinding(ctx, name, function):
        return None  # `head = self.prepare(head)`: the call reads what the caller passed
    return function


def receiver_method(ctx: FileContext, node: cst.CSTNode):
    """The plain method of a module class that `node` is written in (outside any nested function,
    lambda or comprehension scope of its own), its receiver never rebound; else None."""
    from codemods.analysis.local_names import _scope_info, scope_of

    function = scope_of(ctx, node)
    while isinstance(function, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
        function = scope_of(ctx, function)
    if not isinstance(function, cst.FunctionDef) or function.decorators or _method_class(ctx, function) is None:
        return None
    params = [*function.params.posonly_params, *function.params.params]
    if not params or _scope_info(ctx, function).bindings.get(params[0].name.value):
        return None
    return function


def _keeps_arguments(ctx: FileContext, function: cst.FunctionDef, param: str, arrays: bool) -> bool:
    """Undecorated, or under `jax.jit` without in_shardings (`@partial(jax.jit, static_argnames=...)`):
    a static parameter holds what the call passes, a traced one an array of the argument's
    sharding (the sharding is part of its type inside jit)."""
    from codemods.analysis.spec_sources import _jit_static

    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    for decorator in function.decorators:
        static = _jit_static(ctx, decorator.decorator, params)
        if static is None or (param not in static and not arrays):
            return False
    return True


def read_passed(ctx: FileContext, name: cst.Name, read, arrays: bool = False) -> list | None:
    """[read(expression, Env) for what each call passes for the parameter `name`], or None when
    that is unknown or the parameter is already being read (functions passing it round a cycle)."""
    function = parameter_function(ctx, name, arrays)
    if function is None:
        return None
    key = (id(function), name.value)
    active = ctx.cached("call_sites.active", set)
    values = passed(ctx, function, name.value) if key not in active else None
    if not values:
        return None
    active.add(key)
    try:
        return [read(value, env) for value, env in values]
    finally:
        active.discard(key)


def caller_envs(ctx: FileContext, function) -> list | None:
    """[(call, Env binding every parameter it gives)] for each call of `function`, found as
    `passed` finds them (the whole file only); None when the calls are not all known."""
    from codemods.analysis.spec_sources import bind_call

    if ctx.whole_file() is not ctx:
        return None
    calls, skip = _calls_of(ctx, function)
    if not calls:
        return None
    params = frozenset(p.name.value for p in (*function.params.posonly_params, *function.params.params,
                                              *function.params.kwonly_params))
    start, end = ctx.offsets(function)
    found = []
    for call in calls:
        env = bind_call(ctx, function, call, None, params, skip)
        if env is None or start <= ctx.offsets(call)[0] < end:
            return None
        found.append((call, env))
    return found


def _calls_of(ctx: FileContext, function) -> tuple[list | None, int]:
    """(every call of `function` in the file, how many leading parameters the call does not
    give): a method's calls on its receivers (`obj.gather(x)`: the receiver is bound already),
    or a module function's calls by name when it is bound once and called only by name; None
    when the calls are not all known."""
    from codemods.analysis.local_names import _module_binding_counts, parents

    fname = function.name.value
    cls = _method_class(ctx, function)
    if cls is not None and fname == "__call__":
        return instance_calls(ctx, cls, function), 1
    if cls is not None:
        return _method_calls(ctx, cls, fname), 1
    count = _plain_calls(ctx, fname)
    if not count or _module_binding_counts(ctx).get(fname) != 1:
        return None, 0
    calls = [node for node in parents(ctx) if isinstance(node, cst.Call)
             and isinstance(node.func, cst.Name) and node.func.value == fname]
    return (calls if len(calls) == count else None), 0


def passed(ctx: FileContext, function, param: str):
    """[(expression, Env | None)] that each call of `function` binds to `param`, else None."""
    from codemods.analysis.spec_sources import bind_call

    if ctx.whole_file() is not ctx:
        asked(ctx).append(param)
        return None
    calls, skip = _calls_of(ctx, function)
    if not calls:
        return None
    start, end = ctx.offsets(function)
    found = []
    for call in calls:
        if start <= ctx.offsets(call)[0] < end:
            return None  # recursion: the parameter depends on itself
        env = bind_call(ctx, function, call, None, frozenset({param}), skip)
        if env is None or param not in env.args:
            return None
        found.append(env.args[param])
    return found


def self_method(ctx: FileContext, node: cst.Attribute):
    """The method `self.name` calls in a method of a class nothing derives from, or `obj.name`
    with `obj = Cls(...)` a construction of a plain module class (no bases, decorators or
    attribute hooks: the method is its own), when no other class defines `name` and the file
    uses the attribute `name` only in calls; else None."""
    from codemods.analysis.local_names import _scope_info, scope_of

    owner = node.value
    if not isinstance(owner, cst.Name):
        return None
    function = scope_of(ctx, owner)
    params = function.params.posonly_params + function.params.params if isinstance(function, cst.FunctionDef) else ()
    constructed = None
    if not params or params[0].name.value != owner.value or function.decorators \
            or _scope_info(ctx, function).bindings.get(owner.value):
        constructed = _constructed_class(ctx, owner)
        if constructed is None:
            return None
    cls = constructed or _method_class(ctx, function)
    name = node.attr.value
    facts = _attribute_facts(ctx)
    if cls is None or facts["dynamic"] or name in facts["other_uses"] \
            or (constructed is None and cls.name.value in facts["bases"]) or facts["definers"].get(name, 0) != 1:
        return None
    return next((statement for statement in cls.body.body if isinstance(statement, cst.FunctionDef)
                 and statement.name.value == name), None)


def constructed_method(ctx: FileContext, func: cst.BaseExpression):
    """(the method, the construction) `Cls(...).name` or `obj.name` calls, `obj = Cls(...)` of a
    plain module class whose body defines `name` once as an undecorated def, when the file stores
    no attribute `name` and never sets attributes by name; else None. The receiver of the method
    is that construction (init_field reads its fields)."""
    from codemods.analysis.iterated import _class_binds, _method, _plain_class, _stores

    construction = _construction(ctx, func.value) if isinstance(func, cst.Attribute) else None
    if construction is None:
        return None
    cls, held = _plain_class(construction[0]), construction[1]
    name = func.attr.value
    if cls is None or name.startswith("__") or _attribute_facts(ctx)["dynamic"] or _stores(ctx).get(name) \
            or sum(isinstance(s, cst.FunctionDef) and s.name.value == name for s in cls.body.body) != 1:
        return None
    method = _method(cls, name)
    if method is None or _class_binds(cls.with_changes(body=cls.body.with_changes(
            body=[s for s in cls.body.body if s is not method])), name):
        return None
    return method, held


def _constructed_class(ctx: FileContext, owner: cst.Name) -> cst.ClassDef | None:
    """The class `owner` certainly holds an instance of: `obj = Cls(...)` of a module class with
    no bases, keywords or decorators that defines no attribute hooks."""
    from codemods.analysis.iterated import _plain_class

    construction = _construction(ctx, owner)
    return _plain_class(construction[0]) if construction is not None else None


def _construction(ctx: FileContext, held: cst.BaseExpression) -> tuple[cst.ClassDef, cst.Call] | None:
    """(the class, the call) when `held` is, or a name bound to, `Cls(...)` of a class defined
    at module level."""
    from codemods.analysis.local_names import follow_names, parents, resolve_name

    if isinstance(held, cst.Name):
        name, (held, _) = held, follow_names(ctx, held)
        if held is None:  # `def main(scheduler)` called `main(*inputs())`: what its one call passes
            passed_values = read_passed(ctx, name, lambda value, env: _construction(ctx, value))
            return passed_values[0] if passed_values and len(passed_values) == 1 else None
    if isinstance(held, cst.Call) and isinstance(held.func, cst.Attribute):
        return _factory_construction(ctx, held.func)  # `MasterWeights.create(shape)`
    if not isinstance(held, cst.Call) or not isinstance(held.func, cst.Name):
        return None
    binding = resolve_name(ctx, held.func)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef) \
            or not isinstance(parents(ctx).get(binding.node), cst.Module):
        return None
    return binding.node, held


def _factory_construction(ctx: FileContext, func: cst.Attribute) -> tuple[cst.ClassDef, cst.Call] | None:
    """(the class, the `cls(...)` call) of `Cls.create(...)`, a classmethod of the module class
    whose one statement building the object is its last, `return cls(...)` (the class bound to
    `Cls` exactly), never rebinding `cls`; its arguments are read where they are written."""
    from codemods.analysis.local_names import parents, resolve_name

    if not isinstance(func.value, cst.Name):
        return None
    binding = resolve_name(ctx, func.value)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef) \
            or not isinstance(parents(ctx).get(binding.node), cst.Module):
        return None
    return _factory_return(binding.node, func.attr.value)


def factory_class(ctx: FileContext, call: cst.Call) -> cst.ClassDef | None:
    """The module class whose classmethod returns `call` as `_factory_return` reads it."""
    from codemods.analysis.local_names import parents

    chain = [call]
    for _ in range(5):
        chain.append(parents(ctx).get(chain[-1]))
    _, returned, line, block, method, cls = chain
    if not isinstance(returned, cst.Return) or not isinstance(method, cst.FunctionDef) \
            or not isinstance(cls, cst.IndentedBlock) or not isinstance(parents(ctx).get(cls), cst.ClassDef):
        return None
    cls = parents(ctx).get(cls)
    if not isinstance(parents(ctx).get(cls), cst.Module):
        return None
    made = _factory_return(cls, method.name.value)
    return cls if made is not None and made[1] is call else None


def _factory_return(cls: cst.ClassDef, name: str) -> tuple[cst.ClassDef, cst.Call] | None:
    methods = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(methods) != 1 or len(methods[0].decorators) != 1 or not isinstance(methods[0].decorators[0].decorator, cst.Name) \
            or methods[0].decorators[0].decorator.value != "classmethod" \
            or not isinstance(methods[0].body, cst.IndentedBlock):
        return None
    method = methods[0]
    params = method.params.params
    body = method.body.body
    last = body[-1] if body else None
    returned = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not params or not isinstance(returned, cst.Return) or not isinstance(returned.value, cst.Call) \
            or not isinstance(returned.value.func, cst.Name) or returned.value.func.value != params[0].name.value:
        return None
    code = cst.Module(body=list(body[:-1])).code
    if "return" in code or "yield" in code or params[0].name.value in _rebound_names(body[:-1]):
        return None
    return cls, returned.value


def _rebound_names(statements) -> set[str]:
    import ast as _ast

    tree = _ast.parse(cst.Module(body=list(statements)).code or "pass")
    return {node.id for node in _ast.walk(tree) if isinstance(node, _ast.Name) and not isinstance(node.ctx, _ast.Load)}


def _method_class(ctx: FileContext, function) -> cst.ClassDef | None:
    """The module-level class whose body defines `function` directly."""
    from codemods.analysis.local_names import parents

    block = parents(ctx).get(function)
    cls = parents(ctx).get(block)
    if isinstance(cls, cst.ClassDef) and isinstance(parents(ctx).get(cls), cst.Module):
        return cls
    return None


def _method_calls(ctx: FileContext, cls: cst.ClassDef, name: str) -> list | None:
    """Every `obj.name(...)` call, when the file uses the attribute `name` only so, no class
    derives from `cls`, no other class defines `name`, and no call passes the receiver itself
    (`Cls.name(obj, ...)`)."""
    from codemods.analysis.local_names import parents

    facts = _attribute_facts(ctx)
    if facts["dynamic"] or name in facts["other_uses"] and name not in facts["inert_only"] \
            or cls.name.value in facts["bases"]:
        return None
    calls = [node for node in parents(ctx) if isinstance(node, cst.Call)
             and isinstance(node.func, cst.Attribute) and node.func.attr.value == name]
    if len(calls) != facts["calls"].get(name, 0) or any(_names_class(ctx, call.func.value, cls) for call in calls):
        return None
    if facts["definers"].get(name, 0) != 1 and not all(_instance_of(ctx, call.func.value, cls) for call in calls):
        return None  # another class's `name` (a dataclass field `export: P`) may be what a call reads
    return calls


def _instance_of(ctx: FileContext, node: cst.BaseExpression, cls: cst.ClassDef) -> bool:
    """Whether `node` certainly holds an object of exactly `cls` (no class derives from it):
    a name bound to `Cls(...)`, or the receiver of one of its plain methods."""
    from codemods.analysis.local_names import follow_names, resolve_name

    if not isinstance(node, cst.Name):
        return False
    if receiver_method(ctx, node) is not None and _method_class(ctx, receiver_method(ctx, node)) is cls:
        params = [*receiver_method(ctx, node).params.posonly_params, *receiver_method(ctx, node).params.params]
        return params[0].name.value == node.value
    held, _ = follow_names(ctx, node)
    if not isinstance(held, cst.Call) or not isinstance(held.func, cst.Name):
        return False
    built = resolve_name(ctx, held.func)
    return built is not None and built.kind == "def" and built.node is cls


def instance_calls(ctx: FileContext, cls: cst.ClassDef, method) -> list | None:
    """Every call of the objects of `cls` (`obj(x)`, `Cls(...)(x)`), which runs its `__call__`
    `method`: when the class is plain (no bases, decorators or attribute hooks; nothing derives
    from it), `method` its one undecorated `__call__`, and the class name is used only in
    constructions that are either called at once or bound once to a name of their function (or
    of the module) that is used only as the callee of calls. None otherwise: an object handed
    on (`jax.tree.map(obj, tree)`, `run(obj)`) is called where the file does not show it."""
    from codemods.analysis.iterated import _method, _plain_class
    from codemods.analysis.local_names import _scope_info, parents, scope_of

    def compute():
        if _plain_class(cls) is None or _method(cls, "__call__") is not method \
                or cls.name.value in _attribute_facts(ctx)["bases"]:
            return None
        parent_of = parents(ctx)
        calls: list = []
        names: set[str] = set()  # names bound to a construction
        targets: set[int] = set()  # the names those bindings write
        for node in parent_of:
            if not isinstance(node, cst.Name) or node.value != cls.name.value or node is cls.name:
                continue
            construction = parent_of.get(node)
            if not isinstance(construction, cst.Call) or construction.func is not node:
                return None
            outer = parent_of.get(construction)
            if isinstance(outer, cst.Call) and outer.func is construction:
                calls.append(outer)
                continue
            if not isinstance(outer, cst.Assign) or len(outer.targets) != 1 \
                    or not isinstance(outer.targets[0].target, cst.Name):
                return None
            name = outer.targets[0].target.value
            scope = scope_of(ctx, outer.targets[0].target)
            if len(_scope_info(ctx, scope).bindings.get(name) or ()) != 1:
                return None
            names.add(name)
            targets.add(id(outer.targets[0].target))
        for node in parent_of:
            if not isinstance(node, cst.Name) or node.value not in names:
                continue
            owner = parent_of.get(node)
            if id(node) in targets or isinstance(owner, cst.Attribute) and owner.attr is node \
                    or isinstance(owner, cst.Arg) and owner.keyword is node \
                    or isinstance(owner, (cst.AnnAssign, cst.AssignTarget)) and owner.target is node \
                    and isinstance(scope_of(ctx, node), cst.ClassDef):
                continue  # the binding itself, `x.obj`, `f(obj=...)`, a class's own field: not a read of the name
            if not isinstance(owner, cst.Call) or owner.func is not node:
                return None  # the object handed on, or a name of that spelling read elsewhere
            calls.append(owner)
        return calls

    return ctx.cached(("call_sites.instance-calls", id(cls)), compute)


def _names_class(ctx: FileContext, node: cst.BaseExpression, cls: cst.ClassDef) -> bool:
    """Whether `node` is the class itself (`Cls`, or `C` after `C = Cls`): a call through it
    passes the receiver as its first argument."""
    from codemods.analysis.local_names import follow_names

    if not isinstance(node, cst.Name):
        return False
    held, _ = follow_names(ctx, node)
    return node.value == cls.name.value or (isinstance(held, cst.Name) and held.value == cls.name.value)


def _attribute_facts(ctx: FileContext) -> dict:
    """How the file uses attribute names (Python's `ast`, the whole file): calls `obj.a(...)` per
    name, other uses, class names used as bases, how many classes define each name, and whether
    getattr/setattr/delattr appear."""
    def compute() -> dict:
        parent_of = {child: node for node in ast.walk(ctx.tree) for child in ast.iter_child_nodes(node)}
        facts: dict = {"calls": {}, "other_uses": set(), "bases": set(), "definers": {}, "dynamic": False}
        inert, other = set(), set()
        for node in ast.walk(ctx.tree):
            if isinstance(node, ast.Attribute):
                parent = parent_of.get(node)
                if isinstance(node.ctx, ast.Load) and isinstance(parent, ast.Call) and parent.func is node:
                    facts["calls"][node.attr] = facts["calls"].get(node.attr, 0) + 1
                else:
                    facts["other_uses"].add(node.attr)
                    # a sharding argument of a JAX function, which never calls what it is given (a
                    # method there raises before anything calls it): no call of a method hides here
                    (inert if isinstance(node.ctx, ast.Load) and _sharding_argument(ctx, node, parent) else other).add(node.attr)
            elif isinstance(node, ast.Name) and node.id in ("getattr", "setattr", "delattr", "vars"):
                facts["dynamic"] = True
            elif isinstance(node, ast.ClassDef):
                facts["bases"].update(ast.unparse(base).split(".")[-1] for base in node.bases)
                names = {target.id for stmt in node.body for target in _bound_targets(stmt)}
                for defined in names:
                    facts["definers"][defined] = facts["definers"].get(defined, 0) + 1
        facts["inert_only"] = inert - other
        return facts

    return ctx.cached("call_sites.attribute-facts", compute)


_SHARDING_TAKERS = {name: (1,) for name in ("jax.device_put", "jax.reshard", "jax.sharding.NamedSharding")}
_SHARDING_TAKERS.update({name: (0, 1) for name in jaxapi.TOP_LEVEL_ALL_GATHER})


def _sharding_argument(ctx: FileContext, node: ast.Attribute, parent) -> bool:
    """`top_level_all_gather(x, self.layout.export)`, `NamedSharding(mesh, cfg.spec)`: a positional
    argument of a JAX function that only reads its arrays and shardings."""
    from codemods.analysis.bindings import ast_dotted, resolve_dotted

    if not isinstance(parent, ast.Call) or node not in parent.args:
        return False
    callee = ast_dotted(parent.func)
    resolved = resolve_dotted(ctx.imports.bindings, callee) if callee else None
    return parent.args.index(node) in _SHARDING_TAKERS.get(resolved, ())


def _bound_targets(stmt: ast.stmt) -> list:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [ast.Name(stmt.name)]
    if isinstance(stmt, ast.Assign):
        return [node for target in stmt.targets for node in ast.walk(target) if isinstance(node, ast.Name)]
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return [stmt.target]
    return []


def _plain_calls(ctx: FileContext, fname: str) -> int | None:
    """How many times the file calls `fname` by name; None if the name is used or bound otherwise."""
    def compute() -> dict:
        parent_of = {child: node for node in ast.walk(ctx.tree) for child in ast.iter_child_nodes(node)}
        counts: dict = {}
        other: set = set()
        own = class_own_bindings(ctx.tree)
        for node in ast.walk(ctx.tree):
            if id(node) in own:
                continue
            if isinstance(node, ast.Name):
                parent = parent_of.get(node)
                if isinstance(node.ctx, ast.Load) and isinstance(parent, ast.Call) and parent.func is node:
                    counts[node.id] = counts.get(node.id, 0) + 1
                else:
                    other.add(node.id)
            elif isinstance(node, ast.alias):
                other.add(node.asname or node.name.split(".")[0])
            elif isinstance(node, ast.arg):
                other.add(node.arg)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                other.update(node.names)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                    and not isinstance(parent_of.get(node), ast.Module):
                other.add(node.name)
        return {name: None if name in other else count for name, count in counts.items()}

    return ctx.cached("call_sites.plain-calls", compute).get(fname, 0)


def names_read(node) -> list:
    """The plain names an argument reads, outside lambdas and comprehensions (their own scopes)."""
    found, pending = [], [node] if node is not None else []
    while pending:
        current = pending.pop()
        if isinstance(current, cst.Name):
            found.append(current)
        elif isinstance(current, cst.Attribute):
            pending.append(current.value)
        elif not isinstance(current, (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
            pending.extend(reversed(current.children))
    return found
