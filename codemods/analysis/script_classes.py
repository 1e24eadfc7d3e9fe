"""The module's own classes in a script run (script_run.py; issue 13): plain classes (an
`__init__`, methods, properties, static and class methods, one base of the module), dataclasses
(`@dataclasses.dataclass`, fields with defaults or `field(default=..., default_factory=...)`,
`__post_init__`) and `typing.NamedTuple` classes, run as Python runs them.

A class with a metaclass (but ABCMeta and `abc.ABC`: abc_bases.py), bases from outside the module
(but NamedTuple), several bases, other decorators, or hooks that change construction or attribute
access (`__new__`, `__getattribute__`, `__setattr__`) stops the run (Bail), as does an Enum.
"""
from __future__ import annotations

import abc
import ast
import types

from codemods import jaxapi
from codemods.analysis import typing_forms
from codemods.analysis.script_values import (
    Bound,
    FieldDefault,
    Lib,
    NTup,
    UClass,
    UFunc,
    UObj,
    Member,
    StrMember,
    ntup,
)
from codemods.analysis.script_exceptions import exception_class
from codemods.analysis.logging_setup import BASES as LOGGING_BASES, make_logging_class
from codemods.analysis.class_dirs import NOT_HELD, VERSIONED_DUNDERS, inherited_member, missing_dunder
from codemods.analysis.thread_locals import single_threaded
from codemods.analysis.host_exprs import Env, Raised
from codemods.analysis.host_objects import METHODS, Bail
from codemods.analysis.hint_kinds import CLASSVAR, LATER, certain_kind, held_kind
from codemods.analysis.script_generators import ContextManager
from codemods.analysis.script_flags import FlagMember
from codemods.analysis.repr_enums import IntMember
from codemods.analysis.argparse_actions import action_class, is_action_base
from codemods.analysis.user_collections import user_class
from codemods.analysis.script_dispatch import Dispatcher
from codemods.analysis.field_specs import FieldSpec, GeneratedInit, check_stored
from codemods.analysis.protocol_classes import KINDS as PROTOCOL_KINDS, instance_check
from codemods.analysis.dataclass_fields import CACHED, field_table, finish_dataclass, init_vars, is_marker, positional
from codemods.analysis.script_class_hooks import call_hook, class_keywords, keep_body_scope, mro, own_annotations
from codemods.analysis.class_orders import find, linearised
from codemods.analysis.unittest_cases import Native, PropertyValue
from codemods.analysis.class_descriptors import PropertySetter, set_names
from codemods.analysis.abc_bases import abc_only
from codemods.analysis.class_metas import check_meta, create, meta_root, metaclass_of
from codemods.analysis.named_tuples import class_member
from codemods.analysis.bound_members import Desc, HolderInit, ObjectInit, TypeMethod, bound_member

_DECORATORS = {"property": "property", "staticmethod": "static", "classmethod": "class"}
_NOT_ON_INSTANCES = frozenset({"__name__", "__qualname__", "__wrapped__", "__func__", "__self__"})
# (descriptors, metaclasses: class_descriptors.py, class_metas.py; `__del__` runs when the last
# reference goes, which the run does not follow: adversarial15)
_HOOKS = frozenset({"__new__", "__del__"})  # (`__getattribute__`: attribute_hooks.py)


from codemods.analysis.cached_attributes import cached_attribute  # noqa: E402
from codemods.analysis.cached_calls import CachedFunction  # noqa: E402
from codemods.analysis.typed_dicts import is_typed_dict_base, typed_dict_class  # noqa: E402
from codemods.analysis.abc_bases import abc_base  # noqa: E402
from codemods.analysis.abc_collections import collection_base, stand_in_read  # noqa: E402
from codemods.analysis import class_hints, enum_namespaces  # noqa: E402
from codemods.analysis.dataclass_slots import add_slots, check_slotted  # noqa: E402
from codemods.analysis.enum_classes import Auto, enum_member, enum_mixin, make_members, member_attribute  # noqa: E402,F401 (Auto, enum_member, member_attribute: still read from here)


