"""Python values that axis names are built from beyond literals, plain names and sequences
(sequences.py) (issue 13): `dict(RULES)` tables, starred unpacking at module level
(`DP, *REST = AXES`) and in functions, the `*args`/`**kwargs` a call passes, members of enum
classes (`Axis.DATA.value`, `Axis.DATA.name`) and `mesh.axis_names` of a mesh built in the file.

Each form is followed only when every part is known; anything else stays what the expression
half made of it (unknown or static), so no form here can make an unknown certain.
"""
from __future__ import annotations

import ast
import dataclasses
from codemods.dataclass_code import dataclass
from typing import TYPE_CHECKING

from codemods import jaxapi
from codemods.analysis.enum_reads import enum_member
from codemods.analysis.member_hooks import own_hooks
from codemods.analysis.nodes import NOT_LITERAL, all_param_names
from codemods.analysis.scopes import bindings_of
from codemods.analysis.sequence_kinds import TUPLE, common, kinded, same_kinds
from codemods.analysis.sequences import as_kind, items_of
from codemods.analysis.values import (
    STATIC,
    AxisState,
    UNKNOWN,
    ClassValue,
    Const,
    DictValue,
    Instance,
    JaxName,
    TupleValue,
    Value,
    axes_of,
    record_tuple,
)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_ENUMS = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})
_STR_ENUMS = frozenset({"enum.StrEnum"})
_FLAGS = frozenset({"enum.Flag", "enum.IntFlag"})
_MUTABLE_DISPLAYS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)
_CUSTOM_MEMBERS = ("__new__", "__init__", "_generate_next_value_")  # members whose .value is not the assigned one
# Meshes whose axis names `mesh.axis_names` reads back (all take them second or as axis_names=).
_MESHES = frozenset(jaxapi.MESH_FACTORIES) | {"jax.sharding.AbstractMesh"}
_FROM_KEYS = "builtins.dict.fromkeys"  # `tuple(dict.fromkeys(axes))`: the axes once each, in order
_PROXY = "types.MappingProxyType"  # a read-only view of the dict it is given: the same items
# `collections.OrderedDict(host=2, shard=4)` builds its items as dict() does, in the same order.
_CONTAINERS = frozenset({"builtins.dict", "collections.OrderedDict", _FROM_KEYS, _PROXY})  # tuple(), list(): sequences.py
_COPIES = frozenset({"copy.copy", "copy.deepcopy"})
# A synthetic item node of `DP, *REST = AXES` (scopes.py) carries the unpacking's shape, checked
# when it is read: a value of another length would have raised.
UNPACK_SHAPE = "shardfix_unpack_shape"


@dataclass(frozen=True)
class MeshValue:
    """A mesh built in the file (`jax.make_mesh(shape, names)`, `Mesh(devices, names)`): its axis
    names, read back through `mesh.axis_names`."""

    axes: tuple[str, ...]
    sizes: tuple[int, ...] | None = None  # `jax.make_mesh((2, 4), ...)`: read back by `mesh.shape`


# Meshes built from their sizes (the first argument, or this keyword); `Mesh(devices, ...)` is not.
_SIZES_KEYWORD = {"jax.make_mesh": "axis_shapes", "jax.sharding.AbstractMesh": "axis_sizes"}
_DEVICE_MESH = "jax.experimental.mesh_utils.create_device_mesh"
_BODY_MESH = frozenset({"jax.sharding.get_abstract_mesh", "jax.lax.axis_size"})
_SIZE_ATTRIBUTES = frozenset({"shape", "axis_sizes", "size", "shape_tuple"})


def _from_keys(args, keywords, starred) -> Value:
    """`dict.fromkeys(names[, value])` of known string keys: a dict of them in first-seen order."""
    if starred or keywords or not 1 <= len(args) <= 2:
        return UNKNOWN
    keys = items_of(args[0][0])
    if keys is None or not all(isinstance(key, Const) and isinstance(key.value, str) for key in keys):
        return UNKNOWN
    table = dict.fromkeys(key.value for key in keys)
    value = args[1][0] if len(args) == 2 else Const(None)
    return DictValue(tuple(table), tuple(value for _ in table))


