"""shard_map bodies: where they are, what their parameters' specs say, and which mesh axes exist.

Every form real code uses is recognised (issue 3): `jax.shard_map(f, mesh=..., in_specs=...,
out_specs=...)`, the same without `f` as a decorator or called on `f` later, `functools.partial`
of it (as a decorator or called on `f`), the experimental `shard_map(f, mesh, in_specs,
out_specs)` with positional arguments, and every import spelling and alias the import table
resolves. Bodies are nested functions, module functions, lambdas, or `partial(f, ...)` of those.

Works on Python's `ast` (about ten times cheaper to build than LibCST's tree, and its nodes carry
their positions). Names are resolved with the package's own import table and a small
per-function table of assignments.
"""
from __future__ import annotations

import ast
from codemods.dataclass_code import dataclass

from codemods import jaxapi
from codemods.analysis.nodes import (
    DEFS,
    Arg,
    FunctionDef,
    FunctionNode,
    all_param_names,
    call_args,
    calls_by_callee,
    calls_outside_nested,
    last_name,
    nodes_of_type,
    positional_params,
)
from codemods.analysis.scopes import ModuleScope, method_kind
from codemods.analysis.shardmap_spellings import MAX_FORWARDING_DEPTH
from codemods.analysis.decorators import Decorators, reads, returned_call, returned_def, wraps_of
from codemods.analysis.syntax import assigned_names
from codemods.analysis.splat_specs import expand_splats
from codemods.analysis.kwargs_mappers import mapper_call
from codemods.analysis.chain_arguments import argument_for, default_of
from codemods.analysis.completed_mappers import completed, portable_settings
from codemods.analysis.user_decorators import transparent
from codemods.analysis.body_resolution import method_of, resolve_body
from codemods.analysis.partial_factories import completed_factory


# ---------------------------------------------------------------------------------------------
# shard_map calls
# ---------------------------------------------------------------------------------------------
@dataclass
class ShardMapUse:
    """One application of shard_map to a body."""

    node: ast.Call  # the shard_map call (or the decorator's call)
    body: FunctionNode | None
    body_scopes: tuple[FunctionDef, ...]  # functions enclosing the body's definition
    call_scopes: tuple[FunctionDef, ...]  # functions enclosing the shard_map call
    body_ref: ast.Name | None  # the Name by which the call refers to a named body
    decorated: bool  # the body is the function the shard_map decorates
    bound_args: tuple[Arg, ...]  # partial(body, ...) arguments
    in_specs: ast.expr | None
    out_specs: ast.expr | None
    mesh: ast.expr | None
    axis_names: ast.expr | None
    check: object  # check_vma / check_rep literal value (True when absent), NOT_LITERAL if unknown
    experimental: bool
    # A body handed to shard_map through parameters of module functions: each call on the way,
    # outermost first, with the function it calls, the scopes enclosing that function and the
    # receiver a method is called on (None for a function). The
    # body is then `inner_body` (the parameter, or `partial` of it) with those parameters bound.
    chain: tuple[tuple[ast.Call, FunctionDef, tuple[FunctionDef, ...], ast.expr | None], ...] = ()
    outer_scopes: tuple[FunctionDef, ...] = ()  # functions enclosing the outermost call
    inner_body: ast.expr | None = None
    applied: ast.Call | None = None  # the call of the chain a decorator factory's wrapper gets the body by
    written_body: ast.expr | None = None  # the body expression of a plain call, as written
    closure: object = None  # the frame an evaluated body's free names resolve in (evaluated_bodies.py)
    # Values a `partial` evaluated elsewhere binds (positional, then (name, value) pairs), in
    # place of `bound_args` written at the call (built_bodies.py)
    bound_values: tuple | None = None


@dataclass(frozen=True)
class _Forward:
    """A shard_map call (`call`, `args`) whose body is parameter `param` of a function, reached
    through the calls of `path` (each with the function it calls and that function's scopes)."""

    call: ast.Call
    args: "_ShardMapArgs"
    param: str
    path: tuple
    body: ast.expr


