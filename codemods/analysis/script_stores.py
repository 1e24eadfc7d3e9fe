"""Where a script run's stores land (script_run.py; issue 13): `a, b = x.shape` of a value the
run does not know, `obj.name = v` on the module's instances, classes, functions and namespaces
(a data descriptor's `__set__`, a `__setattr__` hook), `env[key] = v` on `os.environ`, a modelled
container, a dict or an object's `__setitem__`; a JAX array is immutable (the program raises).

It exists apart from the run's reads and calls because the rules of which objects can be written
and how are one concept: a new writable kind of value touches only this."""
from __future__ import annotations

import argparse
import ast
import operator
import types

from codemods.analysis.class_descriptors import instance_write
from codemods.analysis.exception_inits import set_field
from codemods.analysis.enum_hooks import set_field as member_field
from codemods.analysis.exact_host_arrays import changed_in_place
from codemods.analysis.script_values import Arr, Bound, MeshCtx, Member, Opaque, UClass, UFunc, UObj
from codemods.analysis.host_exprs import Env, guard
from codemods.analysis.host_objects import Bail
from codemods.analysis.instance_dicts import rebind_namespace
from codemods.analysis.method_descriptors import set_wrapper_attribute
from codemods.analysis.passed_steps import unpacked
from codemods.analysis.script_functions import set_function_attribute
from codemods.analysis.modelled_objects import ModelledContainer, ModelledObject
from codemods.analysis.script_library import set_namespace_attribute
from codemods.analysis import script_environment


class ScriptStores:
    """The stores of ScriptRun (which supplies eval, call and the run's state)."""

    def store(self, target: ast.expr, value: object, env: Env) -> None:
        if type(value) is MeshCtx and value.lasting and value.held is None:
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
            changed_in_place(self, holder)  # (`a[0] = 9`: the values of `a`, and of any view of it, changed)
        elif type(target) is ast.Subscript and isinstance(holder, ModelledContainer):
            holder.store(self, self.index(target.slice, env), value)  # (script_collections.py)
        elif type(target) is ast.Subscript and type(holder) in (dict, UObj):
            key = self.index(target.slice, env)
            if type(holder) is UObj:
                hook = holder.cls.lookup("__setitem__")
                if hook is not None:
                    if type(hook[1]) is not UFunc:
                        raise Bail
                    self.call(Bound(hook[1], holder), [key, value], {})
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
        if type(obj).__name__ == "Desc":
            return set_wrapper_attribute(obj, name, value)  # (`fn.__validator__ = ...` of a classmethod: method_descriptors.py)
        if isinstance(obj, ModelledObject) and hasattr(obj, "set_attribute"):
            return obj.set_attribute(self, name, value)  # (`logger.propagate = False`: script_logging.py)
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
        if type(obj) is Member:
            return member_field(obj, name, value)  # (its own `__new__`/`__init__`: enum_hooks.py)
        if isinstance(obj, BaseException) and set_field(obj, name, value):
            return  # (in its own `__init__`, or later: exception_inits.py)
        if type(obj) is not UObj or obj.cls.kind == "dataclass" and obj.cls.frozen:
            raise Bail
        if instance_write(self, obj, name, value):
            return  # (a data descriptor's `__set__`, a property's setter: class_descriptors.py)
        found = obj.cls.lookup(name)
        if found is not None and type(found[1]).__name__ == "Desc":
            raise Bail  # a property with no setter, or a method replaced
        hook = obj.cls.lookup("__setattr__")
        if hook is not None:
            if type(hook[1]) is not UFunc and type(hook[1]).__name__ != "TypeMethod":
                raise Bail  # (`__setattr__ = dict.__setitem__` is called as a def would be: bound_members.py)
            self.call(Bound(hook[1], obj), [name, value], {})
            return
        obj.attrs[name] = value
