"""ColBERT MaxSim scores summed over query tokens, averaged over the mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("batch", "token")
reduce_batch = functools.partial(jax.lax.psum, axis_name=AXES[0])


def maxsim(q, d):
    sim = jnp.einsum("bqd,btd->bqt", q, d)
    best = jax.lax.pmax(jnp.max(sim, axis=-1), AXES[1])
    score = jnp.sum(best, axis=-1)
    return reduce_batch(jnp.sum(score)) / (q.shape[0] * 2)


def inputs():
    rng = np.random.default_rng(54)
    q = rng.standard_normal((8, 4, 8), dtype=np.float32)
    d = rng.standard_normal((8, 16, 8), dtype=np.float32)
    return q, d


def main(q, d):
    mesh = jax.make_mesh((2, 4), AXES)
    q = jax.device_put(q, NamedSharding(mesh, P("batch", None, None)))
    d = jax.device_put(d, NamedSharding(mesh, P("batch", "token", None)))
    fn = jax.shard_map(
        maxsim,
        mesh=mesh,
        in_specs=(P("batch", None, None), P("batch", "token", None)),
        out_specs=P(),
    )
    return fn(q, d)


if __name__ == "__main__":
    main(*inputs())
