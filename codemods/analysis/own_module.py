"""The program's own module object in a script run (script_run.py; issue 13).

Autograders, plugin tables and test runners pasted at the end of a script find the script's
functions by name on its module object: `THIS = sys.modules[__name__]` (or `import __main__`)
at import, then `getattr(THIS, "part1_...", None)`, `hasattr`, `setattr`, `vars(THIS)`,
`dir(THIS)`, or `inspect.getmembers(THIS, inspect.isfunction)` filtered by a `test_` prefix.
Run as `python prog.py`, that object is `sys.modules["__main__"]`, whose namespace is the
module's globals: the run reads and writes the very namespace its statements bind (the
run's module environment), so a lookup finds exactly what the program's own line would.

What is not modelled stops the run (Bail): another key of `sys.modules` (a library may or may
not be imported yet), walking or sizing `sys.modules`, a predicate on a value whose kind the run
does not know (an imported name of a library it does not introspect).
"""
from __future__ import annotations

import ast
import builtins
import importlib
import inspect

from codemods import jaxapi
from codemods.analysis.host_exprs import LambdaValue, Raised
from codemods.analysis.host_objects import BUILTINS, Bail, Special
from codemods.analysis.class_members import class_members
from codemods.analysis.imported_modules import IMPORTABLE
from codemods.analysis.modelled_objects import ModelledContainer, ModelledObject
from codemods.analysis.numpy_generators import NpGenerator
from codemods.analysis.script_values import (Arr, Bound, JitFn, Lib, MeshObj, Opaque, PartialObj, RunCallable, ShardMapFn,
                                             UClass, UFunc, UObj)
from codemods.analysis.temp_paths import TempPathObj

_PLAIN = (str, int, float, bool, complex, bytes, type(None), list, tuple, dict, set, frozenset, range)
# What the library names a module imports by `from M import name` are, where M is not one the
# run may import for a look (JAX and NumPy: importing them is slow); checked on jax 0.10.2.
_LIBRARY_KINDS = {
    "jax.sharding.NamedSharding": "class", "jax.sharding.PartitionSpec": "class", "jax.sharding.Mesh": "class",
    "jax.sharding.AxisType": "class", "jax.sharding.AbstractMesh": "class", "jax.P": "class",
    "jax.NamedSharding": "class", "jax._src.shard_map.top_level_all_gather": "function",
    "jax.shard_map": "function", "jax.make_mesh": "function", "jax.set_mesh": "class",
    "jax.device_put": "function", "jax.lax.psum": "function", "jax.lax.all_gather": "function",
    "numpy.allclose": "other", "numpy.ndarray": "class", "jax.Array": "class",
}


class ModuleObj(ModelledObject):
    """`sys.modules["__main__"]`: the module whose namespace is the run's module environment."""

    __slots__ = ("env",)

    def __init__(self, env) -> None:
        self.env = env

    def attribute(self, run, name: str) -> object:
        names = self.env.vars
        if name == "__dict__":
            return names
        if name in names:
            return names[name]
        if name in ("__class__", "__getattr__", "__dir__"):
            raise Bail
        if (hook := names.get("__getattr__")) is not None:  # (a module-level `__getattr__`, PEP 562)
            return run.call(hook, [name], {})
        raise Raised(AttributeError(f"module '__main__' has no attribute '{name}'"))

    def set_attribute(self, run, name: str, value: object) -> None:
        if name in ("__dict__", "__class__"):
            raise Bail
        self.env.vars[name] = value

    def __bool__(self) -> bool:
        return True


def namespace_of(value: object, listed: bool = False) -> object:
    """`vars(module)` (its namespace itself) or `dir(module)` (its names, sorted) of the module
    object; NotImplemented for any other value."""
    if type(value) is not ModuleObj:
        return NotImplemented
    return sorted(value.env.vars) if listed else value.env.vars


def module_object(run) -> ModuleObj:
    """The one module object of the run (`sys.modules[__name__] is THIS`)."""
    found = run.__dict__.get("_own_module")
    if found is None:
        found = run.__dict__["_own_module"] = ModuleObj(run.module_env)
    return found


class ModulesTable(ModelledContainer):
    """`sys.modules`: only the program's own entry is known; walking or sizing it stops the run."""

    __slots__ = ("run",)

    def __init__(self, run) -> None:
        self.run = run

    def _own(self, key: object) -> bool:
        if type(key) is not str:
            raise Bail
        if key != self.run.module_env.vars.get("__name__", "__main__") and key != "__main__":
            raise Bail  # (a library module: imported or not by then, the run does not know)
        return True

    def item(self, run, key: object) -> object:
        self._own(key)
        return module_object(run)

    def contains(self, run, key: object) -> bool:
        return self._own(key)

    def store(self, run, key: object, value: object) -> None:
        raise Bail

    def items(self, run) -> list:
        raise Bail

    def __iter__(self):
        raise Bail

    def __len__(self) -> int:
        raise Bail

    def attribute(self, run, name: str) -> object:
        if name == "get":
            return _ModulesGet(self)
        raise Bail


class _ModulesGet(RunCallable):
    __slots__ = ("table",)

    def __init__(self, table: ModulesTable) -> None:
        self.table = table

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if kwargs or len(args) not in (1, 2):
            raise Bail
        return self.table.item(run, args[0])


def modules_attribute(run, holder: object, name: str) -> object:
    """`sys.modules` read off the `sys` module; NotImplemented for any other attribute."""
    if type(holder) is Lib and holder.name == "sys" and name == "modules":
        return ModulesTable(run)
    return NotImplemented


