"""Projection method: the divergence residual of the corrected velocity, collected for the log."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.tree_util import Partial

GRID_AXES = ("y", "x")


def divergence(u, v, dx):
    du = jnp.diff(u, axis=1, append=u[:, -1:])
    dv = jnp.diff(v, axis=0, append=v[-1:, :])
    return (du + dv) / dx


def make_residual_logger(axes=GRID_AXES):
    row_gather = Partial(jax.lax.all_gather, axis_name=axes[1], axis=1, tiled=True, to="reduced")
    full_gather = Partial(jax.lax.all_gather, axis_name=axes, axis=0, tiled=True, to="reduced")

    def log_residual(u, v):
        res = jnp.abs(divergence(u, v, dx=0.1)).sum(axis=0, keepdims=True)
        rows = row_gather(res)
        return full_gather(rows)
    return log_residual


def inputs():
    rng = np.random.default_rng(2652)
    return (rng.standard_normal((16, 32)).astype(np.float32), rng.standard_normal((16, 32)).astype(np.float32))


def main(u, v):
    mesh = jax.make_mesh((2, 4), GRID_AXES)
    u = jax.device_put(u, NamedSharding(mesh, P(*GRID_AXES)))
    v = jax.device_put(v, NamedSharding(mesh, P(*GRID_AXES)))
    fn = jax.shard_map(make_residual_logger(), mesh=mesh, in_specs=(P(*GRID_AXES), P(*GRID_AXES)),
                       out_specs=P(None, None, reduced=set(GRID_AXES)))
    return fn(u, v)


if __name__ == "__main__":
    print(main(*inputs()))
