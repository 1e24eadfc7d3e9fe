"""Jacobi column scaling of the bundle-adjustment Jacobian before the linear solve."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Scaling(NamedTuple):
    eps: float = 1e-6
    obs_axis: str = "obs"
    cam_axis: str = "cam"


def column_scale(J, opts=Scaling()):
    colsq = jax.lax.psum(jnp.sum(J * J, axis=0), opts.obs_axis)
    diag = jax.lax.all_gather(colsq, opts.cam_axis, to="reduced", tiled=True)
    return 1.0 / jnp.sqrt(diag + opts.eps)


def inputs():
    rng = np.random.default_rng(45)
    return (rng.normal(size=(64, 16)).astype(np.float32),)


def main(J):
    mesh = jax.make_mesh((4, 2), ("obs", "cam"))
    J = jax.device_put(J, NamedSharding(mesh, P("obs", "cam")))
    return jax.shard_map(column_scale, mesh=mesh, in_specs=P("obs", "cam"),
                         out_specs=P("cam"))(J)


if __name__ == "__main__":
    print(main(*inputs()))
