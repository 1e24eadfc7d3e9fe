"""Export layouts live in a read-only MappingProxyType."""
import types

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

_LAYOUTS = {
    "rows": P(None, "model", reduced={"data"}),
    "cols": P("data", None),
}
EXPORT_LAYOUTS = types.MappingProxyType(_LAYOUTS)
KIND = "cols"


def export(x):
    spec = EXPORT_LAYOUTS[KIND]
    return top_level_all_gather(x, spec)


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
