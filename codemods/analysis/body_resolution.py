"""What a shard_map body expression names: a function, a lambda, a method (bound or not), a
callable module object, or `partial(...)` of one of those, with the scopes around it and the
arguments already bound. Split from shardmap.py, which finds the shard_map calls themselves.
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.body_tables import chosen_body, method_factory_body, splatted_keywords
from codemods.analysis.class_families import overridden
from codemods.analysis.class_registries import registry_class
from codemods.analysis.decorators import APPLIED_BY, returned_call, returned_def, returned_lambda
from codemods.analysis.higher_order import SAME_FUNCTION
from codemods.analysis.field_objects import field_class
from codemods.analysis.hook_params import hook_param_class
from codemods.analysis.handed_objects import handed_class
from codemods.analysis.nested_classes import init_store, nested_class, property_alias, static_function
from codemods.analysis.nodes import DEFS, Arg, FunctionDef, call_args, iter_nodes, positional_params
from codemods.analysis.object_methods import class_method
from codemods.analysis.patched_functions import partials_patched
from codemods.analysis.objects_built import built_by_method
from codemods.analysis.scopes import ModuleScope, method_kind
from codemods.analysis.syntax import assigned_names, small_targets
from codemods.analysis.user_decorators import transparent


def resolve_body(scope: ModuleScope, expr, scopes, depth: int = 0):
    """(body function, scopes enclosing it, referring Name, partial-bound args) of a body expression."""
    if expr is None or depth > 4:
        return None, (), None, ()
    if isinstance(expr, ast.Lambda):
        return expr, scopes, None, ()
    if keeps_function(scope, expr, scopes):  # `shard_map(jax.checkpoint(f), ...)` runs f's trace
        return resolve_body(scope, expr.args[0], scopes, depth + 1)
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, (ast.Name, ast.Attribute, ast.Call)):
        method, bound = method_of(scope, expr, scopes)
        if method is not None:
            return method, (), expr, bound
        if (stored := init_store(scope, expr, scopes)) is not None:  # `self._step = self._make_step(axis)`
            return resolve_body(scope, stored[0], stored[1], depth + 1)
        if (alias := property_alias(scope, expr, scopes)) is not None:  # a property returning `self._step`
            found = resolve_body(scope, alias[0], scopes, depth + 1)
            return found[:2] + (alias[1],) + found[3:] if found[2] is alias[0] else (None, (), None, ())
    if isinstance(expr, ast.Name) and (call := own_call(scope, expr, scopes)) is not None:
        found = resolve_body(scope, call, scopes, depth + 1)  # `shard_map(self, ...)`: self.__call__,
        return found[:2] + (expr,) + found[3:] if found[0] is not None else found  # referred to by `self`
    if isinstance(expr, ast.Name):
        function, outer = scope.lookup_function(expr.id, scopes)
        if function is not None and not transparent(scope, function, outer, getattr(expr, APPLIED_BY, None)):
            return None, (), None, ()  # shard_map runs what the decorator returns (user_decorators.py)
        if function is not None:
            # Scopes enclosing the definition: `outer` ends with the defining function.
            return function, outer, expr, ()
        value, outer = scope.lookup_value(expr.id, scopes)
        if isinstance(value, ast.Attribute) and scope.loads(expr.id) == 1:  # `fn = trainer.step`, read only here
            return resolve_body(scope, value, outer, depth + 1)
        if isinstance(value, ast.Call) and call_method(scope, value, outer) is not None:
            return call_method(scope, value, outer), (), expr, (Arg(expr),)  # `block = Block(); shard_map(block)`
        if isinstance(value, (ast.Call, ast.IfExp)):  # `body = partial(self._body, ...)`
            found = resolve_body(scope, value, outer, depth + 1)
            if found[2] is None and len(found[3]) == 1 and found[3][0].value is value:
                return found[:2] + (expr, (Arg(expr),))  # `norm = build("tp")`: the object the name holds
            return found
        return None, (), None, ()
    if (chosen := chosen_body(scope, expr, scopes)) is not None:  # `BODIES[kind]`, `_a if FLAG else _b`
        return resolve_body(scope, chosen[0], chosen[1], depth + 1)  # (body_tables.py)
    if isinstance(expr, ast.Call) and call_method(scope, expr, scopes) is not None:
        return call_method(scope, expr, scopes), (), None, (Arg(expr),)  # `shard_map(Block(), ...)`
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        factory, outer = scope.lookup_function(expr.func.id, scopes)
        # `@functools.lru_cache` over the factory returns what it returns (user_decorators.py)
        kept = isinstance(factory, DEFS) and bool(factory.decorator_list) and transparent(scope, factory, outer)
        returned = returned_def(factory, method=kept) if isinstance(factory, DEFS) and not outer else None
        if returned is not None and scope.module_references(expr.func.id) == 1:
            return returned[0], (factory,), returned[1], ()  # `shard_map(make_body(cfg), ...)`
        made = returned_lambda(factory) if isinstance(factory, DEFS) and not outer else None
        if made is not None and scope.module_references(expr.func.id) == 1:
            return made, (factory,), None, ()  # `body = compose(f, g)`, compose returning `lambda x: ...`
        inner = returned_call(factory) if isinstance(factory, DEFS) and not outer else None
        if inner is not None and scope.module_references(expr.func.id) == 1:
            found = resolve_body(scope, inner, (factory,), depth + 1)  # `make_outer(axis)` returning `make_inner(axis)`
            if len(found[3]) == 1 and found[3][0].value is inner and any(
                    type(node) is ast.Name and scope.locals_of(factory).binds(node.id) for node in ast.walk(inner)):
                # `return Norm(axis)`: the object is this call's result; its arguments name the
                # factory's parameters or locals, which the caller's frame does not bind
                return found[:3] + ((Arg(expr),),)
            if not any(arg.star for arg in found[3]) and not (
                    _reads_params(found[3], factory) and type(found[0]) is ast.FunctionDef and not found[1]
                    and scope.globals.unique_function(found[0].name) is found[0]):
                return found  # else `partial(f, **axes)` of the factory's `**axes`, or `partial(f,
                # axis=axis)` of its own parameters: run with this call's arguments (evaluated_bodies.py)
    if (made := method_factory_body(scope, expr, scopes, method_of)) is not None:  # `self.make_body(0.5)`
        return made
    if isinstance(expr, ast.Call) and scope.resolve(expr.func, scopes) == jaxapi.PARTIAL:
        args = splatted_keywords(scope, call_args(expr), scopes)  # `partial(body, **AXIS_KW)`
        if any(arg.keyword is not None for arg in args[1:]) and partials_patched(scope.tree):
            return None, (), None, ()  # `body.keywords[k] = v` may change what it binds (patched_functions.py)
        if args and args[0].keyword is None and not args[0].star:
            body, body_scopes, ref, bound = resolve_body(scope, args[0].value, scopes, depth + 1)
            nested = isinstance(args[0].value, ast.Call) and scope.resolve(args[0].value.func, scopes) == jaxapi.PARTIAL
            if body is not None and (not bound or isinstance(args[0].value, ast.Attribute) or nested
                                     or len(bound) == 1 and bound[0].value is args[0].value):
                # `partial(self._body, ...)`, `partial(Block(), axis="i")` (the object, then the rest),
                # `partial(partial(f, a), b)`: f's arguments, then these (a later keyword wins)
                return body, body_scopes, ref, tuple(bound) + tuple(args[1:])
    return None, (), None, ()


def own_call(scope: ModuleScope, expr: ast.Name, scopes) -> ast.Attribute | None:
    """`self` handed as a body by a plain method of a module class: Python calls the object's
    `__call__`, read as `self.__call__` (method_of, which gives up when a subclass overrides it)."""
    enclosing = scopes[-1] if scopes else None
    if not isinstance(enclosing, DEFS) or scope.class_of(enclosing) is None or method_kind(enclosing) != "plain":
        return None
    params = positional_params(enclosing.args)
    if not params or params[0].arg != expr.id or expr.id in assigned_names(enclosing.body):
        return None
    return ast.copy_location(ast.Attribute(value=expr, attr="__call__", ctx=ast.Load()), expr)


def _reads_params(bound, factory) -> bool:
    """Whether an argument the factory binds reads one of the factory's own parameters."""
    params = {arg.arg for arg in factory.args.posonlyargs + factory.args.args + factory.args.kwonlyargs}
    return any(type(node) is ast.Name and node.id in params for arg in bound for node in ast.walk(arg.value))


