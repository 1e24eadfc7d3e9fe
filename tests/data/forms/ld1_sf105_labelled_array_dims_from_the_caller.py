import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DIM_TO_AXIS = {"row": "i", "col": "j"}


class Labelled:
    def __init__(self, data, dims, coords=None):
        self.data = np.asarray(data)
        self.dims = tuple(dims)
        self.coords = {d: np.asarray(c) for d, c in (coords or {}).items()}


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


def table(n):
    grid = np.arange(n * 8, dtype=np.float32).reshape(n, 8)
    return Labelled(grid, ("row", "col"), {"col": np.arange(8)})


def col_totals(t, mesh):
    spec = spec_of(t.dims)
    xp = jax.device_put(jnp.asarray(t.data), NamedSharding(mesh, spec))

    def body(x):
        per_col = jax.lax.psum(jnp.sum(x, axis=0), "i")
        return jax.lax.psum(per_col, ("i", "j"))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(xp)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    t = table(8)
    with jax.set_mesh(mesh):
        return col_totals(t, mesh)
