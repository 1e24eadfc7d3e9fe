"""Dreamer-like KL loss script: --reduce-axes names both axes, and the loss varies on both."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--reduce-axes", default="batch,model")
parser.add_argument("--free-nats", type=float, default=1.0)


def inputs():
    post = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    return post, post[::-1].copy()


def kl_loss(post, prior, flags):
    axes = tuple(flags.reduce_axes.split(","))
    p = jax.nn.softmax(post)
    kl = jnp.sum(p * (jax.nn.log_softmax(post) - jax.nn.log_softmax(prior)), axis=-1)
    return jax.lax.pmean(jnp.maximum(jnp.mean(kl), flags.free_nats), axes)


def main(post, prior, argv=()):
    flags = parser.parse_args(list(argv))
    mesh = jax.make_mesh((4, 2), ("batch", "model"))
    spec = P("batch", "model")
    post = jax.device_put(post, NamedSharding(mesh, spec))
    prior = jax.device_put(prior, NamedSharding(mesh, spec))
    f = jax.shard_map(lambda a, b: kl_loss(a, b, flags), mesh=mesh, in_specs=(spec, spec),
                      out_specs=P())
    return f(post, prior)


if __name__ == "__main__":
    print(main(*inputs()))
