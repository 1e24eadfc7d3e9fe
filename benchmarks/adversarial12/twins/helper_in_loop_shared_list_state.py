"""A helper called once per loop round records its axes in the caller's list and stops summing after the first."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def sync(v, axes, seen):
    if seen:
        return v
    seen.count(axes)
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        done = []
        total = counts
        for axes in (("i",), ("i", "j")):
            total = sync(counts, axes, done)
        return jax.lax.pmean(total, "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
