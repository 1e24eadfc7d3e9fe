"""Mixture-of-depths training script: router load-balancing loss, axes from the command line."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def get_args(argv=None):
    parser = argparse.ArgumentParser(description="train a MoD transformer")
    parser.add_argument("--mesh", default="data:4,expert:2")
    parser.add_argument("--capacity", type=float, default=0.25)
    return parser.parse_args([] if argv is None else argv)


ARGS = get_args()
SHAPE = dict(item.split(":") for item in ARGS.mesh.split(","))
AXIS_NAMES = tuple(SHAPE)
mesh = jax.make_mesh(tuple(int(v) for v in SHAPE.values()), AXIS_NAMES)


def router_aux(h, w_router):
    logits = h @ w_router
    probs = jax.nn.sigmoid(logits)
    k = max(1, int(h.shape[0] * ARGS.capacity))
    chosen = jax.lax.top_k(probs[:, 0], k)[1]
    frac = jnp.zeros(h.shape[0]).at[chosen].set(1.0).mean()
    aux = frac * jnp.mean(probs)
    return jax.lax.psum(aux, AXIS_NAMES) / mesh.size


def inputs():
    h = jax.random.normal(jax.random.key(17), (32, 8))
    w = jax.random.normal(jax.random.key(18), (8, 1))
    return (jax.device_put(h, NamedSharding(mesh, P(AXIS_NAMES[0]))),
            jax.device_put(w, NamedSharding(mesh, P())))


def main(h, w):
    f = jax.shard_map(router_aux, mesh=mesh, in_specs=(P(AXIS_NAMES[0]), P()), out_specs=P())
    return f(h, w)
