"""`m[1]` of a matrix is a row, an ndarray, no float: only i is summed over."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    rng = np.random.default_rng(0)
    m = rng.normal(size=(2, 3))
    v = m[1]
    axes = ("i", "j") if isinstance(v, (int, float)) else ("i",)
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
