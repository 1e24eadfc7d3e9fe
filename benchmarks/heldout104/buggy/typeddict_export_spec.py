"""The export spec is a TypedDict filled from a layout description."""
from typing import TypedDict

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ExportSpec(TypedDict):
    dims: tuple
    gathered: frozenset


HEAD_EXPORT: ExportSpec = {"dims": ("model",), "gathered": frozenset({"data"})}


def to_partition_spec(spec: ExportSpec):
    return P(*spec["dims"], reduced=set(spec["gathered"]))


def export(x):
    return top_level_all_gather(x, to_partition_spec(HEAD_EXPORT))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return jax.jit(export)(x)


if __name__ == "__main__":
    main()