def keeps_function(scope: ModuleScope, expr, scopes) -> bool:
    """`jax.checkpoint(f)`, `jax.remat(f, policy=...)`, `jax.jit(f)`: the same types as f."""
    if not isinstance(expr, ast.Call) or len(expr.args) != 1 or isinstance(expr.args[0], ast.Starred):
        return False
    name = scope.resolve(expr.func, scopes)
    if name not in SAME_FUNCTION:
        return False
    allowed = frozenset() if name == "jax.jit" else _NAMED_CALL_KEYWORDS if name == "jax.named_call" else _REMAT_KEYWORDS
    return all(keyword.arg in allowed for keyword in expr.keywords)


_REMAT_KEYWORDS = frozenset({"policy", "prevent_cse"})
_NAMED_CALL_KEYWORDS = frozenset({"name"})  # `jax.named_call(f, name="stage")` only names the trace


def call_method(scope: ModuleScope, construction: ast.Call, scopes) -> FunctionDef | None:
    """The `__call__` of the module class `construction` constructs (an equinox-style module
    used as a body), when no class of the module extends it."""
    func = construction.func
    if type(func) in (ast.Subscript, ast.Call):
        cls = constructed_class(scope, construction, scopes)  # `ROUTERS[name](...)` (class_registries.py)
    elif not isinstance(func, ast.Name) or any(scope.locals_of(function).binds(func.id) for function in scopes):
        return None
    else:
        cls = scope.classes.get(func.id)
    if cls is None or scope.subclassed(cls):
        return None
    method = class_method(scope, cls, "__call__")  # its own, aliased or inherited (object_methods.py)
    return method if method is not None and method_kind(method) == "plain" else None


