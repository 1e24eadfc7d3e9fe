"""How a script run (script_run.py; issue 13) reads `obj.name`: which model answers for each
kind of value it holds (functions and code objects, library modules, parsers, instances of the
module's classes, meshes, shardings, arrays, dtypes, dataclass fields), before the plain Python
reading of host_runs.py.

It exists apart from the run's statements and calls because an attribute read is one dispatch
on the value's kind: a new kind of value adds a branch here and nothing in the run's control flow."""
from __future__ import annotations

import argparse
import ast
import types

from codemods.analysis.container_methods import item_method
from codemods.analysis.class_descriptors import declared_read, object_member
from codemods.analysis.bound_members import type_method
from codemods.analysis.script_classes import class_attribute, instance_attribute, member_attribute
from codemods.analysis.number_attributes import field, number_attribute
from codemods.analysis.script_values import (OPAQUE_TYPES, Arr, Bound, JsonText, FieldName, Lib, Member, MeshObj, NTup, Opaque, PartialObj,
                                             ShardObj, StrMember, SuperObj, UClass, UFunc, UObj)
from codemods.analysis.host_exprs import Iter, LambdaValue, Raised
from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.temp_files import FileHandle
from codemods.analysis.temp_texts import file_attribute
from codemods.analysis.script_argparse import ParserObj, argparse_constant, namespace_attribute, parser_attribute
from codemods.analysis.script_builtins import ReMatch
from codemods.analysis.script_functions import (INSPECT_TYPES, CodeObj, FrameObj, code_attribute, frame_attribute,
                                                function_attribute, inspect_attribute)
from codemods.analysis.script_operators import ArrMethod
from codemods.analysis.script_exceptions import exception_attribute
from codemods.analysis.super_reads import super_attribute
from codemods.analysis.unittest_cases import unittest_member
from codemods.analysis.value_attributes import UNHANDLED, held_attribute
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis import abstract_types, class_hints, device_grids, field_specs, function_slots, script_flags
from codemods.analysis.script_library import (LIBRARY_OBJECTS, mesh_sizes, pattern_attribute,
                                              constant as library_constant, namespace_attribute as simple_attribute)
from codemods import jaxapi
from codemods.analysis.array_dtypes import DType, attribute as dtype_attribute
from codemods.analysis.array_reads import array_attribute
from codemods.analysis.script_async_objects import async_attribute, is_async_object
from codemods.analysis.attribute_hooks import PlainGetattribute, hooked, hooked_read
from codemods.analysis.class_metas import meta_super_call
from codemods.analysis.generator_methods import generator_attribute
from codemods.analysis.script_generators import GenRun
from codemods.analysis.repr_enums import IntMember
from codemods.analysis.annotated_hints import AnnotatedHint, attribute as annotated_attribute, is_class
from codemods.analysis.held_hints import HeldHint, attribute as hint_attribute
from codemods.analysis import partial_fields, script_typing, typing_forms, unknown_json
from codemods.analysis.text_streams import current_stdout
from codemods.analysis.own_module import modules_attribute
from codemods.analysis.library_members import asked, library_presence
from codemods.analysis.jax_version_reads import version_read

_TYPING_KINDS = (typing_forms.TypeVarObj, typing_forms.OverloadStub)


