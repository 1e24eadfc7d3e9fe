"""Low-rank DCN-v2 mixture: the U projection is rebuilt and its gradient-style reduction scattered."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def low_rank_cross(x, u, v, *, feature_axis):
    u_full = jax.lax.all_gather(u, feature_axis, axis=0, tiled=True)
    projected = jax.lax.psum_scatter(u_full, feature_axis, scatter_dimension=0, tiled=True)
    return x * (x @ projected @ v)


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(16, 8)).astype(np.float32),
            rng.normal(size=(8, 4)).astype(np.float32),
            rng.normal(size=(4, 8)).astype(np.float32))


def main(x, u, v):
    mesh = jax.make_mesh((2, 4), ("data", "feature"))
    specs = (P("data", "feature"), P("feature", None), P(None, "feature"))
    x, u, v = (jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((x, u, v), specs))
    body = functools.partial(low_rank_cross, feature_axis="feature")
    f = jax.shard_map(body, mesh=mesh, in_specs=specs, out_specs=P("data", "feature"))
    return f(x, u, v)


if __name__ == "__main__":
    main(*inputs())
