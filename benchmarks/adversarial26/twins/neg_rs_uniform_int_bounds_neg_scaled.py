"""u = RS.uniform(3, 7) lies in [3, 20]; m = -u * 2.0: `m < 0` holds."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


RNG = np.random.default_rng(0)
RS = np.random.RandomState(0)


def main(mesh, x):
    u = RS.uniform(3, 7)
    m = -u * 2.0
    axes = ("i", "j") if m < 0 else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