def method_of(scope: ModuleScope, expr: ast.Attribute, scopes) -> tuple[FunctionDef | None, tuple[Arg, ...]]:
    """`self._body` inside a method of a module class (self bound), `cls.body` inside a
    classmethod and `Model.body` of a classmethod (the class bound), or `Model.step` and static
    methods (nothing bound)."""
    receiver = expr.value.id if type(expr.value) is ast.Name else None
    cls = None
    instance = False
    enclosing = scopes[-1] if scopes else None
    owner = scope.class_of(enclosing) if enclosing is not None else None
    if owner is not None and not overridden(scope, owner, expr.attr):  # a subclass may override the method
        params = positional_params(enclosing.args)
        kind = method_kind(enclosing)
        if params and params[0].arg == receiver and kind in ("plain", "class"):
            cls, instance = owner, kind == "plain"
    if cls is None and not any(scope.locals_of(function).binds(receiver) for function in scopes):
        cls = scope.classes.get(receiver)
    if cls is None and receiver is not None and owner is not None \
            and (passed := hook_param_class(scope, enclosing, receiver)) is not None:
        cls, instance = passed, True  # `trainer.sharded(...)` in a hook every caller hands its `self` (hook_params.py)
    if cls is None and receiver is not None and owner is None and enclosing is not None \
            and (passed := handed_class(scope, enclosing, receiver, constructed_class)) is not None:
        cls, instance = passed, True  # `partitioner.partition(step, ...)` of a factory's parameter (handed_objects.py)
    if cls is None and type(expr.value) is ast.Attribute:  # `Trainer.Ops.step` (nested_classes.py)
        cls = nested_class(scope, expr.value, scopes)
    if cls is None and (held := field_class(scope, expr.value, scopes)) is not None:
        cls, instance = held, True  # `self.strategy.run` of a field __init__ sets once (field_objects.py)
    if cls is None and (receiver is not None or type(expr.value) is ast.Call):  # `model.step` with `model = Model(...)`
        # or `make_model(...)`, or `Model(cfg).step`: an object the module builds
        value, outer = scope.lookup_value(receiver, scopes) if receiver is not None else (expr.value, scopes)
        built = constructed_class(scope, value, outer)
        if built is not None:
            cls, instance = built, True
    if cls is None:
        return None, ()
    methods = [member for member in cls.body if isinstance(member, DEFS) and member.name == expr.attr]
    assigned = [member for member in cls.body if not isinstance(member, DEFS) and expr.attr in small_targets(member)]
    if not methods and (wrapped := static_function(scope, cls, assigned, expr.attr)) is not None:
        return wrapped, ()  # `step = staticmethod(_sync)` (nested_classes.py)
    if not methods and not assigned and expr.attr not in scope.stored_attributes \
            and isinstance(inherited := class_method(scope, cls, expr.attr), DEFS):
        methods = [inherited]  # `Child.step` of a base's classmethod: Python's search up the chain
    if len(methods) != 1 or assigned:
        return None, ()
    method = methods[0]
    kind = method_kind(method)
    if kind == "class":
        return method, (Arg(expr.value),)
    if kind == "plain":
        return method, (Arg(expr.value),) if instance else ()
    return (method, ()) if kind == "static" else (None, ())


