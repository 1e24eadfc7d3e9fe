"""`jax.typeof(x)` of an array outside shard_map bodies, in a script run (script_run.py; issue 13).

Code reads an array's layout off its type to pick axis names and specs: `spec =
jax.typeof(x).sharding.spec`, `jax.typeof(x).sharding.mesh.axis_names`. On jax 0.10.2 (run on 8
CPU devices) the type of an array placed on a mesh whose axes are all Explicit carries a
NamedSharding over an AbstractMesh (the mesh's axis names, sizes and types, no devices) whose
spec is the array's spec padded with None to its rank: `device_put(x, NamedSharding(mesh,
P("data")))` of a matrix reads back `P('data', None)` there, though `x.sharding.spec` is
`P('data',)`. On a mesh with Auto axes the type holds no layout (`P(None, None)`); a mesh of
mixed or unknown axis types, an array of unknown rank or layout, a body's array (whose type
carries its axis states: state_runs.py) stop the run. The AbstractMesh is no Mesh: it answers
`axis_names`, `shape`, `axis_sizes`, `size` and nothing else here (NamedSharding over it, placing
an array with that sharding: not modelled, the run stops).
"""
from __future__ import annotations

import math

from codemods.analysis.device_grids import DeviceGrid, attribute as grid_attribute
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, SpecObj


class ArrayType:
    """What `jax.typeof(x)` gives: its rank, dtype and sharding."""

    __slots__ = ("dtype", "ndim", "sharding")

    def __init__(self, sharding, ndim: int, dtype) -> None:
        self.sharding, self.ndim, self.dtype = sharding, ndim, dtype


class AbstractSharding:
    __slots__ = ("mesh", "spec")

    def __init__(self, mesh, spec: SpecObj) -> None:
        self.mesh, self.spec = mesh, spec


class AbstractMesh:
    """A mesh's abstract view; `concrete`: the mesh it views (a shard_map given it runs on that
    mesh, as with the mesh itself: checked on 0.10.2, also called outside `jax.set_mesh`)."""

    __slots__ = ("concrete", "names", "sizes")

    def __init__(self, names: tuple, sizes: tuple | None, concrete: object = None) -> None:
        self.names, self.sizes, self.concrete = names, sizes, concrete


TYPES = (ArrayType, AbstractSharding, AbstractMesh, DeviceGrid)  # (DeviceGrid: device_grids.py)


def typeof(args: list, kwargs: dict) -> ArrayType:
    if len(args) != 1 or kwargs or type(args[0]) is not Arr:
        raise Bail
    array = args[0]
    sharding = array.sharding
    if array.host or sharding is None or array.ndim is None or sharding.mesh.explicit is not True \
            or sharding.spec.spec.reduced or sharding.spec.spec.unreduced or len(sharding.spec.entries) > array.ndim:
        raise Bail
    entries = tuple(sharding.spec.entries) + (None,) * (array.ndim - len(sharding.spec.entries))
    mesh = AbstractMesh(tuple(sharding.mesh.names), sharding.mesh.sizes, sharding.mesh)
    return ArrayType(AbstractSharding(mesh, SpecObj(entries)), array.ndim, array.dtype)


def attribute(obj: object, name: str) -> object:
    kind = type(obj)
    if kind is DeviceGrid:
        return grid_attribute(obj, name)
    if kind is ArrayType and name == "sharding":
        return obj.sharding
    if kind is ArrayType and name == "ndim":
        return obj.ndim
    if kind is AbstractSharding and name in ("spec", "mesh"):
        return getattr(obj, name)
    if kind is AbstractMesh and name == "axis_names":
        return obj.names
    if kind is AbstractMesh and obj.sizes is not None and name in ("shape", "axis_sizes", "size"):
        if name == "shape":
            return dict(zip(obj.names, obj.sizes))
        return tuple(obj.sizes) if name == "axis_sizes" else math.prod(obj.sizes)
    raise Bail


def abstract_mesh(run, args: list, kwargs: dict) -> AbstractMesh:
    """`jax.sharding.get_abstract_mesh()`: in a shard_map body the body's mesh (every axis: run on
    0.10.2), elsewhere the mesh `jax.set_mesh` put in force; none known (a nested body, no
    context mesh) stops the run."""
    if args or kwargs:
        raise Bail
    if run.in_body:
        meshes = run.__dict__.get("_body_meshes") or [None]
        mesh = meshes[-1] if run.in_body == 1 and len(meshes) == 1 else None
    else:
        mesh = run.context_mesh()
    if mesh is None:
        raise Bail
    return AbstractMesh(tuple(mesh.names), mesh.sizes, mesh)
