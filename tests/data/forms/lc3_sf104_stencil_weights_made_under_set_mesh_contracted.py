"""Stencil weights made by `jnp.array` under `jax.set_mesh` (replicated on its Explicit axes) are
contracted with a placed field by `jnp.tensordot`: the result keeps the field's layout, which the
second export's out spec does not start with."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def moments(f):
    cx = jnp.array([0, 1, 0, -1, 0, 1, -1, -1, 1], f.dtype)
    rho = jnp.sum(f, axis=0)
    return rho, jnp.tensordot(cx, f, 1) / rho


def main():
    mesh = jax.make_mesh((4, 2), ("x", "y"))
    f = np.full((9, 32, 16), 1.0 / 9.0, np.float32)
    with jax.set_mesh(mesh):
        fd = jax.device_put(f, NamedSharding(mesh, P(None, "x", "y")))
        rho, ux = jax.jit(moments)(fd)
        rows = top_level_all_gather(rho, P("x", None, reduced={"y"}))
        cols = top_level_all_gather(ux, P("y", None, reduced={"x"}))  # SF104
    return rows, cols


if __name__ == "__main__":
    main()