def make_class(run, node: ast.ClassDef, env: Env) -> object:
    base, kind, builtin = None, "plain", None
    bases = [user_class(run, run.eval(expr, env)) for expr in node.bases]  # (UserDict, UserList: user_collections.py)
    bases = [abc_base(run, collection_base(run, value)) for value in bases]  # (`abc.ABC`: abc_bases.py; `Mapping`: abc_collections.py)
    bases, node_bases, generic = typing_forms.class_bases(bases, node.bases)  # (a `Generic[T]` base: typing_forms.py)
    keywords = class_keywords(run, node, env) if node.keywords else {}
    if (made := exception_class(node, bases, run, env)) is not None:  # (script_exceptions.py)
        return made
    if len(bases) == 1 and type(bases[0]) is Lib and bases[0].name in LOGGING_BASES:
        return make_logging_class(run, node, env, bases[0])  # (a JSON formatter: logging_setup.py)
    names = [jaxapi.canonical(value.name) if type(value) is Lib else value for value in bases]
    if is_typed_dict_base(bases, names):
        return typed_dict_class(run, node, env)  # (a callable that makes dicts: typed_dicts.py)
    mixin = enum_mixin(names)
    action = False
    node._sf_repr_enum = names in (["enum.StrEnum"], ["enum.IntEnum"])  # (repr_enums.py)
    if mixin is not False:
        bases, kind = [], "enum"
    several = len(bases) > 1 and all(type(value) is UClass and value.kind == "plain" and value.builtin is None
                                     for value in bases) and not any(type(b) is ast.Starred for b in node_bases)
    if several and any(value.meta is not None for value in bases):
        raise Bail  # (the most derived of several bases' metaclasses: not modelled)
    for value in bases if not several else ():  # (several bases: their order merged, class_orders.py)
        if type(value) is Lib and jaxapi.canonical(value.name) == "typing.NamedTuple" and len(node_bases) == 1:
            kind = "ntuple"
        elif type(value) is Lib and jaxapi.canonical(value.name) == "typing.Protocol" and len(node_bases) == 1:
            kind = "protocol"  # (never made; an explicit subclass inherits its methods: protocol_classes.py)
        elif (value in (dict, list) or type(value) is Lib and value.name == "collections.OrderedDict") \
                and len(node_bases) == 1:
            builtin = list if value is list else dict  # (an OrderedDict: a dict as far as the run reads it)
        elif type(value) is UClass and len(node_bases) == 1 and value.kind in ("plain", "dataclass", *PROTOCOL_KINDS):
            base = value
        elif type(value) is Lib and value.name == "threading.local" and len(node_bases) == 1 and single_threaded(run):
            pass  # (a one-thread program's thread-local namespace: a plain class, thread_locals.py)
        elif is_action_base(value, node):
            action = True  # (argparse_actions.py: checked and marked once made)
        elif len(node_bases) == 1 and not node.keywords and (meta_root(value) or type(value) is UClass and value.kind == "meta"):
            kind, base = "meta", value if type(value) is UClass else None  # (class_metas.py)
        else:
            raise Bail
    frozen, applied, all_keyword, order, slots = None, [], False, False, False
    for index, decorator in enumerate(node.decorator_list):
        target = decorator.func if type(decorator) is ast.Call else decorator
        value = run.eval(target, env) if type(target) in (ast.Name, ast.Attribute) else None
        if type(value) is not Lib or value.name != "dataclasses.dataclass":
            applied.append(run.eval(decorator, env) if value is None or type(decorator) is ast.Call else value)
            continue
        if index != len(node.decorator_list) - 1 or kind != "plain":
            raise Bail  # (only as the innermost decorator)
        frozen = False
        if type(decorator) is ast.Call:
            if decorator.args:
                raise Bail
            for keyword in decorator.keywords:
                flag = run.eval(keyword.value, env)
                if keyword.arg not in ("frozen", "eq", "repr", "order", "kw_only", "slots") or type(flag) is not bool \
                        or keyword.arg == "eq" and not flag:
                    raise Bail
                if keyword.arg in ("frozen", "order"):
                    frozen, order = (flag, order) if keyword.arg == "frozen" else (frozen, flag)
                all_keyword = all_keyword or keyword.arg == "kw_only" and flag
                slots = slots or keyword.arg == "slots" and flag
        kind = "dataclass"
    if several and kind != "plain" or base is not None and kind == "ntuple" \
            or base is not None and base.kind == "dataclass" and kind != "dataclass" \
            and not (kind == "plain" and find(base.order, "__init_subclass__") is not None):  # (checked below)
        raise Bail
    if slots:
        check_slotted(node, base, several)  # (dataclass_slots.py)
    attrs: dict = enum_namespaces.body_for(node) if kind == "enum" else {}  # (_EnumDict's rules: enum_namespaces.py)
    cls = UClass(node, bases[0] if several else base, attrs, kind)
    if generic:
        typing_forms.mark(run, cls)  # (its dropped `Generic[...]` base: typing_forms.py)
    if several:
        cls.order = linearised(cls, bases)
    cls.builtin = cls.builtin or builtin
    cls.meta_root = meta_root(bases[0]) if kind == "meta" and base is None else None
    body_env = Env(env, frozenset())
    body_env.vars = attrs
    keep_body_scope(run, cls, body_env)  # (for `__annotations__`: script_class_hooks.py)
    annotated, keyword_only = [], None  # (the fields after `_: KW_ONLY`: dataclass_fields.py)
    for statement in node.body:
        run.tick()
        if type(statement) is ast.Expr and type(statement.value) is ast.Constant or type(statement) is ast.Pass:
            continue
        if type(statement) in (ast.FunctionDef, ast.AsyncFunctionDef):
            if statement.name in _HOOKS and not (statement.name == "__new__" and (kind == "meta" or kind == "enum" and mixin is None)):
                raise Bail
            attrs[statement.name] = _method(run, statement, env, body_env, cls)
            if statement.name in ("__init_subclass__", "__class_getitem__") and type(attrs[statement.name]) is UFunc:
                attrs[statement.name] = Desc("class", attrs[statement.name])  # (a classmethod, implicitly)
        elif type(statement) is ast.Assign and len(statement.targets) == 1 and type(statement.targets[0]) is ast.Name:
            if _nested_reads(statement.value) & attrs.keys():
                raise Bail  # (a comprehension or lambda in a class body skips the class's names)
            attrs[statement.targets[0].id] = _wrapped(run, statement.value, body_env) or run.eval(statement.value, body_env)
        elif type(statement) is ast.Assign and all(_plain_target(target) for target in statement.targets):
            if _nested_reads(statement.value) & attrs.keys():
                raise Bail
            value = run.eval(statement.value, body_env)  # (`A, B = 8, 4`, `X = Y = 0`: stored left to right)
            for target in statement.targets:
                _unpack(run, target, value, attrs)
        elif type(statement) is ast.ClassDef and kind in ("plain", "meta"):
            attrs[statement.name] = make_class(run, statement, env)  # (an inner `class Meta:`: its own scope)
        elif type(statement) is ast.AnnAssign and type(statement.target) is ast.Name:
            if kind == "dataclass" and statement.simple and is_marker(run, statement, body_env):
                if keyword_only is not None:
                    raise Bail  # (dataclasses raise a TypeError)
                keyword_only = len(annotated)
                continue
            if not statement.simple:
                pass  # (`(width): int = 4`: never stored in `__annotations__`, class_hints.py)
            elif (hint := certain_kind(run, statement.annotation, body_env, statement.value)) == LATER:
                # (`Shared[tuple]`: its kind is what the evaluated hint is, after the value)
                if statement.value is not None:
                    attrs[statement.target.id] = run.eval(statement.value, body_env)
                class_hints.record(run, statement.annotation, body_env)
                if held_kind(run, statement.annotation, body_env) == CLASSVAR:
                    if statement.value is None:
                        raise Bail
                else:
                    annotated.append(statement.target.id)
                    cls.annotations[statement.target.id] = (statement.annotation, body_env)
                continue
            elif hint != CLASSVAR:
                annotated.append(statement.target.id)
                cls.annotations[statement.target.id] = (statement.annotation, body_env)
            elif statement.value is None:
                raise Bail
            if statement.value is not None:
                attrs[statement.target.id] = run.eval(statement.value, body_env)
            class_hints.record(run, statement.annotation, body_env)  # (evaluated now, after the value)
        else:
            raise Bail
    if "__del__" in attrs:
        raise Bail  # (`__del__ = close`: a finalizer, as above)
    body, cls.attrs = attrs, attrs if kind != "enum" else enum_namespaces.finish(attrs, mixin)
    attrs = cls.attrs
    if kind == "enum":
        make_members(run, cls, attrs, body, names, mixin)  # (enum_classes.py)
    meta = metaclass_of(run, node, env, base)
    late = kind == "dataclass" and meta is not None and not abc_only(meta)  # (the metaclass makes it first)
    if slots and (late or several or base is not None):
        raise Bail  # (dataclass_slots.py)
    if kind == "dataclass" and not late:
        finish_dataclass(cls, bool(frozen), annotated, 0 if all_keyword else keyword_only, order)  # (dataclass_fields.py)
        if slots:
            add_slots(cls)  # (dataclass_slots.py)
    elif kind == "ntuple":
        cls.fields = annotated
    if kind == "meta":
        check_meta(cls)
    if meta is not None:
        cls.kind = "plain" if late else cls.kind
        made = create(run, cls, node, env, meta, keywords)  # (class_metas.py)
        if late and made is not cls:
            raise Bail
        if late:  # `@dataclass` over the class its metaclass made (a registry's): converted as it is now
            class_hints.unchanged(run, cls)
            finish_dataclass(cls, bool(frozen), annotated, 0 if all_keyword else keyword_only, order)
        for decorator in reversed(applied):
            made = run.call(decorator, [made], {})
        return made
    if action:
        action_class(cls)
    set_names(run, cls)  # (class_descriptors.py)
    if node.keywords or cls.base is not None and find(cls.order[1:], "__init_subclass__") is not None:
        if kind != "plain":
            raise Bail
        call_hook(run, cls, node, keywords)  # (script_class_hooks.py)
        if cls.base is not None and cls.base.kind == "dataclass" and cls.kind != "dataclass":
            raise Bail  # (a plain subclass of a dataclass, which no hook made a dataclass: not modelled)
    made = cls
    for decorator in reversed(applied):  # the name is bound to what the outermost decorator hands back
        made = run.call(decorator, [made], {})  # (a registry's class, or a wrapper such as Ray's ActorClass)
    return made


