"""The sharding objects a script run makes (script_jax.py; issue 13): `P(...)` (its `reduced=` and
`unreduced=` sets, which may not overlap its axes: ValueError on 0.10.2), `NamedSharding(mesh,
spec)` (only of axes the mesh has, each once), `jax.make_mesh` (Explicit axes unless
`axis_types=` says otherwise) and `Mesh` (Auto axes), and a bare spec taken on the context mesh.
A `(str, Enum)` member names the axis its str names.

Kept apart from script_jax.py (what each library call gives) because these objects are one
concept of their own: the values the run's shardings are made of. The code moved here unchanged.
"""
from __future__ import annotations

from codemods import jaxapi
from codemods.analysis import host_local_arrays
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib, MeshObj, ShardObj, SpecObj, StrMember


_AXIS_TYPES = {"jax.sharding.AxisType.Explicit": True, "jax.sharding.AxisType.Auto": False,
               "jax.sharding.AxisType.Manual": False}


def _axis(name: object) -> object:
    """An axis name as JAX compares it: a `(str, Enum)` member is the str it is."""
    return name.value if type(name) is StrMember else name


def _spec(args: list, kwargs: dict) -> SpecObj:
    entries = []
    for entry in args:
        entry = _axis(entry) if type(entry) is not tuple else tuple(_axis(axis) for axis in entry)
        if entry is None or type(entry) is str:
            entries.append(entry)
        elif type(entry) in (tuple, list) and all(type(axis) is str for axis in entry):
            entries.append(None if not entry else entry[0] if len(entry) == 1 else tuple(entry))
        else:
            raise Bail
    sets = {}
    for key, value in kwargs.items():
        value = {_axis(axis) for axis in value} if type(value) in (set, frozenset) else value
        if key not in ("reduced", "unreduced") or type(value) not in (set, frozenset) \
                or not all(type(axis) is str for axis in value):
            raise Bail
        sets[key] = tuple(sorted(value))
    named = {axis for entry in entries if entry is not None for axis in ((entry,) if type(entry) is str else entry)}
    reduced, unreduced = set(sets.get("reduced", ())), set(sets.get("unreduced", ()))
    if named & reduced or named & unreduced or reduced & unreduced:  # (checked on 0.10.2: ValueError)
        raise Raised(ValueError("partitions cannot overlap with reduced or unreduced axes passed to PartitionSpec"))
    return SpecObj(tuple(entries), sets.get("reduced", ()), sets.get("unreduced", ()))


def _named(args: list, kwargs: dict) -> ShardObj:
    if len(args) != 2 or kwargs or type(args[0]) is not MeshObj or type(args[1]) is not SpecObj:
        raise Bail
    mesh, spec = args
    used = [axis for axes in spec.spec.partitions for axis in axes] + list(spec.spec.reduced + spec.spec.unreduced)
    if not set(used) <= set(mesh.names) or len(used) != len(set(used)):
        raise Bail  # JAX rejects it (an axis the mesh lacks, or used twice)
    return ShardObj(mesh, spec)


def _mesh(args: list, kwargs: dict, names_at: int, default_explicit: bool) -> MeshObj:
    keywords = ("axis_shapes", "axis_names") if default_explicit else ("devices", "axis_names")
    given = dict(zip(keywords, args))
    for key, value in kwargs.items():
        if key in given or key not in (*keywords, "axis_types", "devices"):
            raise Bail
        given[key] = value
    names = given.get("axis_names")
    if type(names) is str:
        names = (names,)
    if type(names) in (tuple, list):
        names = tuple(_axis(name) for name in names)
    if type(names) not in (tuple, list) or not names or not all(type(n) is str for n in names) \
            or len(set(names)) != len(names):
        raise Bail
    explicit = default_explicit
    if "axis_types" in given:
        kinds = given["axis_types"]
        if type(kinds) not in (tuple, list) or len(kinds) != len(names) \
                or not all(type(k) is Lib and jaxapi.canonical(k.name) in _AXIS_TYPES for k in kinds):
            raise Bail
        explicit = all(_AXIS_TYPES[jaxapi.canonical(k.name)] for k in kinds)
    shape = given.get("axis_shapes")
    sizes = tuple(shape) if type(shape) in (tuple, list) and len(shape) == len(names) and all(
        type(n) is int and n > 0 for n in shape) else host_local_arrays.mesh_sizes(given.get("devices"), names)
    return MeshObj(tuple(names), explicit, sizes)


def _sharding(run, given: object) -> ShardObj:
    if type(given) is ShardObj:
        return given
    if type(given) is SpecObj:  # a bare spec takes the context mesh
        mesh = run.context_mesh()
        if mesh is None:
            raise Bail
        return _named([mesh, given], {})
    raise Bail
