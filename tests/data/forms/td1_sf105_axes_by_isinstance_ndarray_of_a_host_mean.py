"""A host mean is a NumPy scalar (np.float64), no ndarray: `isinstance(v, np.ndarray)` is False,
so both axes are summed over while the rows vary on i only."""
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
    v = rng.normal(size=(3,)).mean()
    axes = ("i",) if isinstance(v, np.ndarray) else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
