"""Sparse GP (inducing points): the inducing inputs gathered through functools.partial chains."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

gather_reduced = functools.partial(jax.lax.all_gather, tiled=True, to="reduced")
gather_points = functools.partial(gather_reduced, axis=0)
gather_feats = functools.partial(gather_reduced, axis=1)


def inputs():
    z = np.linspace(-2, 2, 64, dtype=np.float32).reshape(8, 8)
    x = np.linspace(-1, 1, 256, dtype=np.float32).reshape(8, 32)
    return z, x


def cross_kernel(x, z):
    return jnp.exp(-(x @ z.T))


def main(z, x):
    mesh = jax.make_mesh((4, 2), ("pts", "feat"))
    z = jax.device_put(z, NamedSharding(mesh, P("pts", "feat")))
    x = jax.device_put(x, NamedSharding(mesh, P()))

    def predict(z_blk, x_blk):
        z_pts = gather_points(z_blk, "pts")
        z_all = gather_feats(z_pts, ("feat", "pts"))
        return cross_kernel(x_blk, z_all)

    f = jax.shard_map(predict, mesh=mesh, in_specs=(P("pts", "feat"), P()),
                      out_specs=P())
    return f(z, x)


if __name__ == "__main__":
    print(main(*inputs()))