def _method(run, node: ast.FunctionDef, env: Env, body_env: Env, cls: UClass) -> object:
    known = [type(d) is ast.Name and d.id in _DECORATORS and d.id not in body_env.vars for d in node.decorator_list]
    if any(known[1:-1]) or len(known) > 1 and known[-1] and node.decorator_list[-1].id == "property":
        raise Bail  # (a property decorated further, a wrapper between others: not modelled)
    applied = [None if is_known else run.eval(d, body_env) for d, is_known in zip(node.decorator_list, known)]
    value: object = run.make_function(node, env, body_env, owner=cls)  # (after its decorators, as Python)
    for index in reversed(range(len(node.decorator_list))):  # (innermost first, as Python applies them)
        if type(applied[index]) is Lib and jaxapi.canonical(applied[index].name) == CACHED:
            if index != 0 or type(value) is not UFunc:
                raise Bail
            return Desc("cached", value)  # (read by cached_attributes.py)
        if known[index]:
            if type(value) is not UFunc:
                raise Bail
            value = Desc(_DECORATORS[node.decorator_list[index].id], value)
            if index == 0:
                return value
            continue  # (`@field_validator("x")` over `@classmethod`: the classmethod object handed on, method_descriptors.py)
        value = run.call(applied[index], [value], {})  # `@register_to_config`: what it returns
        if type(applied[index]) is PropertySetter and index == 0:
            return value  # (`@x.setter`: the property with its setter)
        if type(value) is not UFunc and not (type(value) in (ContextManager, Dispatcher, Desc, UObj, CachedFunction) and index == 0) \
                and not (type(value) is Desc and value.kind in ("class", "static")):
            raise Bail  # (an instance, `@lazy` of a descriptor class: bound as `name = lazy(func)` would be)
    return value