@dataclass(frozen=True)
class _ShardMapArgs:
    body: ast.expr | None
    keywords: dict[str, ast.expr]
    experimental: bool


def shard_map_args(scope: ModuleScope, call: ast.Call, scopes) -> _ShardMapArgs | None:
    """The arguments given to shard_map by `call`, if `call` applies (or partially applies) it."""
    name = scope.resolve(call.func, scopes)
    if name == jaxapi.PARTIAL:
        args = call_args(call)
        if not args or args[0].keyword is not None or args[0].star:
            return None
        name = scope.resolve(args[0].value, scopes)
        args = args[1:]
    elif name in (jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP):
        args = call_args(call)
    else:
        return None  # most calls asked about: their arguments are not listed
    if name not in (jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP):
        return None
    args = expand_splats(scope, args, scopes)
    return None if args is None else _bind_shard_map_args(args, name == jaxapi.EXPERIMENTAL_SHARD_MAP)


def _bind_shard_map_args(args: list[Arg], experimental: bool) -> _ShardMapArgs | None:
    if any(arg.star for arg in args):
        return None
    positional = [arg.value for arg in args if arg.keyword is None]
    keywords = {arg.keyword: arg.value for arg in args if arg.keyword is not None}
    names = ("f", "mesh", "in_specs", "out_specs") if experimental else ("f",)
    if len(positional) > len(names):
        return None
    for index, value in enumerate(positional):
        keywords[names[index]] = value
    body = keywords.pop("f", None)
    return _ShardMapArgs(body, keywords, experimental)


def find_shard_maps(scope: ModuleScope) -> list[ShardMapUse]:
    """Every use of shard_map in the module, in source order."""
    finder = _Finder(scope)
    # The calls `_mentions_shard_map` can say yes to, from the module's index of calls by the
    # last name of their callee (None: a callee of another shape, `make(mesh)(body)`): the
    # others (most calls) are passed over without a look.
    by_callee = calls_by_callee(scope.tree)
    candidates = {id(call) for key in (None, "shard_map", *finder.shard_map_names, *finder.partial_names)
                  for call in by_callee.get(key, ())}
    for node, scopes in scope.calls_and_defs:
        if isinstance(node, ast.Call):
            if id(node) in candidates:
                finder.call(node, scopes)
        elif isinstance(node, DEFS):
            finder.function(node, scopes)
    return finder.found


