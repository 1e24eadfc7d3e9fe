"""Where a script run (script_run.py; issue 13) hands Python's own protocols of the values it
holds to the modules that model them: a generator object's methods (generator_methods.py), a
class's `__getattribute__` (attribute_hooks.py), a metaclass's `__call__` (class_metas.py), exceptions made as values (script_exceptions.py)
and `str.format` of objects (object_texts.py). Each answers NotImplemented when the value is not
its kind, and the run goes on with its own reading."""
from __future__ import annotations

from codemods.analysis.class_metas import meta_call, meta_super_call
from codemods.analysis.attribute_hooks import PlainGetattribute, hooked, hooked_read
from codemods.analysis.generator_methods import generator_attribute
from codemods.analysis.object_texts import method_call
from codemods.analysis.script_exceptions import exception_value
from codemods.analysis.script_generators import GenRun
from codemods.analysis.script_values import Lib, SuperObj, UClass, UObj
from codemods.analysis.text_streams import current_stdout


def attribute_hook(run, obj: object, name: str) -> object:
    kind = type(obj)
    if kind is GenRun:  # `gen.send(v)`, `gen.throw(e)`, `gen.close()`
        return generator_attribute(obj, name)
    if kind is UObj and hooked(obj):
        return hooked_read(run, obj, name)
    if kind.__name__ == "Special" and obj.name == "builtins.object" and name == "__getattribute__":
        return PlainGetattribute()
    if kind is SuperObj and name == "__call__":
        return meta_super_call(obj)  # (`super().__call__(*args)` in a metaclass: class_metas.py)
    if kind is Lib and name == "stdout" and obj.name == "sys":
        return current_stdout(run)  # (inside `redirect_stdout`: text_streams.py)
    return NotImplemented


def call_hook(run, func: object, args: list, kwargs: dict) -> object:
    if type(func) is UClass and func.meta is not None:
        return meta_call(run, func, args, kwargs)  # (a metaclass's `__call__`: class_metas.py)
    if type(func) is type and (made := exception_value(func, args, kwargs)) is not None:
        return made  # (`errors.append(ShardError(name))`)
    return method_call(run, func, args, kwargs)  # (`"{}".format(axis)`)