def _wrapped(run, value: ast.expr, body_env: Env) -> Desc | None:
    """`with_parameters = staticmethod(with_parameters)` in a class body: the decorator called."""
    if not (type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in _DECORATORS
            and value.func.id not in body_env.vars and value.func.id not in run.module_env.vars
            and len(value.args) == 1 and not value.keywords):
        return None
    func = run.eval(value.args[0], body_env)
    if type(func) is Lib and value.func.id == "staticmethod":
        return Desc("static", func)  # (`act = staticmethod(jax.nn.gelu)`: read off the class or an instance, the function itself)
    if type(func) is not UFunc or value.func.id != "staticmethod" and func.owner is None and _uses_super(func):
        raise Bail
    return Desc(_DECORATORS[value.func.id], func)


def _uses_super(func: UFunc) -> bool:
    return any(type(n) is ast.Name and n.id in ("super", "__class__") for n in ast.walk(func.node))


def _field_default(cls: UClass, name: str) -> tuple | None:
    """(default value, or the factory's result to make) of a dataclass field, or None."""
    found = cls.lookup(name)
    if found is None:
        return None
    value = found[1]
    if type(value) is FieldDefault:
        return (value.default, False) if value.factory is None else (value.factory, True)
    if type(value) is FieldSpec:  # (field_specs.py)
        return value.default_pair()
    if type(value) is Desc:
        raise Bail
    return (value, False)