def imported_main(run, alias: ast.alias) -> object:
    """`import __main__`: the module object; NotImplemented for any other import."""
    return module_object(run) if alias.name == "__main__" else NotImplemented


# -- inspect's reflection on the module --------------------------------------------------------------

def _kind(run, value: object) -> str:
    """"function", "class", "module" or "other": what inspect's predicates tell of `value`."""
    kind = type(value)
    if kind in (UFunc, LambdaValue, ShardMapFn):
        return "function"  # (a def, a lambda; `jax.shard_map(f, ...)` returns a Python function)
    if kind is UClass:
        return "class"
    if kind is ModuleObj:
        return "module"
    if kind in _PLAIN or kind in (Bound, JitFn, PartialObj, UObj, Arr, MeshObj, ModulesTable, TempPathObj, NpGenerator) \
            or kind.__name__ == "SpecObj":
        return "other"  # (a method, `jax.jit`'s C++ wrapper, a partial, an instance, an array, a mesh, a spec, a Path,
        # a NumPy random Generator)
    if kind is Special and value.name.startswith("builtins."):
        return _real_kind(getattr(builtins, value.name.split(".", 1)[1], None))
    if any(value is found for found in BUILTINS.values()):
        return _real_kind(value)
    if kind is Lib:
        return "module" if value.name == "builtins" else _library_kind(run, value.name)  # (`__builtins__`)
    if kind is Opaque and any(value is run.module_env.vars.get(name) for name in ("__loader__", "__file__")):
        return "other"  # (the module's loader object and its path, which the run does not spell)
    raise Bail


def _real_kind(obj: object) -> str:
    if obj is None:
        raise Bail
    return "function" if inspect.isfunction(obj) else "class" if inspect.isclass(obj) \
        else "module" if inspect.ismodule(obj) else "other"


def _library_kind(run, name: str) -> str:
    if any(type(node) is ast.Import and any(alias.name == name or alias.asname is None and alias.name.split(".")[0] == name
                                            for alias in node.names) for node in ast.walk(run.tree)):
        return "module"  # (bound by an `import` statement)
    for spelled in (name, jaxapi.canonical(name)):
        if spelled in _LIBRARY_KINDS:
            return _LIBRARY_KINDS[spelled]
    module, _, attr = name.rpartition(".")
    if module.split(".")[0] in IMPORTABLE and module.split(".")[0] not in ("jax", "numpy") and attr:
        try:
            return _real_kind(getattr(importlib.import_module(module), attr))  # (the standard library's own object)
        except (ImportError, AttributeError):
            raise Bail from None
    raise Bail


def kind_instance(run, value: object, name: str) -> bool | None:
    """`isinstance(value, types.FunctionType)` (what `inspect.isfunction` tests) or
    `types.ModuleType`; None for another class."""
    kind = {"types.FunctionType": "function", "types.LambdaType": "function", "types.ModuleType": "module"}.get(
        jaxapi.canonical(name))
    return None if kind is None else _kind(run, value) == kind


def _predicate(kind: str):
    def test(run, args: list, kwargs: dict) -> bool:
        if len(args) != 1 or kwargs:
            raise Bail
        return _kind(run, args[0]) == kind
    return test


_IS_FUNCTION, _IS_CLASS, _IS_MODULE = _predicate("function"), _predicate("class"), _predicate("module")


def _getmembers(run, args: list, kwargs: dict) -> list:
    """`inspect.getmembers(module[, predicate])`: (name, value) of every global, sorted by name,
    those the predicate accepts; of a module class, its members (class_members.py)."""
    predicate = kwargs.pop("predicate", None) if set(kwargs) <= {"predicate"} else _bail()
    if not args or len(args) > 2 or len(args) == 2 and predicate is not None or type(args[0]) not in (ModuleObj, UClass):
        raise Bail  # (the members of an instance: not modelled here)
    predicate = args[1] if len(args) == 2 else predicate
    known = {"inspect.isfunction": _IS_FUNCTION, "inspect.isclass": _IS_CLASS, "inspect.ismodule": _IS_MODULE}
    fast = known.get(jaxapi.canonical(predicate.name)) if type(predicate) is Lib \
        else _callable if type(predicate) is Special and predicate.name == "builtins.callable" else None
    if type(args[0]) is UClass:  # (a class's members: class_members.py)
        return class_members(run, args[0], lambda value: predicate is None or (
            fast(run, [value], {}) if fast is not None else run.truth(run.call(predicate, [value], {}))))
    found = []
    for name in sorted(args[0].env.vars):
        value = args[0].env.vars[name]
        if name in ("__loader__", "__file__") and fast is not None:
            continue  # (a loader object and a path: neither a function, a class, a module nor callable)
        if predicate is None or (fast(run, [value], {}) if fast is not None else run.truth(run.call(predicate, [value], {}))):
            found.append((name, value))
    return found


def _callable(run, args: list, kwargs: dict) -> bool:
    from codemods.analysis.script_functions import LIBRARY as FUNCTIONS

    if type(args[0]) is Lib:
        kind = _kind(run, args[0])  # (an imported module, class or function)
        if kind != "other":
            return kind != "module"
    return False if type(args[0]) in (ModuleObj, ModulesTable) else FUNCTIONS["builtins.callable"](run, args, kwargs)


def _bail():
    raise Bail


LIBRARY = {"inspect.getmembers": _getmembers, "inspect.isfunction": _IS_FUNCTION, "inspect.isclass": _IS_CLASS,
           "inspect.ismodule": _IS_MODULE}
