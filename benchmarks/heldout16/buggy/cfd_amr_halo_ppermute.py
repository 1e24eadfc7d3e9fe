"""AMR coarse-fine interface: the coarse level's ghost cells are exchanged between x blocks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

X_AXIS = "x"
N_X = 4


def inputs():
    coarse = np.sin(np.linspace(0, 3, 16 * 8, dtype=np.float32)).reshape(16, 8)
    return (coarse,)


def shift_right(a, axis_name=X_AXIS, n=N_X):
    return jax.lax.ppermute(a, axis_name, perm=[(i, (i + 1) % n) for i in range(n)])


def main(coarse):
    mesh = jax.make_mesh((N_X, 2), (X_AXIS, "vars"))
    coarse = jax.device_put(coarse, NamedSharding(mesh, P(X_AXIS, "vars")))

    def interface(u):
        level0 = jax.lax.all_gather(u[:1], X_AXIS, axis=0, tiled=True, to="reduced")
        ghosts = shift_right(level0)
        return u + ghosts.sum(axis=0)

    fn = jax.shard_map(interface, mesh=mesh, in_specs=P(X_AXIS, "vars"), out_specs=P(X_AXIS, "vars"))
    return fn(coarse)
