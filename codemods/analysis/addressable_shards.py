"""`x.addressable_shards` of a placed array in a script run (script_run.py; issue 13): host code
reports how an export or a checkpoint was laid out (`len(out.addressable_shards)`,
`out.addressable_shards[0].data.shape`) right after the sharded call, and a run that stopped
there would lose what it found before.

What JAX does (checked on jax 0.10.2, one process): an array placed by a NamedSharding has one
shard per device of its mesh (8 on a 2 x 4 mesh, 4 on a 2 x 2 mesh of the same 8 devices), a
list; each shard's `data` is an array on that device of the array's rank and dtype (its sizes
are the block's, unknown here). Only the mesh's size written by the program gives the count;
a shard's `index`, `replica_id` and anything else stop the run (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Arr, Opaque


class ShardPiece(ModelledObject):
    """One addressable shard of `owner`."""

    __slots__ = ("owner",)

    def __init__(self, owner: Arr) -> None:
        self.owner = owner

    def attribute(self, run, name: str) -> object:
        if name == "data":
            return Arr(None, False, ndim=self.owner.ndim, dtype=self.owner.dtype)
        if name == "device":
            return Opaque()
        raise Bail


def addressable_shards(array: Arr) -> list:
    """The shards of a placed array, one per device of its mesh; Bail when the count is not known."""
    sizes = array.sharding.mesh.sizes if array.sharding is not None else None
    if array.host or sizes is None or not all(type(size) is int and size > 0 for size in sizes):
        raise Bail
    count = 1
    for size in sizes:
        count *= size
    return [ShardPiece(array) for _ in range(count)]
