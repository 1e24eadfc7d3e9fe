"""What a parameter holds when the call leaves it out: its default, where that is certain.

The default is evaluated once, where the def runs, in the scope the analysis reads from the text
(`axis=DATA` with a module constant, `axes=(DP, TP)`, `cfg=Config`, `cfg=CONFIG`, `cfg=LoraConfig()`).
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.cli_args import Namespace
from codemods.analysis.fn_values import default_function
from codemods.analysis.mutation import containers, mutated_names
from codemods.analysis.nodes import NOT_LITERAL, attribute_stored, constructed, literal_value, nodes_of_type
from codemods.analysis.patched_functions import defaults_patched
from codemods.analysis.pyvalues import python_value
from codemods.analysis.values import (CONSTANT, UNKNOWN, AxisState, ClassValue, Const, DictValue, Instance, JaxName,
                                      Partial, SpecValue, Static, TupleValue, Value, settled)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame, Interpreter

_NAMES = ("str", "strs", "names")  # symbols that are axis names (or tuples of them), never arrays


def parameter_default(interp: Interpreter, node: ast.expr, defined_in: Frame | None, param: str) -> Value:
    if defaults_patched(interp.scope.tree):
        return UNKNOWN  # `f.__defaults__ = (...)` somewhere (patched_functions.py)
    value = literal_value(node)
    if value is not NOT_LITERAL and not (isinstance(node, ast.List) and param in mutated_names(interp.scope.tree)):
        return Const(value)  # a list default some code fills (`done=[]`, `done.append(...)`) is shared by calls
    if defined_in is None or defined_in.static_scopes is None:
        return UNKNOWN
    if isinstance(node, ast.Subscript):
        found = interp.eval(node, defined_in)
        # `fx=REPORTING["fx"][REPORTING["ccy"]]`: read once as the def runs; an immutable
        # Python value keeps what it read then, whatever the table holds later
        if isinstance(found, Const) and type(found.value) in (int, float, str, bool, type(None)):
            return found
        root = node
        while isinstance(root, ast.Subscript):
            root = root.value
        changed = mutated_names(interp.scope.tree)
        if isinstance(found, TupleValue) and all(isinstance(leaf, Const) for leaf in _items(found)) \
                and param not in changed and not (isinstance(root, ast.Name) and root.id in changed):
            return found  # `axes=LAYOUT["gather"]`: a tuple (or a list nothing changes) of constants
        if isinstance(found, DictValue) and containers(found) and param not in changed \
                and isinstance(root, ast.Name) and root.id not in changed:
            return found  # `cfg=SETTINGS["section"]`: the one sub-table object, changed by no code
    if isinstance(node, (ast.Dict, ast.List)) and param not in mutated_names(interp.scope.tree):
        # `params={"radius": 0.8}`: one object, made as the def runs, that no code changes in place
        found = interp.eval(node, defined_in)
        if containers(found) and all(python_value(item) is not NOT_LITERAL for item in _items(found)):
            return found
    if isinstance(node, (ast.Name, ast.Attribute, ast.Tuple)):
        found = interp.eval(node, defined_in)
        # `cfg=CFG`; `rules=RULES`, a tuple of constants (immutable, unlike a dict); `axes=(DP, TP)`
        if isinstance(found, (Const, Namespace, SpecValue)) or settled(found) or python_value(found) is not NOT_LITERAL:
            return found  # a PartitionSpec of names (`spec=COUNTS_SPEC`) is immutable: one value
        if isinstance(found, Static) or isinstance(found, AxisState) and found.same_state(CONSTANT):
            return found  # `clip=CLIP_NORM` of `float(os.environ[...])`, `h=np.sqrt(H)`: one host number
        if getattr(found, "symbol", None) is not None and getattr(found, "kind", None) in _NAMES:
            return found  # `axis=ENV_AXIS`: the one value that binding holds (symbols.py)
        if isinstance(found, Instance) and _frozen_record(interp, found):
            return found  # `ops=OPS`, a NamedTuple of JAX functions partially applied to constants
        # A class, or a dict no code changes (through the name or the parameter), is the object
        # a read of the name at call time gives: one binding, so the same object.
        if isinstance(found, ClassValue) or (containers(found) and param not in mutated_names(interp.scope.tree)):
            return found
    if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "tuple" and len(node.args) == 1 \
            and not node.keywords and not interp.scope.globals.binds("tuple") \
            and "tuple" not in interp.scope.imports.bindings \
            and not any(interp.scope.locals_of(function).binds("tuple") for function in defined_in.static_scopes):
        found = interp.eval(node, defined_in)  # `axes=tuple(DOREMI["axes"])`: a tuple made as the def runs
        if isinstance(found, (Const, TupleValue)) and python_value(found) is not NOT_LITERAL \
                and isinstance(python_value(found), tuple):
            return found
    if (function := default_function(interp, node, defined_in)) is not None:
        return function  # `act=jax.nn.relu`, `reducer=_sum` (fn_values.py)
    if (computed := interp.default_symbol(node, defined_in, param)) is not None:
        return computed  # `axes=tuple(os.environ["AXES"].split(","))` (symbols.py)
    if constructed(node):
        interp.silent += 1  # `cfg=LoraConfig()`: built once, where the def is, and judged nowhere
        try:
            found = interp.eval(node, defined_in)
        finally:
            interp.silent -= 1
        if isinstance(found, SpecValue):
            return found  # `spec=P("docs", "vocab")`: a PartitionSpec is immutable
        # One object shared by every call: certain only while no code sets an attribute on it.
        if isinstance(found, Instance) and (settled(found) or _keyed_tables_only(found, interp.scope.tree)
                                            or _named_objects_only(found)) \
                and not attribute_stored(interp.scope.tree, param):
            return found
        if isinstance(found, DictValue) and all(python_value(item) is not NOT_LITERAL for item in _items(found)) \
                and param not in mutated_names(interp.scope.tree) and not attribute_stored(interp.scope.tree, param):
            return found  # `c=model_config()`: a config of constants, built once, that no code changes
    return UNKNOWN


def _named_objects_only(found: Instance) -> bool:
    """Every field a constant or an object reached through imports (`jnp.bfloat16`, a dtype of a
    mixed-precision policy): a name, not a container, so the shared object holds it for every
    call while no code sets an attribute on it (checked by the caller)."""
    if found.fields is None or found.building:
        return False
    return all(isinstance(item, (Const, JaxName)) or settled(item) for _, item in found.fields)


def _keyed_tables_only(found: Instance, tree: ast.Module) -> bool:
    """Every field a constant, or a dict of constants (`axes: dict = field(default_factory=...)`)
    that the module reads only by key (`obj.axes["data"]`): nothing can hold the dict shared by
    every call, so nothing can change it."""
    if found.fields is None or found.building:
        return False
    tables = {name for name, item in found.fields if isinstance(item, DictValue)
              and all(isinstance(inner, Const) for inner in item.items)}
    fixed = all(name in tables or isinstance(item, Const) or settled(item) for name, item in found.fields)
    return bool(tables) and fixed and all(_read_by_key_only(tree, name) for name in tables)


def _read_by_key_only(tree: ast.Module, attr: str) -> bool:
    """Each load of `.attr` is subscripted and read (`x.attr[k]`); a store `x.attr = ...` replaces
    the object instead of changing the shared one (classes.py follows those)."""
    keyed = {id(node.value) for node in nodes_of_type(tree, ast.Subscript)
             if type(node.ctx) is ast.Load and type(node.value) is ast.Attribute and node.value.attr == attr}
    return all(id(node) in keyed for node in nodes_of_type(tree, ast.Attribute)
               if node.attr == attr and type(node.ctx) is ast.Load)


def _frozen_record(interp: Interpreter, record: Instance) -> bool:
    """An object of a `typing.NamedTuple` class of the module (its fields cannot be set) whose
    fields are constants or JAX functions, bare or partially applied to constants."""
    if record.fields is None or record.building or len(record.cls.bases) != 1 \
            or interp.scope.resolve(record.cls.bases[0]) != "typing.NamedTuple":
        return False
    return all(_frozen(item) for _, item in record.fields)


def _frozen(item: Value) -> bool:
    if isinstance(item, Partial):
        return isinstance(item.func, JaxName) and all(_frozen(arg) for arg in item.args) \
            and all(_frozen(value) for _, value in item.keywords)
    if isinstance(item, TupleValue):
        return all(_frozen(inner) for inner in item.items)
    return isinstance(item, (Const, JaxName, Static)) or settled(item)  # (Static: a host number, `perm` pairs)


def _items(value: Value) -> list[Value]:
    """The leaves of a dict or list display's value (nested displays opened)."""
    if isinstance(value, (DictValue, TupleValue)):
        return [leaf for item in value.items for leaf in _items(item)]
    return [value]
