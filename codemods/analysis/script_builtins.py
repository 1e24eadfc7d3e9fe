"""The builtins and library names a script run (script_run.py) calls (issue 13): `getattr`,
`hasattr`, `setattr`, `type`, `super()`, `iter`, `isinstance` of the module's classes and of
`jax.Array`, the structural builtins (`len`, `list`, `dict`, `zip`, ...) on the objects the run
holds, `dataclasses.replace/fields/asdict`, `collections.OrderedDict` and `namedtuple`; the
JAX and NumPy names go to script_jax.py. A builtin that would read inside an object the run does
not model (sorting arrays, `str` of a mesh) stops the run (Bail).
"""
from __future__ import annotations

import argparse
import ast
import collections
import math
import re
import types

from codemods.analysis.container_methods import held_method
from codemods.analysis.abc_bases import virtual_check
from codemods.analysis.repr_enums import IntMember, member_text
from codemods.analysis import member_texts
from codemods import jaxapi
from codemods.analysis.numpy_assertions import ASSERTIONS as NUMPY_ASSERTIONS, numpy_assertion
from codemods.analysis import object_orderings, object_texts, script_environment, script_pytree_nodes, script_typing
from codemods.analysis.script_generators import GenRun, generator_walk, make_manager
from codemods.analysis.temp_files import CALLS as FILE_CALLS, PASS, handed_unmodelled
from codemods.analysis.temp_texts import CALLS as TEXT_CALLS
from codemods.analysis.temp_dirs import CALLS as DIR_CALLS
from codemods.analysis import unordered_listings
from codemods.analysis.npz_archives import CALLS as ARCHIVE_CALLS
from codemods.analysis.text_streams import printed
from codemods.analysis.abc_checks import abc_class, abc_instance
from codemods.analysis.abc_collections import derived_abc
from codemods.analysis.exception_inits import super_of
from codemods.analysis.modelled_objects import ModelledContainer
from codemods.analysis.exact_host_arrays import NumpyText, derived_parts
from codemods.analysis import environment_copies, handed_errors, numpy_scalar_types, numpy_scalars, unknown_indexes, unknown_truths, unsized_lists
from codemods.analysis import unknown_json
from codemods.analysis.own_module import kind_instance, namespace_of
from codemods.analysis.key_paths import entry_instance
from codemods.analysis.script_paths import is_path, text as path_text
from codemods.analysis.host_exprs import Iter, LambdaValue, Raised, guard, plain_tree
from codemods.analysis.unknown_choices import unknown_choice
from codemods.analysis.concrete_scalars import beside_numbers
from codemods.analysis.unknown_numbers import integer, is_number, number
from codemods.analysis.host_objects import _LIBRARY, Bail, Special
from codemods.analysis.imported_modules import import_module
from codemods.analysis.library_members import probe
from codemods.analysis.next_items import next_item
from codemods.analysis.named_tuples import named_tuple
from codemods.analysis.script_argparse import ParserMethod, ParserObj, new_parser
from codemods.analysis.script_functions import LIBRARY as FUNCTION_LIBRARY
from codemods.analysis.library_subclasses import library_subclass
from codemods.analysis.method_descriptors import wrapper_instance
from codemods.analysis.script_library import LIBRARY as SCRIPT_LIBRARY
from codemods.analysis.script_class_hooks import dynamic_class
from codemods.analysis.object_hashes import hash_call
from codemods.analysis.iterator_objects import iterator_of
from codemods.analysis.protocol_iterators import called_until
from codemods.analysis.script_exceptions import exception_text, exception_value
from codemods.analysis.class_descriptors import Sentinel, class_vars, object_vars, slot_names
from codemods.analysis.class_metas import LIBRARY as CLASS_LIBRARY
from codemods.analysis.script_async_objects import LIBRARY as ASYNC_LIBRARY
from codemods.analysis.script_library import several
from codemods.analysis.script_transforms import LIBRARY as TRANSFORMS
from codemods.analysis.state_outputs import outputs
from codemods.analysis.live_loops import live, walk
from codemods.analysis.wrapped_callables import WRAPPABLE
from codemods.analysis.script_classes import builtin_instance, construct, isinstance_of
from codemods.analysis.script_jax import library_call
from codemods.analysis.unchecked_calls import conversion_step
from codemods.analysis.builtin_protocols import PROTOCOL_BUILTINS, protocol_call
from codemods.analysis.spec_texts import spec_str
from codemods.analysis.script_values import (
    OPAQUE_TYPES,
    Arr,
    Bound,
    ClassSlot,
    FieldName,
    JitFn,
    Lazy,
    Lib,
    MeshObj,
    NTup,
    Opaque,
    PartialObj,
    RunCallable,
    ShardObj,
    SpecObj,
    StrMember,
    SuperObj,
    TempPath,
    JsonText,
    UClass,
    UFunc,
    UObj,
)

