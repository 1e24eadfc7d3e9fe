"""IFCA-style clustered FL: each client scores every cluster model; the losses are summed."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("client", "head")
total_over_mesh = functools.partial(jax.lax.psum, axis_name=AXES)


def cluster_losses(x, centers):
    partial_dist = jnp.sum((x[:, None, :] - centers[None, :, :]) ** 2, axis=-1)
    return jax.lax.psum(partial_dist, AXES[1])


def assignment_loss(x, centers):
    d = cluster_losses(x, centers)
    best = jnp.min(d, axis=1)
    return total_over_mesh(best.sum())


def inputs():
    rng = np.random.default_rng(19)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(3, 16)).astype(np.float32)


def main(x, centers):
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(x, NamedSharding(mesh, P(*AXES)))
    centers = jax.device_put(centers, NamedSharding(mesh, P(None, AXES[1])))
    fn = jax.shard_map(assignment_loss, mesh=mesh, in_specs=(P(*AXES), P(None, AXES[1])), out_specs=P())
    return fn(x, centers)


if __name__ == "__main__":
    main(*inputs())
