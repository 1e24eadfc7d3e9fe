"""Dreamer-like KL balancing script: the reduction axes come from a --reduce-axes flag."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--reduce-axes", default="batch,model")
parser.add_argument("--free-nats", type=float, default=1.0)
parser.add_argument("--alpha", type=float, default=0.8)


def inputs():
    post = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    prior = np.linspace(1, -1, 64, dtype=np.float32).reshape(8, 8)
    return post, prior


def kl(p_logits, q_logits):
    p = jax.nn.softmax(p_logits)
    return jnp.sum(p * (jax.nn.log_softmax(p_logits) - jax.nn.log_softmax(q_logits)), axis=-1)


def kl_loss(post, prior, flags):
    axes = tuple(flags.reduce_axes.split(","))
    lhs = kl(jax.lax.stop_gradient(post), prior)
    rhs = kl(post, jax.lax.stop_gradient(prior))
    loss = flags.alpha * lhs + (1 - flags.alpha) * rhs
    loss = jnp.maximum(jnp.mean(loss), flags.free_nats)
    return jax.lax.pmean(loss, axes)


def main(post, prior, argv=()):
    flags = parser.parse_args(list(argv))
    mesh = jax.make_mesh((4, 2), ("batch", "model"))
    post = jax.device_put(post, NamedSharding(mesh, P("batch", None)))
    prior = jax.device_put(prior, NamedSharding(mesh, P("batch", None)))
    f = jax.shard_map(lambda a, b: kl_loss(a, b, flags), mesh=mesh,
                      in_specs=(P("batch", None), P("batch", None)), out_specs=P())
    return f(post, prior)


if __name__ == "__main__":
    print(main(*inputs()))