_RE = frozenset({"re.search", "re.match", "re.fullmatch", "re.sub", "re.split", "re.findall", "re.escape"})
_OPAQUE = OPAQUE_TYPES + (ParserObj, ParserMethod)
_WALKING = frozenset({"any", "all", "sorted", "set", "frozenset"})
# (library calls on the run's own temporary files; temp_dirs.py's last: its `os.makedirs` also takes the
# directory's own root, `os.makedirs(tmp, exist_ok=True)`)
_TEMP_CALLS = {**FILE_CALLS, **TEXT_CALLS, **DIR_CALLS, **ARCHIVE_CALLS}
STRUCTURAL = ("len", "list", "tuple", "enumerate", "zip", "reversed", "dict")
def _text_callback(func: object) -> bool:
    """`len`, `str`, or a method of str read off the type (`map(str.lower, filter(len, names))`)."""
    return func is len or func is str or type(func).__name__ == "method_descriptor" and getattr(func, "__objclass__", None) is str


CALLABLES = (UFunc, Bound, PartialObj, JitFn, UClass, LambdaValue, RunCallable, Lib)


class ScriptBuiltins:
    """The builtin and library half of ScriptRun."""

    def library(self, name: str, args: list, kwargs: dict) -> object:
        canonical = jaxapi.canonical(name)
        if canonical in script_typing.CALLS or canonical in script_environment.CALLS:
            return (script_typing if canonical.startswith("typing.") else script_environment).call(
                self, canonical, args, kwargs)
        if canonical in jaxapi.TOP_LEVEL_ALL_GATHER:
            return self.gather(args, kwargs)
        if (call := _TEMP_CALLS.get(canonical)) is not None and (made := call(self, args, kwargs)) is not PASS:
            return made  # (a temporary directory, a file's path or handle: temp_files.py, temp_texts.py)
        if canonical == "dataclasses.replace":
            target = args[0] if len(args) == 1 else None
            if type(target) is not UObj or target.cls.kind != "dataclass":
                raise Bail
            if set(kwargs) & target.cls.no_init or target.cls.params is not None:
                raise Bail  # (dataclasses raise a ValueError; InitVars are read back from the object)
            return construct(self, target.cls, [], {**{n: target.attrs[n] for n in target.cls.fields
                                                       if n not in target.cls.no_init}, **kwargs})
        if canonical == "dataclasses.fields":
            target = args[0] if len(args) == 1 and not kwargs else None
            cls = target if type(target) is UClass else target.cls if type(target) is UObj else None
            if cls is None or cls.kind != "dataclass":
                raise Bail
            return tuple(FieldName(n, cls.annotations.get(n), cls) for n in cls.fields)
        if canonical == "dataclasses.asdict" and len(args) == 1 and not kwargs:
            return _as_dict(args[0])
        if canonical == "json.loads" and len(args) == 1 and not kwargs and type(args[0]) is JsonText:
            return unknown_json.loaded(self, args[0])  # (a record read back: unknown_json.py)
        if canonical == "math.prod" and args and type(args[0]) in (Lazy, Iter):
            args = [list(self.iterate(args[0])), *args[1:]]  # (a generator or `map` consumed whole, as `tuple(gen)` is)
        if canonical in _LIBRARY:  # `json.loads`, `ast.literal_eval`, `math.*` of plain values
            if canonical.startswith("math.") and not kwargs and any(type(v) is Opaque for v in args) \
                    and all(type(v) is Opaque or type(v) in (int, float) for v in args):
                from codemods.analysis.passed_steps import passed

                passed(self)  # (`math.exp(mean_loss)` of an unknown number: one, unless it raised)
                return number(self) if all(is_number(self, v) for v in args if type(v) is Opaque) else Opaque()
            if not all(plain_tree(value) for value in (*args, *kwargs.values())):
                raise Bail
            return guard(_LIBRARY[canonical], *args, **kwargs)
        if canonical in _RE and all(type(value) in (str, int, re.RegexFlag) for value in (*args, *kwargs.values())):
            found = guard(getattr(re, canonical[3:]), *args, **kwargs)
            return ReMatch(found) if isinstance(found, re.Match) else found
        if canonical == "functools.total_ordering":  # (object_orderings.py)
            return object_orderings.total_ordering(self, args, kwargs)
        if canonical in CLASS_LIBRARY:  # (`abc.abstractmethod`: class_metas.py)
            return CLASS_LIBRARY[canonical](self, args, kwargs)
        if canonical in FUNCTION_LIBRARY:  # (script_functions.py)
            return FUNCTION_LIBRARY[canonical](self, args, kwargs)
        if (made := several(canonical, args, kwargs, self.in_body > 0 and self.states is None)) is not None:
            if self.states is not None:  # (script_library.py; a tree collective is judged: state_runs.py)
                outputs(self.states, canonical, args, kwargs, made)
            return derived_parts(self, [*args, *kwargs.values()], made)  # (parts that may be views)
        if canonical in ASYNC_LIBRARY:  # (script_async_objects.py)
            return ASYNC_LIBRARY[canonical](self, args, kwargs)
        if canonical in SCRIPT_LIBRARY or canonical in TRANSFORMS:  # (script_library.py, script_transforms.py)
            return {**SCRIPT_LIBRARY, **TRANSFORMS}[canonical](self, args, kwargs)
        if canonical == "functools.wraps" and len(args) == 1 and not kwargs and type(args[0]) in WRAPPABLE:
            return Wraps(args[0])
        if canonical in script_pytree_nodes.CALLS:  # a pytree node now (script_pytree_nodes.py)
            return script_pytree_nodes.register(self, canonical, args, kwargs)
        if canonical == "argparse.ArgumentParser":
            return new_parser(args, kwargs)
        if canonical == "argparse.Namespace" and not args and all(type(k) is str for k in kwargs):
            return argparse.Namespace(**kwargs)
        if canonical == "collections.OrderedDict":  # (JAX walks it in insertion order: script_jax.py)
            return collections.OrderedDict(self.builtin(dict, args, kwargs))
        if canonical == "importlib.import_module":  # (imported_modules.py)
            return import_module(args, kwargs)
        if canonical == "collections.namedtuple":
            return named_tuple(args, kwargs)
        if canonical == "contextlib.contextmanager":
            return make_manager(self, args, kwargs)  # (script_generators.py)
        if canonical in ("logging.info", "logging.debug", "logging.warning"):
            return None
        if canonical in NUMPY_ASSERTIONS:
            return numpy_assertion(self)  # (an outcome the run does not know: numpy_assertions.py)
        if handed_unmodelled(self, canonical, args, kwargs):
            raise Bail  # (`np.savetxt(path, x)` may write where the run keeps the table: temp_paths.py)
        return library_call(self, canonical, args, kwargs)

    def special(self, name: str, args: list, kwargs: dict) -> object:
        if name in FUNCTION_LIBRARY:  # `globals()`, `callable(f)` (script_functions.py)
            return FUNCTION_LIBRARY[name](self, args, kwargs)
        if kwargs and name != "builtins.print":
            raise Bail
        if name in ("builtins.getattr", "builtins.hasattr") and len(args) in (2, 3) and type(args[1]) is str:
            try:
                found = probe(self, lambda: self.attribute(args[0], args[1])) if len(args) == 3 or name == "builtins.hasattr" \
                    else self.attribute(args[0], args[1])  # (presence decides: library_members.py)
            except Raised as raised:
                if not isinstance(raised.error, AttributeError) or name == "builtins.getattr" and len(args) == 2:
                    raise
                return False if name == "builtins.hasattr" else args[2]
            return True if name == "builtins.hasattr" else found
        if name == "builtins.setattr" and len(args) == 3 and type(args[1]) is str:
            self.set_attribute(*args)
            return None
        if name == "builtins.type" and len(args) == 3:
            return dynamic_class(self, args, kwargs)  # (script_class_hooks.py)
        if name == "builtins.type" and len(args) == 1:
            if type(args[0]) in (UObj, NTup):
                return args[0].cls
            from codemods.analysis.class_metas import abc_rooted

            if type(args[0]) is UClass and args[0].kind == "plain" and args[0].meta is not None \
                    and not abc_rooted(args[0].meta):
                return args[0].meta  # (a class's metaclass of the module: class_metas.py; not ABCMeta, which the
                # run stands in for with a class of its own)
            if type(args[0]) in (str, int, float, bool, list, dict, tuple, set, frozenset, type(None)):
                return type(args[0])
            raise Bail
        if name == "builtins.super" and not args and self.frames:
            func, env = self.frames[-1]
            params = func.node.args.posonlyargs + func.node.args.args
            if func.owner is None and params and params[0].arg in env.vars \
                    and (made := super_of(func, env.vars[params[0].arg])) is not None:
                return made  # (in an exception's own `__init__`: exception_inits.py)
            if func.owner is None or not params or params[0].arg not in env.vars:
                raise Bail
            return SuperObj(func.owner.base, env.vars[params[0].arg], func.owner)
        if name == "builtins.object" and not args:
            return Sentinel()  # (class_descriptors.py)
        if name == "builtins.vars" and len(args) == 1:
            if (found := namespace_of(args[0])) is not NotImplemented:
                return found  # (the script's module object: own_module.py)
            if type(args[0]) is UClass or type(args[0]) is Special and args[0].name == "builtins.object":
                return class_vars(args[0], self) if type(args[0]) is UClass else object_vars()  # (class_descriptors.py)
            if type(args[0]) in (argparse.Namespace, types.SimpleNamespace):
                return vars(args[0])
            if type(args[0]) is UObj and args[0].cls.lookup("__dict__") is None and slot_names(args[0].cls) is None:
                return args[0].attrs
            raise Bail
        if name == "builtins.issubclass" and len(args) == 2 and isinstance(args[0], type) and type(args[1]) is UClass:
            return False  # (`issubclass(inspect.Parameter.empty, BaseModel)`: a library class derives from none of the module's)
        if name == "builtins.issubclass" and len(args) == 2 and isinstance(args[0], type) and type(args[1]) is Lib:
            return library_subclass(args[0], args[1])  # (`issubclass(tuple, enum.Enum)`: library_subclasses.py)
        if name == "builtins.issubclass" and len(args) == 2 and isinstance(args[0], type) and all(
                isinstance(kind, type) for kind in (args[1] if type(args[1]) is tuple else (args[1],))):
            return guard(issubclass, *args)  # (`issubclass(kind, KeyError)` in an `__exit__`: Python's own classes)
        if name == "builtins.issubclass" and len(args) == 2 and type(args[0]) is UClass:
            kinds = args[1] if type(args[1]) is tuple else (args[1],)
            if len(kinds) == 1 and type(kinds[0]) is not UClass:
                return library_subclass(args[0], kinds[0])  # (`issubclass(ann, enum.Enum)`: library_subclasses.py)
            if not kinds or any(type(kind) is not UClass for kind in kinds):
                raise Bail  # (a library class or a builtin type: its hierarchy is not held)
            return any(virtual_check(self, args[0], kind, args[0].derives(kind), True) for kind in kinds)  # (abc_bases.py)
        if name == "builtins.hash":
            return hash_call(args, kwargs)  # (object_hashes.py)
        if name == "builtins.iter" and len(args) == 2:
            return called_until(self, args[0], args[1])  # (a reader polled to its sentinel: protocol_iterators.py)
        if name == "builtins.iter" and len(args) == 1 and (made := iterator_of(self, args[0])) is not NotImplemented:
            return made  # (`it = iter(ds)`: the object `ds.__iter__()` gives, iterator_objects.py)
        if name == "builtins.iter" and len(args) == 1:
            items = self.iterate(args[0])  # (of what cannot change: Python's iterator over the items, read as asked)
            return Iter(items, self.statements, live=iter(args[0]) if live(args[0]) else iter(items)
                        if type(args[0]) in (tuple, str, range, Arr) else None)
        if name == "builtins.next":
            return next_item(self, args, kwargs)
        if name == "builtins.print":
            return printed(self, args, kwargs)  # (to a stream of the run, or to stdout: text_streams.py)
        raise Bail

    def builtin(self, func, args: list, kwargs: dict) -> object:
        from codemods.analysis import array_reads

        name = func.__name__
        if name == "str" and len(args) == 1 and not kwargs and is_path(args[0]):
            return path_text(args[0])  # (script_paths.py)
        if name == "str" and len(args) == 1 and not kwargs and type(args[0]) is NumpyText:
            return str.__str__(args[0])  # (`str(labels[0])`: the item's text, a str: exact_host_arrays.py)
        if name == "isinstance" and len(args) == 2 and not kwargs:
            return self.is_instance(*args)
        if (done := unordered_listings.builtin(self, name, args, kwargs)) is not NotImplemented:
            return done  # (`sorted(os.listdir(d))`: unordered_listings.py)
        if name in ("str", "format") and (text := member_texts.text(self, name, args, kwargs)) is not None:
            return text  # (a `(str, Enum)` member, its class's own `__str__`: member_texts.py)
        if name in ("str", "format") and len(args) == 1 and not kwargs and (text := member_text(args[0])) is not None:
            return text  # (a StrEnum's or IntEnum's member: repr_enums.py)
        if name in ("str", "repr", "format") and (done := object_texts.text_call(self, name, args, kwargs)) \
                is not NotImplemented:
            return done  # (the class's own `__str__`, ...: object_texts.py)
        if (text := exception_text(name, args, kwargs, self)) is not NotImplemented:
            return text  # (`str(err)`: script_exceptions.py)
        if (made := exception_value(func, args, kwargs, self)) is not None:
            return made  # (an exception made before it is raised: script_exceptions.py)
        if name in ("any", "all") and len(args) == 1 and not kwargs and type(args[0]) is Lazy:
            return self.short_circuit(name == "any", args[0])
        if args and type(args[0]) is GenRun:  # (script_generators.py)
            return generator_walk(name, args, kwargs)
        if name in ("zip", "enumerate") and not kwargs and any(type(a) is Lazy for a in args):
            return self.lazy_pairs(name, args)
        if name in ("map", "filter") and args and (isinstance(args[0], CALLABLES) or held_method(args[0])
                                                   or name == "filter" and args[0] is None
                                                   or args[0] is not None and (any(type(a) is Lazy for a in args[1:])
                                                                               or _text_callback(args[0]))) \
                and not kwargs \
                and (len(args) >= 2 if name == "map" else len(args) == 2):
            return Lazy((name, args[0], [self.pulled(a) if type(a) is Lazy else walk(iter(a)) if live(a)
                                         else self.iterate(a) for a in args[1:]]), None, [])
        if name in ("zip", "enumerate", "map", "filter", "reversed") and any(type(a) is Lazy for a in args):
            raise Bail  # (lazy over a generator: what runs when is not modelled)
        args = [self.iterate(a) if type(a) is Lazy else a for a in args]  # (consumed here, as Python does)
        if name in _WALKING | {"min", "max"} and len(args) == 1 and type(args[0]) is UObj and (
                args[0].data is not None or args[0].cls.lookup("__iter__") is not None):
            args = [list(self.held(args[0]))]  # (`sorted(state)` of a dict subclass: its keys; `sorted(m.keys())`)
        if any(isinstance(value, CALLABLES) for value in (*args, *kwargs.values())) and name not in STRUCTURAL:
            if name in ("sorted", "min", "max"):
                return self.with_callback(name, [list(self.iterate(a)) if i else a for i, a in enumerate(args)],
                                          kwargs)
            raise Bail
        if name in PROTOCOL_BUILTINS and args and type(args[0]) is UObj \
                and (done := protocol_call(self, name, func, args, kwargs)) is not NotImplemented:
            return done  # (`len(obj)` asks `__len__`: builtin_protocols.py)
        if name == "len" and (done := array_reads.array_length(self, args, kwargs)) is not NotImplemented:
            return done  # (`len(X)` of an array of unknown leading size: array_reads.py)
        if name == "len" and (done := unsized_lists.length(self, args, kwargs)) is not NotImplemented \
                or (done := unsized_lists.converted(self, name, args, kwargs)) is not NotImplemented:
            return done  # (`len(jax.devices())` of an unknown device count, `list(x.shape)`: unsized_lists.py)
        if (done := environment_copies.copied(self, name, args, kwargs)) is not NotImplemented:
            return done  # (`dict(os.environ)`: environment_copies.py)
        if name == "enumerate" and len(args) == 1 and set(kwargs) == {"start"}:
            args, kwargs = [*args, kwargs["start"]], {}  # (`enumerate(xs, start=1)`: the same call)
        if name in STRUCTURAL:
            args = [self.held(a) if type(a) is UObj else self.iterate(a) if type(a) is SpecObj
                    or type(a) in (set, frozenset) and name != "len"
                    or type(a) is Arr and unknown_indexes.rows(self, a) is not None or type(a) is UClass and a.kind == "enum"
                    else a for a in args]  # (`zip(layers, keys[1:])`, `tuple(Axis)`: an Enum's members)
            if name == "zip" and list(kwargs) == ["strict"] and type(kwargs["strict"]) is bool \
                    and all(type(a) in (list, tuple, str) for a in args) and len({len(a) for a in args}) <= 1:
                kwargs = {}  # `zip(names, sizes, strict=True)` of sized items of one length: as without it
            if any(type(a) in _OPAQUE for a in args) or name != "dict" and kwargs:
                raise Bail
            if name == "dict" and args and type(args[0]) in (list, tuple) and any(
                    type(pair) in (Lazy, Iter, GenRun) for pair in args[0]):
                raise Bail  # (a pair the run holds as its own iterator, `map(...)` or a generator: not followed)
            return guard(func, *args, **kwargs) if name in ("len", "list", "tuple", "dict") \
                else super().builtin(func, args, kwargs)
        if name == "sum" and 1 <= len(args) <= 2 and not kwargs and type(args[0]) not in _OPAQUE:
            items = self.iterate(args[0])
            if any(type(item) in (Arr, Opaque) for item in items):  # `sum(losses)`: `0 + a + b`, as sum adds
                total = args[1] if len(args) == 2 else 0
                for item in items:
                    total = self.binary(ast.Add, total, item)
                return total
        if (done := unknown_truths.converted(self, name, args, kwargs)) is not NotImplemented:
            return done  # (`bool(ok)` of `np.allclose(...)`: unknown_truths.py)
        if name in ("float", "int") and len(args) == 1 and not kwargs and type(args[0]) is Arr \
                and args[0].known is not None:
            return func(args[0].known)  # `int(np.prod(shape))` (host_reductions.py)
        if name == "round" and len(args) == 1 and not kwargs and type(args[0]) is Arr and args[0].host \
                and args[0].ndim == 0 and type(args[0].known) in (int, float) and math.isfinite(args[0].known):
            return round(args[0].known)  # (a NumPy scalar's `__round__`: a Python int, half to even as Python's)
        if name in ("float", "int") and len(args) == 1 and not kwargs and type(args[0]) in (Arr, Opaque):
            if type(args[0]) is Arr:
                conversion_step(self, args[0])  # (of an array of more than one element: unchecked_calls.py)
            return integer(self) if name == "int" else number(self, name)  # `float(loss)`: a float the run does not know
        if name in ("min", "max") and len(args) >= 2 and not kwargs and (any(type(a) is Opaque for a in args)
                                                                      or beside_numbers(self, args) is not None):
            return unknown_choice(self, name, args, args, False)  # `max(loss, floor)` (unknown_choices.py)
        if name in ("sorted", "min", "max") and (len(args) == 1 and type(args[0]) in (list, tuple) or len(args) >= 2
                                                 and name != "sorted") \
                and object_orderings.orders(items := list(args[0] if len(args) == 1 else args)):
            if len(args) >= 2 and kwargs:
                raise Bail  # (TypeError: no default with several positional arguments)
            return object_orderings.ordered(self, name, items, kwargs)  # (objects' own `__lt__`: object_orderings.py)
        if (text := spec_str(name, args, kwargs)) is not NotImplemented:
            if text is None:
                raise Bail
            return text  # (`str(out.sharding.spec)`: spec_texts.py)
        if name in _WALKING and len(args) == 1 and type(args[0]) is SpecObj:
            args = [args[0].walked()]  # `any(spec)`: a PartitionSpec is the tuple of its entries
        if any(type(a) in _OPAQUE for a in args) or any(type(v) in _OPAQUE for v in kwargs.values()):
            raise Bail
        if name in ("set", "frozenset") and len(args) == 1 and not kwargs and type(args[0]) in (set, frozenset):
            return func(args[0])  # (`frozenset({"pipe"})`: no order is read)
        if name in ("sorted", "min", "max") and len(args) == 1 and not kwargs and type(args[0]) in (list, tuple):
            if any(type(item) is Opaque for item in args[0]):  # `min(losses)`
                return unknown_choice(self, name, list(args[0]), list(args[0]), False)
        if name in ("sorted", "min", "max", "sum", "any", "all", "set", "frozenset") and len(args) == 1:
            items = order_free(name, args[0], kwargs)
            items = self.iterate(args[0]) if items is None else items
            if not all(plain_tree(item) or name != "sum" and type(item) in (StrMember, IntMember) for item in items) and not (
                    name == "sorted" and all(type(i) is tuple and i and plain_tree(i[0]) for i in items)
                    and len({i[0] for i in items}) == len(items)):
                raise Bail
            args = [items]
        return super().builtin(func, args, kwargs)

    def lazy_pairs(self, name: str, args: list) -> Lazy:
        """`zip(...)`, `enumerate(...)` over a generator expression: lazy too, each item asked of the
        generator when the zip or enumerate is asked for its own (as Python's builtins pull them)."""
        if name == "enumerate" and not (len(args) == 1 or len(args) == 2 and type(args[1]) is int) \
                or any(type(a) is Lazy and a.used for a in args):
            raise Bail
        sources = args[:1] if name == "enumerate" else args
        for source in sources:
            if type(source) is Lazy:
                source.used = True
        pulled = [self.produce(a) if type(a) is Lazy else walk(iter(a)) if live(a) else self.iterate(a) for a in sources]
        return Lazy((name, args[1] if name == "enumerate" and len(args) == 2 else 0, pulled), None, [])

    def short_circuit(self, wanted: bool, lazy: Lazy) -> bool:
        """`any`/`all` of a generator pull its items only until one decides: the rest never run."""
        if lazy.used:
            raise Bail
        lazy.used = True
        for item in self.produce(lazy):
            if type(item) in _OPAQUE or not plain_tree(item):
                raise Bail  # (its truth is not known here: neither is how far Python pulls)
            if bool(item) is wanted:
                return wanted
        return not wanted

    def held(self, obj: UObj) -> object:
        """What a builtin reads of a module object: the dict or list it subclasses, or its items."""
        if obj.data is not None and not any(obj.cls.lookup(hook) for hook in ("__iter__", "__len__", "__getitem__")):
            return obj.data
        return self.iterate(obj)

    def is_instance(self, obj: object, kinds: object) -> bool:
        kinds = kinds if type(kinds) is tuple else (kinds,)
        if (known := handed_errors.instance_of(obj, kinds)) is not None:
            return known  # (an error handed back in a run made again: handed_errors.py)
        found = False
        for kind in kinds:
            if found:
                return True  # (Python stops at the first class that matches: the later ones are not asked)
            if type(obj) is ClassSlot and type(kind) is not UClass:
                raise Bail  # (a builtin member of a class: its own type is not held, class_dirs.py)
            if type(obj) in (TempPath, JsonText) and type(kind) is not UClass:
                if kind not in (int, float, str, bool, list, tuple, dict, set, frozenset, type(None)):
                    raise Bail
                found = found or kind is str  # (a path the run does not spell: a str all the same, temp_texts.py)
                continue
            if (known := wrapper_instance(obj, kind)) is not None:
                found = found or known  # (`isinstance(member, classmethod)`: method_descriptors.py)
            elif type(kind) is Special and kind.name == "builtins.type":  # `isinstance(obj, type)`: a class
                if type(obj) in (Lib, Opaque):
                    raise Bail
                found = found or type(obj) is UClass or isinstance(obj, type)
            elif type(kind) is UClass:
                found = found or virtual_check(self, obj, kind, isinstance_of(obj, kind))  # (ABCMeta: abc_bases.py)
            elif kind in (int, float, str, bool, list, tuple, dict, set, frozenset, type(None)):
                if type(obj) in (MeshObj, ShardObj):
                    raise Bail
                if isinstance(obj, ModelledContainer):  # (a Counter is a dict: script_collections.py)
                    found = found or kind in obj.derives
                    continue
                if type(obj) is Arr and obj.host:  # (an np.float64 is a float: numpy_scalars.py)
                    found = found or numpy_scalars.builtin_instance(self, obj, kind)
                    continue
                found = found or type(obj) is not SpecObj and builtin_instance(obj, kind)  # (a PartitionSpec derives from object only)
            elif isinstance(kind, type) and issubclass(kind, BaseException) and (isinstance(obj, BaseException) or type(obj) in (
                    int, float, str, bool, list, tuple, dict, type(None), UObj, NTup)):  # `isinstance(err.__cause__, KeyError)`
                found = found or isinstance(obj, kind)  # (the run's exceptions are Python's own: script_exceptions.py)
            elif type(kind) is Lib and jaxapi.canonical(kind.name) in ("jax.Array", "numpy.ndarray") \
                    and type(obj) in (Arr, int, float, str, list, tuple, dict, type(None), UObj, NTup, MeshObj, SpecObj, ShardObj,
                                      PartialObj):  # (a mesh, a spec, a sharding, a partial: never arrays)
                found = found or type(obj) is Arr and (not obj.host if jaxapi.canonical(kind.name) == "jax.Array" else
                                                       obj.host and numpy_scalars.is_ndarray(self, obj))  # (a NumPy scalar is none: numpy_scalars.py)
            elif type(kind) is Lib and (abc := abc_class(jaxapi.canonical(kind.name))) is not None:
                found = found or abc_instance(obj, abc, derived_abc(self, obj))  # (`isinstance(cfg, Mapping)`: abc_checks.py)
            elif type(kind) is Lib and jaxapi.canonical(kind.name) == jaxapi.PARTITION_SPEC \
                    and type(obj) not in (Opaque, Lib):
                found = found or type(obj) is SpecObj
            elif type(kind) is Lib and jaxapi.canonical(kind.name) in numpy_scalar_types.NAMES \
                    and (done := numpy_scalar_types.scalar_instance(obj)
                         if type(obj) is not Arr else numpy_scalars.scalar_instance(
                             self, obj, jaxapi.canonical(kind.name).rpartition(".")[2])) is not None:
                found = found or done  # (`isinstance(ddof, np.integer)` of a Python int: numpy_scalar_types.py)
            elif type(kind) is Lib and (done := entry_instance(obj, jaxapi.canonical(kind.name))) is not None:
                found = found or done  # (`isinstance(k, jax.tree_util.DictKey)` of a key path's entry: key_paths.py)
            elif type(kind) is Lib and (done := kind_instance(self, obj, kind.name)) is not None:
                found = found or done  # (`isinstance(f, types.FunctionType)`: own_module.py)
            else:
                raise Bail
        if not found and type(obj) is UObj and obj.cls.lookup("__class__") is not None:
            raise Bail  # (isinstance asks `obj.__class__` too, which its class gives: not modelled)
        return found


