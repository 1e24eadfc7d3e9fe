"""The objects a script run (script_run.py) holds beside plain Python ones (issue 13).

A script run executes a module as `python prog.py` would, from its first statement through its
`if __name__ == "__main__":` block, on real Python objects where the program computes plain
values, and on the small models here where it touches JAX, NumPy or its own classes:
- library names (`Lib`): a dotted name the run calls through script_jax.py or stops at;
- a PartitionSpec (`SpecObj`), a mesh (`MeshObj`), a NamedSharding (`ShardObj`);
- an array (`Arr`): only its sharding, when the code certainly gives it, is kept; anything read
  from it but that is `Opaque`, a value the run may pass along but never test, iterate or print;
- the module's own functions, classes and instances (`UFunc`, `UClass`, `UObj`).
Any operation on these that the run does not model stops it (Bail): nothing is guessed.
"""
from __future__ import annotations

import ast
import itertools

from codemods.analysis.host_objects import Bail
from codemods.analysis.specs import Spec


class Lib:
    """A name imported from outside the module (`jax.numpy.zeros`), by its canonical spelling."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:
        return type(other) is Lib and other.name == self.name  # (the same name read twice is one object)

    def __hash__(self) -> int:
        return hash(self.name)

    def __bool__(self) -> bool:
        raise Bail  # (a module's attribute may be a flag: `jax.config.jax_enable_x64`)


class Opaque:
    """A value the run cannot know (a dtype, a shape, a device count): passed along, never read.
    Arrays and meshes share its stance: truth, equality and hashing stop the run."""

    __slots__ = ()

    def __bool__(self) -> bool:
        raise Bail

    def __eq__(self, other: object) -> bool:
        raise Bail  # (elementwise for arrays, by value for meshes and shardings: not modelled)

    def __hash__(self) -> int:
        raise Bail


class ClassSlot(Opaque):
    """A member a class inherits from `object` or gets from `type` (`C.__init__` with no `__init__`
    of the module's): a builtin object the run does not hold (class_dirs.py)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class TempPath(Opaque):
    """A path inside a directory `tempfile.mkdtemp` made: a str whose text is not known (temp_texts.py)."""

    __slots__ = ("parts", "root")

    def __init__(self, root: int, parts: tuple) -> None:
        self.root, self.parts = root, parts


class JsonText(Opaque):
    """A str `json.dumps` wrote of values the run does not all know: known pieces and holes
    (unknown_json.py)."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: tuple) -> None:
        self.pieces = pieces


class Arr(Opaque):
    """An array: on the host (NumPy) or on devices, with its sharding when certainly known."""

    __slots__ = ("count", "dtype", "generic", "host", "known", "ndim", "one", "serial", "shape", "sharding", "state")
    made = itertools.count()  # (arrays made before a shard_map body began are constants in it)

    def __init__(self, sharding: ShardObj | None = None, host: bool = False, count: int | None = None,
                 ndim: int | None = None, state=None, dtype=None) -> None:
        self.sharding, self.host = sharding, host
        self.dtype = dtype  # its element type where certain (a DType: array_dtypes.py)
        self.serial = next(Arr.made)
        self.state = state  # inside a shard_map body: its AxisState where certain (state_runs.py)
        self.count = count  # its leading dimension, when known (`jax.random.split(key, 3)`): what iterating gives
        self.ndim = ndim  # its rank, when known (`np.ones((8, 8))`)
        self.one = False  # on one device, uncommitted: made by JAX outside any mesh (one_device.py)
        self.known = None  # a NumPy scalar's exact value, where the run computed it (host_reductions.py)
        self.shape = None  # its exact shape, where the run followed it (array_shapes.py)
        self.generic = None  # of rank 0 on the host: True a NumPy scalar, False an ndarray, None unknown (numpy_scalars.py)


class SpecObj:
    """A PartitionSpec: its entries as written (None, a name, a tuple of names) and the Spec."""

    __slots__ = ("entries", "spec")

    def __init__(self, entries: tuple, reduced: tuple = (), unreduced: tuple = ()) -> None:
        self.entries = entries
        parts = tuple(() if entry is None else (entry,) if type(entry) is str else tuple(entry) for entry in entries)
        self.spec = Spec(parts, reduced, unreduced)

    def __eq__(self, other: object) -> bool:
        if type(other) is not SpecObj:
            raise Bail  # a PartitionSpec equals a tuple of the same entries: not modelled
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple:
        """As JAX 0.10.2 compares specs: entries normalized (`("a",)` is `"a"`, a trailing None
        counts), reduced and unreduced as sets."""
        return self.spec.partitions, frozenset(self.spec.reduced), frozenset(self.spec.unreduced)

    def __bool__(self) -> bool:
        raise Bail

    def walked(self) -> list:
        """Its entries, as walking it gives them (`for e in spec`, `any(spec)`)."""
        if self.spec.reduced or self.spec.unreduced:
            raise Bail  # (JAX 0.10.2 raises ValueError "Using *pspec is dangerous ...": not followed)
        return list(self.entries)


class MeshObj(Opaque):
    """A mesh: its axis names; `explicit` True when every axis is Explicit, None when unknown."""

    __slots__ = ("explicit", "names", "sizes")

    def __init__(self, names: tuple, explicit: bool | None, sizes: tuple | None = None) -> None:
        self.names, self.explicit = names, explicit
        self.sizes = sizes  # each axis's size, when the program wrote them (`jax.make_mesh((2, 4), ...)`)

    def __eq__(self, other: object) -> bool:
        """JAX's meshes are equal when their devices, axis names and axis types are: the same
        object is, meshes with other names or sizes are not; anything else is not known."""
        if other is self:
            return True
        if type(other) is MeshObj and (_known_names(self) and _known_names(other) and self.names != other.names
                                       or _known_sizes(self) and _known_sizes(other) and self.sizes != other.sizes):
            return False
        raise Bail

    def __hash__(self) -> int:
        if not _known_names(self):
            raise Bail
        return hash(self.names)  # (equal meshes have the same names: a jit cache or a dict keyed by one)


def _known_names(mesh: MeshObj) -> bool:
    return type(mesh.names) is tuple and all(type(name) is str for name in mesh.names)


def _known_sizes(mesh: MeshObj) -> bool:
    return type(mesh.sizes) is tuple and all(type(size) is int for size in mesh.sizes)


class ShardObj:
    __slots__ = ("mesh", "spec")

    def __init__(self, mesh: MeshObj, spec: SpecObj) -> None:
        self.mesh, self.spec = mesh, spec

    def __eq__(self, other: object) -> bool:
        raise Bail  # (elementwise for arrays, by value for meshes and shardings: not modelled)

    def __hash__(self) -> int:
        raise Bail


class MeshCtx:
    """What `jax.set_mesh(m)` returns: entered by `with`, or set for good as a statement."""

    __slots__ = ("held", "lasting", "mesh")

    def __init__(self, mesh: MeshObj | None, lasting: bool) -> None:
        self.mesh = mesh  # None: a context that sets no mesh (`contextlib.nullcontext()`)
        self.lasting = lasting
        self.held: tuple | bool | None = None  # set_mesh's mesh, in force since the call (set_meshes.py)


class UFunc:
    """A def or lambda of the module, with the scope it was made in and its defaults."""

    __slots__ = ("alias", "defaults", "env", "kw_defaults", "node", "owner")

    def __init__(self, node: ast.FunctionDef, env, defaults: list, kw_defaults: dict, owner=None) -> None:
        self.node, self.env, self.defaults, self.kw_defaults, self.owner = node, env, defaults, kw_defaults, owner
        self.alias: str | None = None  # the `__name__` `functools.wraps` gave it


class UClass:
    """A class of the module: its namespace in order, its one base (or none) and its kind."""

    __slots__ = ("annotations", "attrs", "base", "builtin", "defaults", "fields", "frozen", "keyword_only", "kind", "members",
                 "meta", "meta_root", "no_init", "node", "order", "params", "registered")

    def __init__(self, node: ast.ClassDef, base: UClass | None, attrs: dict, kind: str) -> None:
        self.node, self.base, self.attrs, self.kind = node, base, attrs, kind
        self.fields: list[str] = []  # dataclass or NamedTuple fields, bases' first
        self.defaults: dict = {}  # a dataclass field -> its default as `@dataclass` took it (dataclass_fields.py)
        self.frozen = False
        self.registered = False  # a pytree node class (`jax.tree_util.register_dataclass`)
        self.members: dict = {}  # an Enum's members by name, in order
        self.builtin = base.builtin if base is not None else None  # dict or list: what its instances hold
        self.annotations: dict = dict(base.annotations) if base is not None else {}  # field -> (annotation, scope)
        self.keyword_only: frozenset = base.keyword_only if base is not None else frozenset()  # (dataclass_fields.py)
        self.no_init: frozenset = base.no_init if base is not None else frozenset()  # `field(init=False)` (field_specs.py)
        self.params: list | None = base.params if base is not None else None  # fields and InitVars, when it has InitVars
        self.order: tuple = (self, *base.order) if base is not None else (self,)  # its `__mro__` (class_orders.py)
        self.meta: UClass | None = base.meta if base is not None else None  # its metaclass, one of the module's (class_metas.py)
        self.meta_root: str | None = None  # a metaclass's root: "type" or "abc" (class_metas.py)

    def lookup(self, name: str) -> tuple[UClass, object] | None:
        for cls in self.order:
            if name in cls.attrs:
                return cls, cls.attrs[name]
        return None

    def derives(self, other: UClass) -> bool:
        return other in self.order


class UObj:
    """An instance of a module class (a NamedTuple's instances are NTup)."""

    __slots__ = ("attrs", "cls", "data")

    def __init__(self, cls: UClass) -> None:
        self.cls, self.attrs = cls, {}
        self.data = cls.builtin() if cls.builtin is not None else None  # (a subclass of dict or list)

    def __eq__(self, other: object) -> bool:
        from codemods.analysis.object_hashes import equal

        return equal(self, other)  # (the class's own `__eq__`, run by the script run: object_hashes.py)

    def __hash__(self) -> int:
        from codemods.analysis.object_hashes import hash_of

        return hash_of(self)  # (the class's own `__hash__`, or None when it defines `__eq__` only)

    def __bool__(self) -> bool:
        if self.cls.lookup("__bool__") is not None or self.cls.lookup("__len__") is not None:
            raise Bail
        return True if self.data is None else bool(self.data)

    def __str__(self) -> str:  # (Python's own `str(obj)`, `"%s" % obj`, `map(str, objs)`: object_texts.py)
        from codemods.analysis.object_texts import running_text

        return running_text(self, "str", "")

    def __repr__(self) -> str:
        from codemods.analysis.object_texts import running_text

        return running_text(self, "repr", "")

    def __format__(self, spec: str) -> str:
        from codemods.analysis.object_texts import running_text

        return running_text(self, "format", spec)


class NTup(tuple):
    """An instance of a module NamedTuple: a tuple that knows its class."""

    cls: UClass


def ntup(cls: UClass, items) -> NTup:
    made = NTup(items)
    made.cls = cls
    return made


class Member:
    """A member of a module Enum class (a `str` Enum's members are StrMember)."""

    __slots__ = ("cls", "fields", "name", "value")

    def __init__(self, cls: UClass, name: str, value: object) -> None:
        self.cls, self.name, self.value = cls, name, value
        self.fields: dict | None = None  # (set by its own `__new__`/`__init__`: enum_hooks.py)


class StrMember(str):
    """A member of a `(str, Enum)` class: the str it is, and its class and name."""

    cls: UClass
    name: str
    value: str


def member(cls: UClass, name: str, value: object, mixin: type | None) -> object:
    if mixin is None:
        return Member(cls, name, value)
    if mixin is int:
        from codemods.analysis.repr_enums import int_member
        return int_member(cls, name, value)  # (an IntEnum's: repr_enums.py)
    if type(value) is not str:
        raise Bail
    made = StrMember(value)
    made.cls, made.name, made.value = cls, name, value
    return made


class Bound:
    """A function bound to its first argument (a method of an instance or a classmethod)."""

    __slots__ = ("func", "self")

    def __init__(self, func: UFunc, owner: object) -> None:
        self.func, self.self = func, owner


def identity(func: object) -> tuple:
    """What makes two calls call one function: a bound method's function and object, else the
    object itself (ids: the caller keeps the objects alive while it holds the key)."""
    return (type(func), id(func.func), id(func.self)) if type(func) is Bound else (type(func), id(func))


class PartialObj:
    __slots__ = ("args", "func", "kwargs")

    def __init__(self, func: object, args: list, kwargs: dict) -> None:
        self.func, self.args, self.kwargs = func, args, kwargs


class JitFn:
    """`jax.jit(f, out_shardings=S)`: calling it runs f, its results placed by S when given."""

    __slots__ = ("func", "out")

    def __init__(self, func: object, out: object) -> None:
        self.func, self.out = func, out


class ShardMapFn:
    """`jax.shard_map(f, mesh=..., out_specs=...)`: calling it runs f for the structure of its
    results, placed by `out_specs` on the mesh."""

    __slots__ = ("checked", "func", "in_specs", "mesh", "out_specs")

    def __init__(self, func: object, mesh: MeshObj | None, out_specs: object, in_specs: object = None,
                 checked: bool = False) -> None:
        self.func, self.mesh, self.out_specs = func, mesh, out_specs
        self.in_specs = in_specs  # None: not given
        self.checked = checked  # `jax.shard_map` checking states (check_vma not False): its body judged


class FieldDefault:
    """`dataclasses.field(default=...)` or `field(default_factory=...)` in a class body."""

    __slots__ = ("default", "factory")

    def __init__(self, default: object, factory: object) -> None:
        self.default, self.factory = default, factory


class SuperObj:
    __slots__ = ("obj", "owner", "start")

    def __init__(self, start: UClass | None, obj: object, owner: UClass | None = None) -> None:
        self.start, self.obj, self.owner = start, obj, owner  # (owner: the class whose method called super())


class FieldName:
    """An item of `dataclasses.fields(...)`: `.name`, and `.type` (its annotation, evaluated when read)."""

    __slots__ = ("annotation", "name", "owner")

    def __init__(self, name: str, annotation: tuple | None, owner=None) -> None:
        self.name, self.annotation = name, annotation
        self.owner = owner  # (its dataclass: `.metadata` read from its field(), field_specs.py)


class Lazy:
    """A generator expression (its first iterable's items read where it is made) or `map`/`filter`
    of a callback: the rest runs when it is consumed, once."""

    __slots__ = ("env", "first", "node", "used")

    def __init__(self, node, env, first: list) -> None:
        self.node, self.env, self.first, self.used = node, env, first, False


class RunCallable:
    """A callable the run models by a class of its own (a compiled pattern's method, `jax.grad(f)`):
    called as `obj(run, args, kwargs)`."""

    __slots__ = ()


class GatherStop(BaseException):
    """The run reached a gather JAX rejects: where, and why (the run ends there, as the program)."""

    def __init__(self, call: ast.Call, kind: str, in_spec: Spec | None = None, out_spec: Spec | None = None,
                 said: tuple | None = None) -> None:
        self.call, self.kind, self.in_spec, self.out_spec, self.said = call, kind, in_spec, out_spec, said


# Objects a builtin may not look inside (it would read what the run does not model).
OPAQUE_TYPES = (Lib, Opaque, Arr, SpecObj, MeshObj, ShardObj, MeshCtx, UFunc, UClass, UObj, Bound, PartialObj,
                JitFn, FieldDefault, SuperObj, FieldName, Lazy, ShardMapFn, Member, ClassSlot, TempPath, JsonText)


def map_tree(tree: object, leaf, leaves: tuple = (Arr, int, float, bool), depth: int = 0) -> object:
    """`tree` with each leaf of a type in `leaves` replaced by `leaf(it)`, keys sorted as JAX
    rebuilds a dict; None stays (an empty node); any other leaf stops the run."""
    if depth > 12:
        raise Bail
    if tree is None:
        return None
    if type(tree) in leaves:
        return leaf(tree)
    if type(tree) is dict:
        if not all(type(key) is str for key in tree):
            raise Bail
        return {key: map_tree(tree[key], leaf, leaves, depth + 1) for key in sorted(tree)}
    if type(tree) in (tuple, list):
        return type(tree)(map_tree(item, leaf, leaves, depth + 1) for item in tree)
    if type(tree) is NTup:
        return ntup(tree.cls, [map_tree(item, leaf, leaves, depth + 1) for item in tree])
    from codemods.analysis import script_pytree_nodes as pytree  # (it imports this module)

    if pytree.registration(tree) is not None:
        return pytree.rebuilt(tree, [map_tree(item, leaf, leaves, depth + 1) for item in pytree.children(tree)])
    raise Bail
