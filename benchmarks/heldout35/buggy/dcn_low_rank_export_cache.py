"""Low-rank DCN (DCN-M): cache the full cross input x0 for the offline feature-attribution job."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH, FEATURE = "batch", "feature"
RANK = 4

# every replica of the cache holds the whole (batch, feature) block
gather_cache = functools.partial(jax.lax.all_gather, axis_name=(BATCH, FEATURE), to="reduced", tiled=True)


def project(x, u, v):
    """x0 + x0 * (x U) V^T with U, V of rank RANK (features split over FEATURE)."""
    xu = jax.lax.psum(x @ u, FEATURE)
    return x + x * (xu @ v.T)


def cross_and_cache(x, u, v):
    x0 = jax.lax.all_gather(x, FEATURE, axis=1, tiled=True, to="reduced")
    cache = gather_cache(x0)
    return project(x, u, v), cache


def inputs():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(8, 32)).astype(np.float32)
    u = rng.normal(size=(32, RANK)).astype(np.float32) * 0.1
    v = rng.normal(size=(32, RANK)).astype(np.float32) * 0.1
    return x, u, v


def main(x, u, v):
    mesh = jax.make_mesh((2, 4), (BATCH, FEATURE))
    x = jax.device_put(x, NamedSharding(mesh, P(BATCH, FEATURE)))
    u = jax.device_put(u, NamedSharding(mesh, P(FEATURE, None)))
    v = jax.device_put(v, NamedSharding(mesh, P(FEATURE, None)))
    step = jax.shard_map(
        cross_and_cache, mesh=mesh,
        in_specs=(P(BATCH, FEATURE), P(FEATURE, None), P(FEATURE, None)),
        out_specs=(P(BATCH, FEATURE), P(None, None, reduced={BATCH, FEATURE})),
    )
    return step(x, u, v)


if __name__ == "__main__":
    print(main(*inputs()))
