"""Nearest-neighbour rows from `np.linspace(0, n_old - 1, n_new)`, each `int(round(i))`: the run
computes NumPy's values and rounds half to even as NumPy's scalars do (2.5 to 2), so the axes
the row count picks are known, and the sum over both of a value that varies on 'data' alone
raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def nearest_rows(n_old, n_new):
    return [int(round(i)) for i in np.linspace(0, n_old - 1, n_new)]


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    rows = nearest_rows(6, 3)
    axes = (("data", "model"), ("data",))[rows[1] % 2]

    def body(v):
        return jax.lax.psum(v, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