def construct(run, cls: UClass, args: list, kwargs: dict) -> object:
    if cls.kind in PROTOCOL_KINDS:
        raise Raised(TypeError("Protocols cannot be instantiated"))
    if cls.kind == "ntuple":
        values = _bind_fields(run, cls, args, kwargs)
        return ntup(cls, [values[name] for name in cls.fields])
    if cls.kind == "dataclass" and "__init__" not in cls.attrs:  # (unless the program replaced it)
        obj = UObj(cls)
        init_fields(run, cls, obj, args, kwargs)
        return obj
    obj = UObj(cls)
    init = cls.lookup("__init__")
    if init is None:
        if obj.data is not None:
            HolderInit()(run, obj, args, kwargs)
        elif args or kwargs:
            raise Bail
        return obj
    if type(init[1]) not in (UFunc, Native):
        raise Bail
    if run.call(Bound(init[1], obj), args, kwargs) is not None:
        raise Bail
    return obj


def init_fields(run, cls: UClass, obj: UObj, args: list, kwargs: dict) -> None:
    """What a dataclass's generated `__init__` does: the fields bound and stored, then `__post_init__`."""
    values = _bind_fields(run, cls, args, kwargs)
    passed = [values.pop(name) for name in init_vars(cls)]  # (InitVars: to `__post_init__`, not stored)
    obj.attrs.update(values)
    post = cls.lookup("__post_init__")
    if post is not None:
        if type(post[1]) is not UFunc:
            raise Bail  # (on a frozen class, storing a field stops the run: script_run.py)
        if run.call(Bound(post[1], obj), passed, {}) is not None:
            raise Bail
    check_stored(cls, obj)


def _bind_fields(run, cls: UClass, args: list, kwargs: dict) -> dict:
    if len(args) > len(positional(cls)) or not set(kwargs) <= set(cls.params or cls.fields) - cls.no_init:
        raise Bail
    values = dict(zip(positional(cls), args))
    if set(values) & set(kwargs):
        raise Bail
    values.update(kwargs)
    for name in cls.params or cls.fields:
        if name in values:
            continue
        default = cls.defaults.get(name) if cls.kind == "dataclass" else \
            ((cls.attrs[name], False) if name in cls.attrs else None)
        if default is None and name in cls.no_init:
            continue  # (`field(init=False)` without a default: `__init__` leaves it unset)
        if default is None:
            raise Bail
        value, factory = default
        values[name] = run.call(value, [], {}) if factory else value
    return {name: values[name] for name in cls.params or cls.fields if name in values}  # (stored in the fields' order)