def mesh_sizes(mesh: MeshValue, attr: str) -> Value:
    """`mesh.shape` (an ordered dict of sizes by axis), `mesh.axis_sizes`, `mesh.size`, `mesh.shape_tuple`."""
    if attr == "shape":
        return DictValue(mesh.axes, tuple(Const(size) for size in mesh.sizes))
    if attr == "axis_sizes":
        return Const(kinded(mesh.sizes, TUPLE))
    if attr == "shape_tuple":
        return Const(kinded((kinded(pair, TUPLE) for pair in zip(mesh.axes, mesh.sizes)), TUPLE))
    total = 1
    for size in mesh.sizes:
        total *= size
    return Const(total)


def python_value(value: Value) -> object:
    """The Python literal a value stands for (tuples of constants too; a NamedTuple object of
    constants is its tuple: `P(*AXES)`), else NOT_LITERAL."""
    value = record_tuple(value)
    if isinstance(value, Const):
        return value.value
    if isinstance(value, TupleValue):
        items = [python_value(item) for item in value.items]
        return NOT_LITERAL if any(item is NOT_LITERAL for item in items) else kinded(items, value.kind)
    return NOT_LITERAL


def either(body: Value, orelse: Value) -> Value | None:
    """The value of `body if test else orelse` when both are one Python value (`tuple(e) if
    isinstance(e, list) else e`), keeping a sequence's kind only where both agree; else None."""
    known, other = python_value(body), python_value(orelse)
    if known is NOT_LITERAL or repr(known) != repr(other):  # repr: 1 and True differ
        return None
    return body if not isinstance(known, tuple) or same_kinds(known, other) else Const(common(known, other))


def unpack_starred(value: Value, elements: list[ast.expr]) -> list[Value] | None:
    """Values of the targets of `a, *rest = value` (the starred one gets a list), else None."""
    items = items_of(value)
    items = tuple(items) if items is not None else None
    star = next(index for index, element in enumerate(elements) if type(element) is ast.Starred)
    after = len(elements) - star - 1
    if items is None or len(items) < len(elements) - 1 \
            or sum(type(element) is ast.Starred for element in elements) != 1:
        return None
    middle = TupleValue(items[star: len(items) - after], "list")
    return list(items[:star]) + [middle] + list(items[len(items) - after:])


def shape_fits(value: Value, shape: tuple[int, bool]) -> bool:
    """Does `value` unpack into `shape` (count of targets, whether one is starred)?"""
    items = items_of(value)
    count, starred = shape
    return items is not None and (len(items) >= count - 1 if starred else len(items) == count)


def extra_arguments(params: ast.arguments, args: list[Value], keywords: dict[str, Value], bound: dict,
                    exact: bool = True) -> None:
    """Bind `*args` and `**kwargs` to what the call passes beyond the named parameters (`*args`
    unknown unless `exact`: a body's own arguments are not counted here)."""
    named = len(params.posonlyargs) + len(params.args)
    if params.vararg is not None:
        bound[params.vararg.arg] = TupleValue(tuple(args[named:]), TUPLE) if exact else UNKNOWN
    if params.kwarg is not None:
        taken = set(all_param_names(params)) - {params.kwarg.arg}
        rest = {key: value for key, value in keywords.items() if key not in taken}
        bound[params.kwarg.arg] = DictValue(tuple(rest), tuple(rest.values()))


# The `starred` flag of a call whose `**` arguments were all dicts of known keys, spread into its
# keywords: true (every reader that does not know it stays as careful as before), and accepted
# by the calls of the module's own functions and classes. A JAX function is never called so: the
# node of a spread keyword is the dict's expression, not a place a fix may rewrite.
SPREAD = "**"
# `*x.shape` among a call's arguments: Python values of unknown count (read by shape-taking methods only).
STATIC_SPREAD = "*static"


