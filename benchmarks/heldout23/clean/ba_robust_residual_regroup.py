"""Huber-weighted residuals, regrouped from observation shards to camera order."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OBS = "obs"
HUBER_DELTA = 1.5


def huber_weights(r):
    a = jnp.abs(r)
    return jnp.where(a <= HUBER_DELTA, 1.0, HUBER_DELTA / a)


def robust_residuals(r):
    return jnp.sqrt(huber_weights(r)) * r


def regroup_by_camera(r, n_shards):
    blocks = robust_residuals(r).reshape(n_shards, -1)
    return jax.lax.all_to_all(blocks, OBS, 0, 0, tiled=True)


def inputs():
    rng = np.random.default_rng(42)
    return (rng.standard_t(3, size=(64,)).astype(np.float32),)


def main(r):
    mesh = jax.make_mesh((8,), (OBS,))
    r = jax.device_put(r, NamedSharding(mesh, P(OBS)))
    return jax.shard_map(lambda x: regroup_by_camera(x, mesh.shape[OBS]), mesh=mesh,
                         in_specs=P(OBS), out_specs=P(OBS, None))(r)


if __name__ == "__main__":
    print(main(*inputs()).shape)