def instance_attribute(run, obj: object, name: str) -> object:
    cls = obj.cls
    found = cls.lookup(name)
    if found is not None and type(found[1]) is Desc and found[1].kind == "property":
        return run.call(found[1].func, [obj], {})
    if found is not None and type(found[1]) is Desc and found[1].kind == "cached":
        return cached_attribute(run, obj, name, found[1].func)
    if type(obj) is NTup:
        if name in cls.fields:
            return obj[cls.fields.index(name)]
        if name == "_replace":
            return Bound(_Replace(), obj)
        if name == "_fields":
            return tuple(cls.fields)
        if name == "_asdict":
            return Bound(_AsDict(), obj)
        if name.startswith("_") and found is None:
            raise Bail  # (`_make`, `_field_defaults`: not modelled)
    elif name in obj.attrs:
        return obj.attrs[name]
    if found is not None and type(found[1]) in (FieldDefault, FieldSpec):
        raise Bail  # (a field a dataclass's own `__init__` left unset: its default, or AttributeError)
    if found is None and type(obj) is UObj and obj.data is not None and name in METHODS[type(obj.data)]:
        return getattr(obj.data, name)
    if found is None:
        if name.startswith("__") and name.endswith("__"):
            if name == "__class__":
                return cls
            if name in _NOT_ON_INSTANCES and type(obj) is UObj and cls.lookup("__getattr__") is None:
                raise Raised(AttributeError(name))  # (`getattr(stage, "__name__", "stage")` of a callable object)
            if type(obj) is UObj and obj.data is None and missing_dunder(cls, name):
                raise Raised(AttributeError(name))  # (`hasattr(self, "__attrs_post_init__")`: class_dirs.py)
            raise Bail  # (what `object` gives every instance, or `__getattr__` asked for a dunder: not modelled)
        hook = cls.lookup("__getattr__")
        if hook is not None and type(obj) is UObj:  # (`__getattr__ = dict.__getitem__` too: KeyError when missing)
            return run.call(Bound(hook[1], obj), [name], {}) if type(hook[1]) in (UFunc, TypeMethod) else _bail()
        raise Raised(AttributeError(name))
    return bound_member(found[1], obj, cls)


def class_attribute(run, cls: UClass, name: str) -> object:
    if (answer := stand_in_read(cls, name)) is not NotImplemented:
        return answer  # (a subclass of the run's `Mapping`: abc_collections.py)
    if name == "__init__" and cls.kind == "dataclass" and "__init__" not in cls.attrs:
        return GeneratedInit(cls)  # (field_specs.py)
    if name == "__dataclass_fields__" and cls.kind == "dataclass" and cls.lookup(name) is None:
        return field_table(run, cls)  # (dataclass_fields.py)
    if name in ("__mro__", "__annotations__") and cls.kind == "plain":
        return mro(cls) if name == "__mro__" else own_annotations(run, cls)
    found = cls.lookup(name)
    if found is None:
        if name == "__name__":
            return cls.node.name
        if name == "__module__":
            return "__main__"
        if name == "_fields" and cls.kind == "ntuple":
            return tuple(cls.fields)
        if name == "__members__" and cls.kind == "enum" and cls.members \
                and all(type(m) in (Member, StrMember, IntMember) for m in cls.members.values()):
            return types.MappingProxyType(dict(cls.members))  # (names to members, in order; no aliases here)
        if cls.kind == "ntuple" and (member := class_member(cls, name)) is not None:
            return member  # (named_tuples.py)
        if (slot := inherited_member(cls, name)) is not NOT_HELD:
            return slot  # (a builtin member every plain class has: class_dirs.py)
        if name.startswith("__") and name.endswith("__") and not hasattr(type, name) and name not in VERSIONED_DUNDERS \
                and (all(klass.kind == "plain" and klass.builtin is None for klass in cls.order)
                     or cls.kind == "meta" and cls.meta is None
                     and all(klass.kind == "meta" for klass in cls.order) and not hasattr(abc.ABCMeta, name)):
            raise Raised(AttributeError(name))  # (`__unittest_skip__`: neither `type` nor `object` gives it, nor ABCMeta to a metaclass)
        if name.startswith("__") and name.endswith("__") or name.startswith("_") and cls.kind in ("ntuple", "enum"):
            raise Bail  # (what `type` and `object` give every class: not modelled)
        raise Raised(AttributeError(name))
    value = found[1]
    if type(value) is Dispatcher and value.method:
        raise Bail  # (read on the class, a singledispatchmethod dispatches on the first argument: not modelled)
    if type(value) is Desc:
        if value.kind == "property":
            return PropertyValue(value)  # (the property object itself: unittest_cases.py)
        if value.kind not in ("static", "class"):
            raise Bail  # (a cached_property, a partialmethod read off the class: not modelled)
        return value.func if value.kind == "static" else Bound(value.func, cls)
    return value