def spread_keywords(spread: list[tuple[DictValue, ast.expr]], keywords: dict) -> bool | str:
    """Add the items of `**` dicts to `keywords`; True (not followed) when a key is given twice
    (Python raises TypeError)."""
    for table, node in spread:
        marker = ast.copy_location(ast.Starred(value=node, ctx=ast.Load()), node)  # no name: not followed as one
        for key, item in zip(table.keys, table.items):
            if key in keywords:
                return True
            keywords[key] = (item, marker)
    return SPREAD


class PythonValues:
    """Interpreter hooks (run before the expression half's own handlers)."""

    def eval_Subscript(self, expr: ast.Subscript, frame: Frame) -> Value:
        shape = getattr(expr, UNPACK_SHAPE, None)
        if shape is not None:
            unpacked = self.eval(expr.value, frame)
            if not shape_fits(unpacked, shape):
                return UNKNOWN
            if type(unpacked) is DictValue:  # `trial_axis, _ = SWEEP["mesh"]`: a plain dict unpacks into its keys
                keys = Const(tuple(unpacked.keys))
                return Const(keys.value[expr.slice.value]) if type(expr.slice) is ast.Constant else Const(kinded(
                    keys.value[expr.slice.lower.value:expr.slice.upper.value if expr.slice.upper else None], "list"))
            if type(expr.slice) is ast.Slice:  # the starred target of `a, *rest = VALUE` is a list
                return as_kind(super().eval_Subscript(expr, frame), "list")
        return super().eval_Subscript(expr, frame)

    def eval_Attribute(self, expr: ast.Attribute, frame: Frame) -> Value:
        member = expr.value
        if type(member) is ast.Name and not expr.attr.startswith("_"):
            owner = self.eval(member, frame)  # a name: reading it twice is harmless
            if isinstance(owner, ClassValue) and self.enum_kind(owner.cls) == "str" and own_hooks(owner.cls) \
                    and bindings_of(owner.cls).unique_value(expr.attr) is not None:
                return UNKNOWN  # a member that compares or hashes unlike its str (member_hooks.py)
            if isinstance(owner, ClassValue) and self.enum_kind(owner.cls) == "plain" \
                    and bindings_of(owner.cls).binds(expr.attr) and not bindings_of(owner.cls).unique_function(expr.attr):
                # a member of a plain enum is not its value (nor equal to it): the object
                # `for f in Factor` meets, compared by identity only (enum_reads.py)
                return enum_member(self, owner.cls, expr.attr) or UNKNOWN
        if expr.attr in ("value", "name") and type(member) is ast.Name:
            found = self.eval(member, frame)  # a member met by iterating its class (enum_members)
            if isinstance(found, Instance) and found.fields is not None and self.enum_kind(found.cls) is not None:
                return dict(found.fields).get(expr.attr, UNKNOWN)
        if expr.attr == "axis_names" and (_attribute_chain(member) or self._mesh_query(member, frame)):
            mesh = self.eval(member, frame)  # a name or a field: reading it twice is harmless
            if isinstance(mesh, MeshValue):
                return TupleValue(tuple(Const(axis) for axis in mesh.axes), TUPLE)
        if expr.attr in _SIZE_ATTRIBUTES and (_attribute_chain(member) or self._mesh_query(member, frame)):
            mesh = self.eval(member, frame)
            if isinstance(mesh, MeshValue) and mesh.sizes is not None:
                return mesh_sizes(mesh, expr.attr)
        if expr.attr in ("value", "name") and type(member) is ast.Attribute and type(member.value) is ast.Name:
            owner = self.eval(member.value, frame)
            if isinstance(owner, ClassValue) and self.enum_kind(owner.cls) is not None:
                value = bindings_of(owner.cls).unique_value(member.attr)
                if value is None or member.attr.startswith("_") \
                        or any(bindings_of(owner.cls).binds(name) for name in _CUSTOM_MEMBERS) \
                        or any(isinstance(node, _MUTABLE_DISPLAYS) for node in ast.walk(value)):
                    return UNKNOWN  # a list value is one object any code may change
                if expr.attr == "value":
                    return self.eval(value, self.module_frame)
                found = self.enum_member_named(owner, member.attr)  # an alias's name is its member's
                return dict(found.fields)["name"] if found is not None else UNKNOWN
        return super().eval_Attribute(expr, frame)

    def eval_Call(self, expr: ast.Call, frame: Frame) -> Value:
        callee = self._jax_callee(expr.func, frame)
        if callee is not None and callee.name in _BODY_MESH and frame.static_scopes is None and self.run is not None:
            return self._body_mesh(callee.name, expr, frame)
        if callee is not None and callee.name in _COPIES:  # `copy.deepcopy(PRESETS[name]["config"])`
            given = self.eval(expr.args[0], frame) if len(expr.args) == 1 and not expr.keywords \
                and type(expr.args[0]) is not ast.Starred else None
            return _copied(given, deep=callee.name == "copy.deepcopy") if given is not None else UNKNOWN
        if callee is None or callee.name not in _CONTAINERS and callee.name not in _MESHES:
            return super().eval_Call(expr, frame)
        args, keywords, starred = self._eval_args(expr, frame)
        if callee.name == _FROM_KEYS:
            return _from_keys(args, keywords, starred)
        if callee.name == _PROXY:  # the very dict object: a change made through its other names shows
            given = args[0][0] if len(args) == 1 and not keywords and not starred else None
            return given if type(given) is DictValue else UNKNOWN
        if callee.name in _MESHES:
            names = keywords["axis_names"][0] if "axis_names" in keywords else args[1][0] if len(args) > 1 else None
            axes = axes_of(names) if not starred else None
            if axes is None or len(axes) != len(items_of(names) or ()):
                return UNKNOWN
            keyword = _SIZES_KEYWORD.get(callee.name)
            shape = args[0][0] if args else keywords[keyword][0] if keyword in keywords else None
            sizes = items_of(shape) if keyword is not None and shape is not None else None
            if keyword is None:  # `Mesh(devices, names)`: the sizes the device array is given
                devices = args[0][1] if args else keywords["devices"][1] if "devices" in keywords else None
                sizes = self._grid_sizes(devices, frame) if devices is not None else None
            known = sizes is not None and len(sizes) == len(axes) and all(
                isinstance(size, Const) and type(size.value) is int and size.value > 0 for size in sizes)
            return MeshValue(axes, tuple(size.value for size in sizes) if known else None)
        spread_last = starred == SPREAD and all(keyword.arg is None for keyword in
                                                 expr.keywords[[k.arg for k in expr.keywords].index(None):])
        if starred and not spread_last or len(args) > 1:
            return UNKNOWN  # (`dict(type="X", **defaults)`: the spread keys after the named, as Python orders them)
        given = args[0][0] if args else DictValue((), ())
        if isinstance(given, DictValue):  # `dict(table)`, `dict(table, tp=...)`: a copy
            pairs = list(zip((Const(key) for key in given.keys), given.items))
        else:  # `dict(RULES)`: pairs of a known sequence, each a known (key, value) pair
            found = items_of(given) if isinstance(given, (TupleValue, Const)) else None
            rows = [items_of(item) if isinstance(item, TupleValue) or isinstance(item, Const) and isinstance(item.value, tuple)
                    else None for item in found] if found is not None else None
            if rows is None or any(row is None or len(row) != 2 for row in rows):
                return UNKNOWN
            pairs = [(row[0], row[1]) for row in rows]
        if not all(isinstance(key, Const) and isinstance(key.value, str) for key, _ in pairs):
            return UNKNOWN
        table = {key.value: value for key, value in pairs}  # later pairs win, as in dict()
        table.update({key: value for key, (value, _) in keywords.items()})
        return DictValue(tuple(table), tuple(table.values()))

    def _mesh_query(self, node: ast.expr, frame: Frame) -> bool:
        """`jax.sharding.get_abstract_mesh()` written in place (`...().axis_names`): a call without
        arguments that changes nothing, so reading it twice is harmless."""
        if type(node) is not ast.Call or node.args or node.keywords:
            return False
        chain = node.func
        while type(chain) is ast.Attribute:
            chain = chain.value
        if type(chain) is not ast.Name:
            return False
        callee = self.eval(node.func, frame)  # names and attributes only: no call runs
        return isinstance(callee, JaxName) and callee.name == "jax.sharding.get_abstract_mesh"

    def _body_mesh(self, name: str, expr: ast.Call, frame: Frame) -> Value:
        """Inside a body being run (not code around it), JAX traces with the shard_map's mesh in
        context: `get_abstract_mesh()` is that mesh (every axis, run on 0.10.2), `axis_size(a)`
        the size of `a` (the product for a tuple; NameError for an axis not in axis_names=)."""
        mesh = self.mesh
        if name == "jax.sharding.get_abstract_mesh":
            if expr.args or expr.keywords or mesh is None:
                return super().eval_Call(expr, frame)
            return MeshValue(mesh.axes, mesh.sizes)
        args, keywords, starred = self._eval_args(expr, frame)
        given = args[0][0] if len(args) == 1 and not keywords else keywords["axis_name"][0] \
            if list(keywords) == ["axis_name"] and not args else None
        axes = axes_of(given) if given is not None and not starred else None
        manual = self._manual_axes(self.run.use)  # an axis outside axis_names= is unbound there
        if axes is None or manual is False or manual is not None and not set(axes) <= manual:
            return STATIC
        sizes = [mesh.size(axis) for axis in axes] if mesh is not None else [None]
        if None in sizes:
            return STATIC
        total = 1
        for size in sizes:
            total *= size
        return Const(total)

    def _grid_sizes(self, node: ast.expr, frame: Frame) -> list[Value] | None:
        """The sizes of a device array written `np.array(jax.devices()).reshape(2, 4)` or
        `mesh_utils.create_device_mesh((2, 4))` (None: not written so)."""
        if type(node) is not ast.Call or node.keywords or any(type(arg) is ast.Starred for arg in node.args):
            return None
        func = node.func
        if type(func) is ast.Attribute and func.attr == "reshape" and node.args:
            sizes = [self.eval(arg, frame) for arg in node.args]
            if len(sizes) == 1 and (isinstance(sizes[0], TupleValue)
                                    or isinstance(sizes[0], Const) and isinstance(sizes[0].value, tuple)):
                return items_of(sizes[0])  # `.reshape((2, 4))`
            return sizes
        callee = self._jax_callee(func, frame)
        if callee is not None and callee.name == _DEVICE_MESH and node.args:
            return items_of(self.eval(node.args[0], frame))
        return None

    def _jax_callee(self, func: ast.expr, frame: Frame) -> JaxName | None:
        """The JAX or builtin object `func` names (`jax.make_mesh`, `dict`), read without running anything."""
        if type(func) is ast.Name:
            callee = self.eval(func, frame)
            return callee if isinstance(callee, JaxName) else None
        if type(func) is ast.Attribute and type(func.value) in (ast.Name, ast.Attribute):
            owner = self._jax_callee(func.value, frame)
            return JaxName(jaxapi.canonical(f"{owner.name}.{func.attr}")) if owner is not None else None
        return None

    def enum_kind(self, cls: ast.ClassDef) -> str | None:
        """'str' for an enum whose members are strings (`class A(str, Enum)`, StrEnum), 'plain' for
        other enums, None for a class that is not an enum."""
        bases = [self.scope.resolve(base) for base in cls.bases]
        if not any(base in _ENUMS for base in bases):
            return None
        is_str = any(base in _STR_ENUMS for base in bases) or any(
            type(base) is ast.Name and base.id == "str" and "str" not in self.scope.imports.bindings for base in cls.bases)
        return "str" if is_str else "plain"

    def enum_members(self, value: Value) -> list[Value] | None:
        """The members `for a in Axis` meets, in order, each an object holding its `name` and
        `value` (read back by `a.value`), for an Enum whose members are assigned constants; None
        for anything else (Flag, auto(), custom members). An alias (`FIXED = 2` after
        `CONSTANT = 2`) is no member of its own: iteration skips it (enum_member_named)."""
        table = self._enum_table(value)
        return table[0] if table is not None else None

    def enum_member_named(self, value: Value, name: str) -> Value | None:
        """`Axis.NAME`: the member of that name, or the member an alias names (the same object)."""
        table = self._enum_table(value)
        if table is None:
            return None
        return next((m for m in table[0] if dict(m.fields)["name"] == Const(name)), None) or table[1].get(name)

    def _enum_table(self, value: Value) -> tuple[list[Value], dict[str, Value]] | None:
        if not isinstance(value, ClassValue) or self.enum_kind(value.cls) is None \
                or any(self.scope.resolve(base) in _FLAGS for base in value.cls.bases):
            return None
        bindings = bindings_of(value.cls)
        if any(bindings.binds(name) for name in _CUSTOM_MEMBERS + ("_ignore_", "_missing_", "__iter__")):
            return None
        members: list[Value] = []
        for stmt in value.cls.body:
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                if len(targets) != 1 or type(targets[0]) is not ast.Name or stmt.value is None:
                    return None
                name = targets[0].id
                if name.startswith("_"):
                    return None
                if any(type(node) is ast.Name and bindings.binds(node.id) for node in ast.walk(stmt.value)):
                    return None  # `B = A`: a name of the class body (an alias), not the module's
                found = self.eval(stmt.value, self.module_frame)
                if not isinstance(found, Const) or bindings.unique_value(name) is None \
                        or any(isinstance(node, _MUTABLE_DISPLAYS) for node in ast.walk(stmt.value)):
                    return None  # `ROWS = ["i", "j"]`: one list object, which `ROWS.value.pop()` changes
                members.append(Instance(value.cls, (("name", Const(name)), ("value", found))))
            elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Pass, ast.Expr)):
                return None
        canonical: dict[object, Value] = {}  # equal values (1 and True too) are one member
        aliases: dict[str, Value] = {}
        try:
            for member in members:
                fields = dict(member.fields)
                first = canonical.setdefault(fields["value"].value, member)
                if first is not member:
                    aliases[fields["name"].value] = first
        except TypeError:
            return None  # an unhashable value: Enum compares it with every member's
        return ([m for m in members if dict(m.fields)["name"].value not in aliases], aliases) if members else None


def _copied(value, deep: bool):
    """A new dict or list of the same items (each copied too by `deep`); constants and arrays are
    the values themselves; UNKNOWN for any other object (its own `__copy__` may do anything)."""
    found = _copy(value, deep)
    return UNKNOWN if found is _NOT_COPIED else found


def _copy(value, deep: bool):
    if type(value) in (DictValue, TupleValue):
        items = tuple(_copy(item, deep) for item in value.items) if deep else value.items
        return _NOT_COPIED if any(item is _NOT_COPIED for item in items) else dataclasses.replace(value, items=items)
    return value if type(value) in (Const, AxisState) else _NOT_COPIED


_NOT_COPIED = object()


def _attribute_chain(expr: ast.expr) -> bool:
    """A name or attributes read off one (`mesh`, `self.mesh`, `self.distribution.mesh`: the
    mesh a Keras metric's distribution holds): reading it twice is harmless."""
    while type(expr) is ast.Attribute:
        expr = expr.value
    return type(expr) is ast.Name