class _Finder(Decorators):
    def __init__(self, scope: ModuleScope) -> None:
        self.scope = scope
        self.found: list[ShardMapUse] = []
        self.handled: set[int] = set()  # calls already used as decorator or applied factory
        bindings = scope.imports.bindings
        self.shard_map_names = scope.shard_map_names | scope.indirect_names
        self.partial_names = {"partial"} | {name for name, bound in bindings.items() if bound == jaxapi.PARTIAL}
        self._forwarded: dict[int, list[_Forward]] = {}
        self._asked: dict[int, tuple[tuple, _ShardMapArgs | None]] = {}

    def _args(self, call: ast.Call, scopes) -> _ShardMapArgs | None:
        """`shard_map_args`, once per call and scopes: the main search, the search through the
        functions a body is handed to and the mappers' bindings ask about the same calls."""
        known = self._asked.get(id(call))
        if known is not None and known[0] == scopes:
            return known[1]
        found = shard_map_args(self.scope, call, scopes)
        self._asked[id(call)] = (scopes, found)  # the call is held by the tree: its id stays its own
        return found

    def function(self, node: FunctionDef, scopes) -> None:
        for expr in node.decorator_list:
            if isinstance(expr, ast.Call) and self._mentions_shard_map(expr):
                found = self._args(expr, scopes)
                if found is not None and found.body is None:
                    self.handled.add(id(expr))
                    if not transparent(self.scope, node, scopes, expr):
                        continue  # shard_map gets what the decorators under it return
                    self._add(expr, found, node, scopes, scopes, None, decorated=True)
                elif found is None and len(expr.args) == 1 and self.scope.resolve(expr.func, scopes) == jaxapi.PARTIAL:
                    self._builder_decorator(expr, expr.args[0], expr.keywords, node, scopes)
                elif found is None and isinstance(expr.func, ast.Name):
                    mapped = mapper_call(self.scope, expr, scopes)
                    if mapped is not None and mapped[0] is None:  # `@filter_shard_map(mesh=m, ...)`
                        self.handled.add(id(expr))
                        if transparent(self.scope, node, scopes, expr):
                            self._add(expr, _ShardMapArgs(*mapped), node, scopes, scopes, None, decorated=True)
                    elif not completed_factory(self, expr, node, scopes):  # `@sharded(in_specs=...)` (partial_factories.py)
                        self._decorator_factory(expr, node, scopes)
            elif isinstance(expr, ast.Name) and expr.id in self.shard_map_names:
                mapper = self._mapper(expr.id, scopes)  # `@mapper` with `mapper = shard_map(mesh=...)`
                if mapper is not None:
                    if transparent(self.scope, node, scopes, expr):
                        self._add(mapper[0], mapper[1], node, scopes, mapper[2], None, decorated=True)
                else:
                    self._builder_decorator(expr, expr, [], node, scopes)

    def call(self, node: ast.Call, scopes) -> None:
        if id(node) in self.handled or not self._mentions_shard_map(node):
            return
        # `shard_map(mesh=..., ...)(body)` and `partial(shard_map, ...)(body)`
        if isinstance(node.func, ast.Call):
            inner = self._args(node.func, scopes)
            if inner is not None and inner.body is None:
                self.handled.add(id(node.func))
                body_expr, inner = completed(inner, call_args(node))
                self._add_with_body(node.func, inner, body_expr, scopes)
                return
            made = self._returned_mapper(node.func, scopes)
            if made is not None:  # `make(mesh)(body)`, make returning `partial(jax.shard_map, ...)`
                self._apply_mapper(node, made, scopes)
                return
            mapped = mapper_call(self.scope, node.func, scopes)
            if mapped is not None and mapped[0] is None:  # `filter_shard_map(mesh=m, ...)(body)`
                self.handled.add(id(node.func))
                body_expr, inner = completed(_ShardMapArgs(*mapped), call_args(node))
                self._add_with_body(node.func, inner, body_expr, scopes)
                return
            if self._factory_applied(node, scopes):  # `sharded(mesh, specs)(body)` (decorators.py)
                return
        found = self._args(node, scopes)
        if found is not None and found.body is not None:
            self._add_with_body(node, found, found.body, scopes)
            return
        if isinstance(node.func, ast.Name) and node.func.id in self.shard_map_names:
            mapped = mapper_call(self.scope, node, scopes)
            if mapped is not None and mapped[0] is not None:  # `filter_shard_map(body, mesh=m, ...)`
                self._add_with_body(node, _ShardMapArgs(*mapped), mapped[0], scopes)
                return
            self._indirect_call(node, node.func.id, scopes)
        elif isinstance(node.func, ast.Attribute) and node.func.attr in self.shard_map_names:
            mapper = self._attribute_mapper(node.func, scopes)
            args = call_args(node)
            if mapper is None:
                self._forwarded_through(node, scopes)  # `self.wrap(body)`
            elif portable_settings(self.scope, args[1:], scopes + mapper[2]):  # `self.shard(body)`, `self.smap(body, out_specs=...)`
                body_expr, found = completed(mapper[1], args)
                if body_expr is not None:
                    body, body_scopes, ref, bound = resolve_body(self.scope, body_expr, scopes)
                    self._add(mapper[0], found, body, body_scopes, mapper[2], ref, decorated=False, bound=bound)

    def _returned_mapper(self, call: ast.Call, scopes):
        """(the call, its arguments, its scopes) of the shard_map without a body a module
        function returns, for a call of it."""
        if type(call.func) is not ast.Name:
            return None
        factory, outer = self.scope.lookup_function(call.func.id, scopes)
        if not isinstance(factory, DEFS) or self.scope.class_of(factory) is not None:
            return None
        returned = returned_call(factory)
        found = self._args(returned, outer + (factory,)) if returned is not None else None
        if found is None or found.body is not None:
            return None
        self.handled.add(id(returned))
        return returned, found, outer + (factory,)

    def _apply_mapper(self, node: ast.Call, mapper, scopes) -> None:
        """`mapper(body, ...)` of a shard_map without a body found written elsewhere."""
        call, found, mapper_scopes = mapper
        args = call_args(node)
        portable = mapper_scopes == scopes or portable_settings(self.scope, args[1:], scopes + mapper_scopes)
        body_expr, found = completed(found, args) if portable else (None, found)
        if body_expr is not None:
            body, body_scopes, ref, bound = resolve_body(self.scope, body_expr, scopes)
            self._add(call, found, body, body_scopes, mapper_scopes, ref, decorated=False, bound=bound)

    def _attribute_mapper(self, func: ast.Attribute, scopes):
        """`self.shard` inside a method, set once in the class's __init__ to shard_map without a
        body (and set nowhere else in the module): (that call, its arguments, its scopes)."""
        enclosing = scopes[-1] if scopes else None
        cls = self.scope.class_of(enclosing) if enclosing is not None else None
        params = positional_params(enclosing.args) if cls is not None else []
        if not params or not isinstance(func.value, ast.Name) or func.value.id != params[0].arg \
                or method_kind(enclosing) != "plain" or self.scope.subclassed(cls):
            return None
        stores = [node for node in nodes_of_type(self.scope.tree, ast.Attribute)
                  if node.attr == func.attr and isinstance(node.ctx, (ast.Store, ast.Del))]
        for init in (member for member in cls.body if isinstance(member, DEFS) and member.name == "__init__"):
            receiver = positional_params(init.args)[0].arg if positional_params(init.args) else None
            for stmt in init.body:
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and stmt.targets[0] in stores \
                        and len(stores) == 1 and isinstance(stmt.targets[0].value, ast.Name) \
                        and stmt.targets[0].value.id == receiver and isinstance(stmt.value, ast.Call):
                    init_scopes = self._scopes_of(init) + (init,)
                    found = self._args(stmt.value, init_scopes)
                    if found is not None and found.body is None:
                        self.handled.add(id(stmt.value))
                        return stmt.value, found, init_scopes
        return None

    def _indirect_call(self, node: ast.Call, name: str, scopes) -> None:
        """`mapper(body)` with `mapper = jax.shard_map(mesh=...)`, and `distribute(body, ...)` with
        a module function that passes that parameter to shard_map."""
        mapper = self._mapper(name, scopes)
        if mapper is not None:
            self._apply_mapper(node, mapper, scopes)
            return
        self._forwarded_through(node, scopes)

    def _callee(self, node: ast.Call, scopes) -> tuple[FunctionDef | None, ast.expr | None]:
        """The module function or method a call runs, with the receiver a method is bound to."""
        if isinstance(node.func, ast.Name):
            function, _ = self.scope.lookup_function(node.func.id, scopes)
            return (function, None) if isinstance(function, DEFS) else (None, None)
        if isinstance(node.func, ast.Attribute) and (isinstance(node.func.value, ast.Name) or type(node.func.value)
                                                     is ast.Attribute and type(node.func.value.value) is ast.Name):
            method, bound = method_of(self.scope, node.func, scopes)  # `self.strategy.run(fn)` too
            if isinstance(method, DEFS):
                return method, bound[0].value if bound else None
        return None, None

    def _forwarded_through(self, node: ast.Call, scopes, decorated: bool = False) -> None:
        """`distribute(body, mesh)` or `self.wrap(body)` with a function that hands that
        parameter on to shard_map (through other functions, too)."""
        function, receiver = self._callee(node, scopes)
        if function is None or any(arg.star for arg in call_args(node)):
            return
        for forward in self._forwarding(function):
            given = argument_for(node, function, forward.param, skip=receiver is not None)
            given_scopes = scopes
            if given is None and not decorated and type(default := default_of(function, forward.param)) is ast.Name:
                given, given_scopes = default, self._scopes_of(function)  # `def run(mesh, x, fn=body)` without `fn`
            if given is None or (decorated and (given is not node.args[0] or reads(function, forward.param) != 1)):
                continue  # a decorated def is run only by shard_map when the builder reads it just there
            inner = forward.body.args[0] if isinstance(forward.body, ast.Call) else forward.body
            if isinstance(inner, ast.Attribute):  # `build(model, mesh)` handing `model.apply` on
                if not isinstance(given, ast.Name) or receiver is not None or forward.path \
                        or self.scope.module_references(function.name) != 1:
                    continue  # one call: `model.apply` in the builder is then this object's method
                method = ast.copy_location(ast.Attribute(value=given, attr=inner.attr, ctx=ast.Load()), given)
                body, body_scopes, ref, bound = resolve_body(self.scope, method, scopes)
                ref = inner
            else:
                body, body_scopes, ref, bound = resolve_body(self.scope, given, given_scopes)
            inner_bound = tuple(call_args(forward.body)[1:]) if isinstance(forward.body, ast.Call) else ()
            chain = ((node, function, self._scopes_of(function), receiver),) + forward.path
            inner_function, inner_scopes = chain[-1][1], chain[-1][2]
            self._add(forward.call, forward.args, body, body_scopes, inner_scopes + (inner_function,), ref,
                      decorated=decorated, bound=tuple(bound) + inner_bound, chain=chain, outer_scopes=scopes,
                      inner_body=forward.body)

    def _mapper(self, name: str, scopes):
        """(the call, its arguments, its scopes) when `name` is bound once to shard_map without a body."""
        value, outer = self.scope.lookup_value(name, scopes)
        if isinstance(value, ast.Call):
            found = self._args(value, outer)
            if found is not None and found.body is None:
                self.handled.add(id(value))
                return value, found, outer
            if found is None:
                return self._returned_mapper(value, outer)  # `smap = make(mesh)`
        return None

    def _forwarding(self, function: FunctionDef, depth: int = 0) -> list[_Forward]:
        """How `function` hands one of its parameters to shard_map as the body: itself
        (`jax.shard_map(fn, ...)`, `jax.shard_map(partial(fn, axis=axis), ...)`) or by passing it
        on to another module function that does, a few calls deep. A parameter the function
        rebinds is not followed."""
        key = id(function)
        if key in self._forwarded:
            return self._forwarded[key]
        if depth >= MAX_FORWARDING_DEPTH:
            return []
        self._forwarded[key] = []  # a function reaching itself hands nothing on
        params = set(all_param_names(function.args))
        unbound: list[set[str]] = []

        def kept() -> set[str]:  # the parameters never rebound: read when asked
            if not unbound:
                unbound.append(params - assigned_names(function.body))
            return unbound[0]

        scopes = self._scopes_of(function) + (function,)
        found: list[_Forward] = []
        for node in calls_outside_nested(self.scope.tree, function):  # not those of nested defs and lambdas
            last = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if last not in self.shard_map_names and not _hands_on(node, params):
                continue  # a shard_map call here has no parameter for a body, and no other call is followed
            inner = self._args(node, scopes)
            if inner is not None:
                param = self._forwarded_param(inner.body, params, scopes)
                if param is not None and param in kept():
                    found.append(_Forward(node, inner, param, (), inner.body))
                continue
            if last not in self.shard_map_names:
                continue
            callee, receiver = self._callee(node, scopes)
            if callee is None or callee is function or any(arg.star for arg in call_args(node)):
                continue
            for forward in self._forwarding(callee, depth + 1):
                given = argument_for(node, callee, forward.param, skip=receiver is not None)
                if isinstance(given, ast.Name) and given.id in params and given.id in kept():
                    hop = ((node, callee, self._scopes_of(callee), receiver),)
                    found.append(_Forward(forward.call, forward.args, given.id, hop + forward.path, forward.body))
        found += self._forwarding_wrapper(function, params, kept, scopes)
        self._forwarded[key] = found
        return found

    def _forwarding_wrapper(self, function: FunctionDef, params: set[str], kept, scopes) -> list[_Forward]:
        """`def sharded(fn): def call(*args): return jax.shard_map(fn, ...)(*args); return call`:
        the def `function` returns hands the parameter on where it calls shard_map, once it is
        called (a decorator's wrapper); the wrapper must not bind the name itself."""
        returned = returned_def(function, keeps=lambda decorator: wraps_of(self.scope, decorator, scopes) is not None)
        if returned is None:
            return []
        wrapper = returned[0]  # `@functools.wraps(fn)` only copies the name and docstring
        own = set(all_param_names(wrapper.args)) | assigned_names(wrapper.body)
        found = []
        for node in calls_outside_nested(self.scope.tree, wrapper):
            if not self._spelled_shard_map(node.func):
                continue
            inner = self._args(node, scopes + (wrapper,))
            param = self._forwarded_param(inner.body, params - own, scopes + (wrapper,)) if inner is not None else None
            if param is not None and param in kept():
                found.append(_Forward(node, inner, param, (), inner.body))
        return found

    def _forwarded_param(self, body: ast.expr | None, names: set[str], scopes) -> str | None:
        """The parameter a shard_map body expression is: `fn`, `partial(fn, ...)`, or a method of
        it (`model.apply`)."""
        if isinstance(body, ast.Call) and self.scope.resolve(body.func, scopes) == jaxapi.PARTIAL \
                and body.args and not any(arg.star for arg in call_args(body)):
            body = body.args[0]
        if isinstance(body, ast.Attribute) and isinstance(body.value, ast.Name):
            body = body.value
        if isinstance(body, ast.Name) and body.id in names:
            return body.id
        return None

    def resolve_body(self, expr, scopes):
        return resolve_body(self.scope, expr, scopes)

    def _scopes_of(self, function: FunctionDef) -> tuple[FunctionDef, ...]:
        known = self.__dict__.get("_def_scopes")
        if known is None:  # one pass over the module's calls and defs, not one per question
            known = self._def_scopes = {}
            for node, scopes in self.scope.calls_and_defs:
                known.setdefault(id(node), scopes)  # the first, as a search from the start finds
        return known.get(id(function), ())

    def _mentions_shard_map(self, node: ast.Call) -> bool:
        """Cheap test before resolving anything: the callee (or partial's first argument) is
        spelled `...shard_map` or with a name the imports bind to shard_map."""
        func = node.func.func if isinstance(node.func, ast.Call) else node.func
        if self._spelled_shard_map(func):
            return True
        last = last_name(func)
        if last is not None and last in self.partial_names:
            first = _first_arg(node.func) if isinstance(node.func, ast.Call) else None
            first = first if first is not None else _first_arg(node)
            return first is not None and self._spelled_shard_map(first)
        return False

    def _spelled_shard_map(self, expr: ast.expr) -> bool:
        last = last_name(expr)
        return last is not None and (last == "shard_map" or last in self.shard_map_names)

    def _add_with_body(self, node, found: _ShardMapArgs, body_expr, scopes) -> None:
        body, body_scopes, ref, bound = resolve_body(self.scope, body_expr, scopes)
        caller = self._factory_call(found, scopes) if body is not None else None
        if caller is not None:  # `make(mesh, specs)` called once: its parameters are that call's
            call, factory, outer = caller
            self._add(node, found, body, body_scopes, scopes, ref, decorated=False, bound=bound,
                      chain=((call, factory, (), None),), outer_scopes=outer, inner_body=body_expr)
            return
        self._add(node, found, body, body_scopes, scopes, ref, decorated=False, bound=bound)
        if body is None:
            self.found[-1].written_body = body_expr  # `built.step`: the interpreter may know the object (built_bodies.py)

    def _factory_call(self, found: _ShardMapArgs, scopes):
        """(the call, the function, the call's scopes) when the shard_map is written in a module
        function (undecorated, not a method) that takes its spec trees as parameters it never
        rebinds, and whose one reference in the module is one plain call of it from elsewhere."""
        factory = scopes[-1] if len(scopes) == 1 else None
        if factory is None or factory.decorator_list or self.scope.class_of(factory) is not None \
                or self.scope.globals.unique_function(factory.name) is not factory:
            return None
        params = set(all_param_names(factory.args)) - assigned_names(factory.body)
        if not any(type(found.keywords.get(key)) is ast.Name and found.keywords[key].id in params
                   for key in ("in_specs", "out_specs")):  # a mesh alone: its axis names stay symbols
            return None
        if self.scope.module_references(factory.name) != 1:
            return None
        if "_named_calls" not in self.__dict__:  # one pass over the module's calls, when first asked
            self._named_calls: dict[str, list] = {}
            for node, outer in self.scope.calls_and_defs:
                if type(node) is ast.Call and type(node.func) is ast.Name:
                    self._named_calls.setdefault(node.func.id, []).append((node, outer))
        calls = [(node, outer) for node, outer in self._named_calls.get(factory.name, ()) if factory not in outer]
        if len(calls) != 1 or any(arg.star for arg in call_args(calls[0][0])) \
                or self.scope.lookup_function(factory.name, calls[0][1])[0] is not factory:
            return None
        return calls[0][0], factory, calls[0][1]

    def _add(self, node, found: _ShardMapArgs, body, body_scopes, call_scopes, ref, *, decorated, bound=(),
             chain=(), outer_scopes=(), inner_body=None, applied=None) -> None:
        keywords = found.keywords
        check_node = keywords.get("check_rep" if found.experimental else "check_vma")
        if check_node is None and found.experimental:
            check_node = keywords.get("check_vma")
        check = True if check_node is None else self.scope.constant(check_node, call_scopes)
        self.found.append(
            ShardMapUse(
                node=node,
                body=body,
                body_scopes=body_scopes,
                call_scopes=call_scopes,
                body_ref=ref,
                decorated=decorated,
                bound_args=tuple(bound),
                in_specs=keywords.get("in_specs"),
                out_specs=keywords.get("out_specs"),
                mesh=keywords.get("mesh"),
                axis_names=keywords.get("axis_names"),
                check=check,
                experimental=found.experimental,
                chain=chain,
                outer_scopes=outer_scopes,
                inner_body=inner_body,
                applied=applied,
            )
        )


def _hands_on(call: ast.Call, params: set[str]) -> bool:
    """Whether `call` may pass one of `params` as a shard_map body: an argument that is one of
    them, `partial` of one (the first argument of any call), a method of one (`model.apply`),
    or an unpacking (`*args`, `**specs`), whose items are not read here. A body `_forwarded_param`
    accepts is always one of these."""
    for arg in call.args:
        kind = type(arg)
        if kind is ast.Starred:
            return True
        if kind is ast.Call and arg.args:
            arg = arg.args[0]
            kind = type(arg)
        if kind is ast.Attribute:
            arg = arg.value
            kind = type(arg)
        if kind is ast.Name and arg.id in params:
            return True
    for keyword in call.keywords:
        if keyword.arg is None:
            return True
        value = keyword.value
        if type(value) is ast.Call and value.args:
            value = value.args[0]
        if type(value) is ast.Attribute:
            value = value.value
        if type(value) is ast.Name and value.id in params:
            return True
    return False


def _first_arg(call: ast.Call) -> ast.expr | None:
    args = call_args(call)
    return args[0].value if args else None
