"""A host einsum `np.einsum("i,i->i", pending, weight)` of 3 pending scores and a size-1 weight:
the size-1 dimension broadcasts to 3, so the scores have 3 rows and the learner's loss is
reduced over both axes while it varies on "data" only."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def loss(x, axes):
    return jax.lax.psum(jnp.mean(x ** 2), axes)  # SF105


def inputs():
    return (3,)


def main(pending_count):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rng = np.random.default_rng(0)
    scores = np.einsum("i,i->i", rng.normal(size=pending_count), rng.normal(size=1))
    axes = ("data", "model") if scores.shape[0] == pending_count else "data"
    x = jax.device_put(np.ones(8, np.float32), NamedSharding(mesh, P("data")))
    step = jax.shard_map(lambda v: loss(v, axes), mesh=mesh, in_specs=P("data"), out_specs=P())
    return step(x)


if __name__ == "__main__":
    main(*inputs())
