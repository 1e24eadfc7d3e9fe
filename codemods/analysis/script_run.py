"""A script run: the module executed as `python prog.py` executes it, up to the first
`top_level_all_gather` JAX rejects (issue 13).

Scripts place their arrays by dict comprehensions and loops over spec tables, `dataclasses.fields`
loops, `jax.tree.map(lambda ...)`, specs parsed from strings by helpers or methods, or
`jax.jit(..., out_shardings=...)`; following each spelling by its text (input_shardings.py) misses
the next one. A script that ends in `if __name__ == "__main__":` runs one way only, so this module
runs it: statement by statement on real Python objects (host_runs.py), with the module's own
functions and classes (script_classes.py) and a model of the JAX calls that place arrays and set
the context mesh (script_jax.py). At each gather the input's sharding, the out spec and the context
mesh are then known exactly; the first one JAX rejects (its verdict from rules/_gathers.py, or no
context mesh) ends the run, as it ends the program.

Certainty: anything the run does not model stops it (Bail) and nothing is reported; so does an
exception the program raises, a gather inside a `try` with handlers, an input whose sharding the
run does not know (an array computed by a `jax.numpy` function), a mesh whose axis types are not
known, or a gather on an array placed on another mesh.

The run's attribute reads are in script_attributes.py and its stores in script_stores.py.
"""
from __future__ import annotations

import ast
import re

from codemods import jaxapi
from codemods.analysis.live_loops import live, walk
from codemods.analysis.class_descriptors import instantiable
from codemods.analysis.list_sorts import sort_call
from codemods.analysis.script_classes import BUILTIN_METHODS, TypeMethod, construct, enum_member, make_class
from codemods.analysis.script_jax import alike, run_jit, run_shard_map
from codemods.analysis.script_values import (OPAQUE_TYPES, Arr, Bound, ClassSlot, JitFn, Lazy, Lib, MeshCtx, MeshObj, Opaque,
                                             PartialObj, RunCallable, ShardMapFn, UClass, UFunc, UObj)
from codemods.analysis.callable_signatures import bind, binds
from codemods.analysis.host_exprs import Env, LambdaValue, bound_names, guard
from codemods.analysis.host_objects import BUILTINS, Bail, Special
from codemods.analysis.host_runs import HostRun
from codemods.analysis import script_pytree_nodes as pytree_nodes
from codemods.analysis.constant_strings import as_compiled
from codemods.analysis.script_argparse import ParserMethod, call_parser
from codemods.analysis.passed_steps import formatted, passed
from codemods.analysis.unknown_truths import asserted
from codemods.analysis.guard_clauses import guard_clause, raises_only
from codemods.analysis.narrow_handlers import raising
from codemods.analysis.scope_declarations import declare
from codemods.analysis.script_attributes import ScriptAttributes
from codemods.analysis.script_builtins import CALLABLES, ScriptBuiltins, Wraps
from codemods.analysis.script_functions import (BUILTIN_NAMES, apply_wraps, gated_call, is_inspect_method,
                                                lambda_with_defaults, module_names, profiled_run, delete)
from codemods.analysis.script_operators import ArrMethod, ScriptOperators
from codemods.analysis.script_stores import ScriptStores
from codemods.analysis.script_frames import direct_call, push_frame
from codemods.analysis.script_exceptions import ERROR_NAMES, exception_value, raise_statement, try_star
from codemods.analysis.script_imports import run_import
from codemods.analysis.try_blocks import try_block
from codemods.analysis.temp_files import handed_unmodelled
from codemods.analysis.with_statements import with_statement
from codemods.analysis.known_shapes import method_made
from codemods.analysis.unchecked_calls import index_step, library_made, library_step, method_step
from codemods.analysis.unknown_keys import unknown_get
from codemods.analysis.unknown_numbers import unary
from codemods.analysis.shaped_values import unary_result
from codemods.analysis import array_conversions, array_lists, function_slots, index_refs, script_flags, script_match
from codemods.analysis.script_warnings import WARNING_CLASSES
from codemods.analysis.script_library import body_mesh
from codemods.analysis.top_level_gathers import TopLevelGathers
from codemods.analysis import numpy_scalars, raising_warnings, script_threads
from codemods.analysis.array_reads import array_item
from codemods.analysis.script_asyncio import awaited, make_coroutine
from codemods.analysis.script_async_objects import async_for, async_with
from codemods.analysis.shared_iterators import own_iterator, pulled
from codemods.analysis.class_metas import meta_call
from codemods.analysis.object_texts import method_call
from codemods.analysis.decorator_arguments import decorated
from codemods.analysis.attribute_hooks import PlainGetattribute
from codemods.analysis.unordered_listings import Unordered, collected as unordered_collected, loop as unordered_loop
from codemods.analysis import set_meshes
from codemods.analysis.script_generators import GenRun, Numbered, current, delegate, is_generator, loop_over

