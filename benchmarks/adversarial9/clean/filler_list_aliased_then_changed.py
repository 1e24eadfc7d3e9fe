"""new_group stores the caller's list itself; the module changes that list afterwards."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

_GROUPS = {}


def new_group(name, axes):
    _GROUPS[name] = axes


DP_AXES = ["i", "j"]
new_group("dp", DP_AXES)
DP_AXES.remove("j")


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, tuple(_GROUPS["dp"]))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