class ScriptAttributes:
    """The attribute reads of ScriptRun (which supplies eval, call and the run's state)."""

    def attribute(self, obj: object, name: str) -> object:
        kind = type(obj)
        if kind is AnnotatedHint and (found := annotated_attribute(obj, name)) is not NotImplemented:
            return found  # `hint.__metadata__` (annotated_hints.py)
        if kind is HeldHint:
            return hint_attribute(obj, name)  # (held_hints.py)
        if name in ("__args__", "__origin__") and kind in script_typing.HINT_TYPES and script_typing.is_hint(obj):
            return getattr(obj, name)  # (`Literal["x", "y"].__args__` of a real hint: script_typing.py)
        if kind is Lib and name[:2] == "__" and is_class(obj):
            raise Bail  # (`getattr(jax.Array, "__origin__", None)`: the real class's attributes, not kept)
        if (kind in _TYPING_KINDS or kind is UClass and name in typing_forms.LEFT_OUT) \
                and (found := typing_forms.attribute(self, obj, name)) is not NotImplemented:
            return found  # (a TypeVar, a class with a `Generic[T]` base: typing_forms.py)
        if kind is Lib and name == "stdout" and obj.name == "sys" and (found := current_stdout(self)) is not NotImplemented:
            return found  # (inside `redirect_stdout`: text_streams.py)
        if kind is Lib and (found := modules_attribute(self, obj, name)) is not NotImplemented:
            return found  # (`sys.modules`: own_module.py)
        if kind is GenRun:  # `gen.send(v)`, `gen.throw(e)`, `gen.close()` (generator_methods.py)
            return generator_attribute(obj, name)
        if kind is UObj and hooked(obj) and (found := hooked_read(self, obj, name)) is not NotImplemented:
            return found  # (a class's `__getattribute__`: attribute_hooks.py)
        if kind is Special and obj.name == "builtins.object" and name == "__getattribute__":
            return PlainGetattribute()
        if kind is SuperObj and name == "__call__" and (found := meta_super_call(obj)) is not NotImplemented:
            return found  # (`super().__call__(*args)` in a metaclass: class_metas.py)
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
            found = version_read(self, obj.name, name)  # (`jax.__version_info__` on the target: jax_version_reads.py)
            found = argparse_constant(f"{obj.name}.{name}") if found is None else found
            found = unittest_member(self, jaxapi.canonical(f"{obj.name}.{name}")) if found is None else found
            found = library_constant(jaxapi.canonical(f"{obj.name}.{name}")) if found is None else found
            if found is None and asked(self) and (present := library_presence(self, obj.name, name)) is not True:
                raise Bail if present is None else Raised(AttributeError(f"module {obj.name!r} has no attribute {name!r}"))
            return Lib(f"{obj.name}.{name}") if found is None else found  # (library_members.py)
        if kind is PartialObj:
            return partial_fields.field(obj, name)  # (`p.func`, `p.keywords`: partial_fields.py)
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
        if kind in (Member, StrMember, script_flags.FlagMember, IntMember):
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
            return types.MappingProxyType(field_specs.metadata_of(obj.owner, obj.name))  # (as dataclasses wraps it)
        if kind is FieldName and name in ("default", "default_factory") and obj.owner is not None \
                and obj.name in obj.owner.defaults:  # (the default as `@dataclass` took it; else MISSING)
            found = obj.owner.defaults[obj.name]
            return found[0] if found is not None and found[1] == (name == "default_factory") else Lib("dataclasses.MISSING")
        if kind is FieldName and name == "type" and obj.annotation is not None:
            node, scope = obj.annotation
            return ast.unparse(node) if self.future_annotations else class_hints.value_of(self, node, scope)
        if kind is Opaque and not number_attribute(self, obj, name):  # (a number's: number_attributes.py)
            return field(self, obj, name)  # (a field of a value the run does not know: as unknown)
        if kind is Bound and name in ("__func__", "__self__") and type(obj.func) in (UFunc, LambdaValue):
            return obj.func if name == "__func__" else obj.self  # (a bound method's function and object)
        if kind in (UFunc, Bound, UClass, LambdaValue) and name == "__name__":
            func = obj.func if kind is Bound else obj
            if type(func) is LambdaValue or type(func) is UFunc and type(func.node) is ast.Lambda and func.alias is None:
                return "<lambda>"
            if type(func) not in (UFunc, UClass):
                raise Bail
            return func.alias or func.node.name if type(func) is UFunc else func.node.name
        if kind is ReMatch and name in ("group", "groups", "groupdict", "start", "end", "span", "lastgroup", "lastindex",
                                        "pos", "endpos", "string"):
            return getattr(obj.found, name)
        if (found := held_attribute(self, obj, name)) is not UNHANDLED:
            return found  # (a builtin value, a PartitionSpec, a bound method: value_attributes.py)
        if (method := item_method(obj, name)) is not None:
            return method  # (`ROLES.__getitem__`: container_methods.py)
        if kind is JsonText:
            return unknown_json.attribute(obj, name)  # (`line.strip()` of a record read back: unknown_json.py)
        if kind in OPAQUE_TYPES or kind in (ArrMethod, Special, Iter, LambdaValue):
            raise Bail
        return super().attribute(obj, name)
