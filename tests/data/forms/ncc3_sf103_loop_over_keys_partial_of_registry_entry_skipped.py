import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

METRICS = {}
SKIP = ("entropy",)


def metric(name):
    def register(fn):
        METRICS[name] = fn
        return fn
    return register


@metric("entropy")
def routing_entropy(probs, *, token_axis):
    ent = -(probs * jnp.log(jnp.abs(probs) + 1e-9)).sum(axis=-1, keepdims=True)
    table = jax.lax.all_gather(ent, token_axis, axis=0, tiled=True, to="reduced")
    return jax.lax.psum(table.sum(axis=0, keepdims=True), token_axis)


@metric("max_prob")
def max_probability(probs, *, token_axis):
    return jax.lax.pmax(probs.max(axis=-1, keepdims=True).max(axis=0, keepdims=True), token_axis)


def log_router(mesh, probs, names, token_axis="i"):
    out = {}
    for name in names:
        if name in SKIP:
            continue
        fn = functools.partial(METRICS[name], token_axis=token_axis)
        out[name] = jax.shard_map(fn, mesh=mesh, in_specs=P(token_axis, "j"), out_specs=P(None, "j"))(probs)
    return out


def main(mesh, x):
    return log_router(mesh, x, ["max_prob", "entropy"])