def order_free(name: str, value: object, kwargs: dict) -> list | None:
    """The items of a set of strs for a builtin whose result does not depend on the order they
    are walked in (which changes from run to run with str hashing): `sorted` without a key (equal
    strs are one item), `min`, `max`, `any`, `all`, `set`, `frozenset`; None otherwise."""
    if name == "sum" or type(value) not in (set, frozenset) or "key" in kwargs \
            or not all(type(item) is str for item in value):
        return None
    return sorted(value)


def _as_dict(obj: object, depth: int = 0) -> object:
    if depth > 10:
        raise Bail
    if type(obj) is UObj and obj.cls.kind == "dataclass":
        return {name: _as_dict(obj.attrs[name], depth + 1) for name in obj.cls.fields}
    if type(obj) in (list, tuple):
        return type(obj)(_as_dict(item, depth + 1) for item in obj)
    if type(obj) is dict:
        return {key: _as_dict(item, depth + 1) for key, item in obj.items()}
    if type(obj) in (UObj, NTup):
        raise Bail
    return obj


class ReMatch:
    """A match `re.search` found: true, and its groups."""

    __slots__ = ("found",)

    def __init__(self, found: re.Match) -> None:
        self.found = found


class Wraps:
    """`functools.wraps(f)`: applied to a wrapper, the wrapper under f's name (wrapped_callables.py)."""

    __slots__ = ("wrapped",)

    def __init__(self, wrapped: object) -> None:
        self.wrapped = wrapped
