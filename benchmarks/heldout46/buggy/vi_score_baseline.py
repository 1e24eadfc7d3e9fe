"""Score-function (REINFORCE) ELBO gradients with a baseline shared across particle shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PARTICLES, N_DATA = 8, 32


def objective_values(z, x, batch_axis):
    loglik = -0.5 * jnp.sum((x[None, :] - z[:, None]) ** 2, axis=1)
    return jax.lax.psum(loglik, batch_axis) - 0.5 * z * z


def shared_baseline(f, particle_axis):
    pooled = jax.lax.all_gather(f, particle_axis, tiled=True, to="reduced")
    return jax.lax.all_to_all(pooled, particle_axis, 0, 0, tiled=True)


def reinforce(z, x, mu, *, axes):
    particle_axis, batch_axis = axes
    f = objective_values(z, x, batch_axis)
    baseline = shared_baseline(f, particle_axis)
    return (f - baseline.mean()) * (z - mu)


def inputs():
    rng = np.random.default_rng(42)
    z = rng.normal(0.3, 1.0, N_PARTICLES).astype(np.float32)
    x = rng.normal(1.0, 1.0, N_DATA).astype(np.float32)
    return z, x, np.float32(0.3)


def main(z, x, mu):
    axes = ("particle", "batch")
    mesh = jax.make_mesh((2, 4), axes)
    z = jax.device_put(z, NamedSharding(mesh, P("particle")))
    x = jax.device_put(x, NamedSharding(mesh, P("batch")))
    mu = jax.device_put(mu, NamedSharding(mesh, P()))
    grads = jax.shard_map(functools.partial(reinforce, axes=axes), mesh=mesh,
                          in_specs=(P("particle"), P("batch"), P()), out_specs=P("particle"))(z, x, mu)
    return grads


if __name__ == "__main__":
    main(*inputs())
