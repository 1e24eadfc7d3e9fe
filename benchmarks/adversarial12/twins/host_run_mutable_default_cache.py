"""A parser caches its first answer in a mutable default: the later call with no argument gets it back."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def mesh_axes(spec="i,j", _cache={}):
    if "axes" not in _cache:
        _cache["axes"] = tuple(spec.split(","))
    return _cache["axes"]


def main(mesh, x):
    mesh_axes("i,j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, mesh_axes())

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
