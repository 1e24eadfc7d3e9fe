"""`np.float64(a)` of a float64 vector gives `a` itself (NumPy 2.4): `v is a` and both axes are summed over."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    rng = np.random.default_rng(0)
    a = rng.normal(size=(3,))
    v = np.float64(a)
    axes = ("i", "j") if v is a else ("i",)
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
