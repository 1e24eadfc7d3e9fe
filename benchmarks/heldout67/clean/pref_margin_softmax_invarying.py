"""Listwise preference loss: a softmax over the candidate scores gathered from every pair shard."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_FNS = {}


def loss_fn(name):
    def register(fn):
        LOSS_FNS[name] = fn
        return fn
    return register


@loss_fn("listwise")
def listwise_loss(scores, labels, axis):
    all_scores = jax.lax.all_gather(scores, axis, axis=0, tiled=True, to="invarying")
    probs = jax.nn.softmax(all_scores, axis=0)
    per_shard = -(labels * jnp.log(probs[: labels.shape[0]] + 1e-9)).sum(axis=0)
    return jax.lax.psum(per_shard, axis)


def inputs():
    mesh = jax.make_mesh((2, 4), ("pair", "head"))
    s = NamedSharding(mesh, P("pair", "head"))
    return mesh, jax.device_put(jnp.linspace(0, 1, 32).reshape(4, 8), s), jax.device_put(jnp.ones((4, 8)) / 4, s)


def main(mesh, scores, labels):
    body = partial(LOSS_FNS["listwise"], axis="pair")
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("pair", "head"),) * 2, out_specs=P("head"))
    return fn(scores, labels)


if __name__ == "__main__":
    main(*inputs())
