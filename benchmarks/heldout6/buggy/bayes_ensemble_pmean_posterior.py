"""Monte-Carlo dropout / ensemble posterior: samples sharded over 'mc', features over 'feat'."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Posterior(NamedTuple):
    mean: jax.Array
    samples: jax.Array


mesh = jax.make_mesh((4, 2), ("mc", "feat"))


def draw(key, x, rate=0.2):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x, 0.0)


def posterior(keys, x):
    preds = draw(keys[0], x)
    samples = jax.lax.all_gather(preds[None], "mc", tiled=True, to="reduced")
    post = Posterior(mean=jax.lax.pmean(samples, "mc"), samples=samples)
    return post.mean


def inputs():
    keys = jax.random.split(jax.random.key(10), 4)
    x = jnp.ones((8, 6))
    return (jax.device_put(keys, NamedSharding(mesh, P("mc"))),
            jax.device_put(x, NamedSharding(mesh, P(None, "feat"))))


def main(keys, x):
    f = jax.shard_map(posterior, mesh=mesh, in_specs=(P("mc"), P(None, "feat")),
                      out_specs=P(None, None, "feat"))
    return f(keys, x)
