"""Delete-a-block jackknife of a volatility estimate: bias correction pooled over the mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BLOCKS, N_OBS = 8, 64


def leave_out_volatility(keep, x, obs_axis):
    n = jax.lax.psum(keep.sum(axis=1), obs_axis)
    second = jax.lax.psum((keep * x[None, :] ** 2).sum(axis=1), obs_axis) / n
    return jnp.sqrt(second)


def jackknife(keep, x, *, axes, n_blocks=N_BLOCKS):
    _, obs_axis = axes
    theta = leave_out_volatility(keep, x, obs_axis)
    theta_bar = jax.lax.pmean(theta.mean(), axes)
    return (n_blocks - 1) * theta_bar


def inputs():
    rng = np.random.default_rng(64)
    x = rng.normal(0.0, 0.02, N_OBS).astype(np.float32)
    keep = np.ones((N_BLOCKS, N_OBS), np.float32)
    for b in range(N_BLOCKS):
        keep[b, b * (N_OBS // N_BLOCKS):(b + 1) * (N_OBS // N_BLOCKS)] = 0.0
    return keep, x


def main(keep, x):
    axes = ("block", "obs")
    mesh = jax.make_mesh((4, 2), axes)
    keep = jax.device_put(keep, NamedSharding(mesh, P(*axes)))
    x = jax.device_put(x, NamedSharding(mesh, P("obs")))
    bias = jax.shard_map(functools.partial(jackknife, axes=axes), mesh=mesh,
                         in_specs=(P(*axes), P("obs")), out_specs=P())(keep, x)
    return bias


if __name__ == "__main__":
    main(*inputs())