_DELEGATED = {ast.Delete: delete, ast.Raise: raise_statement, ast.TryStar: try_star, ast.AsyncWith: async_with,
              ast.AsyncFor: async_for, ast.Match: script_match.match_statement}
_FRAMED = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_SPECIALS = ("getattr", "hasattr", "setattr", "type", "print", "super", "iter", "next", "object", "vars", "issubclass", "hash")


class ScriptRun(ScriptAttributes, ScriptStores, ScriptOperators, ScriptBuiltins, TopLevelGathers, HostRun):
    def __init__(self, tree: ast.Module, target: jaxapi.Version | None = None) -> None:
        super().__init__(None)
        self.tree = tree
        self.target = target  # the JAX the program runs on (`--target-jax`): what `hasattr(jax.lax, ...)` gives (None: unknown)
        self.contexts: list[MeshObj | None] = []  # meshes `with` blocks entered (None: one that sets none)
        self.lasting: MeshObj | None = None  # set by `jax.set_mesh(m)` as a statement
        self.jitted = 0  # how many jitted functions are running (JAX raises on a mesh context there)
        self.frames: list[tuple[UFunc, Env]] = []
        self.node: ast.Call | None = None  # the call being made
        self.in_body = 0  # inside a shard_map body (its arrays are per-device blocks)
        self.guarded = 0  # `try` blocks with handlers being run (passed_steps.py)
        self.judge = None  # the rules' judge: set, the run follows states in bodies (state_runs.py)
        self.states = None  # the states of the body running, when followed
        self.op_node: ast.AST | None = None  # the operator expression being computed (for its site)
        self.defaulted: set[tuple] = set()  # (function, parameter, its str default) the run took
        self.traced: dict = {}  # the bodies run so far (state_runs.py)
        self.given: set[tuple] = set()  # (function, parameter with a str default, another str) passed
        self.future_annotations = any(type(stmt) is ast.ImportFrom and stmt.module == "__future__" and any(
            alias.name == "annotations" for alias in stmt.names) for stmt in tree.body)

    def run_module(self) -> None:
        self.module_env.vars.update(module_names(self.tree))
        self.block(self.tree.body, self.module_env)

    def context_mesh(self) -> MeshObj | None:
        return next((mesh for mesh in reversed(self.contexts) if mesh is not None), self.lasting)

    # -- names ----------------------------------------------------------------------------------
    def global_value(self, name: str) -> object:
        if name in BUILTINS:
            return BUILTINS[name]
        if name in ERROR_NAMES:  # (caught by a handler; building one is a call the run stops at)
            return ERROR_NAMES[name]
        if name == "Ellipsis" or name == "NotImplemented":  # (what an operator method returns to decline)
            return Ellipsis if name == "Ellipsis" else NotImplemented
        if name in _SPECIALS or name in BUILTIN_NAMES or name in WARNING_CLASSES:
            return Special("builtins." + name)
        raise Bail

    def make_function(self, node: ast.FunctionDef, env: Env, defaults_env: Env, owner: UClass | None = None) -> UFunc:
        if type(node) not in (ast.FunctionDef, ast.AsyncFunctionDef):
            raise Bail
        bound_names(node, is_generator(node) or type(node) is ast.AsyncFunctionDef)  # (Bail on `yield from`; a generator: script_generators.py)
        defaults = [self.eval(d, defaults_env) for d in node.args.defaults]
        kw_defaults = {a.arg: self.eval(d, defaults_env) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults)
                       if d is not None}
        function_slots.record(self, made := UFunc(node, env, defaults, kw_defaults, owner), node, defaults_env)  # (annotations)
        return made

    # -- statements -----------------------------------------------------------------------------
    def statement(self, node: ast.stmt, env: Env) -> None:
        kind = type(node)
        self.line = node.lineno
        script_threads.running(self, node) if self.__dict__.get("_threads") else None  # (script_threads.py)
        if kind in (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.With, ast.Expr,
                    ast.AugAssign):
            self.tick()
            self.statements += 1
        if kind is ast.Import or kind is ast.ImportFrom:
            run_import(self, node, env)  # (script_imports.py)
        elif kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            env.vars[node.name] = decorated(self, node, env, self.make_function(node, env, env))  # (decorator_arguments.py)
        elif kind is ast.ClassDef:
            if (state := self.__dict__.get("_profiling")) is not None and state.active():
                raise Bail  # (a class body is a frame of its own)
            env.vars[node.name] = make_class(self, node, env)
        elif kind is ast.With:
            self.with_statement(node, env)
        elif kind is ast.Expr:
            value = self.eval(node.value, env) if type(node.value) is not ast.Constant else None
            if type(value) is MeshCtx and value.lasting:  # `jax.set_mesh(m)` as a statement: set for good
                set_meshes.taken(self, value)  # (in force since the call: set_meshes.py)
                self.contexts.pop()
                if self.contexts or self.jitted:
                    raise Bail
                self.lasting = value.mesh
        elif kind is ast.AugAssign and type(node.target) is ast.Attribute:
            holder = self.eval(node.target.value, env)
            current = self.attribute(holder, node.target.attr)
            self.set_attribute(holder, node.target.attr, self.binary(type(node.op), current, self.eval(node.value, env),
                                                                     augmented=True))  # (`self.cfg |= d`: in place)
        elif kind is ast.AugAssign:
            self.tick()  # (counted twice: no matter)
            outer, self.op_node = self.op_node, node
            try:
                super().statement(node, env)
            finally:
                self.op_node = outer
        elif kind is ast.Assert:
            self.tick()
            self.statements += 1
            tested = self.eval(node.test, env)  # (once: the test may have effects)
            if type(tested) in (Opaque, Arr) and asserted(self, node, env, tested):
                pass  # (`assert np.all(psd >= 0)`: a run that goes on has passed it; inside a grader's
                # `except AssertionError`, each way: unknown_truths.py)
            elif type(tested) is Opaque:
                passed(self)  # (`assert world_size % tp == 0`: a run that goes on has passed it)
            elif not self.truth(tested):
                raise Bail
        elif kind is ast.If and raises_only(node.body):
            self.tick()
            self.statements += 1
            with raising(self, node.body[-1], env):  # (its own class may be caught: narrow_handlers.py)
                guard_clause(self, node, env)  # (`if n != jax.device_count(): raise ...`: guard_clauses.py)
        elif kind in (ast.Assign, ast.AnnAssign, ast.Return, ast.If, ast.For, ast.While, ast.Break, ast.Continue,
                      ast.Pass, ast.Try, ast.Global, ast.Nonlocal):
            super().statement(node, env)
        elif kind in _DELEGATED:  # (script_functions.py, script_exceptions.py, script_async_objects.py, script_match.py)
            _DELEGATED[kind](self, node, env)
        else:
            raise Bail  # (raise, global, async code, match, ...)

    def loop_for(self, node: ast.For, env: Env) -> None:
        source = self.eval(node.iter, env)
        if type(source) is UObj and (hook := source.cls.lookup("__iter__")) is not None and type(hook[1]) is UFunc:
            source = self.call(Bound(hook[1], source), [], {}) if is_generator(hook[1].node) \
                else own_iterator(self, source)  # (a loader whose `__iter__` yields its batches, or returns a genexp)
        if type(source) in (GenRun, Numbered):
            return loop_over(self, node, source, env)  # (script_generators.py)
        if type(source) is Unordered:
            return unordered_loop(self, node, source, env)  # (a directory's names: unordered_listings.py)
        if type(source) is not Lazy:
            return self.run_loop(node, self.loop_items(source), env)
        if source.used:
            raise Bail
        source.used = True
        self.run_loop(node, self.produce(source), env)

    def with_statement(self, node: ast.With, env: Env) -> None:
        with_statement(self, node, env)  # (with_statements.py)

    def try_statement(self, node: ast.Try, env: Env) -> None:
        try_block(self, node, env)  # (try_blocks.py)

    # -- expressions ----------------------------------------------------------------------------
    def eval(self, node: ast.expr, env: Env) -> object:
        kind = type(node)
        if kind in _FRAMED and (state := self.__dict__.get("_profiling")) is not None and state.active():
            raise Bail  # (a comprehension is a frame of its own, whose events the hook would see)
        if kind is ast.Constant and type(node.value) is str:
            self.tick()
            return as_compiled(self, node.value)  # (constant_strings.py)
        if kind is ast.Attribute:
            self.tick()
            return self.attribute(self.eval(node.value, env), node.attr)
        if kind is ast.Yield:  # (in a generator's body, run on its own thread: script_generators.py)
            return current(self).suspend(self.eval(node.value, env) if node.value is not None else None, node)
        if kind is ast.Await:  # (in a coroutine's body, run on its own thread: script_asyncio.py)
            return awaited(self, node, env)
        if kind is ast.YieldFrom:
            return delegate(self, self.eval(node.value, env))  # (script_generators.py)
        if kind is ast.Call:
            self.tick()
            func = self.eval(node.func, env)
            args, kwargs = self.arguments(node, env)
            outer, self.node, self.site_fresh = self.node, node, True  # (script_frames.py)
            try:
                return self.call(func, args, kwargs)
            finally:
                self.node, self.site_fresh = outer, False  # (the flag is the callee's own: never left for a later call)
        if kind is ast.Subscript:
            self.tick()
            holder = self.eval(node.value, env)
            if type(holder) is Arr:  # (array_reads.py)
                index_step(self, holder, node.slice)  # (bounds, rank: unchecked_calls.py)
                return array_item(self, holder, node.slice, env)
            return self.item(holder, self.index(node.slice, env))
        if kind is ast.GeneratorExp:  # run when consumed, where it is consumed (its first iterable now)
            self.tick()
            if any(generator.is_async for generator in node.generators):
                raise Bail
            source = self.eval(node.generators[0].iter, env)
            if type(source) is Unordered:  # (`sorted(int(n[5:]) for n in os.listdir(d))`: unordered_listings.py)
                return unordered_collected(self, node, source, env)
            return Lazy(node, env, source if type(source) is Lazy else pulled(source) if type(source) is GenRun
                        else walk(iter(source)) if live(source) else self.iterate(source))  # (shared_iterators.py)
        if kind is ast.UnaryOp and type(node.op) in (ast.USub, ast.UAdd, ast.Invert):
            operand = self.eval(node.operand, env)
            raising_warnings.operated(self, operand)  # (`-np.int8(-128)` under a warnings "error" filter)
            if type(operand) is Arr:
                result = Arr(alike([operand]) if type(node.op) is not ast.Invert else None, operand.host, ndim=operand.ndim)
                unary_result(self, type(node.op), operand, result)  # (`-x.mean()`: of x's dtype and shape, shaped_values.py)
                if self.states is not None:
                    self.states.unary(type(node.op), operand, result)
                return result
            if type(operand) is Opaque:  # (a new unknown, `-u` of u's interval moved: unknown_numbers.py)
                return unary(self, type(node.op), operand)
            if type(operand) is script_flags.FlagMember and type(node.op) is ast.Invert:
                return script_flags.invert(operand)
            return super().eval(ast.UnaryOp(node.op, ast.Constant(operand)), env) if type(operand) in (int, float, bool) \
                else _bail()
        if kind is ast.Lambda and (node.args.defaults or any(d is not None for d in node.args.kw_defaults)):
            return lambda_with_defaults(self, node, env)  # (its defaults evaluated now, as Python does)
        if kind is ast.BinOp and (type(node.op) is ast.MatMult or self.states is not None):
            left, right = self.eval(node.left, env), self.eval(node.right, env)
            outer, self.op_node = self.op_node, node  # (its site, in a body whose states are followed)
            try:
                return self.binary(type(node.op), left, right)
            finally:
                self.op_node = outer
        return super().eval(node, env)

    def formatted(self, node: ast.JoinedStr, env: Env) -> object:
        return formatted(self, node, env)  # (an unknown part: passed_steps.py)

    # -- calls ----------------------------------------------------------------------------------
    def call(self, func: object, args: list, kwargs: dict) -> object:
        self.tick()
        if (state := self.__dict__.get("_profiling")) is not None and state.active():  # (profile_hooks.py)
            if not state.passing:
                return gated_call(self, func, args, kwargs)
            state.passing = False
        pytree_nodes.calling(self, func, args, kwargs)  # (inside a node function: script_pytree_nodes.py)
        kind, self.site_fresh = type(func), direct_call(self, func)
        if kind is UFunc:
            return self.run_func(func, args, kwargs)
        if kind is ParserMethod:
            return call_parser(self, func, args, kwargs)
        if isinstance(func, RunCallable):  # (script_library.py, script_transforms.py)
            return func(self, args, kwargs)
        if kind is Wraps:
            return apply_wraps(self, func.wrapped, args, kwargs)
        if binds(func):  # (`sig.bind(*args)` raises the program's TypeError: callable_signatures.py)
            return bind(func, args, kwargs)
        if is_inspect_method(func):  # `sig.bind_partial(*args, **kwargs)`: inspect's own
            return guard(func, *args, **kwargs)
        if isinstance(getattr(func, "__self__", None), re.Match) and getattr(func, "__name__", "") in (
                "group", "groups", "groupdict", "start", "end", "span"):
            if not all(type(value) in (str, int) for value in (*args, *kwargs.values())):
                raise Bail
            return guard(func, *args, **kwargs)
        if kind is TypeMethod:
            if not args:
                raise Bail
            return func(self, args[0], args[1:], kwargs)
        if kind is ClassSlot and func.name == "__getattribute__":
            return PlainGetattribute()(self, args, kwargs)  # (`type(obj).__getattribute__`: object's, attribute_hooks.py)
        if kind is Bound:
            if isinstance(func.func, BUILTIN_METHODS):
                return func.func(self, func.self, args, kwargs)
            return self.call(func.func, [func.self, *args], kwargs)
        if kind is UClass and func.meta is not None:
            made = meta_call(self, func, args, kwargs)  # (a metaclass's `__call__`: class_metas.py)
        elif kind is type and (made := exception_value(func, args, kwargs, self)) is not None:
            return made  # (`errors.append(ShardError(name))`: script_exceptions.py)
        else:
            made = method_call(self, func, args, kwargs)  # (`"{}".format(axis)`: object_texts.py)
        if made is not NotImplemented:
            return made
        if kind is UClass:
            if func.kind == "enum":
                if len(args) != 1 or kwargs:
                    raise Bail
                return enum_member(func, args[0], self)
            instantiable(func)  # (slots, a metaclass, abstract methods: class_descriptors.py)
            return construct(self, func, args, kwargs)
        if kind is UObj:
            hook = func.cls.lookup("__call__")
            if hook is None or type(hook[1]) is not UFunc:
                raise Bail
            return self.call(Bound(hook[1], func), args, kwargs)
        if kind is PartialObj:
            return self.call(func.func, [*func.args, *args], {**func.kwargs, **kwargs})
        if kind is JitFn:
            return run_jit(self, func, args, kwargs)
        if kind is ShardMapFn:  # (the body's mesh kept for `jax.lax.axis_size`: script_library.py)
            with body_mesh(self, func.mesh if func.mesh is not None else self.context_mesh()):
                return run_shard_map(self, func, args, kwargs)
        if kind is ArrMethod:
            if any(isinstance(value, CALLABLES[:-1]) for value in (*args, *kwargs.values())) \
                    or handed_unmodelled(self, None, args, kwargs, func.name):
                raise Bail  # (`x.tofile(path)` writes a file the run's table would miss: temp_paths.py)
            if func.name == "tolist":
                return array_lists.listed(self, func, args, kwargs)
            method_step(self, func, args, kwargs)  # (`x.reshape(4, 2)`, `x.item()`: unchecked_calls.py)
            result = method_made(self, func, args, kwargs, func.result(self, args, kwargs))  # (known_shapes.py)
            result = numpy_scalars.method(self, func, args, kwargs, result)  # (`a.mean()`: a NumPy scalar)
            result = array_conversions.converted(self, func, args, kwargs, result)  # (`x.item()`: a Python number)
            if self.states is not None:
                self.states.method(func.owner, func.name, args, kwargs, result)
            return result
        if kind is Lib:
            index_refs.not_array(self, *args, *kwargs.values())  # (`jnp.sum(x.at[0])`: index_refs.py)
            library_step(self, func.name, args, kwargs)  # (JAX's and NumPy's checks: unchecked_calls.py)
            made = library_made(self, func.name, args, kwargs, self.library(func.name, args, kwargs))
            return array_lists.of_number(self, func.name, args, kwargs, made)  # (`np.asarray(label)`)
        if kind is Special:
            return self.special(func.name, args, kwargs)
        if kind is LambdaValue:
            return self.run_lambda(func, args, kwargs)
        if kind is ClassSlot and func.name == "__new__" and args:
            return TypeMethod(object, "__new__")(self, args[0], args[1:], kwargs)  # (`cls.__new__(cls)`: object's own)
        if kind in OPAQUE_TYPES:
            raise Bail
        if (found := unknown_get(self, func, args, kwargs)) is not None:
            return found  # (`table.get(key)` of a key the run does not know: unknown_keys.py)
        if (done := sort_call(self, func, args, kwargs, CALLABLES)) is not NotImplemented:
            return done  # (`rows.sort(key=...)`: list_sorts.py)
        if func not in BUILTINS.values():  # (a method: `parts.extend(gen)` consumes it now; builtins see to it)
            args = [self.iterate(a) if type(a) is Lazy else a for a in args]
        return super().call(func, args, kwargs)

    def run_func(self, func: UFunc, args: list, kwargs: dict, body: bool = False) -> object:
        pytree_nodes.entering(self, func)  # (inside a pytree node function: script_pytree_nodes.py)
        node = func.node
        if not body and type(node) is ast.AsyncFunctionDef:
            return make_coroutine(self, func, args, kwargs)  # (script_asyncio.py)
        if not body and is_generator(node):
            return GenRun(self, func, args, kwargs)  # (its body runs as it is walked: script_generators.py)
        env = Env(func.env, bound_names(node, body))
        declare(env, node, self.module_env)
        self.__dict__.setdefault("made_envs", []).append(env)  # (emptied when the run ends: released)
        self.__dict__.setdefault("entered", set()).add(node)  # (defs run so far: state_runs.py)
        self.bind_function(func, args, kwargs, env)
        push_frame(self, func, env)
        try:
            return profiled_run(self, func, env, lambda: self.run_body(node.body, env))
        finally:
            self.frames.pop()

    def run_lambda(self, func, args: list, kwargs: dict) -> object:
        pytree_nodes.entering(self, func)
        return super().run_lambda(func, args, kwargs)

    def bind_function(self, func: UFunc, args: list, kwargs: dict, env: Env) -> None:
        spec = func.node.args
        positional = spec.posonlyargs + spec.args
        defaults = dict(zip([a.arg for a in positional[len(positional) - len(func.defaults):]], func.defaults))
        defaults.update(func.kw_defaults)
        if len(args) > len(positional) and spec.vararg is None:
            raise Bail
        kwargs = dict(kwargs)
        for param, value in zip(positional, args):
            if param.arg in kwargs:
                raise Bail
            env.vars[param.arg] = value
            if self.judge is not None and type(value) is str and type(defaults.get(param.arg)) is str:
                self.given.add((id(func.node), param.arg, value))
        if spec.vararg is not None:
            env.vars[spec.vararg.arg] = tuple(args[len(positional):])
        for param in positional[len(args):] + spec.kwonlyargs:
            if param.arg in kwargs:
                env.vars[param.arg] = value = kwargs.pop(param.arg)
                if self.judge is not None and type(value) is str and type(defaults.get(param.arg)) is str:
                    self.given.add((id(func.node), param.arg, value))
            elif param.arg in defaults:
                env.vars[param.arg] = defaults[param.arg]
                if self.judge is not None and type(defaults[param.arg]) is str and not self.frames:  # (state_runs.py)
                    self.defaulted.add((id(func.node), param.arg, defaults[param.arg]))
            else:
                raise Bail
        if spec.kwarg is not None:
            env.vars[spec.kwarg.arg] = kwargs
        elif kwargs:
            raise Bail


def _bail():
    raise Bail
