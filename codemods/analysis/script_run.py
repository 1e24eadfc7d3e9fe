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
"""
from __future__ import annotations

import argparse
import ast
import operator
import re
import types

from codemods.analysis.live_loops import live, walk
from codemods.analysis.class_descriptors import declared_read, instance_write, instantiable, object_member
from codemods.analysis.list_sorts import sort_call
from codemods.analysis.script_classes import (
    BUILTIN_METHODS,
    TypeMethod,
    type_method,
    class_attribute,
    construct,
    enum_member,
    instance_attribute,
    member_attribute,
    make_class,
)
from codemods.analysis.script_jax import alike, run_jit, run_shard_map
from codemods.analysis.script_values import (
    OPAQUE_TYPES,
    Arr,
    Bound,
    FieldName,
    JitFn,
    Lazy,
    Lib,
    MeshCtx,
    Member,
    MeshObj,
    NTup,
    Opaque,
    PartialObj,
    RunCallable,
    ShardMapFn,
    ShardObj,
    StrMember,
    SuperObj,
    UClass,
    UFunc,
    UObj,
)
from codemods.analysis.host_exprs import (
    Env,
    Iter,
    LambdaValue,
    Raised,
    bound_names,
    guard,
)
from codemods.analysis.host_objects import BUILTINS, Bail, Special
from codemods.analysis.host_runs import HostRun
from codemods.analysis.instance_dicts import rebind_namespace
from codemods.analysis.constant_strings import as_compiled
from codemods.analysis.temp_files import FileHandle, file_attribute
from codemods.analysis.script_argparse import (ParserMethod, ParserObj, argparse_constant, call_parser,
                                               namespace_attribute, parser_attribute)
from codemods.analysis.passed_steps import formatted, passed, unpacked
from codemods.analysis.scope_declarations import declare
from codemods.analysis.script_builtins import CALLABLES, ReMatch, ScriptBuiltins, Wraps
from codemods.analysis.script_functions import (BUILTIN_NAMES, INSPECT_TYPES, CodeObj, FrameObj, apply_wraps,
                                                code_attribute, frame_attribute, function_attribute, gated_call,
                                                inspect_attribute, is_inspect_method, lambda_with_defaults,
                                                module_names, profiled_run, set_function_attribute, delete)
from codemods.analysis.script_operators import ArrMethod, ScriptOperators
from codemods.analysis.script_frames import direct_call, push_frame
from codemods.analysis.script_exceptions import ERROR_NAMES, exception_attribute, raise_statement, try_star
from codemods.analysis.script_imports import run_import
from codemods.analysis.super_reads import super_attribute
from codemods.analysis.try_blocks import try_block
from codemods.analysis.with_statements import with_statement
from codemods.analysis.unchecked_calls import index_step, library_made, library_step, method_made, method_step
from codemods.analysis.unittest_cases import unittest_member
from codemods.analysis.value_attributes import UNHANDLED, held_attribute
from codemods.analysis.unknown_keys import unknown_get
from codemods.analysis.modelled_objects import ModelledContainer, ModelledObject
from codemods.analysis import abstract_types, array_lists, device_grids, field_specs, function_slots, script_flags, script_match
from codemods.analysis.script_warnings import WARNING_CLASSES
from codemods.analysis.script_library import (LIBRARY_OBJECTS, body_mesh, mesh_sizes, pattern_attribute,
                                              set_namespace_attribute, constant as library_constant,
                                              namespace_attribute as simple_attribute)
from codemods.analysis.top_level_gathers import TopLevelGathers
from codemods import jaxapi
from codemods.analysis import script_environment, script_threads
from codemods.analysis.array_dtypes import DType, attribute as dtype_attribute
from codemods.analysis.array_reads import array_attribute, array_item
from codemods.analysis.script_asyncio import awaited, make_coroutine
from codemods.analysis.script_async_objects import async_attribute, async_for, async_with, is_async_object
from codemods.analysis.shared_iterators import own_iterator, pulled
from codemods.analysis.language_hooks import attribute_hook, call_hook
from codemods.analysis.script_generators import (GenRun, Numbered, current, delegate, is_generator, loop_over)

_DELEGATED = {ast.Delete: delete, ast.Raise: raise_statement, ast.TryStar: try_star, ast.AsyncWith: async_with,
              ast.AsyncFor: async_for, ast.Match: script_match.match_statement}
_FRAMED = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_SPECIALS = ("getattr", "hasattr", "setattr", "type", "print", "super", "iter", "next", "object", "vars", "issubclass", "hash")


class ScriptRun(ScriptOperators, ScriptBuiltins, TopLevelGathers, HostRun):
    def __init__(self, tree: ast.Module) -> None:
        super().__init__(None)
        self.tree = tree
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
            value: object = self.make_function(node, env, env)
            for decorator in reversed(node.decorator_list):
                value = self.call(self.eval(decorator, env), [value], {})
            env.vars[node.name] = value
        elif kind is ast.ClassDef:
            if (state := self.__dict__.get("_profiling")) is not None and state.active():
                raise Bail  # (a class body is a frame of its own)
            env.vars[node.name] = make_class(self, node, env)
        elif kind is ast.With:
            self.with_statement(node, env)
        elif kind is ast.Expr:
            value = self.eval(node.value, env) if type(node.value) is not ast.Constant else None
            if type(value) is MeshCtx and value.lasting:  # `jax.set_mesh(m)` as a statement: set for good
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
        elif kind is ast.Assert and type(self.eval(node.test, env)) is Opaque:
            passed(self)  # (`assert world_size % tp == 0`: a run that goes on has passed it)
            self.tick()
            self.statements += 1
        elif kind in (ast.Assign, ast.AnnAssign, ast.Return, ast.If, ast.For, ast.While, ast.Break, ast.Continue,
                      ast.Pass, ast.Try, ast.Assert, ast.Global, ast.Nonlocal):
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

    def store(self, target: ast.expr, value: object, env: Env) -> None:
        if type(value) is MeshCtx and value.lasting:
            raise Bail  # (`restore = jax.set_mesh(m)` sets the mesh when called: kept, then exited by hand)
        if type(target) in (ast.Tuple, ast.List) and isinstance(value, Opaque) and not (type(value) is Arr and value.count is not None) \
                and not any(type(t) is ast.Starred for t in target.elts):  # (`n, e = gates.shape`)
            for sub, item in zip(target.elts, unpacked(self, value, len(target.elts))):
                self.store(sub, item, env)
            return
        if type(target) is ast.Attribute:
            self.set_attribute(self.eval(target.value, env), target.attr, value)
        elif type(target) is ast.Subscript and script_environment.is_environ(holder := self.eval(target.value, env)):
            script_environment.store(self, self.index(target.slice, env), value)
        elif type(target) is ast.Subscript and type(holder) is Arr:
            if not holder.host:
                raise Bail  # (JAX arrays are immutable: the program raises)
            self.eval(ast.Subscript(ast.Constant(holder), target.slice, ast.Load()), env)  # (its index evaluated)
        elif type(target) is ast.Subscript and isinstance(holder, ModelledContainer):
            holder.store(self, self.index(target.slice, env), value)  # (script_collections.py)
        elif type(target) is ast.Subscript and type(holder) in (dict, UObj):
            key = self.index(target.slice, env)
            if type(holder) is UObj:
                hook = holder.cls.lookup("__setitem__")
                if hook is not None:
                    self.call(Bound(hook[1], holder), [key, value], {}) if type(hook[1]) is UFunc else _bail()
                    return
                holder = holder.data
                if type(holder) is not dict:
                    raise Bail
            guard(operator.setitem, holder, key, value)
        else:
            super().store(target, value, env)

    def store_global(self, name: str, value: object) -> None:
        self.module_env.vars[name] = value  # (the run is the program: later calls read it)

    def set_attribute(self, obj: object, name: str, value: object) -> None:
        if name == "__dict__" and type(obj) is UObj:
            return rebind_namespace(obj, value)  # (instance_dicts.py)
        if name in ("__dict__", "__class__"):
            raise Bail  # (an instance given another namespace or class: its reads change)
        if type(obj) is UFunc:
            return set_function_attribute(self, obj, name, value)
        if type(obj) is argparse.Namespace:
            setattr(obj, name, value)
            return
        if type(obj) is types.SimpleNamespace:
            return set_namespace_attribute(obj, name, value)
        if type(obj) is UClass and type(obj.attrs.get(name)).__name__ != "Desc":  # `Model.config_class = ...`
            if obj.meta is not None and obj.meta.lookup(name) is not None:
                raise Bail  # (a metaclass member of that name: a descriptor there is not modelled)
            obj.attrs[name] = value
            return
        if type(obj) is not UObj or obj.cls.kind == "dataclass" and obj.cls.frozen:
            raise Bail
        if instance_write(self, obj, name, value):
            return  # (a data descriptor's `__set__`, a property's setter: class_descriptors.py)
        found = obj.cls.lookup(name)
        if found is not None and type(found[1]).__name__ == "Desc":
            raise Bail  # a property with no setter, or a method replaced
        hook = obj.cls.lookup("__setattr__")
        if hook is not None:
            if type(hook[1]) is not UFunc:
                raise Bail
            self.call(Bound(hook[1], obj), [name, value], {})
            return
        obj.attrs[name] = value

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
                self.node = outer
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
            return Lazy(node, env, source if type(source) is Lazy else pulled(source) if type(source) is GenRun
                        else walk(iter(source)) if live(source) else self.iterate(source))  # (shared_iterators.py)
        if kind is ast.UnaryOp and type(node.op) in (ast.USub, ast.UAdd, ast.Invert):
            operand = self.eval(node.operand, env)
            if type(operand) is Arr:
                result = Arr(alike([operand]) if type(node.op) is not ast.Invert else None, operand.host, ndim=operand.ndim)
                if self.states is not None:
                    self.states.unary(type(node.op), operand, result)
                return result
            if type(operand) is Opaque:
                return operand
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

    def attribute(self, obj: object, name: str) -> object:
        kind = type(obj)
        if (found := attribute_hook(self, obj, name)) is not NotImplemented:
            return found  # (a generator's methods, a class's `__getattribute__`: language_hooks.py)
        if kind in (UFunc, CodeObj, FrameObj) or kind in INSPECT_TYPES:
            return function_attribute(self, obj, name) if kind is UFunc else code_attribute(obj, name) \
                if kind is CodeObj else frame_attribute(self, obj, name) if kind is FrameObj else inspect_attribute(obj, name)
        if obj is dict or obj is list or obj is str or kind is Special and obj.name == "builtins.object":
            found = type_method(object if kind is Special else obj, name)
            if found is None:  # (`getattr(str, "__origin__", None)`: AttributeError)
                if kind is Special:
                    return object_member(name)  # (class_descriptors.py)
                raise Raised(AttributeError(name)) if not hasattr(obj, name) else Bail
            return found
        if (found := declared_read(self, obj, name)) is not NotImplemented:
            return found  # (descriptors, metaclasses, sentinels, properties: class_descriptors.py)
        if kind in function_slots.ALIAS_TYPES or kind is type and function_slots.plain_class(obj):
            return function_slots.alias_attribute(obj, name)
        if kind is Lib:
            found = argparse_constant(f"{obj.name}.{name}")
            found = unittest_member(self, jaxapi.canonical(f"{obj.name}.{name}")) if found is None else found
            found = library_constant(jaxapi.canonical(f"{obj.name}.{name}")) if found is None else found
            return Lib(f"{obj.name}.{name}") if found is None else found
        if kind is ParserObj or kind is FileHandle:
            return parser_attribute(obj, name) if kind is ParserObj else file_attribute(obj, name)
        if kind is argparse.Namespace:
            return namespace_attribute(obj, name)
        if isinstance(obj, ModelledObject):  # (a ContextVar, a singledispatch function: modelled_objects.py)
            return obj.attribute(self, name)
        if kind in LIBRARY_OBJECTS:  # (a namespace, a compiled pattern, a seeded generator: script_library.py)
            return simple_attribute(obj, name) if kind is types.SimpleNamespace else pattern_attribute(obj, name)
        if kind is UObj and name == "__dict__" and obj.cls.lookup("__dict__") is None:
            return obj.attrs
        if kind in (Member, StrMember, script_flags.FlagMember):
            return member_attribute(self, obj, name)
        if kind in (UObj, NTup):
            return instance_attribute(self, obj, name)
        if isinstance(obj, Exception):  # (`err.__cause__` in a handler: script_exceptions.py)
            return exception_attribute(obj, name)
        if kind is UClass and name != "__name__":
            return class_attribute(self, obj, name)
        if kind is SuperObj:
            return super_attribute(self, obj, name)
        if is_async_object(obj):  # (script_async_objects.py)
            return async_attribute(self, obj, name)
        if kind in abstract_types.TYPES:  # (`jax.typeof(x).sharding.spec`: abstract_types.py)
            return abstract_types.attribute(obj, name)
        if kind is MeshObj and name == "axis_names":
            return obj.names
        if kind is MeshObj and obj.sizes is not None and name in ("shape", "size", "axis_sizes"):
            return mesh_sizes(obj, name)
        if kind is MeshObj and name in ("shape", "devices", "size", "axis_sizes"):
            return device_grids.DeviceGrid(obj.sizes) if name == "devices" and obj.sizes is not None else Opaque()
        if kind is ShardObj and name in ("spec", "mesh"):
            return getattr(obj, name)
        if kind is Arr:  # (array_reads.py)
            return array_attribute(self, obj, name)
        if kind is DType:
            return dtype_attribute(obj, name)
        if kind is FieldName and name == "name":
            return obj.name
        if kind is FieldName and name == "metadata" and obj.owner is not None:
            return field_specs.Metadata(field_specs.metadata_of(obj.owner, obj.name))
        if kind is FieldName and name == "type" and obj.annotation is not None:
            node, scope = obj.annotation
            return ast.unparse(node) if self.future_annotations else self.eval(node, scope)
        if kind is Opaque:
            return obj  # (a field of a value the run does not know: as unknown)
        if kind in (UFunc, Bound, UClass, LambdaValue) and name == "__name__":
            func = obj.func if kind is Bound else obj
            if type(func) is LambdaValue or type(func) is UFunc and type(func.node) is ast.Lambda and func.alias is None:
                return "<lambda>"
            if type(func) not in (UFunc, UClass):
                raise Bail
            return func.alias or func.node.name if type(func) is UFunc else func.node.name
        if kind is ReMatch and name in ("group", "groups", "groupdict", "start", "end"):
            return getattr(obj.found, name)
        if (found := held_attribute(self, obj, name)) is not UNHANDLED:
            return found  # (a builtin value, a PartitionSpec, a bound method: value_attributes.py)
        if kind in OPAQUE_TYPES or kind in (ArrMethod, Special, Iter, LambdaValue):
            raise Bail
        return super().attribute(obj, name)

    # -- calls ----------------------------------------------------------------------------------
    def call(self, func: object, args: list, kwargs: dict) -> object:
        self.tick()
        if (state := self.__dict__.get("_profiling")) is not None and state.active():  # (script_functions.py)
            if not state.passing:
                return gated_call(self, func, args, kwargs)
            state.passing = False
        kind, self.site_fresh = type(func), direct_call(self, func)
        if kind is UFunc:
            return self.run_func(func, args, kwargs)
        if kind is ParserMethod:
            return call_parser(self, func, args, kwargs)
        if isinstance(func, RunCallable):  # (script_library.py, script_transforms.py)
            return func(self, args, kwargs)
        if kind is Wraps:
            return apply_wraps(self, func.wrapped, args, kwargs)
        if is_inspect_method(func):  # `sig.bind_partial(*args, **kwargs)`: inspect's own
            return guard(func, *args, **kwargs)
        if isinstance(getattr(func, "__self__", None), re.Match) and getattr(func, "__name__", "") in (
                "group", "groups", "groupdict", "start", "end"):
            if not all(type(value) in (str, int) for value in (*args, *kwargs.values())):
                raise Bail
            return guard(func, *args, **kwargs)
        if kind is TypeMethod:
            if not args:
                raise Bail
            return func(self, args[0], args[1:], kwargs)
        if kind is Bound:
            if isinstance(func.func, BUILTIN_METHODS):
                return func.func(self, func.self, args, kwargs)
            return self.call(func.func, [func.self, *args], kwargs)
        if (made := call_hook(self, func, args, kwargs)) is not NotImplemented:
            return made  # (a metaclass's `__call__`, an exception made as a value, `"{}".format(axis)`: language_hooks.py)
        if kind is UClass:
            if func.kind == "enum":
                if len(args) != 1 or kwargs:
                    raise Bail
                return enum_member(func, args[0])
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
            if any(isinstance(value, CALLABLES[:-1]) for value in (*args, *kwargs.values())):
                raise Bail
            if func.name == "tolist":
                return array_lists.listed(self, func, args, kwargs)
            method_step(self, func, args, kwargs)  # (`x.reshape(4, 2)`, `x.item()`: unchecked_calls.py)
            result = method_made(self, func, args, kwargs, func.result(self, args, kwargs))  # (known_shapes.py)
            if self.states is not None:
                self.states.method(func.owner, func.name, args, kwargs, result)
            return result
        if kind is Lib:
            library_step(self, func.name, args, kwargs)  # (JAX's and NumPy's checks: unchecked_calls.py)
            return library_made(self, func.name, args, kwargs, self.library(func.name, args, kwargs))
        if kind is Special:
            return self.special(func.name, args, kwargs)
        if kind is LambdaValue:
            return self.run_lambda(func, args, kwargs)
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
                if self.judge is not None and type(defaults[param.arg]) is str:  # (state_runs.py)
                    self.defaulted.add((id(func.node), param.arg, defaults[param.arg]))
            else:
                raise Bail
        if spec.kwarg is not None:
            env.vars[spec.kwarg.arg] = kwargs
        elif kwargs:
            raise Bail


def _bail():
    raise Bail
