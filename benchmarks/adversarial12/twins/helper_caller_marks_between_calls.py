"""The caller records the first sum in the list it hands the helper; the helper skips when it is not empty."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def sync(v, axes, seen):
    if len(seen) > 0:
        return v
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        done = []
        rows = sync(counts, ("i",), done)
        done.count("rows")
        return jax.lax.pmean(sync(counts, ("i", "j"), done), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