def constructed_class(scope: ModuleScope, value: ast.expr | None, scopes, depth: int = 0) -> ast.ClassDef | None:
    """The module class (extended by no other) `value` constructs: `Model(...)`, a call of a
    module function every return of which is `return Model(...)`, or a builder method
    (`hp.instantiate()`, `Model.create(cfg)`: objects_built.py)."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and depth < 3:
        return built_by_method(scope, value.func, scopes, lambda v, s: constructed_class(scope, v, s, depth + 1))
    if isinstance(value, ast.Call) and type(value.func) in (ast.Subscript, ast.Call):
        cls = registry_class(scope, value, scopes)  # `MODELS[name](...)` (class_registries.py)
        return cls if cls is not None and not scope.subclassed(cls) else None
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name) \
            or any(scope.locals_of(function).binds(value.func.id) for function in scopes):
        return None
    name = value.func.id
    if name not in scope.classes:
        factory = scope.globals.unique_function(name)
        if not isinstance(factory, DEFS) or factory.decorator_list:
            return None
        returns = [node.value for node in iter_nodes(factory, prune=lambda n: n is not factory and type(n) in DEFS + (ast.Lambda,))
                   if type(node) is ast.Return]
        if len(returns) == 1 and isinstance(returns[0], ast.Call) and type(returns[0].func) is ast.Subscript:
            cls = registry_class(scope, returns[0], (factory,))  # `return MODELS[name](cfg)`
            return cls if cls is not None and not scope.subclassed(cls) else None
        names = {ret.func.id for ret in returns if isinstance(ret, ast.Call) and isinstance(ret.func, ast.Name)}
        if not returns or len(names) != 1 or not all(isinstance(ret, ast.Call) and isinstance(ret.func, ast.Name)
                                                      for ret in returns):
            return None
        name = names.pop()
        if scope.locals_of(factory).binds(name):
            return None
    cls = scope.classes.get(name)
    return cls if cls is not None and not scope.subclassed(cls) else None
