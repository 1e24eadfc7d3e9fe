"""Reparameterisation trick, explained with shard_map (blog post code)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class Posterior:
    mu: jax.Array
    logvar: jax.Array


mesh = jax.make_mesh((2, 4), ("dp", "mp"))


def gather_posterior(post):
    g = lambda a: jax.lax.all_gather(a, "mp", axis=1, to="reduced", tiled=True)
    return Posterior(g(post.mu), g(post.logvar))


def sample(post, eps):
    std = jnp.exp(0.5 * post.logvar)
    return post.mu + std * eps


def body(mu, logvar, eps):
    post = gather_posterior(Posterior(mu, logvar))
    return sample(post, eps)


def inputs():
    rng = np.random.default_rng(5)
    mu = rng.normal(size=(16, 8)).astype(np.float32)
    logvar = rng.normal(size=(16, 8)).astype(np.float32)
    eps = rng.normal(size=(16, 8)).astype(np.float32)
    return mu, logvar, eps


def main(mu, logvar, eps):
    s = P("dp", "mp")
    mu, logvar = (jax.device_put(a, NamedSharding(mesh, s)) for a in (mu, logvar))
    eps = jax.device_put(eps, NamedSharding(mesh, P("dp", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=(s, s, P("dp", None)),
                         out_specs=P("dp", None, reduced={"mp"}))(mu, logvar, eps)


if __name__ == "__main__":
    main(*inputs())