def isinstance_of(obj: object, cls: UClass) -> bool:
    if cls.kind == "meta":  # `isinstance(Model, ModelBase)`: a class of that metaclass (class_metas.py)
        return type(obj) is UClass and obj.meta is not None and obj.meta.derives(cls)
    if cls.kind in PROTOCOL_KINDS:
        return instance_check(obj, cls)  # (protocol_classes.py)
    if type(obj) in (UObj, NTup, Member, StrMember, FlagMember, IntMember):
        return obj.cls.derives(cls)
    return False


def builtin_instance(obj: object, kind: type) -> bool:
    """isinstance(obj, dict) (list, ...) of a module object: True for the dict or list it subclasses."""
    if type(obj) is UObj:
        return obj.data is not None and type(obj.data) is kind
    if type(obj) is NTup:
        return kind is tuple
    if type(obj) is FlagMember:
        return isinstance(obj.real, kind)  # (an IntFlag's value is an int, a Flag's is not)
    return isinstance(obj, kind)


class _Replace:
    """`record._replace(**changes)` of a NamedTuple."""

    def __call__(self, run, record: NTup, args: list, kwargs: dict) -> NTup:
        if args or not set(kwargs) <= set(record.cls.fields):
            raise Bail
        return ntup(record.cls, [kwargs.get(name, item) for name, item in zip(record.cls.fields, record)])


class _AsDict:
    """`record._asdict()` of a NamedTuple: a dict of its fields in order."""

    def __call__(self, run, record: NTup, args: list, kwargs: dict) -> dict:
        if args or kwargs:
            raise Bail
        return dict(zip(record.cls.fields, record))


BUILTIN_METHODS = (_Replace, _AsDict, ObjectInit, HolderInit, TypeMethod)


def _bail():
    raise Bail


def _plain_target(target: ast.expr) -> bool:
    if type(target) in (ast.Tuple, ast.List):
        return all(_plain_target(item) for item in target.elts)
    return type(target) is ast.Name


def _unpack(run, target: ast.expr, value: object, attrs: dict) -> None:
    if type(target) is ast.Name:
        attrs[target.id] = value
        return
    items = run.iterate(value)
    if len(items) != len(target.elts):
        raise Raised(ValueError("unpack"))
    for item, part in zip(items, target.elts):
        _unpack(run, part, item, attrs)


def _nested_reads(value: ast.expr) -> set[str]:
    """Names read in the scopes a class-body expression opens (comprehensions past their first
    iterable, lambdas): Python looks them up past the class body, in the enclosing scopes."""
    found: set[str] = set()
    for node in ast.walk(value):
        if type(node) in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            first = node.generators[0]  # (its iterable is read in the class body itself)
            parts = [part for part in ast.iter_child_nodes(node) if part is not first] + [first.target, *first.ifs]
            found |= {name.id for part in parts for name in ast.walk(part) if type(name) is ast.Name}
        elif type(node) is ast.Lambda:
            found |= {name.id for name in ast.walk(node.body) if type(name) is ast.Name}
    return found

